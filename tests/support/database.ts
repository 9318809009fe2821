import { createHash } from "node:crypto";
import Database from "better-sqlite3";

// The database of the site under test, for arranging rows and checking what was
// stored. Each Playwright worker's server and each in-process test file has its
// own copy of the seeded template, which the runner names once with
// useTestDatabase; a reliability test names its own server's database each time.

let current: string | undefined;

export function useTestDatabase(path: string) {
  current = path;
}

export function testDatabasePath(): string {
  if (!current) throw new Error("No test database: the runner's setup calls useTestDatabase() first.");
  return current;
}

/** A connection of the test's own, beside the server's: it waits for the server's writes rather than failing. */
export function openTestDatabase(path = testDatabasePath(), options: { readonly?: boolean } = {}) {
  const database = new Database(path, { readonly: options.readonly ?? false, fileMustExist: true });
  database.pragma("busy_timeout = 10000");
  return database;
}

export type TestDatabase = ReturnType<typeof openTestDatabase>;

/** Runs `work` on the test database (or the one at `path`) and closes it. */
export function withDatabase<T>(work: (database: TestDatabase) => T, path?: string): T {
  const database = openTestDatabase(path);
  try {
    return work(database);
  } finally {
    database.close();
  }
}

/** Rows from the test database (a connection per call, closed after). */
export function queryTestDatabase<T>(sql: string, ...params: unknown[]): T[] {
  return withDatabase((database) => database.prepare(sql).all(...params) as T[]);
}

/** How many rows of `table` in the database at `path` match `where`. */
export function countRows(path: string, table: string, where = "1", ...params: unknown[]): number {
  return withDatabase((database) => {
    const row = database.prepare(`SELECT count(*) AS n FROM ${table} WHERE ${where}`).get(...params) as { n: number };
    return row.n;
  }, path);
}

/**
 * The database's own tables, by name: not SQLite's, and not a full-text index
 * (a virtual table) or its shadow tables, which restate rows of the tables they index.
 */
export function ordinaryTables(database: TestDatabase): string[] {
  const rows = database
    .prepare("SELECT name FROM pragma_table_list WHERE schema = 'main' AND type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
    .all() as { name: string }[];
  return rows.map((row) => row.name);
}

/**
 * Every table's rows, hashed: equal fingerprints mean nothing was written.
 * Sessions are left out (reading a page may touch them); so is SQLite's own bookkeeping.
 */
export function contentFingerprint(path: string, ignore: string[] = ["sessions"]): Record<string, string> {
  return withDatabase((database) => {
    const tables = ordinaryTables(database).filter((name) => !ignore.includes(name));
    return Object.fromEntries(
      tables.map((table) => {
        const rows = database.prepare(`SELECT * FROM "${table}" ORDER BY rowid`).all();
        return [table, createHash("sha256").update(JSON.stringify(rows)).digest("hex")];
      }),
    );
  }, path);
}
