import { randomUUID } from "node:crypto";
import { afterAll, describe, expect, test, vi } from "vitest";
import { markdownTable } from "../../scripts/reliability-report";
import { adminCookie, createAdmin } from "../support/accounts";
import { withDatabase } from "../support/database";
import { get, nthClientAddress, postFormAsClient, visibleText } from "./support/http";
import { reportWhenAllPass } from "./support/report-on-pass";
import { startMailCatcher, type MailCatcher, type ReceivedMail } from "./support/smtp";
import { BASE_PORT, startSite, type Site } from "./support/production-server";

// Mail that is never lost. Every message is an outbox row written with its
// cause; the site's sender delivers it over SMTP_URL (here a real smtp-server
// on loopback). With the mail server down the actions that cause mail still
// succeed and the messages wait, with their last error, for it to come back;
// then each arrives once. Killed with SIGKILL mid-queue, nothing is lost and a
// message is sent twice only if the kill cut its sending short; stopped with
// SIGTERM, the messages in flight finish, so nothing is sent twice.

const SITE_PORT = BASE_PORT + 195;
const SMTP_PORT = BASE_PORT + 196;
const SLOW_SMTP_PORT = BASE_PORT + 197;
/** The first retry's wait (MAIL_RETRY_BASE_MS), so an outage of seconds takes a few attempts. */
const RETRY_BASE_MS = 500;
const SIGN_UPS = 12;
const QUEUED = 200;
/** The slow mail server's pause between having a message and answering "250 OK". */
const ANSWER_DELAY_MS = 150;
/** How many messages must have arrived before the process is stopped: the queue is busy by then. */
const ARRIVED_BEFORE_STOP = 40;
/** app/services/mail/sender.server.ts: SEND_CONCURRENCY. */
const SEND_CONCURRENCY = 5;
const PASSPHRASE = "maple river lantern quietly";

const mailEnv = (smtpPort: number) => ({
  SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
  // Mail is sent only with a public address for its links.
  SITE_URL: `http://localhost:${SITE_PORT}`,
  MAIL_FROM: '"TradeMaster Academy" <hello@institute.example>',
  MAIL_RETRY_BASE_MS: String(RETRY_BASE_MS),
  // Each sign-up poses as its own client, so per-address throttling never joins in.
  TRUST_PROXY: "loopback",
});

const running: { site?: Site; catchers: MailCatcher[] } = { catchers: [] };
afterAll(async () => {
  await running.site?.stop();
  for (const catcher of running.catchers) await catcher.stop();
});

async function startServer(name: string, smtpPort: number, keepDatabase = false): Promise<Site> {
  // A test that failed half-way may have left its server on the port.
  await running.site?.stop();
  running.site = await startSite({ name, port: SITE_PORT, env: mailEnv(smtpPort), keepDatabase });
  return running.site;
}

async function startCatcher(port: number, answerDelayMs = 0): Promise<MailCatcher> {
  const catcher = await startMailCatcher(port, { answerDelayMs });
  running.catchers.push(catcher);
  return catcher;
}

/** Until `check` returns a value (the mail server's or the outbox's state), failing after `timeoutMs`. */
function until<T>(what: string, check: () => T | undefined | false, timeoutMs = 60_000): Promise<T> {
  return vi.waitFor(
    () => {
      const value = check();
      if (!value) throw new Error(`Timed out waiting for ${what}`);
      return value;
    },
    { timeout: timeoutMs, interval: 50 },
  );
}

type OutboxRow = { id: number; to_address: string; state: string; attempts: number; last_error: string | null; message_id: string };
const outboxRows = (site: Site, addressLike: string) =>
  withDatabase(
    (db) =>
      db
        .prepare("SELECT id, to_address, state, attempts, last_error, message_id FROM outbox_messages WHERE to_address LIKE ? ORDER BY id")
        .all(addressLike),
    site.database,
  ) as OutboxRow[];

