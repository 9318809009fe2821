import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { markdownTable } from "../../scripts/reliability-report";
import { createStudent, studentCookie, type Student } from "../support/accounts";
import { countRows, withDatabase } from "../support/database";
import { percentile, visibleText } from "./support/http";
import { reportWhenAllPass } from "./support/report-on-pass";
import { makeEnrollmentForm } from "../support/rows";
import { BASE_PORT, RELIABILITY_SECRETS, startSite, type Site } from "./support/production-server";

// Guessing passwords, coupon codes and making accounts from outside, as a
// script would. The site runs behind a "proxy" on loopback (TRUST_PROXY=
// loopback), so each request names its client in X-Forwarded-For and one test
// process can be many clients. A second server without TRUST_PROXY shows that
// the same header, spoofed, buys nothing.

const SITE_PORT = BASE_PORT + 140;
const NO_PROXY_PORT = BASE_PORT + 141;
const ADMIN_ID = "reliability-admin";
const ADMIN_PASSWORD = RELIABILITY_SECRETS.ADMIN_PASSWORD;
const TOO_MANY_SIGN_INS = /^Too many sign-in attempts\. Please wait \d+ (seconds?|minutes) and try again\.$/;

let site: Site;
let noProxySite: Site;
const figures = {
  student: { attempts: 0, checked: 0, refused: 0, waits: [] as number[], refusedMs: [] as number[], ownerStatus: 0 },
  admin: { attempts: 0, checked: 0, refused: 0, lastWait: 0, ownerStatus: 0 },
  distributed: { clients: 0, attempts: 0, checked: 0, newDeviceStatus: 0, knownDeviceStatus: 0 },
  audit: { refusals: 0, rows: 0 },
  coupons: { invalidAnswered: 0, firstRefusedAt: 0, pageStatus: 0, retryAfter: "" },
  signUps: { created: 0, refusedAt: 0, otherClientStatus: 0 },
  spoofing: { withoutProxy: "", withProxy: "" },
};

reportWhenAllPass("sign-in-throttle", () => {
  const { student, admin, distributed, audit, coupons, signUps, spoofing } = figures;
  return `## Guessing passwords, coupons and making accounts (\`tests/reliability/sign-in-throttle.test.ts\`)

Form posts and JSON requests as a script sends them, each naming its client in \`X-Forwarded-For\` to a
server started with \`TRUST_PROXY=loopback\` (decision 0013 has the rules).

${markdownTable(
  ["Attack", "Before (measured on the old code)", "Now"],
  [
    [
      "100 wrong passwords for one student from one client, then the owner from another client",
      '5 checked, 95 refused "Please wait 15 minutes" (no Retry-After); the owner from another client, right password: 429',
      `${student.checked} checked, ${student.refused} refused with waits growing ${student.waits.slice(0, 6).join(", ")} … ${student.waits.at(-1)} s (p99 of a refusal ${Math.round(percentile(student.refusedMs, 99))} ms); the owner signed in (${student.ownerStatus})`,
    ],
    [
      "100 wrong passwords for the admin (50 on /admin/login, 50 on /api/admin/login), then the admin from another client",
      "5 checked, 95 refused; the admin from another client, right password: 429 for 15 minutes",
      `${admin.checked} checked, ${admin.refused} refused (last wait ${admin.lastWait} s); the admin signed in (${admin.ownerStatus})`,
    ],
    [
      `${distributed.clients} clients guessing one student's password (${distributed.attempts} attempts)`,
      "30 of 150 guesses checked (parallel attempts slipped past the 5-failure lock), then the account locked for everyone: a new device 429, the owner's own browser too",
      `${distributed.checked} guesses checked; a new device with the right password: ${distributed.newDeviceStatus}; the owner's browser (known-device cookie): ${distributed.knownDeviceStatus}`,
    ],
    ["What the audit log shows of all that", "0 rows", `${audit.rows} rows (actor_type system) for ${audit.refusals} refusals`],
    [
      "Invalid coupon codes from one student (POST /api/validate-coupon), then the checkout page's Apply",
      "30 invalid codes: 30 × 400, never refused",
      `${coupons.invalidAnswered} answered 400, then 429 from attempt ${coupons.firstRefusedAt} (Retry-After ${coupons.retryAfter} s); the page's Apply: ${coupons.pageStatus}`,
    ],
    [
      "Sign-ups from one client",
      "15 sign-ups: 15 accounts created",
      `${signUps.created} created, then 429 from sign-up ${signUps.refusedAt}; another client: ${signUps.otherClientStatus}`,
    ],
    [
      "A fresh X-Forwarded-For on every wrong password, one account each",
      '(at 29acee3, where trust proxy "loopback" was built in) 101 of 101 checked: every request a new client',
      `without TRUST_PROXY: ${spoofing.withoutProxy}; with TRUST_PROXY=loopback: ${spoofing.withProxy}`,
    ],
  ],
)}
`;
});

function headers(client: string, extra: Record<string, string> = {}) {
  return { "X-Forwarded-For": client, ...extra };
}

function postForm(base: string, path: string, fields: Record<string, string>, client: string, cookie?: string) {
  return fetch(`${base}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: headers(client, {
      "Content-Type": "application/x-www-form-urlencoded",
      Accept: "text/html",
      ...(cookie ? { Cookie: cookie } : {}),
    }),
    body: new URLSearchParams(fields).toString(),
  });
}

