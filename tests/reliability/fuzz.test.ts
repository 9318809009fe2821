import fc from "fast-check";
import type Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { markdownTable, writeReliabilitySection } from "../../scripts/reliability-report";
import { startFakeStripe, type FakeStripe } from "../fixtures/fake-stripe";
import { razorpayEnv } from "../support/razorpay";
import { adminCookie, createAdmin, createStudent, cookieHeader, signedCookie, studentCookie } from "../support/accounts";
import { openTestDatabase } from "../support/database";
import { ENDPOINTS, routesToFuzz, type Endpoint, type Identity, type SiteIds } from "./support/fuzz-catalogue";
import { matchesPattern, urlPatternOf } from "./support/route-files";
import { refusalMessage, WriteWatcher } from "./support/fuzz-oracle";
import { encodeBody, fuzzCase, type FuzzCase } from "./support/fuzz-values";
import { plainRequest, rawRequest, sendOversized, OVERSIZED_CASES, type OversizedAnswer } from "./support/fuzz-oversized";
import { BASE_PORT, RELIABILITY_SECRETS, startSite, type Site } from "./support/production-server";

// The hostile-input fuzzer: generated and hostile values to every
// form action and every /api endpoint of a production server. Every answer is
// below 500, every refusal (4xx) says why, and no refusal writes a row.

const SITE_PORT = BASE_PORT + 50;
const STRIPE_PORT = BASE_PORT + 51;
/** fast-check's seed: the same run every time (endpoint i uses SEED + i). */
const SEED = 80_808;
const MIN_VALUES = 10_000;
const RUNS_PER_ENDPOINT = Math.ceil(MIN_VALUES / ENDPOINTS.length);

let site: Site;
let stripe: FakeStripe;
let db: Database.Database;
let watcher: WriteWatcher;
let ids: SiteIds;
const cookies: Record<Exclude<Identity, "anonymous">, string> = { student: "", admin: "" };
let studentId = "";
/** The student whose account the privacy page's delete form is fuzzed against (it may end up erased). */
let ownStudentCookie = "";
let adminRowId = 0;

type Violation = { endpoint: string; status: number; problem: string; sample: string };
const violations: Violation[] = [];
const valuesPerEndpoint = new Map<string, { runs: number; statuses: Map<number, number> }>();
const statusHistogram = new Map<number, number>();
let refusedWithWrite = 0;
let requestCount = 0;
/** Refusals that seemed to write, where resending them showed the write was an earlier request's. */
let settledLate = 0;
/** Generated bodies that came out over the 1 MB limit (many huge fields at once). */
let oversizedByFuzz = 0;
const MAX_BODY_BYTES = 1024 * 1024;

const label = (endpoint: Endpoint) => `${endpoint.method} ${urlPatternOf(endpoint.file)}`;

beforeAll(async () => {
  stripe = await startFakeStripe({
    port: STRIPE_PORT,
    secretKey: RELIABILITY_SECRETS.STRIPE_SECRET_KEY,
    webhookSecret: RELIABILITY_SECRETS.STRIPE_WEBHOOK_SECRET,
  });
  site = await startSite({
    // The port in the name: a run with another RELIABILITY_PORT (a second checkout of the suite) gets its own file.
    name: `fuzz-${SITE_PORT}`,
    port: SITE_PORT,
    env: {
      // Stands in for a proxy on loopback, so each request can come from its own address (nextAddress).
      TRUST_PROXY: "loopback",
      CHAT_RATE_LIMIT_PER_MINUTE: "1000000",
      STRIPE_SECRET_KEY: RELIABILITY_SECRETS.STRIPE_SECRET_KEY,
      STRIPE_PUBLISHABLE_KEY: "pk_test_reliability_fuzz",
      STRIPE_WEBHOOK_SECRET: RELIABILITY_SECRETS.STRIPE_WEBHOOK_SECRET,
      STRIPE_API_URL: stripe.url,
      // Razorpay's keys too (Stripe still takes payments): its webhook and the hosted page's return check signatures.
      ...razorpayEnv("http://127.0.0.1:9"),
      PAYMENTS_PROVIDER: "",
    },
  });
  const student = await createStudent({}, site.database);
  studentId = student.id;
  const admin = createAdmin("admin", site.database);
  adminRowId = admin.id;
  cookies.student = await studentCookie(site.database, student);
  ownStudentCookie = await studentCookie(site.database, await createStudent({}, site.database));
  cookies.admin = await adminCookie(site.database, admin);
  db = openTestDatabase(site.database);
  ids = await siteIds();
  watcher = new WriteWatcher(db);
}, 300_000);

