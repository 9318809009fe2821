import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { markdownTable } from "../../scripts/reliability-report";
import { createStudent, type Student } from "../support/accounts";
import { withDatabase } from "../support/database";
import { percentile, timed, visibleText } from "./support/http";
import { reportWhenAllPass } from "./support/report-on-pass";
import { sameSitePost, startSiteWithMail } from "./support/mail-site";
import type { MailCatcher } from "./support/smtp";
import { BASE_PORT, type Site } from "./support/production-server";

// Does sign-up or sign-in tell a stranger whether an email has an account?
// Sign-up with a new and with a taken email must get the same answer (status,
// headers, text) in about the same time; only the mailbox learns which it was,
// and both messages must really arrive over SMTP. Sign-in must fail an unknown
// email and a wrong password alike, in about the same time.

const SITE_PORT = BASE_PORT + 152;
// In the mail server range the suite gives this file (5480…5489 when RELIABILITY_PORT is 5400).
const SMTP_PORT = BASE_PORT + 85;
const TIMING_ROUNDS = 15;
const PASSPHRASE = "maple river lantern quietly";

let site: Site;
let mail: MailCatcher;
let nextClient = 0;
const figures = {
  signUp: { status: "", location: "", headersCompared: 0 },
  timing: new Map<string, number[]>(),
};

beforeAll(async () => {
  ({ site, mail } = await startSiteWithMail("account-enumeration", SITE_PORT, SMTP_PORT));
});

afterAll(async () => {
  await site?.stop();
  await mail?.stop();
});

/** A browser's form post from a client address of its own (per-address throttling never joins in). */
const post = (path: string, fields: Record<string, string>) => sameSitePost(site, path, fields, ++nextClient);

const signUp = (email: string) =>
  post("/signup", { firstName: "Asha", lastName: "Rao", email, password: PASSPHRASE, adult: "on", consent: "on", redirectTo: "/courses" });
const signIn = (email: string, password: string) => post("/login", { email, password });
const freshEmail = () => `enum-${randomUUID().slice(0, 8)}@example.test`;

/** Every header but those that differ per response anyway (date, cookies) with the CSP nonce blanked. */
function comparableHeaders(response: Response): Record<string, string> {
  const kept: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    if (name === "date" || name === "set-cookie") return;
    kept[name] = name === "content-security-policy" ? value.replace(/'nonce-[^']+'/, "'nonce-…'") : value;
  });
  return kept;
}

const userRow = (email: string) =>
  withDatabase((db) => db.prepare("SELECT * FROM users WHERE email = ?").get(email) as Record<string, unknown> | undefined, site.database);

describe("sign-up does not reveal whether an email has an account", () => {
  let taken: Student;
  const newEmail = freshEmail();

  it("a new email and a taken one get the same answer: status, Location, headers and text", async () => {
    taken = await createStudent({}, site.database);
    const before = userRow(taken.email);
    const forNew = await signUp(newEmail);
    const forTaken = await signUp(taken.email.toUpperCase());

    expect(forNew.status).toBe(302);
    expect(forNew.headers.get("Location")).toBe("/signup/check-email?redirectTo=%2Fcourses");
    expect(forTaken.status).toBe(forNew.status);
    expect(comparableHeaders(forTaken)).toEqual(comparableHeaders(forNew));
    expect(forNew.headers.getSetCookie()).toEqual([]);
    expect(forTaken.headers.getSetCookie()).toEqual([]);
    expect(await forTaken.text()).toBe(await forNew.text());
    figures.signUp = {
      status: String(forNew.status),
      location: forNew.headers.get("Location") ?? "",
      headersCompared: Object.keys(comparableHeaders(forNew)).length,
    };

    const page = await fetch(`${site.url}${forNew.headers.get("Location")}`);
    expect(page.status).toBe(200);
    expect(await visibleText(page)).toContain("Check Your Email");

    // The new account waits for its link; the taken one is exactly as it was.
    expect(userRow(newEmail)).toMatchObject({ first_name: "Asha", email_verified_at: null });
    expect(userRow(taken.email)).toEqual(before);
  });

  it("both messages arrive over SMTP: a confirmation link to the new address, a sign-in reminder to the taken one", async () => {
    const confirm = await mail.next(newEmail, (message) => /Confirm your email address/.test(message.header("Subject") ?? ""));
    expect(confirm.header("Subject")).toBe("Confirm your email address for TradeMaster Academy");
    expect(confirm.header("From")).toBe("TradeMaster Academy <hello@institute.example>");
    const link = new RegExp(`${site.url}/verify-email\\?token=([\\w-]{43})`).exec(confirm.text);
    expect(link).not.toBeNull();

    const reminder = await mail.next(taken.email, (message) => /already have/.test(message.header("Subject") ?? ""));
    expect(reminder.header("Subject")).toBe("You already have a TradeMaster Academy account");
    expect(reminder.text).toContain(`${site.url}/login`);
    expect(reminder.text).not.toContain("/verify-email");

    const outbox = () =>
      withDatabase(
        (db) =>
          db
            .prepare("SELECT to_address, state, attempts, message_id FROM outbox_messages WHERE to_address IN (?, ?) ORDER BY id")
            .all(newEmail, taken.email),
        site.database,
      ) as { to_address: string; state: string; attempts: number; message_id: string }[];
    // The server has the message before the site has its "250 OK" and records it sent.
    await expect
      .poll(() => outbox().map((row) => [row.to_address, row.state, row.attempts]), { timeout: 10_000 })
      .toEqual([
        [newEmail, "sent", 1],
        [taken.email, "sent", 1],
      ]);
    expect(confirm.header("Message-ID")).toBe(outbox()[0]?.message_id);

    // The link: opening it changes nothing; its button confirms and signs in, once.
    const token = link?.[1] ?? "";
    const opened = await fetch(`${site.url}/verify-email?token=${token}`);
    expect(opened.status).toBe(200);
    expect(await visibleText(opened)).toContain("Confirm my email address");
    expect(userRow(newEmail)?.email_verified_at).toBeNull();
    const confirmed = await post(`/verify-email?token=${token}`, { token });
    expect(confirmed.status).toBe(302);
    expect(confirmed.headers.get("Location")).toBe("/signed-in?to=%2F");
    expect(confirmed.headers.getSetCookie().some((cookie) => cookie.startsWith("__session="))).toBe(true);
    expect(userRow(newEmail)?.email_verified_at).toEqual(expect.any(Number));
    const reused = await post(`/verify-email?token=${token}`, { token });
    expect(reused.status).toBe(410);
    expect(await visibleText(reused)).toContain("This link has already been used");
  });
});

