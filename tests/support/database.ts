import Database from "better-sqlite3";

// The database of the site under test, for arranging rows and checking what was
// stored. Each Playwright worker's server and each in-process test file has its
// own copy of the seeded template; the runner names it once with useTestDatabase.

let current: string | undefined;

export function useTestDatabase(path: string) {
  current = path;
}

export function testDatabasePath(): string {
  if (!current) throw new Error("No test database: the runner's setup calls useTestDatabase() first.");
  return current;
}

export function openTestDatabase(path = testDatabasePath()) {
  const database = new Database(path);
  database.pragma("busy_timeout = 5000");
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