afterAll(async () => {
  db?.close();
  await site?.stop();
  await stripe?.close();
});

/** The seeded rows the URLs name, and an enrollment form of the student's (checkout needs one), made through the API. */
async function siteIds(): Promise<SiteIds> {
  const first = (sql: string) => {
    const row = db.prepare(sql).get() as { id: number } | undefined;
    if (!row) throw new Error(`No row for: ${sql}`);
    return row.id;
  };
  const courseId = first("SELECT id FROM courses WHERE is_active = 1 AND price_paise > 0 ORDER BY id LIMIT 1");
  db.prepare("INSERT INTO contact_messages (name, email, subject, message) VALUES ('Asha', 'asha@example.test', 'Hi', 'Hello')").run();
  const response = await fetch(`${site.url}/api/enrollment-forms`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Cookie: cookies.student },
    body: JSON.stringify({
      name: "Asha Rao",
      whatsappNumber: "+91 98765 43210",
      state: "Maharashtra",
      city: "Pune",
      experienceLevel: "Beginner",
      sourceOfLead: "YouTube",
      courseOrEventId: courseId,
      courseOrEventType: "course",
      consent: true,
    }),
  });
  if (response.status !== 201) throw new Error(`Could not save the student's enrollment form: ${response.status} ${await response.text()}`);
  const { id: enrollmentFormId } = (await response.json()) as { id: number };
  // A section and a lesson of the course, for the curriculum editor's forms.
  const sectionId = Number(
    db.prepare("INSERT INTO course_sections (course_id, title, position) VALUES (?, 'Fuzzed section', 100)").run(courseId).lastInsertRowid,
  );
  const lessonId = Number(
    db
      .prepare("INSERT INTO lessons (course_id, section_id, position, title, type) VALUES (?, ?, 1, 'Fuzzed lesson', 'article')")
      .run(courseId, sectionId).lastInsertRowid,
  );
  const batchId = Number(
    db
      .prepare(
        "INSERT INTO batches (course_id, name, starts_on, ends_on, seats) VALUES (?, 'Fuzzed batch', '2031-01-06', '2031-02-28', 30)",
      )
      .run(courseId).lastInsertRowid,
  );
  const batchSessionId = Number(
    db
      .prepare(
        "INSERT INTO batch_sessions (batch_id, title, starts_at, duration_minutes, join_url, prices_at_least_30_days_old) VALUES (?, 'Fuzzed class', ?, 90, 'https://meet.jit.si/fuzz', 1)",
      )
      .run(batchId, Date.parse("2031-01-06T13:30:00Z")).lastInsertRowid,
  );
  // A replay of the course on the demo's generated series, begun by the student with one paper trade (the lab and the journal's forms).
  const exerciseId = Number(
    db
      .prepare(
        "INSERT INTO replay_exercises (course_id, dataset_id, title, start_seq) VALUES (?, (SELECT min(id) FROM market_datasets), 'Fuzzed replay', 100)",
      )
      .run(courseId).lastInsertRowid,
  );
  const replayId = Number(
    db.prepare("INSERT INTO replays (exercise_id, user_id, revealed_seq) VALUES (?, ?, 100)").run(exerciseId, studentId).lastInsertRowid,
  );
  const tradeId = Number(
    db
      .prepare(
        "INSERT INTO paper_trades (replay_id, user_id, side, quantity, entry_seq, entry_price, reason) VALUES (?, ?, 'buy', 5, 100, 2200000000, 'Fuzzed trade')",
      )
      .run(replayId, studentId).lastInsertRowid,
  );
  const accountId = (
    db
      .prepare(
        "INSERT INTO users (id, email, first_name, last_name) VALUES (lower(hex(randomblob(16))), 'fuzzed-account@example.test', 'Fuzz', 'Account') RETURNING id",
      )
      .get() as { id: string }
  ).id;
  // The account holds a seat in the batch: the move dialog's form is fuzzed past its "not in this batch" answer.
  db.prepare("INSERT INTO batch_students (batch_id, course_id, user_id, joined_at) VALUES (?, ?, ?, ?)").run(
    batchId,
    courseId,
    accountId,
    Date.now(),
  );
  const outboxMessageId = (
    db
      .prepare(
        "INSERT INTO outbox_messages (kind, to_address, subject, text_body, message_id, state, sent_at) VALUES ('test', 'fuzz@example.test', 'Sent', 'Hello', '<fuzz-sent@example.test>', 'sent', 0) RETURNING id",
      )
      .get() as { id: number }
  ).id;
  return {
    sectionId,
    lessonId,
    batchId,
    batchSessionId,
    exerciseId,
    tradeId,
    accountId,
    outboxMessageId,
    courseId,
    eventId: String(first(`SELECT id FROM events WHERE is_active = 1 AND event_date > ${Date.now()} ORDER BY event_date LIMIT 1`)),
    postId: first("SELECT id FROM blog_posts ORDER BY id LIMIT 1"),
    testimonialId: first("SELECT id FROM testimonials ORDER BY id LIMIT 1"),
    mentorId: first("SELECT id FROM mentors ORDER BY id LIMIT 1"),
    couponId: first("SELECT id FROM coupons ORDER BY id LIMIT 1"),
    messageId: first("SELECT id FROM contact_messages ORDER BY id LIMIT 1"),
    enrollmentFormId,
  };
}

