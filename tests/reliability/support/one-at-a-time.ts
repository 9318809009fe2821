import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { afterAll, beforeAll, vi } from "vitest";
import { BASE_PORT } from "./production-server";

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

/** Takes the lock unless another live file holds it; throws while it is held. */
function takeLock() {
  try {
    writeFileSync(LOCK, String(process.pid), { flag: "wx" });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    // A holder that died without letting go (killed mid-run) leaves the lock behind.
    if (!holderIsAlive()) rmSync(LOCK, { force: true });
    throw new Error("Another timed file is running");
  }
}

beforeAll(async () => {
  mkdirSync(dirname(LOCK), { recursive: true });
  await vi.waitFor(takeLock, { timeout: 600_000, interval: 100 });
}, 600_000);

afterAll(() => {
  if (readFileSync(LOCK, "utf8") === String(process.pid)) rmSync(LOCK, { force: true });
});
