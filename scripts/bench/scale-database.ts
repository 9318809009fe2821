// The scale database: the bench's demo database plus a decade of an
// institute's students (db/seed-scale.ts), made once per bench run and shared
// by the measurements that need large data (the scale pages, the admin
// exports), so there is one generator for all of them.
import { existsSync } from "node:fs";
import { readFile, rm, stat, writeFile } from "node:fs/promises";
import Database from "better-sqlite3";
import { seedScaleData } from "../../db/seed-scale";
import type { BenchContext } from "./types";

export const SCALE_DATABASE = "data/bench-scale.db";
/** What the last seeding returned, beside the database, for BENCH_SCALE_REUSE. */
const SUMMARY_FILE = "data/bench-scale.json";
export const SCALE_STUDENTS = Number(process.env.BENCH_SCALE_STUDENTS ?? 100_000);
const STUDENTS = SCALE_STUDENTS;
// Seeding 100,000 students takes minutes: BENCH_SCALE_REUSE=1 keeps the last
// run's database, for trying a measurement out. Its demo rows come from that
// run's demo database, so figures measured this way are not for the report.
const REUSE = process.env.BENCH_SCALE_REUSE === "1";

export type ScaleSummary = Awaited<ReturnType<typeof seedScaleData>>;

export interface ScaleDatabase {
  path: string;
  students: number;
  summary: ScaleSummary;
  /** Seconds seedScaleData took (0 when reused). */
  seedSeconds: number;
  /** The database file's size once the seeding was checkpointed. */
  bytes: number;
  /** The demo database's size it started from. */
  demoBytes: number;
  reused: boolean;
}

let made: Promise<ScaleDatabase> | undefined;

/** The scale database, made on the first call of the run. */
export function scaleDatabase(context: BenchContext): Promise<ScaleDatabase> {
  made ??= make(context);
  return made;
}

async function make(context: BenchContext): Promise<ScaleDatabase> {
  if (!context.server) throw new Error("needs the bench database to start from");
  if (!Number.isInteger(STUDENTS) || STUDENTS <= 0) throw new Error("BENCH_SCALE_STUDENTS must be a positive whole number.");
  if (REUSE && existsSync(SCALE_DATABASE) && existsSync(SUMMARY_FILE)) {
    const kept = JSON.parse(await readFile(SUMMARY_FILE, "utf8")) as ScaleDatabase;
    if (kept.students === STUDENTS) {
      context.log(`reusing ${SCALE_DATABASE} (${kept.students} students; BENCH_SCALE_REUSE=1)`);
      return { ...kept, reused: true };
    }
  }
  await Promise.all(["", "-wal", "-shm", "-journal"].map((suffix) => rm(`${SCALE_DATABASE}${suffix}`, { force: true })));
  // The demo site is running on its database: SQLite's online backup copies a
  // consistent snapshot (the WAL's pages included) whatever it does meanwhile.
  const demo = new Database(context.server.databasePath);
  try {
    demo.pragma("busy_timeout = 10000");
    demo.pragma("wal_checkpoint(TRUNCATE)");
    await demo.backup(SCALE_DATABASE);
  } finally {
    demo.close();
  }

  context.log(`seeding ${STUDENTS} students into ${SCALE_DATABASE} ...`);
  const database = new Database(SCALE_DATABASE);
  let summary: ScaleSummary;
  let seedSeconds: number;
  try {
    database.pragma("journal_mode = WAL");
    database.pragma("foreign_keys = ON");
    database.pragma("busy_timeout = 10000");
    const started = performance.now();
    summary = seedScaleData(database, STUDENTS);
    seedSeconds = (performance.now() - started) / 1000;
    database.pragma("wal_checkpoint(TRUNCATE)");
  } finally {
    database.close();
  }
  const bytes = (await stat(SCALE_DATABASE)).size;
  const demoBytes = (await stat(context.server.databasePath)).size;
  context.log(`seeded in ${seedSeconds.toFixed(0)} s, ${(bytes / 1024 / 1024).toFixed(0)} MB`);
  const result: ScaleDatabase = { path: SCALE_DATABASE, students: STUDENTS, summary, seedSeconds, bytes, demoBytes, reused: false };
  await writeFile(SUMMARY_FILE, JSON.stringify(result, null, 2));
  return result;
}
