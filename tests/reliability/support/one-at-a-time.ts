import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { setTimeout as delay } from "node:timers/promises";
import { afterAll, beforeAll } from "vitest";
import { BASE_PORT } from "./site";

// Setup file of the "timed" project: its files measure (a visitor's p99 beside an
// attack, answer times compared, a throttle's waits, a shutdown's deadline), so
// each waits here until no other timed file runs. Vitest 3 runs a project's files
// with the run's worker count whatever the project says.
const LOCK = `tmp/reliability/${BASE_PORT}/timed-file.lock`;

function holderIsAlive(): boolean {
  try {
    process.kill(Number(readFileSync(LOCK, "utf8")), 0);
    return true;
  } catch {
    return false;
  }
}

beforeAll(async () => {
  mkdirSync(dirname(LOCK), { recursive: true });
  for (;;) {
    try {
      writeFileSync(LOCK, String(process.pid), { flag: "wx" });
      return;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      // A holder that died without letting go (killed mid-run) leaves the lock behind.
      if (!holderIsAlive()) rmSync(LOCK, { force: true });
      else await delay(100);
    }
  }
}, 600_000);

afterAll(() => {
  if (readFileSync(LOCK, "utf8") === String(process.pid)) rmSync(LOCK, { force: true });
});
