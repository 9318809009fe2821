import { spawn } from "node:child_process";
import { copyFileSync, rmSync } from "node:fs";
import { afterAll, expect, test, vi } from "vitest";
import { markdownTable, writeReliabilitySection } from "../../scripts/reliability-report";
import { withDatabase } from "../support/database";
import { get, nthClientAddress, postJson } from "./support/http";
import { contactFields } from "../support/rows";
import { childEnvironment } from "../support/child-environment";
import { BASE_PORT, databasePathFor, removeDatabase, startSite, type Site } from "./support/production-server";

// `npm run db:backup` while the site takes writes, then the README's restore:
// copy the backup into place and start the site on it. The writes come from many
// addresses (X-Forwarded-For behind a proxy on loopback), as many visitors' would:
// one address is held to 40 contact messages an hour (decision 0013).

const SITE_PORT = BASE_PORT + 40;
const RESTORED_PORT = BASE_PORT + 41;
const PREFILLED_MESSAGES = 30_000;
const WRITERS = 8;
const BACKUP = databasePathFor("online-backup-copy");
const RESTORED = databasePathFor("online-backup-restored");

let source: Site | undefined;
let restored: Site | undefined;

afterAll(async () => {
  await source?.stop();
  await restored?.stop();
});

function runBackup(database: string): Promise<{ code: number | null; output: string; ms: number }> {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn("npm", ["run", "--silent", "db:backup", "--", "--out", BACKUP], {
      env: { ...childEnvironment(), DATABASE_URL: database },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.on("exit", (code) => resolve({ code, output, ms: performance.now() - started }));
  });
}

const subjectsIn = (database: string) =>
  withDatabase(
    (db) =>
      new Set(
        (db.prepare("SELECT subject FROM contact_messages WHERE subject LIKE 'Batch timings live-%'").all() as { subject: string }[]).map(
          (row) => row.subject,
        ),
      ),
    database,
  );

test("a backup taken under write load is consistent, and the site restored from it serves and takes writes", async () => {
  source = await startSite({ name: "online-backup", port: SITE_PORT, env: { TRUST_PROXY: "loopback" } });
  const site = source;
  withDatabase((db) => {
    const insert = db.prepare(
      "INSERT INTO contact_messages (name, email, subject, message) VALUES ('Old visitor', 'old@example.test', ?, ?)",
    );
    db.transaction(() => {
      for (let index = 0; index < PREFILLED_MESSAGES; index++)
        insert.run(`Earlier question ${index}`, "When does the next batch start? ".repeat(8));
    })();
  }, site.database);

  // Writers that record which messages were acknowledged before and after the backup started.
  const acknowledged: { subject: string; at: number }[] = [];
  let writes = 0;
  const stop = { now: false };
  const load = Promise.all(
    Array.from({ length: WRITERS }, async (_, writer) => {
      for (let sequence = 0; !stop.now; sequence++) {
        const fields = contactFields(`live-${writer}-${sequence}`);
        const response = await postJson(`${site.url}/api/contact`, fields, undefined, nthClientAddress("10.41", writes++));
        await response.arrayBuffer();
        expect(response.status).toBe(201);
        acknowledged.push({ subject: fields.subject, at: performance.now() });
      }
    }),
  );
  // Every writer has had writes acknowledged before the backup begins, and again after it ends.
  const everyWriterWroteSince = (since: number) =>
    vi.waitFor(() => expect(acknowledged.filter((write) => write.at > since).length).toBeGreaterThanOrEqual(WRITERS * 4), {
      timeout: 60_000,
      interval: 20,
    });
  await everyWriterWroteSince(0);
  removeDatabase(BACKUP);
  const backupStartedAt = performance.now();
  const backup = await runBackup(site.database);
  await everyWriterWroteSince(performance.now());
  stop.now = true;
  await load;

  expect(backup.output).toContain("integrity ok");
  expect(backup.code).toBe(0);
  const writesDuringBackup = acknowledged.filter((write) => write.at >= backupStartedAt && write.at <= backupStartedAt + backup.ms).length;
  expect(writesDuringBackup).toBeGreaterThan(0);

  // Consistent: everything acknowledged before the backup began is in it, and nothing that was never written.
  const inBackup = subjectsIn(BACKUP);
  const inSource = subjectsIn(site.database);
  const before = acknowledged.filter((write) => write.at < backupStartedAt).map((write) => write.subject);
  expect(before.filter((subject) => !inBackup.has(subject))).toEqual([]);
  expect([...inBackup].filter((subject) => !inSource.has(subject))).toEqual([]);
  const backupIntegrity = withDatabase((db) => db.pragma("integrity_check", { simple: true }), BACKUP);
  expect(backupIntegrity).toBe("ok");

  // The README's restore: the site stopped, the copy put in place of the database, the site started.
  removeDatabase(RESTORED);
  copyFileSync(BACKUP, RESTORED);
  restored = await startSite({ name: "online-backup-restored", port: RESTORED_PORT, database: RESTORED, keepDatabase: true });
  const smoke: [string, number][] = [];
  for (const path of ["/", "/courses", "/events", "/blog", "/contact", "/admin/login", "/api/courses"]) {
    smoke.push([path, (await get(`${restored.url}${path}`)).status]);
  }
  expect(Object.fromEntries(smoke)).toEqual(Object.fromEntries(smoke.map(([path]) => [path, 200])));
  const coursesFromSource = (await (await get(`${site.url}/api/courses`)).json()) as unknown[];
  const coursesFromRestore = (await (await get(`${restored.url}/api/courses`)).json()) as unknown[];
  expect(coursesFromRestore).toEqual(coursesFromSource);
  const write = await postJson(`${restored.url}/api/contact`, contactFields("after-restore"));
  expect(write.status).toBe(201);
  const restoredMessages = withDatabase(
    (db) => (db.prepare("SELECT count(*) AS n FROM contact_messages").get() as { n: number }).n,
    RESTORED,
  );
  expect(restoredMessages).toBe(PREFILLED_MESSAGES + inBackup.size + 1);
  rmSync(BACKUP, { force: true });

  writeReliabilitySection(
    "backup",
    `## Online backup and restore (\`tests/reliability/online-backup.test.ts\`)\n\n\`npm run db:backup\` on a ${PREFILLED_MESSAGES.toLocaleString("en-IN")}-message database while ${WRITERS} clients kept posting contact messages; then the README's restore and a smoke test of the restored site.\n\n${markdownTable(
      ["Figure", "Value"],
      [
        ["Backup took", `${Math.round(backup.ms)} ms (including npm and tsx start-up)`],
        ["Writes acknowledged while it ran", writesDuringBackup],
        [
          "Acknowledged before it began / found in the copy",
          `${before.length} / ${before.filter((subject) => inBackup.has(subject)).length}`,
        ],
        ["Rows in the copy that the site never wrote", 0],
        ["integrity_check of the copy", String(backupIntegrity)],
        ["Restored site: pages and /api/courses", smoke.map(([path, status]) => `${path} ${status}`).join(", ")],
        ["Restored site takes a write", "201"],
      ],
    )}`,
  );
});
