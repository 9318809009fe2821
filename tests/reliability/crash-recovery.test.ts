import { afterAll, beforeAll, expect, test } from "vitest";
import { markdownTable } from "../../scripts/reliability-report";
import { withDatabase } from "../support/database";
import { get, nthClientAddress, postJson } from "./support/http";
import { contactFields } from "../support/rows";
import { reportWhenAllPass } from "./support/report-on-pass";
import { BASE_PORT, startSite, type Site } from "./support/production-server";

// `kill -9` in the middle of a write load: the process gets no chance to
// flush or close anything. After a restart the file must be intact and hold
// every write a client was told had succeeded. Each post comes from an address
// of its own (X-Forwarded-For behind a proxy on loopback), so the per-address
// limit on contact messages (decision 0013) never answers instead of the database.

const SITE_PORT = BASE_PORT + 10;
const ROUNDS = 3;
const WRITERS = 16;
const LOAD_BEFORE_KILL_MS = 1_500;

let site: Site | undefined;
const figures: (string | number)[][] = [];

reportWhenAllPass(
  "crash-recovery",
  () =>
    `## Killed mid-write (\`tests/reliability/crash-recovery.test.ts\`)\n\n${WRITERS} clients post contact messages without pause; after ${LOAD_BEFORE_KILL_MS} ms the server gets SIGKILL, then restarts on the same file. SQLite runs in WAL mode with \`synchronous = FULL\` (decision 0010).\n\n${markdownTable(
      [
        "Round",
        "Acknowledged (201)",
        "Acknowledged and stored",
        "Stored but unacknowledged (in flight)",
        "integrity_check",
        "Restart to healthy ms",
      ],
      figures,
    )}`,
);

beforeAll(async () => {
  site = await startSite({ name: "crash-recovery", port: SITE_PORT, env: { TRUST_PROXY: "loopback" } });
});
afterAll(async () => {
  await site?.stop();
});

let clients = 0;
const nextClientAddress = () => nthClientAddress("10.33", clients++);

/** Posts without pause until the server goes away; returns the markers the server acknowledged. */
async function writeUntilKilled(target: Site, round: number, stop: { now: boolean }) {
  const acknowledged: string[] = [];
  const attempted: string[] = [];
  await Promise.all(
    Array.from({ length: WRITERS }, async (_, writer) => {
      for (let sequence = 0; !stop.now; sequence++) {
        const marker = `crash-${round}-${writer}-${sequence}`;
        attempted.push(marker);
        try {
          const response = await postJson(`${target.url}/api/contact`, contactFields(marker), undefined, nextClientAddress());
          await response.arrayBuffer();
          if (response.status === 201) acknowledged.push(marker);
          else throw new Error(`Unexpected ${response.status} before the kill`);
        } catch (error) {
          if (stop.now) return;
          throw error;
        }
      }
    }),
  );
  return { acknowledged, attempted };
}

test("after kill -9 during writes the database is intact and holds every acknowledged write", async () => {
  for (let round = 1; round <= ROUNDS; round++) {
    const running = site;
    if (!running) throw new Error("No server");
    const stop = { now: false };
    const load = writeUntilKilled(running, round, stop);
    // Not a wait for something: the load runs for a set time so that the kill lands
    // at no chosen point among writes in flight, which is the scenario under test.
    await new Promise((resolve) => setTimeout(resolve, LOAD_BEFORE_KILL_MS));
    stop.now = true;
    await running.kill9();
    const { acknowledged } = await load;
    expect(acknowledged.length).toBeGreaterThan(0);

    // Opened as the restarted server would: the WAL is replayed on open.
    const { integrity, stored } = withDatabase(
      (db) => ({
        integrity: db.pragma("integrity_check", { simple: true }),
        stored: new Set(
          (
            db.prepare("SELECT subject FROM contact_messages WHERE subject LIKE ?").all(`Batch timings crash-${round}-%`) as {
              subject: string;
            }[]
          ).map((row) => row.subject.replace("Batch timings ", "")),
        ),
      }),
      running.database,
    );
    expect(integrity).toBe("ok");
    const lost = acknowledged.filter((marker) => !stored.has(marker));
    expect(lost).toEqual([]);

    const restartedAt = performance.now();
    site = await startSite({ name: "crash-recovery", port: SITE_PORT, keepDatabase: true, env: { TRUST_PROXY: "loopback" } });
    const restartMs = Math.round(performance.now() - restartedAt);
    expect((await get(`${site.url}/contact`)).status).toBe(200);
    const after = await postJson(`${site.url}/api/contact`, contactFields(`crash-${round}-after-restart`));
    expect(after.status).toBe(201);

    figures.push([
      round,
      acknowledged.length,
      acknowledged.length - lost.length,
      stored.size - acknowledged.length,
      String(integrity),
      restartMs,
    ]);
  }
});
