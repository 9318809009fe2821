import { mkdirSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { remember } from "@epic-web/remember";
import Database from "better-sqlite3";
import { drizzle, type BetterSQLite3Database } from "drizzle-orm/better-sqlite3";
import { migrate } from "drizzle-orm/better-sqlite3/migrator";
import * as schema from "../../db/schema";
import { getEnv } from "./env.server";

export type AppDatabase = BetterSQLite3Database<typeof schema> & { $client: Database.Database };
/** What `db.transaction` hands its callback: model functions that must share their caller's transaction take one. */
export type Transaction = Parameters<Parameters<AppDatabase["transaction"]>[0]>[0];

export function openDatabase(path: string): AppDatabase {
  if (path !== ":memory:") mkdirSync(dirname(resolve(path)), { recursive: true });
  const sqlite = new Database(path);
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("busy_timeout = 5000");
  // FULL: a write the visitor saw acknowledged survives power loss too, not
  // only a killed process (docs/decisions/0010-durability-and-faults.md).
  sqlite.pragma("synchronous = FULL");
  // The query planner picks indexes by the statistics in sqlite_stat1; without
  // them it guesses every table is large, and with stale ones it misjudges a
  // table that grew. SQLite's advice for a connection that lives as long as the
  // process (https://sqlite.org/pragma.html#pragma_optimize) is this at open,
  // which analyzes the tables that were never analyzed or have grown or shrunk
  // tenfold since, and refreshPlannerStatistics every few hours. A new or empty
  // database has nothing to analyze (empty tables get no statistics), so a first
  // start costs nothing. The first open of a large database never analyzed reads
  // every index once (0.15 to 0.35 s on the 100 MB benchmark database); later
  // opens find the statistics current and take under a millisecond.
  try {
    sqlite.pragma("optimize = 0x10002");
  } catch (error) {
    // ANALYZE writes sqlite_stat1: a read-only or full disk must not stop the site from opening (decision 0010).
    console.warn("Could not gather the query planner's statistics:", error);
  }
  return drizzle(sqlite, { schema });
}

/**
 * `PRAGMA optimize`: re-analyzes only the tables whose statistics the planner
 * used and whose size changed tenfold, or that have an index never analyzed (a
 * migration's new one), each within SQLite's analysis limit, so it takes
 * milliseconds and usually does nothing. server.ts runs it after migrations
 * and every four hours; the test runners never call it, so no plan changes
 * in the middle of a test.
 */
export function refreshPlannerStatistics(database: AppDatabase): void {
  database.$client.pragma("optimize");
}

export const MIGRATIONS_FOLDER = resolve(process.cwd(), "db/migrations");

/**
 * Applies the committed migrations. SQLite changes a table's checks by
 * rebuilding it (create a copy, move the rows, drop the old, rename); with
 * foreign keys on, dropping the old table would fire the ON DELETE actions of
 * every row that refers to it. The pragma is ignored inside a transaction, and
 * drizzle runs the migrations in one, so it is switched off around them and the
 * references are checked after (https://www.sqlite.org/lang_altertable.html#otheralter).
 */
export function migrateDatabase(database: AppDatabase, migrationsFolder = MIGRATIONS_FOLDER) {
  const sqlite = database.$client;
  sqlite.pragma("foreign_keys = OFF");
  try {
    migrate(database, { migrationsFolder });
    const broken = sqlite.pragma("foreign_key_check") as unknown[];
    if (broken.length > 0) throw new Error(`Migrations left ${broken.length} broken references: ${JSON.stringify(broken.slice(0, 5))}`);
  } finally {
    sqlite.pragma("foreign_keys = ON");
  }
}

// One connection per process, shared by the server script and the Remix
// build (which bundle this module separately).
export const db: AppDatabase = remember("db", () => openDatabase(getEnv().DATABASE_URL));

/** True for SQLite's "UNIQUE constraint failed", the last word on duplicates under concurrency. */
export function isUniqueViolation(error: unknown): boolean {
  return error instanceof Error && "code" in error && error.code === "SQLITE_CONSTRAINT_UNIQUE";
}