describe("timing: sign-up and sign-in take about as long whether or not the email has an account", () => {
  async function measure(label: string, send: () => Promise<Response>, expectStatus: number) {
    const { value, ms } = await timed(send);
    expect(value.status, label).toBe(expectStatus);
    await value.arrayBuffer();
    const samples = figures.timing.get(label) ?? [];
    samples.push(ms);
    figures.timing.set(label, samples);
  }

  it(`${TIMING_ROUNDS} rounds each: medians within a factor of 3 of each other`, async () => {
    const takenAccounts = await Promise.all(Array.from({ length: TIMING_ROUNDS + 2 }, () => createStudent({}, site.database)));
    // Signed up through the site, so their password hashes have the site's own cost.
    const knownAccounts = Array.from({ length: TIMING_ROUNDS + 2 }, freshEmail);
    for (const email of knownAccounts) expect((await signUp(email)).status).toBe(302);
    // Warm-up (first argon2 runs, the decoy hash), not counted.
    for (const round of [0, 1]) {
      await signUp(freshEmail());
      await signUp(takenAccounts[round]?.email ?? "");
      await signIn(freshEmail(), PASSPHRASE);
      await signIn(knownAccounts[round] ?? "", "not the password at all");
    }
    figures.timing.clear();
    // Interleaved, each kind first in every other round, so a busy moment of the machine
    // (or whatever a request leaves behind for the next) falls on both kinds alike.
    for (let round = 2; round < TIMING_ROUNDS + 2; round++) {
      const pairs: [() => Promise<void>, () => Promise<void>][] = [
        [
          () => measure("sign-up, new email", () => signUp(freshEmail()), 302),
          () => measure("sign-up, taken email", () => signUp(takenAccounts[round]?.email ?? ""), 302),
        ],
        [
          () => measure("sign-in, unknown email", () => signIn(freshEmail(), PASSPHRASE), 401),
          () => measure("sign-in, known email, wrong password", () => signIn(knownAccounts[round] ?? "", "not the password at all"), 401),
        ],
      ];
      for (const [first, second] of pairs) {
        if (round % 2 === 0) {
          await first();
          await second();
        } else {
          await second();
          await first();
        }
      }
    }
    const median = (label: string) => percentile(figures.timing.get(label) ?? [], 50);
    for (const [a, b] of [
      ["sign-up, new email", "sign-up, taken email"],
      ["sign-in, unknown email", "sign-in, known email, wrong password"],
    ] as const) {
      const ratio = median(a) / median(b);
      console.log(`${a}: median ${median(a).toFixed(1)} ms; ${b}: median ${median(b).toFixed(1)} ms (ratio ${ratio.toFixed(2)})`);
      expect(ratio, `${a} vs ${b}`).toBeGreaterThan(1 / 3);
      expect(ratio, `${a} vs ${b}`).toBeLessThan(3);
    }
  });
});

reportWhenAllPass("account-enumeration", () => {
  const rows = [...figures.timing.entries()].map(([label, samples]) => [
    label,
    samples.length,
    `${percentile(samples, 50).toFixed(1)} ms`,
    `${percentile(samples, 90).toFixed(1)} ms`,
  ]);
  return `## Sign-up and sign-in do not reveal whether an email has an account

\`tests/reliability/account-enumeration.test.ts\`: \`POST /signup\` (first and last name, email, a passphrase, \`redirectTo=/courses\`) once with a new email and once with the email of an existing account (in capitals), each from its own client address; then ${TIMING_ROUNDS} alternating rounds of each kind, and of \`POST /login\` with an unknown email and with a known email and a wrong password. The site sends mail through a real SMTP server on loopback (\`smtp-server\`).

**Before:** a taken email was answered \`409\` with "An account with this email already exists. Please sign in instead." on the form, a new one \`302\` to \`/courses\` with a session cookie: one request told anyone whether an address had an account. No mail was sent. (Sign-in already failed both ways with "Invalid email or password" and a decoy hash.)

**Now:** both sign-ups answer \`${figures.signUp.status}\` to \`${figures.signUp.location}\` with identical headers (${figures.signUp.headersCompared} compared; date and the CSP nonce aside) and no cookie, and the same page; the new address receives "Confirm your email address for TradeMaster Academy" with a single-use link (which, posted, confirmed the address and signed in; a second use got 410), the taken one "You already have a TradeMaster Academy account" with a sign-in link, both over SMTP, and the existing account was left byte-for-byte as it was.

${markdownTable(["Request", "Samples", "Median", "p90"], rows)}`;
});