/** How many copies of each Message-ID the mail server took. */
function copiesByMessageId(mails: ReceivedMail[]): Map<string, number> {
  const copies = new Map<string, number>();
  for (const mail of mails) {
    const id = mail.header("Message-ID") ?? "";
    copies.set(id, (copies.get(id) ?? 0) + 1);
  }
  return copies;
}

/** Polls until all `count` messages to the tag's addresses are recorded sent; their rows. */
const allSent = (site: Site, tag: string, count: number) =>
  until(
    `all ${count} messages to ${tag}-… to be recorded sent`,
    () => {
      const rows = outboxRows(site, `${tag}-%`);
      return rows.length === count && rows.every((row) => row.state === "sent") && rows;
    },
    120_000,
  );

/** What the mail server took for the tag's addresses. */
const receivedFor = (mail: MailCatcher, tag: string) =>
  mail.received.filter((received) => received.to.some((to) => to.startsWith(`${tag}-`)));

let nextClient = 0;
function signUp(site: Site, email: string) {
  nextClient++;
  const fields = { firstName: "Asha", lastName: "Rao", email, password: PASSPHRASE, adult: "on", consent: "on", redirectTo: "/courses" };
  return postFormAsClient(site.url, "/signup", fields, nthClientAddress("10.195", nextClient));
}

/** Queues `count` messages as the site's own transactions do (one row each, a Message-ID chosen once). */
function queueMessages(site: Site, tag: string, count: number) {
  withDatabase((db) => {
    const insert = db.prepare(
      "INSERT INTO outbox_messages (kind, to_address, subject, text_body, message_id) VALUES ('test', ?, ?, 'Your webinar starts soon.', ?)",
    );
    db.transaction(() => {
      for (let n = 0; n < count; n++) insert.run(`${tag}-${n}@example.test`, `Reminder ${n}`, `<${tag}-${n}@institute.example>`);
    })();
  }, site.database);
}

const figures = {
  outage: { downMs: 0, attemptsWhileDown: 0, deliveredAfterUpMs: 0, copies: 0 },
  kill: { arrivedBeforeKill: 0, inFlight: 0, duplicates: 0, lost: 0, perSecond: 0 },
  sigterm: { arrivedBeforeSignal: 0, sendingAfterExit: 0, duplicates: 0, stopMs: 0 },
};

describe("the mail server is down for a while, then back", () => {
  test("sign-ups still succeed, the Outbox shows the messages waiting with the last error, and each arrives exactly once", async () => {
    const site = await startServer("mail-delivery-outage", SMTP_PORT);
    const tag = `outage-${randomUUID().slice(0, 8)}`;
    const emails = Array.from({ length: SIGN_UPS }, (_, n) => `${tag}-${n}@example.test`);
    const downSince = Date.now();
    for (const email of emails) {
      const answer = await signUp(site, email);
      expect(answer.status, email).toBe(302);
      expect(answer.headers.get("Location")).toBe("/signup/check-email?redirectTo=%2Fcourses");
    }

    // Nothing listens on the mail port: every message fails, is kept, and waits for a retry.
    const waiting = await until("every message to have failed twice", () => {
      const rows = outboxRows(site, `${tag}-%`);
      return rows.length === SIGN_UPS && rows.every((row) => row.state === "queued" && row.attempts >= 2) && rows;
    });
    for (const row of waiting) expect(row.last_error).toMatch(/ECONNREFUSED/);

    const admin = await adminCookie(site.database, createAdmin("admin", site.database));
    const page = await get(`${site.url}/admin/outbox?q=${tag}`, admin);
    expect(page.status).toBe(200);
    const text = await visibleText(page);
    for (const email of emails) expect(text).toContain(email);
    expect(text.match(/Retrying \(\d+ attempts\)/g)).toHaveLength(SIGN_UPS);
    expect(text.match(/ECONNREFUSED/g)?.length).toBeGreaterThanOrEqual(SIGN_UPS);

    const attemptsWhileDown = Math.max(...outboxRows(site, `${tag}-%`).map((row) => row.attempts));
    const mail = await startCatcher(SMTP_PORT);
    const upAt = Date.now();
    const delivered = await allSent(site, tag, SIGN_UPS);
    const deliveredAfterUpMs = Date.now() - upAt;

    // Exactly once: one copy per Message-ID, each the row's own, to its own address.
    const ours = receivedFor(mail, tag);
    const copies = copiesByMessageId(ours);
    expect(ours).toHaveLength(SIGN_UPS);
    expect([...copies.values()].every((count) => count === 1)).toBe(true);
    expect([...copies.keys()].sort()).toEqual(delivered.map((row) => row.message_id).sort());
    for (const row of delivered) {
      const received = ours.find((candidate) => candidate.header("Message-ID") === row.message_id);
      expect(received?.to).toEqual([row.to_address]);
      expect(received?.header("Subject")).toBe("Confirm your email address for TradeMaster Academy");
    }
    figures.outage = { downMs: upAt - downSince, attemptsWhileDown, deliveredAfterUpMs, copies: ours.length };
    await site.stop();
  }, 300_000);
});