/** A session row planted through the watcher's own connection (its commits do not move data_version there). */
async function freshCookie(identity: Exclude<Identity, "anonymous">): Promise<string> {
  const sid = `fuzz-${requestCount}-${Math.random().toString(36).slice(2)}`;
  const data = identity === "student" ? { userId: studentId } : { adminId: adminRowId, signedInAt: Date.now() };
  db.prepare("INSERT INTO sessions (sid, sess, expire) VALUES (?, ?, ?)").run(sid, JSON.stringify(data), Date.now() + 3_600_000);
  const { ADMIN_SESSION_COOKIE, STUDENT_SESSION_COOKIE } = await import("../../app/utils/session-cookie");
  return cookieHeader(await signedCookie(identity === "student" ? STUDENT_SESSION_COOKIE : ADMIN_SESSION_COOKIE, sid));
}

/** Each request from its own address, so the per-address throttles (sign-in, chat) do not decide the answers. */
function nextAddress(): string {
  const n = ++requestCount;
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
}

async function send(endpoint: Endpoint, fuzz: FuzzCase) {
  const url = new URL(endpoint.url(ids), site.url);
  for (const [key, value] of Object.entries(fuzz.query)) url.searchParams.append(key, value);
  const headers: Record<string, string> = {
    Accept: endpoint.kind === "page" ? "text/html" : "application/json",
    "X-Forwarded-For": nextAddress(),
  };
  if (fuzz.identity !== "anonymous") headers.Cookie = endpoint.endsSession ? await freshCookie(fuzz.identity) : cookies[fuzz.identity];
  if (fuzz.identity === "student" && endpoint.ownStudent) headers.Cookie = ownStudentCookie;
  if (endpoint.file === "api+/stripe.webhook.ts") headers["Stripe-Signature"] = `t=${Math.floor(Date.now() / 1000)},v1=${"0".repeat(64)}`;
  const { contentType, body } = encodeBody(fuzz, endpoint);
  if (contentType) headers["Content-Type"] = contentType;
  const method = endpoint.method;
  let bytes = Buffer.alloc(0);
  if (method !== "GET" && body !== undefined) {
    // The body as the bytes that go out (a FormData gets its boundary here).
    const encoded = new Request(url, { method, headers, body });
    bytes = Buffer.from(await encoded.arrayBuffer());
    const encodedType = encoded.headers.get("Content-Type");
    if (encodedType) headers["Content-Type"] = encodedType;
  }
  if (bytes.length <= MAX_BODY_BYTES) return plainRequest(url, method, headers, bytes);
  oversizedByFuzz++;
  return rawRequest(url, method, headers, bytes);
}

function describeCase(fuzz: FuzzCase): string {
  return JSON.stringify({ ...fuzz, topLevel: undefined, malformed: undefined }).slice(0, 300);
}

