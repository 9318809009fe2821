import { and, asc, eq } from "drizzle-orm";
import { lessonFiles } from "../../db/schema";
import type { LessonFileKind } from "../../db/enums";
import { db } from "~/utils/db.server";

// A lesson's file rows: its uploaded video (at most one) and its attachments.
// The bytes live under data/lesson-files/ (app/services/lesson-files.server.ts);
// a row only names them.

export type LessonFileRow = {
  id: number;
  kind: LessonFileKind;
  filename: string;
  storedName: string;
  contentType: string;
  sizeBytes: number;
};

const columns = {
  id: lessonFiles.id,
  kind: lessonFiles.kind,
  filename: lessonFiles.filename,
  storedName: lessonFiles.storedName,
  contentType: lessonFiles.contentType,
  sizeBytes: lessonFiles.sizeBytes,
};

export function listLessonFiles(lessonId: number): LessonFileRow[] {
  return db.select(columns).from(lessonFiles).where(eq(lessonFiles.lessonId, lessonId)).orderBy(asc(lessonFiles.id)).all();
}

export type NewLessonFile = Omit<LessonFileRow, "id">;

/**
 * Records files stored for a lesson. A new video replaces the old one: the
 * stored names of the rows it replaced are returned for removal from disk.
 */
export function addLessonFiles(lessonId: number, files: NewLessonFile[]): string[] {
  return db.transaction((tx) => {
    const replaced: string[] = [];
    for (const file of files) {
      if (file.kind === "video") {
        const old = tx
          .delete(lessonFiles)
          .where(and(eq(lessonFiles.lessonId, lessonId), eq(lessonFiles.kind, "video")))
          .returning({ storedName: lessonFiles.storedName })
          .all();
        replaced.push(...old.map((row) => row.storedName));
      }
      tx.insert(lessonFiles)
        .values({ lessonId, ...file })
        .run();
    }
    return replaced;
  });
}

/** Removes one file row of the lesson; its stored name, or null when the lesson has no such file. */
export function removeLessonFile(lessonId: number, fileId: number): string | null {
  const row = db
    .delete(lessonFiles)
    .where(and(eq(lessonFiles.id, fileId), eq(lessonFiles.lessonId, lessonId)))
    .returning({ storedName: lessonFiles.storedName })
    .get();
  return row?.storedName ?? null;
}
