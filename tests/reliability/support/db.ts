import { createHash } from "node:crypto";
import Database from "better-sqlite3";

/** A connection of the test's own to a server's database, for arranging rows and checking what was stored. */
export function openSiteDatabase(path: string, options: { readonly?: boolean } = {}) {
  const database = new Database(path, { readonly: options.readonly ?? false, fileMustExist: true });
  database.pragma("busy_timeout = 10000");
  return database;
}

export function withSiteDatabase<T>(path: string, work: (database: Database.Database) => T): T {
  const database = openSiteDatabase(path);
  try {
    return work(database);
  } finally {
    database.close();
  }
}

export function countRows(path: string, table: string, where = "1", ...params: unknown[]): number {
  return withSiteDatabase(path, (database) => {
    const row = database.prepare(`SELECT count(*) AS n FROM ${table} WHERE ${where}`).get(...params) as { n: number };
    return row.n;
  });
}

/**
 * Every table's rows, hashed: equal fingerprints mean nothing was written.
 * Sessions are left out (reading a page may touch them); so is SQLite's own bookkeeping.
 */
export function contentFingerprint(path: string, ignore: string[] = ["sessions"]): Record<string, string> {
  return withSiteDatabase(path, (db) => {
    const tables = (
      db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'").all() as { name: string }[]
    )
      .map((row) => row.name)
      .filter((name) => !ignore.includes(name));
    return Object.fromEntries(
      tables.map((table) => {
        const rows = db.prepare(`SELECT * FROM "${table}" ORDER BY rowid`).all();
        return [table, createHash("sha256").update(JSON.stringify(rows)).digest("hex")];
      }),
    );
  });
}