/** Sends one case and says what is wrong with the answer ([] when all is well). */
async function fuzzOnce(endpoint: Endpoint, fuzz: FuzzCase): Promise<string[]> {
  const answer = await send(endpoint, fuzz);
  const changed = watcher.changedTables();
  const tally = valuesPerEndpoint.get(label(endpoint)) ?? { runs: 0, statuses: new Map<number, number>() };
  tally.runs++;
  tally.statuses.set(answer.status, (tally.statuses.get(answer.status) ?? 0) + 1);
  valuesPerEndpoint.set(label(endpoint), tally);
  statusHistogram.set(answer.status, (statusHistogram.get(answer.status) ?? 0) + 1);

  const problems: string[] = [];
  if (answer.status < 100) problems.push("no answer");
  if (answer.status >= 500) problems.push(`status ${answer.status}: ${answer.text.slice(0, 200)}`);
  if (answer.status >= 400 && answer.status < 500) {
    if (refusalMessage(answer.contentType, answer.text) === null)
      problems.push(`${answer.status} without a clear message (${answer.contentType}): ${answer.text.slice(0, 200)}`);
    if (changed.length > 0) {
      // An accepted request's last writes (an export's file row) can land just after its
      // answer: once the database has been quiet for three looks 100 ms apart, send the
      // refused request again and judge that.
      let quietLooks = 0;
      await vi.waitFor(
        () => {
          quietLooks = watcher.changedTables().length > 0 ? 0 : quietLooks + 1;
          if (quietLooks < 3) throw new Error("The database is still being written");
        },
        { timeout: 30_000, interval: 100 },
      );
      const again = await send(endpoint, fuzz);
      const changedAgain = watcher.changedTables();
      if (again.status >= 400 && again.status < 500 && changedAgain.length > 0) {
        refusedWithWrite++;
        problems.push(`${answer.status} refusal wrote to ${changedAgain.join(", ")} (twice)`);
      } else settledLate++;
    }
  }
  for (const problem of problems)
    violations.push({
      endpoint: label(endpoint),
      status: answer.status,
      problem,
      sample: `${fuzz.encoding} as ${fuzz.identity}: ${describeCase(fuzz)}`,
    });
  return problems;
}

