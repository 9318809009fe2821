import Database from "better-sqlite3";

// What SQLite will do for each statement the site runs: every statement the
// site's connection executes while `record` is on is kept with its first
// parameters, then planned with EXPLAIN QUERY PLAN on a connection of our own
// that has no statistics (so SQLite plans as for a large database, as it would
// before ANALYZE has seen one).
//
// better-sqlite3 is one module for the test and for the site's build, so
// wrapping its Statement's methods sees the site's statements too.

type Recorded = { sql: string; params: unknown[] };
type StatementLike = { source: string };
type Runner = (this: StatementLike, ...params: unknown[]) => unknown;

const recorded = new Map<string, Recorded>();
let recording = false;
let installed = false;

function install() {
  if (installed) return;
  installed = true;
  const probe = new Database(":memory:");
  const prototype = Object.getPrototypeOf(probe.prepare("SELECT 1")) as Record<string, Runner>;
  probe.close();
  for (const method of ["all", "get", "run", "iterate"]) {
    const original = prototype[method]!;
    prototype[method] = function (this: StatementLike, ...params: unknown[]) {
      if (recording && !recorded.has(this.source)) recorded.set(this.source, { sql: this.source, params });
      return original.apply(this, params);
    };
  }
}

/** Runs `work`, keeping every distinct statement executed while it runs. */
export async function recordStatements<T>(work: () => Promise<T>): Promise<T> {
  install();
  recording = true;
  try {
    return await work();
  } finally {
    recording = false;
  }
}

export function recordedStatements(): Recorded[] {
  return [...recorded.values()];
}

export type PlannedStatement = { sql: string; plan: string[] };

export type PlannerStatistics = { tbl: string; idx: string | null; stat: string }[];

/**
 * The statistics SQLite plans with: none (it then plans as for large tables it
 * knows nothing about), or those of a large database. Statistics gathered on a
 * small test database would make SQLite prefer scans that a large one must not use.
 */
function useStatistics(databasePath: string, statistics: PlannerStatistics) {
  const database = new Database(databasePath, { fileMustExist: true });
  try {
    if (!database.prepare("SELECT 1 FROM sqlite_master WHERE name = 'sqlite_stat1'").get()) database.exec("ANALYZE sqlite_schema");
    database.exec("DELETE FROM sqlite_stat1");
    const known = new Set((database.prepare("SELECT name FROM sqlite_master").all() as { name: string }[]).map((row) => row.name));
    const insert = database.prepare("INSERT INTO sqlite_stat1 (tbl, idx, stat) VALUES (?, ?, ?)");
    for (const row of statistics)
      if (known.has(row.tbl) && (row.idx === null || known.has(row.idx))) insert.run(row.tbl, row.idx, row.stat);
  } finally {
    database.close();
  }
}

/** EXPLAIN QUERY PLAN of each statement, on a connection of our own to `databasePath`, with `statistics` (none by default). */
export function planStatements(databasePath: string, statements: Recorded[], statistics: PlannerStatistics = []): PlannedStatement[] {
  useStatistics(databasePath, statistics);
  const database = new Database(databasePath, { fileMustExist: true, readonly: true });
  try {
    const planned: PlannedStatement[] = [];
    for (const { sql, params } of statements) {
      if (/^\s*(PRAGMA|BEGIN|COMMIT|ROLLBACK|SAVEPOINT|RELEASE|ANALYZE)\b/i.test(sql)) continue;
      const rows = database.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...params) as { detail: string }[];
      planned.push({ sql, plan: rows.map((row) => row.detail) });
    }
    return planned;
  } finally {
    database.close();
  }
}

/** The indexes that hold only some rows (CREATE INDEX … WHERE …): walking one whole reads only the rows it is for. */
export function partialIndexes(databasePath: string): Set<string> {
  const database = new Database(databasePath, { fileMustExist: true, readonly: true });
  try {
    const rows = database.prepare("SELECT name, sql FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL").all() as {
      name: string;
      sql: string;
    }[];
    return new Set(rows.filter((row) => /\bWHERE\b/i.test(row.sql)).map((row) => row.name));
  } finally {
    database.close();
  }
}

export type Scan = { table: string; index: string | null };

/** Each whole read of a table in a plan: "SCAN orders" (no index), "SCAN orders USING [COVERING] INDEX x" (all of index x). */
export function scansOf(plan: string[]): Scan[] {
  return plan.flatMap((detail) => {
    const match = /^SCAN (\w+)(?: USING (?:COVERING )?INDEX (\w+))?$/.exec(detail.trim());
    return match ? [{ table: match[1]!, index: match[2] ?? null }] : [];
  });
}