describe("the process dies while the queue is busy", () => {
  test("kill -9 with messages in flight: after a restart none is lost, and only those in flight may arrive twice", async () => {
    const mail = await startCatcher(SLOW_SMTP_PORT, ANSWER_DELAY_MS);
    let site = await startServer("mail-delivery-kill", SLOW_SMTP_PORT);
    const tag = `kill-${randomUUID().slice(0, 8)}`;
    const ours = () => receivedFor(mail, tag);
    queueMessages(site, tag, QUEUED);
    await until("the queue to be busy", () => ours().length >= ARRIVED_BEFORE_STOP);
    await site.kill9();

    const arrivedBeforeKill = new Set(ours().map((received) => received.header("Message-ID")));
    const atKill = outboxRows(site, `${tag}-%`);
    const inFlight = atKill.filter((row) => row.state === "sending");
    expect(atKill).toHaveLength(QUEUED);
    expect(inFlight.length).toBeGreaterThan(0);
    expect(inFlight.length).toBeLessThanOrEqual(SEND_CONCURRENCY);
    // Everything recorded sent had arrived.
    for (const row of atKill.filter((candidate) => candidate.state === "sent")) expect(arrivedBeforeKill.has(row.message_id)).toBe(true);

    site = await startServer("mail-delivery-kill", SLOW_SMTP_PORT, true);
    expect(site.output()).toContain(`Mail: ${inFlight.length} message(s) whose sending was cut short are queued again.`);
    // The steady rate: from the first message after the restart to the last.
    const resumed = await until("sending to resume", () => ours().length > arrivedBeforeKill.size && ours().length);
    const resumedAt = Date.now();
    const after = await allSent(site, tag, QUEUED);

    const drainMs = Date.now() - resumedAt;
    const copies = copiesByMessageId(ours());
    const lost = after.filter((row) => !copies.has(row.message_id));
    const duplicates = [...copies].filter(([, count]) => count > 1).map(([id]) => id);
    const inFlightIds = new Set(inFlight.map((row) => row.message_id));
    expect(lost).toEqual([]);
    expect([...copies.values()].every((count) => count <= 2)).toBe(true);
    expect(duplicates.filter((id) => !inFlightIds.has(id))).toEqual([]);
    expect(after.every((row) => row.attempts === 1)).toBe(true);
    figures.kill = {
      arrivedBeforeKill: arrivedBeforeKill.size,
      inFlight: inFlight.length,
      duplicates: duplicates.length,
      lost: lost.length,
      perSecond: Math.round(((ours().length - resumed) / drainMs) * 1000),
    };
    await site.stop();
  }, 300_000);

  test("SIGTERM with messages in flight: they finish and are recorded sent, the process exits 0, and nothing arrives twice", async () => {
    const mail = await startCatcher(SLOW_SMTP_PORT + 1, ANSWER_DELAY_MS);
    let site = await startServer("mail-delivery-sigterm", SLOW_SMTP_PORT + 1);
    const tag = `term-${randomUUID().slice(0, 8)}`;
    const ours = () => receivedFor(mail, tag);
    queueMessages(site, tag, QUEUED);
    await until("the queue to be busy", () => ours().length >= ARRIVED_BEFORE_STOP);
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
      site.child.once("exit", (code, signal) => resolve({ code, signal })),
    );
    const signalledAt = performance.now();
    site.signal("SIGTERM");
    const exit = await exited;
    const stopMs = Math.round(performance.now() - signalledAt);
    expect(exit).toEqual({ code: 0, signal: null });
    expect(stopMs).toBeLessThan(10_000);

    const atExit = outboxRows(site, `${tag}-%`);
    const arrivedBeforeExit = new Set(ours().map((received) => received.header("Message-ID")));
    expect(atExit.filter((row) => row.state === "sending")).toEqual([]);
    // Whatever arrived is recorded sent; the rest waits in the queue, untried.
    for (const row of atExit) expect(row.state).toBe(arrivedBeforeExit.has(row.message_id) ? "sent" : "queued");

    site = await startServer("mail-delivery-sigterm", SLOW_SMTP_PORT + 1, true);
    expect(site.output()).not.toContain("whose sending was cut short");
    await allSent(site, tag, QUEUED);
    const copies = copiesByMessageId(ours());
    expect(copies.size).toBe(QUEUED);
    expect([...copies].filter(([, count]) => count > 1)).toEqual([]);
    figures.sigterm = { arrivedBeforeSignal: arrivedBeforeExit.size, sendingAfterExit: 0, duplicates: 0, stopMs };
    await site.stop();
  }, 300_000);
});