describe("hostile input", () => {
  test("the catalogue names every route that takes writes and every /api endpoint, at its real address", () => {
    const catalogued = new Set(ENDPOINTS.map((endpoint) => endpoint.file));
    expect(routesToFuzz().filter((file) => !catalogued.has(file))).toEqual([]);
    expect([...catalogued].filter((file) => !routesToFuzz().includes(file))).toEqual([]);
    const sampleIds: SiteIds = {
      courseId: 1,
      eventId: "1",
      postId: 1,
      testimonialId: 1,
      mentorId: 1,
      couponId: 1,
      messageId: 1,
      enrollmentFormId: 1,
      sectionId: 1,
      lessonId: 1,
      batchId: 1,
      batchSessionId: 1,
      exerciseId: 1,
      tradeId: 1,
      accountId: "1",
      outboxMessageId: 1,
    };
    const misaddressed = ENDPOINTS.filter((endpoint) => !matchesPattern(endpoint.url(sampleIds), urlPatternOf(endpoint.file))).map(label);
    expect(misaddressed).toEqual([]);
  });

  test(`at least ${MIN_VALUES} generated values: no answer ≥ 500, every refusal says why and writes nothing`, async () => {
    const failures: string[] = [];
    // Deletions last: an accepted one removes the row that the edit forms are fuzzed against.
    const ordered = [...ENDPOINTS.filter((endpoint) => !endpoint.destructive), ...ENDPOINTS.filter((endpoint) => endpoint.destructive)];
    for (const endpoint of ordered) {
      const index = ENDPOINTS.indexOf(endpoint);
      try {
        await fc.assert(
          fc.asyncProperty(fuzzCase(endpoint, ids), async (fuzz) => {
            try {
              return (await fuzzOnce(endpoint, fuzz)).length === 0;
            } catch (error) {
              const cause = error instanceof Error && error.cause ? ` (${String(error.cause)})` : "";
              violations.push({
                endpoint: label(endpoint),
                status: 0,
                problem: `no answer: ${String(error)}${cause}`,
                sample: `${fuzz.encoding} as ${fuzz.identity}: ${describeCase(fuzz)}`,
              });
              return false;
            }
          }),
          // No shrinking: every shrink step is another real request, and the violation list already holds the case.
          { seed: SEED + index, numRuns: RUNS_PER_ENDPOINT, endOnFailure: true },
        );
      } catch (error) {
        failures.push(`${label(endpoint)}: ${String(error).split("\n")[0]}`);
      }
    }
    const byEndpoint = new Map<string, Violation>();
    for (const violation of violations) if (!byEndpoint.has(violation.endpoint)) byEndpoint.set(violation.endpoint, violation);
    expect([...byEndpoint.values()]).toEqual([]);
    expect(failures).toEqual([]);
    const total = [...valuesPerEndpoint.values()].reduce((sum, tally) => sum + tally.runs, 0);
    expect(total).toBeGreaterThanOrEqual(MIN_VALUES);
    expect(refusedWithWrite).toBe(0);
    // Over 10,000 real requests, one after another: 2 to 3 minutes on a 2-core machine shared with other work.
    // A time limit, not an assertion.
  }, 360_000);

  const oversized: OversizedAnswer[] = [];
  test("bodies over the size limit are refused with 413 (411 without a length) and a message, and store nothing", async () => {
    for (const oversizedCase of OVERSIZED_CASES) {
      const cookie = oversizedCase.identity === "anonymous" ? undefined : cookies[oversizedCase.identity];
      const answer = await sendOversized(site.url, oversizedCase, cookie);
      const changed = watcher.changedTables();
      oversized.push(answer);
      expect.soft(answer.status, oversizedCase.name).toBe(oversizedCase.expectedStatus);
      expect.soft(answer.message, oversizedCase.name).toBeTruthy();
      expect.soft(changed, oversizedCase.name).toEqual([]);
    }
    expect(oversized).toHaveLength(OVERSIZED_CASES.length);
  });

  afterAll(() => {
    const total = [...valuesPerEndpoint.values()].reduce((sum, tally) => sum + tally.runs, 0);
    const fiveHundreds = [...statusHistogram].filter(([status]) => status >= 500).reduce((sum, [, n]) => sum + n, 0);
    const passed =
      violations.length === 0 &&
      total >= MIN_VALUES &&
      oversized.length === OVERSIZED_CASES.length &&
      oversized.every((o, i) => o.status === OVERSIZED_CASES[i]?.expectedStatus && o.message);
    if (!passed) return;
    const statuses = (map: Map<number, number>) =>
      [...map]
        .sort(([a], [b]) => a - b)
        .map(([status, n]) => `${status}×${n}`)
        .join(", ");
    writeReliabilitySection(
      "fuzz",
      `## Hostile input (fuzzer)

\`tests/reliability/fuzz.test.ts\` (fast-check, seed ${SEED}; endpoint *i* of the catalogue runs with seed ${SEED} + *i*) sent
**${total} generated values** to ${ENDPOINTS.length} endpoints (${RUNS_PER_ENDPOINT} each; every form action and every /api
endpoint, checked against app/routes at test time), as anonymous, a signed-in student and an admin, in urlencoded, multipart,
JSON, malformed JSON, text, XML and broken encodings: **${fiveHundreds} answers ≥ 500**, every 4xx with a message
(JSON \`message\`, or an error text on the page), **${refusedWithWrite} refusals that wrote a row**
(${settledLate} refusals first looked like writes; resent once the database was quiet they stored nothing: the write was the request before's).
${oversizedByFuzz} generated bodies came out over 1 MB and were refused with 413 like the planned ones below.

Status histogram: ${statuses(statusHistogram)}.

${markdownTable(
  ["Endpoint", "Values", "Statuses"],
  [...valuesPerEndpoint].map(([endpoint, tally]) => [`\`${endpoint}\``, tally.runs, statuses(tally.statuses)]),
)}

Oversized bodies (limits by route, decision 0014: 128 KB for public forms, 1 MB for the editors and the webhook, 16 MB for course uploads):

${markdownTable(
  ["Request", "Size", "Status", "Message"],
  oversized.map((answer) => [answer.name, answer.size, answer.status, answer.message ?? ""]),
)}`,
    );
  });
});