function postJson(path: string, body: unknown, client: string, cookie?: string) {
  return fetch(`${site.url}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: headers(client, { "Content-Type": "application/json", Accept: "application/json", ...(cookie ? { Cookie: cookie } : {}) }),
    body: JSON.stringify(body),
  });
}

const studentLogin = (student: Pick<Student, "email">, password: string, client: string, base = site.url, cookie?: string) =>
  postForm(base, "/login", { email: student.email, password, redirectTo: "/" }, client, cookie);

/** `name=value` pairs of a response's Set-Cookie headers, as a browser would send them back. */
function cookiesOf(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.slice(0, cookie.indexOf(";")))
    .join("; ");
}

async function expectSignedIn(response: Response) {
  expect(response.status).toBe(302);
  expect(response.headers.getSetCookie().some((cookie) => cookie.startsWith("__session="))).toBe(true);
}

async function expectTooMany(response: Response) {
  expect(response.status).toBe(429);
  expect(Number(response.headers.get("Retry-After"))).toBeGreaterThan(0);
  const text = await visibleText(response);
  expect(text).toMatch(/Too many sign-in attempts\. Please wait \d+ (seconds?|minutes) and try again\./);
}

beforeAll(async () => {
  [site, noProxySite] = await Promise.all([
    startSite({ name: "sign-in-throttle", port: SITE_PORT, env: { TRUST_PROXY: "loopback" } }),
    startSite({ name: "sign-in-throttle-no-proxy", port: NO_PROXY_PORT, env: { TRUST_PROXY: "" } }),
  ]);
});

afterAll(async () => {
  await Promise.all([site?.stop(), noProxySite?.stop()]);
});

describe("password guessing", () => {
  it("100 wrong passwords from one client: that client waits longer and longer, the owner signs in from another", async () => {
    const student = await createStudent({}, site.database);
    const attacker = "203.0.113.10";
    let previousWait = 0;
    for (let i = 0; i < 100; i++) {
      const started = performance.now();
      const response = await studentLogin(student, `guess number ${i}`, attacker);
      const ms = performance.now() - started;
      figures.student.attempts++;
      if (response.status === 401) {
        figures.student.checked++;
        continue;
      }
      await expectTooMany(response);
      const wait = Number(response.headers.get("Retry-After"));
      expect(wait).toBeGreaterThanOrEqual(previousWait);
      previousWait = wait;
      figures.student.refused++;
      figures.student.waits.push(wait);
      figures.student.refusedMs.push(ms);
    }
    expect(figures.student.checked).toBeGreaterThanOrEqual(5);
    expect(figures.student.checked).toBeLessThan(10);
    expect(figures.student.waits.at(-1)).toBe(15 * 60);
    // Refused before any password is checked: no argon2, no held connection.
    expect(percentile(figures.student.refusedMs, 99)).toBeLessThan(2000);

    // The attacker's own client stays refused, even with the right password.
    expect((await studentLogin(student, student.password, attacker)).status).toBe(429);
    const owner = await studentLogin(student, student.password, "192.0.2.10");
    await expectSignedIn(owner);
    figures.student.ownerStatus = owner.status;
  });

  it("100 wrong passwords for the admin on both doors: the admin still signs in from another client", async () => {
    const attacker = "203.0.113.11";
    for (let i = 0; i < 100; i++) {
      const response =
        i % 2 === 0
          ? await postForm(site.url, "/admin/login", { adminId: ADMIN_ID, password: `guess ${i}` }, attacker)
          : await postJson("/api/admin/login", { adminId: ADMIN_ID, password: `guess ${i}` }, attacker);
      figures.admin.attempts++;
      if (response.status === 401) figures.admin.checked++;
      else {
        expect(response.status).toBe(429);
        figures.admin.refused++;
        figures.admin.lastWait = Number(response.headers.get("Retry-After"));
        if (i % 2 === 1) expect((await response.json()).message).toMatch(TOO_MANY_SIGN_INS);
      }
    }
    expect(figures.admin.checked).toBeLessThan(10);
    expect(figures.admin.lastWait).toBe(15 * 60);

    const page = await postForm(site.url, "/admin/login", { adminId: ADMIN_ID, password: ADMIN_PASSWORD }, "192.0.2.11");
    expect(page.status).toBe(302);
    const api = await postJson("/api/admin/login", { adminId: ADMIN_ID, password: ADMIN_PASSWORD }, "192.0.2.12");
    expect(api.status).toBe(200);
    figures.admin.ownerStatus = api.status;
  });

  it("many clients guessing one account: a new device must wait, the owner's known browser gets in", async () => {
    const student = await createStudent({}, site.database);
    const earlier = await studentLogin(student, student.password, "192.0.2.20");
    await expectSignedIn(earlier);
    const ownersBrowser = cookiesOf(earlier)
      .split("; ")
      .filter((pair) => pair.startsWith("__known_device="))
      .join("; ");
    expect(ownersBrowser).toMatch(/^__known_device=/);

    const clients = Array.from({ length: 30 }, (_, i) => `198.51.100.${i + 1}`);
    figures.distributed.clients = clients.length;
    for (let round = 0; round < 5; round++) {
      const answers = await Promise.all(clients.map((client, i) => studentLogin(student, `round ${round} guess ${i}`, client)));
      for (const answer of answers) {
        figures.distributed.attempts++;
        if (answer.status === 401) figures.distributed.checked++;
        else expect(answer.status).toBe(429);
      }
    }
    // 30 failures, then one guess per shared wait (1 s, 2 s, 4 s …): far below the 150 sent.
    expect(figures.distributed.checked).toBeGreaterThanOrEqual(30);
    expect(figures.distributed.checked).toBeLessThan(45);

    const newDevice = await studentLogin(student, student.password, "192.0.2.21");
    await expectTooMany(newDevice);
    figures.distributed.newDeviceStatus = newDevice.status;
    // The owner, travelling: another address, the same browser.
    const known = await studentLogin(student, student.password, "192.0.2.22", site.url, ownersBrowser);
    await expectSignedIn(known);
    figures.distributed.knownDeviceStatus = known.status;
  });

  it("the audit log shows the throttles engaging and escalating, a few rows, not one per refusal", () => {
    const rows = withDatabase(
      (db) =>
        db
          .prepare(
            "SELECT actor_type, action, entity_id, details FROM audit_log WHERE action IN ('sign_in_throttled', 'admin_sign_in_throttled') ORDER BY id",
          )
          .all(),
      site.database,
    ) as { actor_type: string; action: string; entity_id: string | null; details: string }[];
    figures.audit.refusals = figures.student.refused + figures.admin.refused + (figures.distributed.attempts - figures.distributed.checked);
    figures.audit.rows = rows.length;
    expect(rows.every((row) => row.actor_type === "system")).toBe(true);
    const admin = rows.filter((row) => row.action === "admin_sign_in_throttled");
    expect(admin.map((row) => JSON.parse(row.details).attempts)).toEqual([5, 10, 20, 40, 80]);
    expect(admin.every((row) => row.entity_id === ADMIN_ID && JSON.parse(row.details).client === "203.0.113.11")).toBe(true);
    const accountRule = rows.filter((row) => JSON.parse(row.details).rule === "account");
    expect(accountRule.length).toBeGreaterThan(0);
    expect(JSON.parse(accountRule[0]?.details ?? "{}")).toMatchObject({ failures: 30, attempts: 1 });
    expect(rows.length).toBeLessThan(40);
  });
});

describe("coupon guessing", () => {
  it("a student trying invalid codes gets 429 after 10, on the JSON endpoint and on the checkout page", async () => {
    const student = await createStudent({}, site.database);
    const cookie = await studentCookie(site.database, student);
    const courseId = withDatabase(
      (db) => (db.prepare("SELECT id FROM courses WHERE is_active = 1 ORDER BY id LIMIT 1").get() as { id: number }).id,
      site.database,
    );
    const formId = makeEnrollmentForm(student.id, courseId, site.database);
    const client = "203.0.113.30";
    for (let i = 1; i <= 12 && !figures.coupons.firstRefusedAt; i++) {
      const response = await postJson("/api/validate-coupon", { couponCode: `GUESS${i}X`, courseId }, client, cookie);
      if (response.status === 400) {
        figures.coupons.invalidAnswered++;
        continue;
      }
      expect(response.status).toBe(429);
      expect((await response.json()).message).toMatch(/^Too many coupon codes tried\. Please wait \d+ minutes and try again\.$/);
      figures.coupons.firstRefusedAt = i;
      figures.coupons.retryAfter = response.headers.get("Retry-After") ?? "";
    }
    expect(figures.coupons.invalidAnswered).toBe(10);
    expect(figures.coupons.firstRefusedAt).toBe(11);

    // The seeded WELCOME10 is valid, but this student has used up the hour's tries on every door.
    const page = await postForm(
      site.url,
      `/checkout?courseId=${courseId}&form=${formId}&index`,
      { intent: "apply-coupon", couponCode: "WELCOME10" },
      client,
      cookie,
    );
    expect(page.status).toBe(429);
    expect(await visibleText(page)).toMatch(/Too many coupon codes tried\. Please wait \d+ minutes and try again\./);
    figures.coupons.pageStatus = page.status;
    expect(countRows(site.database, "audit_log", "action = 'coupon_guessing_throttled'")).toBe(1);
  });
});

describe("account creation", () => {
  it("one client gets 10 sign-ups an hour, then 429; another client is not held", async () => {
    const client = "203.0.113.40";
    for (let i = 1; i <= 12 && !figures.signUps.refusedAt; i++) {
      const fields = {
        firstName: "Bot",
        lastName: `Number ${i}`,
        email: `bot-${i}-${Date.now()}@example.test`,
        password: "a long enough password",
        adult: "on",
        consent: "on",
        redirectTo: "/",
      };
      const response = await postForm(site.url, "/signup", fields, client);
      if (response.status === 302) {
        figures.signUps.created++;
        continue;
      }
      expect(response.status).toBe(429);
      expect(await visibleText(response)).toMatch(/Too many new accounts from your network\. Please wait \d+ minutes and try again\./);
      figures.signUps.refusedAt = i;
    }
    expect(figures.signUps.created).toBe(10);
    expect(figures.signUps.refusedAt).toBe(11);
    const other = await postForm(
      site.url,
      "/signup",
      {
        firstName: "Asha",
        lastName: "Rao",
        email: `asha-${Date.now()}@example.test`,
        password: "a long enough password",
        adult: "on",
        consent: "on",
        redirectTo: "/",
      },
      "192.0.2.40",
    );
    expect(other.status).toBe(302);
    figures.signUps.otherClientStatus = other.status;
    expect(countRows(site.database, "audit_log", "action = 'sign_up_throttled'")).toBe(1);
  });
});

describe("X-Forwarded-For", () => {
  it("without TRUST_PROXY a spoofed address buys no fresh tries; with TRUST_PROXY=loopback it names the client", async () => {
    // One script guessing 101 different accounts, a fresh made-up address on every request.
    const statuses: number[] = [];
    for (let i = 0; i <= 100; i++) {
      const email = `sprayed-${i}@example.test`;
      statuses.push((await studentLogin({ email }, "Summer2024!", `100.64.${i >> 8}.${(i & 255) + 1}`, noProxySite.url)).status);
    }
    expect(statuses.slice(0, 100)).toEqual(Array(100).fill(401));
    expect(statuses[100]).toBe(429);
    figures.spoofing.withoutProxy =
      "101 accounts, each request with a new made-up address: all one client, 100 checked, the 101st refused (429)";

    const student = await createStudent({}, site.database);
    const behindProxy: number[] = [];
    for (let i = 0; i < 10; i++) behindProxy.push((await studentLogin(student, `named ${i}`, `100.64.1.${i + 1}`)).status);
    expect(behindProxy).toEqual(Array(10).fill(401));
    figures.spoofing.withProxy = "10 named clients on one account: each checked (401), as configured";
  });
});
