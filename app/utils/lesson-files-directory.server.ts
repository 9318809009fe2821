import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { getEnv } from "./env.server";

/**
 * data/lesson-files/ beside the database file (a temporary folder for an
 * in-memory test database): where lesson files are stored, and where the demo
 * seed copies its worksheets.
 */
export function lessonFilesDirectory(): string {
  const database = getEnv().DATABASE_URL;
  return database === ":memory:" ? join(tmpdir(), "site-lesson-files") : join(dirname(database), "lesson-files");
}
