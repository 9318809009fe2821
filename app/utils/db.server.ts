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
  return drizzle(sqlite, { schema });
}

export const MIGRATIONS_FOLDER = resolve(process.cwd(), "db/migrations");

export function migrateDatabase(database: AppDatabase) {
  migrate(database, { migrationsFolder: MIGRATIONS_FOLDER });
}

// One connection per process, shared by the server script and the Remix
// build (which bundle this module separately).
export const db: AppDatabase = remember("db", () => openDatabase(getEnv().DATABASE_URL));

/** True for SQLite's "UNIQUE constraint failed", the last word on duplicates under concurrency. */
export function isUniqueViolation(error: unknown): boolean {
  return error instanceof Error && "code" in error && error.code === "SQLITE_CONSTRAINT_UNIQUE";
}
