// `npm run db:backup [-- --out <file>]`: a consistent copy of the live
// database while the site keeps serving. `VACUUM INTO` reads one snapshot in a
// single read transaction (WAL lets writers go on meanwhile), so the copy is a
// state the database really was in. SQLite's page-by-page backup API would
// restart whenever the site writes, and under steady writes might never end.
// The copy is checked with integrity_check before it gets its final name.
import { existsSync, mkdirSync, renameSync, rmSync, statSync } from "node:fs";
import { basename, dirname, join, resolve } from "node:path";
import Database from "better-sqlite3";

if (existsSync(".env")) process.loadEnvFile(".env");

const source = resolve((process.env.DATABASE_URL ?? "file:data/app.db").replace(/^file:/, ""));
const outFlag = process.argv.indexOf("--out");
const stamp = new Date().toISOString().replace(/[-:]/g, "").replace("T", "-").slice(0, 15);
const target = resolve(
  outFlag >= 0 && process.argv[outFlag + 1]
    ? process.argv[outFlag + 1]!
    : join(dirname(source), "backups", `${basename(source, ".db")}-${stamp}.db`),
);

if (!existsSync(source)) {
  console.error(`No database at ${source} (DATABASE_URL).`);
  process.exit(1);
}
if (existsSync(target)) {
  console.error(`${target} already exists; choose another --out.`);
  process.exit(1);
}

mkdirSync(dirname(target), { recursive: true });
const partial = `${target}.partial`;
rmSync(partial, { force: true });
const started = performance.now();
const live = new Database(source, { fileMustExist: true });
try {
  live.pragma("busy_timeout = 10000");
  live.prepare("VACUUM INTO ?").run(partial);
} finally {
  live.close();
}

const copy = new Database(partial, { fileMustExist: true });
let integrity: unknown;
try {
  integrity = copy.pragma("integrity_check", { simple: true });
} finally {
  copy.close();
}
if (integrity !== "ok") {
  rmSync(partial, { force: true });
  console.error(`The copy failed its integrity check (${String(integrity)}); nothing was kept.`);
  process.exit(1);
}
renameSync(partial, target);
const megabytes = (statSync(target).size / 1024 / 1024).toFixed(1);
console.log(`Backed up ${source} to ${target} (${megabytes} MB, ${Math.round(performance.now() - started)} ms, integrity ok).`);