reportWhenAllPass(
  "mail-delivery",
  () => `## Mail that is never lost (\`tests/reliability/mail-delivery.test.ts\`)

The site sends its outbox through a real SMTP server on loopback (\`smtp-server\`), with \`MAIL_RETRY_BASE_MS=${RETRY_BASE_MS}\` so retries come within seconds; the sender keeps ${SEND_CONCURRENCY} messages in flight on pooled connections (decision 0026).

${markdownTable(
  ["Fault", "What happened", "Figures"],
  [
    [
      "Mail server down, then back",
      `${SIGN_UPS} sign-ups answered 302 while nothing listened on the mail port; the Outbox showed each message "Retrying" with \`ECONNREFUSED\`; after the server came back each arrived once`,
      `down ${(figures.outage.downMs / 1000).toFixed(1)} s, up to ${figures.outage.attemptsWhileDown} attempts each while down, all delivered ${(figures.outage.deliveredAfterUpMs / 1000).toFixed(1)} s after it was back; ${figures.outage.copies} copies for ${SIGN_UPS} messages`,
    ],
    [
      "`kill -9` while the queue is busy",
      `${QUEUED} messages queued, the mail server pausing ${ANSWER_DELAY_MS} ms before each "250 OK"; killed after ${figures.kill.arrivedBeforeKill} had arrived, restarted on the same database`,
      `${figures.kill.inFlight} in flight at the kill, ${figures.kill.duplicates} of them arrived twice (same Message-ID), ${figures.kill.lost} lost; ${figures.kill.perSecond} messages/s after the restart`,
    ],
    [
      "SIGTERM while the queue is busy",
      `the same load; SIGTERM after ${figures.sigterm.arrivedBeforeSignal} had arrived: the messages in flight finished and were recorded sent, the rest stayed queued`,
      `exit 0 in ${figures.sigterm.stopMs} ms, ${figures.sigterm.sendingAfterExit} left "sending", ${figures.sigterm.duplicates} arrived twice after the restart`,
    ],
  ],
)}`,
);
