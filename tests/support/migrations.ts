import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { MIGRATIONS_FOLDER, migrateDatabase, openDatabase, type AppDatabase } from "~/utils/db.server";

// A database as an older release left it: the committed migrations up to one
// of them, so a test can store rows in the old shape and migrate them.

const made: string[] = [];

/** Removes the folders made since the last call (call it after each test). */
export function removeMadeFolders(): void {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
}

/** The migrations folder as it stood after migration `last` (its journal cut there). */
export function migrationsUpTo(last: number): string {
  const dir = mkdtempSync(join(tmpdir(), "migrations-"));
  made.push(dir);
  cpSync(MIGRATIONS_FOLDER, dir, { recursive: true });
  const journalPath = join(dir, "meta/_journal.json");
  const journal = JSON.parse(readFileSync(journalPath, "utf8")) as { entries: { idx: number }[] };
  journal.entries = journal.entries.filter((entry) => entry.idx <= last);
  writeFileSync(journalPath, JSON.stringify(journal));
  return dir;
}

/** A database file migrated up to migration `last`. */
export function databaseAt(last: number): AppDatabase {
  const dir = mkdtempSync(join(tmpdir(), "db-"));
  made.push(dir);
  const database = openDatabase(join(dir, "site.db"));
  migrateDatabase(database, migrationsUpTo(last));
  return database;
}
