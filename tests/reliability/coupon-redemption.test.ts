import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { CHECKOUT_MESSAGES, couponRefusalText } from "~/content/messages/checkout";
import { markdownTable } from "../../scripts/reliability-report";
import type { FakeStripe } from "../fixtures/fake-stripe";
import { createStudent, studentCookie } from "../support/accounts";
import { withDatabase } from "../support/database";
import { postJson } from "./support/http";
import { reportWhenAllPass } from "./support/report-on-pass";
import { makeEnrollmentForm } from "../support/rows";
import { raceSlowPosts, startSlowPost, type SlowAnswer } from "./support/slow-post";
import { BASE_PORT, startSite, type Site } from "./support/production-server";
import { startFakeStripeForSite, webhooksAnswered } from "../support/fake-stripe-site";

// A one-use coupon against many students at once: every checkout door prices
// the order first and reads the body afterwards, so slow posts all pass the
// price check before any of them pays. The coupon must still be used once.

const SITE_PORT = BASE_PORT + 120;
const STRIPE_PORT = BASE_PORT + 121;
const STUDENTS = 20;
const WEBHOOK_URL = `http://localhost:${SITE_PORT}/api/stripe/webhook`;

let site: Site;
let fake: FakeStripe;
let stripe: Stripe;
const raceFigures: (string | number)[][] = [];
const lateFigures: (string | number)[][] = [];

/** Measured on the code before redemptions were taken atomically (same requests, same machine). */
const BEFORE = {
  freePage: "20 enrolled, redemption count 20",
  freeApi: "1 enrolled, 19 refused (the API priced and enrolled without an await between)",
  cardApi: "20 payments started, 20 enrolled, redemption count 20",
  hostedPage: "20 payments started, 20 enrolled, redemption count 20",
  lapsedTaken: "both enrolled, redemption count 2 of 1",
};

reportWhenAllPass("coupon-redemption", () =>
  [
    "## One-use coupons under concurrent slow posts (`tests/reliability/coupon-redemption.test.ts`)",
    `${STUDENTS} students, each signed in with an enrollment form saved, post the same checkout with the same one-use coupon at once. Each post sends its headers and all but the last 3 bytes of its body; once every post is open, the last bytes go a byte at a time. The page form prices the order from the URL before it reads the body, so all ${STUDENTS} are priced before any completes. Paid orders are then paid on the fake Stripe and reported by the browser and the signed webhook.`,
    markdownTable(
      ["Door", "Posts", "Before", "Now: enrolled or payment started", "Now: refused with the coupon message", "Now: redemptions counted"],
      raceFigures,
    ),
    "### A payment that arrives after its coupon changed (decision 0012)",
    markdownTable(["Case", "Before", "Now"], lateFigures),
  ].join("\n\n"),
);

beforeAll(async () => {
  let siteEnv: Record<string, string>;
  ({ fake, stripe, siteEnv } = await startFakeStripeForSite({ port: STRIPE_PORT, webhookUrl: WEBHOOK_URL }));
  // Each student posts from an address of their own, as students on their own phones would:
  // the coupon-guess limit per address then sees one refusal each, not the whole race's.
  site = await startSite({ name: "coupon-redemption", port: SITE_PORT, env: { ...siteEnv, TRUST_PROXY: "loopback" } });
}, 300_000);

afterAll(async () => {
  await site?.stop();
  await fake?.close();
});

// ---- rows ---------------------------------------------------------------------

let serial = 0;

function insertCourse(pricePaise: number): number {
  serial += 1;
  return withDatabase(
    (db) =>
      Number(
        db
          .prepare(
            "INSERT INTO courses (title, short_description, description, duration, price_paise, is_active) VALUES (?, 's', 'd', '4 weeks', ?, 1)",
          )
          .run(`Coupon race ${serial}`, pricePaise).lastInsertRowid,
      ),
    site.database,
  );
}

function insertOneUseCoupon(percentOff: number): { id: number; code: string } {
  serial += 1;
  const code = `ONEUSE${serial}X${Date.now().toString(36).toUpperCase()}`;
  const id = withDatabase(
    (db) =>
      Number(db.prepare("INSERT INTO coupons (code, percent_off, max_redemptions) VALUES (?, ?, 1)").run(code, percentOff).lastInsertRowid),
    site.database,
  );
  return { id, code };
}

type Buyer = {
  id: string;
  cookie: string;
  formId: number;
  /** The student's own network address (X-Forwarded-For). */
  address: string;
};

async function buyers(count: number, courseId: number): Promise<Buyer[]> {
  return Promise.all(
    Array.from({ length: count }, async () => {
      const student = await createStudent({}, site.database);
      const cookie = await studentCookie(site.database, student);
      serial += 1;
      const address = `10.20.${(serial >> 8) & 255}.${serial & 255}`;
      return { id: student.id, cookie, address, formId: makeEnrollmentForm(student.id, courseId, site.database) };
    }),
  );
}

const redemptionCount = (couponId: number) =>
  withDatabase(
    (db) => (db.prepare("SELECT redemption_count AS n FROM coupons WHERE id = ?").get(couponId) as { n: number }).n,
    site.database,
  );

const enrolledWithCoupon = (couponId: number) =>
  withDatabase(
    (db) =>
      (
        db.prepare("SELECT count(*) AS n FROM orders WHERE coupon_id = ? AND payment_status = 'completed'").get(couponId) as {
          n: number;
        }
      ).n,
    site.database,
  );

const orderStatus = (paymentIntentId: string) =>
  withDatabase(
    (db) =>
      (
        db.prepare("SELECT payment_status AS status FROM orders WHERE provider_payment_id = ?").get(paymentIntentId) as
          { status: string } | undefined
      )?.status,
    site.database,
  );

// ---- doors --------------------------------------------------------------------

const pagePath = (courseId: number, buyer: Buyer, coupon: string) =>
  `${site.url}/checkout?index&courseId=${courseId}&form=${buyer.formId}&coupon=${encodeURIComponent(coupon)}`;

function slowPagePay(courseId: number, buyer: Buyer, coupon: string) {
  return startSlowPost(pagePath(courseId, buyer, coupon), {
    body: new URLSearchParams({ intent: "pay", terms: "on" }).toString(),
    contentType: "application/x-www-form-urlencoded",
    accept: "text/html",
    cookie: buyer.cookie,
    clientAddress: buyer.address,
  });
}

function slowApiPost(path: string, body: unknown, buyer: Buyer) {
  return startSlowPost(`${site.url}${path}`, {
    body: JSON.stringify(body),
    contentType: "application/json",
    accept: "application/json",
    cookie: buyer.cookie,
    clientAddress: buyer.address,
  });
}

const couponRefused = (answer: SlowAnswer) => answer.status === 400 && answer.text.includes(CHECKOUT_MESSAGES.couponInvalidText);

/** Pays a PaymentIntent on the fake Stripe and reports it as the browser does. */
async function payAndReport(buyer: Buyer, courseId: number, paymentIntentId: string) {
  await stripe.paymentIntents.confirm(paymentIntentId, { payment_method: "pm_card_visa" });
  return postJson(`${site.url}/api/enroll-course`, { courseId, paymentIntentId }, buyer.cookie);
}

/** Every webhook the fake Stripe has sent so far has had its answer, and each was a 2xx. */
async function webhooksDelivered() {
  expect((await webhooksAnswered(fake)).filter((status) => status >= 300)).toEqual([]);
}

function record(door: string, before: string, started: number, refused: number, counted: number) {
  raceFigures.push([door, STUDENTS, before, started, refused, counted]);
}

// ---- the races ----------------------------------------------------------------

describe(`${STUDENTS} concurrent slow posts with a one-use coupon`, () => {
  test("free order on the checkout page (100% coupon): one student is enrolled, the others are told the coupon is invalid", async () => {
    const courseId = insertCourse(499_900);
    const coupon = insertOneUseCoupon(100);
    const students = await buyers(STUDENTS, courseId);

    const answers = await raceSlowPosts(
      students.map((buyer) => slowPagePay(courseId, buyer, coupon.code)),
      site.url,
    );

    const enrolled = answers.filter((answer) => answer.status === 302 && answer.location === "/");
    const refused = answers.filter(couponRefused);
    const counted = redemptionCount(coupon.id);
    record("Checkout page, free order", BEFORE.freePage, enrolled.length, refused.length, counted);
    expect(answers.filter((answer) => !enrolled.includes(answer) && !refused.includes(answer)).map((answer) => answer.status)).toEqual([]);
    expect(enrolled).toHaveLength(1);
    expect(enrolledWithCoupon(coupon.id)).toBe(1);
    expect(counted).toBe(1);
  });

  test("free order through POST /api/enroll-course: one 201, the others 400 with the coupon message", async () => {
    const courseId = insertCourse(499_900);
    const coupon = insertOneUseCoupon(100);
    const students = await buyers(STUDENTS, courseId);

    const answers = await raceSlowPosts(
      students.map((buyer) =>
        slowApiPost("/api/enroll-course", { courseId, couponCode: coupon.code, enrollmentFormId: buyer.formId }, buyer),
      ),
      site.url,
    );

    const enrolled = answers.filter((answer) => answer.status === 201);
    const refused = answers.filter(couponRefused);
    const counted = redemptionCount(coupon.id);
    record("POST /api/enroll-course, free order", BEFORE.freeApi, enrolled.length, refused.length, counted);
    expect(enrolled.length + refused.length).toBe(STUDENTS);
    expect(enrolled).toHaveLength(1);
    expect(enrolledWithCoupon(coupon.id)).toBe(1);
    expect(counted).toBe(1);
  });

  test("paid order through POST /api/create-payment-intent (50% coupon): one payment starts, and paying every started one enrolls one", async () => {
    const courseId = insertCourse(499_900);
    const coupon = insertOneUseCoupon(50);
    const students = await buyers(STUDENTS, courseId);

    const answers = await raceSlowPosts(
      students.map((buyer) =>
        slowApiPost("/api/create-payment-intent", { courseId, couponCode: coupon.code, enrollmentFormId: buyer.formId }, buyer),
      ),
      site.url,
    );

    const started = answers.flatMap((answer, index) =>
      answer.status === 200
        ? [{ buyer: students[index]!, intent: JSON.parse(answer.text) as { paymentIntentId: string; amount: string } }]
        : [],
    );
    const refused = answers.filter(couponRefused);
    expect(started.length + refused.length).toBe(STUDENTS);
    for (const { intent } of started) expect(intent.amount).toBe("2499.50");
    for (const { buyer, intent } of started) await payAndReport(buyer, courseId, intent.paymentIntentId);
    await webhooksDelivered();

    const counted = redemptionCount(coupon.id);
    record("POST /api/create-payment-intent, then paid", BEFORE.cardApi, started.length, refused.length, counted);
    expect(started).toHaveLength(1);
    expect(enrolledWithCoupon(coupon.id)).toBe(1);
    expect(counted).toBe(1);
  });

  test("paid order on the checkout page (hosted Stripe Checkout): one is sent to Stripe, and paying it enrolls one", async () => {
    const courseId = insertCourse(499_900);
    const coupon = insertOneUseCoupon(50);
    const students = await buyers(STUDENTS, courseId);

    const answers = await raceSlowPosts(
      students.map((buyer) => slowPagePay(courseId, buyer, coupon.code)),
      site.url,
    );

    const started = answers.flatMap((answer, index) =>
      answer.status === 303 && answer.location?.startsWith(fake.url) ? [{ buyer: students[index]!, url: answer.location }] : [],
    );
    const refused = answers.filter(couponRefused);
    expect(started.length + refused.length).toBe(STUDENTS);
    for (const { buyer, url } of started) {
      const paid = await fetch(url, { method: "POST", body: new URLSearchParams({ outcome: "success" }), redirect: "manual" });
      const back = await fetch(paid.headers.get("location")!, { redirect: "manual", headers: { Cookie: buyer.cookie } });
      expect(back.status).toBe(302);
    }
    await webhooksDelivered();

    const counted = redemptionCount(coupon.id);
    record("Checkout page, hosted Stripe Checkout, then paid", BEFORE.hostedPage, started.length, refused.length, counted);
    expect(started).toHaveLength(1);
    expect(enrolledWithCoupon(coupon.id)).toBe(1);
    expect(counted).toBe(1);
  });
});

// ---- payments that arrive late --------------------------------------------------

async function startCard(buyer: Buyer, courseId: number, couponCode: string) {
  const response = await postJson(`${site.url}/api/create-payment-intent`, { courseId, couponCode }, buyer.cookie);
  expect(response.status).toBe(200);
  return ((await response.json()) as { paymentIntentId: string }).paymentIntentId;
}

/** What a clock 40 minutes on would see: the order's hold on the coupon has lapsed. */
const lapseHold = (paymentIntentId: string) =>
  withDatabase(
    (db) => db.prepare("UPDATE orders SET coupon_held_until = ? WHERE provider_payment_id = ?").run(Date.now() - 1000, paymentIntentId),
    site.database,
  );

/** Stripe's webhooks for this student wait, so the browser's report is the first word on each payment. */
async function holdWebhooks(buyer: Buyer) {
  const response = await postJson(`${fake.url}/__fake/rules`, { userId: buyer.id, deliverWebhooks: false });
  expect(response.status).toBe(200);
}

/** Stripe redelivers what it held back: the site must answer 2xx and change nothing. */
async function redeliverWebhooks(paymentIntentIds: string[]) {
  const held = fake.events.filter((event) => event.suppressed && paymentIntentIds.includes(event.objectId));
  expect(held.length).toBeGreaterThan(0);
  for (const event of held) {
    const answer = (await (await fetch(`${fake.url}/__fake/events/${event.id}/resend`, { method: "POST" })).json()) as { status: number };
    expect(answer.status).toBe(200);
  }
}

const messageOf = async (response: Response) => ((await response.json()) as { message: string }).message;

describe("one student's concurrent slow posts with a one-per-student coupon (decision 0029)", () => {
  const COURSES = 8;

  test("free orders of several courses on the checkout page: one is enrolled, the others are told the per-student limit", async () => {
    const courseIds = Array.from({ length: COURSES }, () => insertCourse(40_000));
    serial += 1;
    const code = `ONCEEACH${serial}X${Date.now().toString(36).toUpperCase()}`;
    const couponId = withDatabase(
      (db) =>
        Number(
          db.prepare("INSERT INTO coupons (code, kind, amount_off_paise, per_student_limit) VALUES (?, 'amount', 50000, 1)").run(code)
            .lastInsertRowid,
        ),
      site.database,
    );
    const [student] = await buyers(1, courseIds[0] ?? 0);
    if (!student) throw new Error("No student");
    const posts = courseIds.map((courseId) =>
      slowPagePay(courseId, { ...student, formId: makeEnrollmentForm(student.id, courseId, site.database) }, code),
    );

    const answers = await raceSlowPosts(posts, site.url);

    const limitText = couponRefusalText({ reason: "student-limit", perStudentLimit: 1 });
    const enrolled = answers.filter((answer) => answer.status === 302 && answer.location === "/");
    const refused = answers.filter((answer) => answer.status === 400 && answer.text.includes(limitText));
    const counted = redemptionCount(couponId);
    raceFigures.push([
      "Checkout page, one student, free orders of different courses",
      COURSES,
      "no per-student limit",
      enrolled.length,
      refused.length,
      counted,
    ]);
    expect(answers.filter((answer) => !enrolled.includes(answer) && !refused.includes(answer)).map((answer) => answer.status)).toEqual([]);
    expect(enrolled).toHaveLength(1);
    expect(enrolledWithCoupon(couponId)).toBe(1);
    expect(counted).toBe(1);
  });
});

describe("a payment that arrives after the coupon changed", () => {
  test("within its hold, a payment is honoured although the coupon was switched off meanwhile", async () => {
    const courseId = insertCourse(499_900);
    const coupon = insertOneUseCoupon(50);
    const [buyer] = await buyers(1, courseId);
    await holdWebhooks(buyer!);
    const intent = await startCard(buyer!, courseId, coupon.code);
    withDatabase((db) => db.prepare("UPDATE coupons SET is_active = 0 WHERE id = ?").run(coupon.id), site.database);

    const report = await payAndReport(buyer!, courseId, intent);
    await redeliverWebhooks([intent]);

    expect(report.status).toBe(201);
    expect(orderStatus(intent)).toBe("completed");
    expect(redemptionCount(coupon.id)).toBe(1);
    lateFigures.push([
      "Paid within its hold; the coupon was switched off meanwhile",
      "enrolled, counted 1",
      `enrolled (201), counted ${redemptionCount(coupon.id)}`,
    ]);
  });

  test("after its hold lapsed and another student took the last redemption, a payment is refunded in full", async () => {
    const courseId = insertCourse(499_900);
    const coupon = insertOneUseCoupon(50);
    const [late, other] = await buyers(2, courseId);
    await holdWebhooks(late!);
    await holdWebhooks(other!);
    const lateIntent = await startCard(late!, courseId, coupon.code);
    lapseHold(lateIntent);
    const otherIntent = await startCard(other!, courseId, coupon.code);

    const lateReport = await payAndReport(late!, courseId, lateIntent);
    const otherReport = await payAndReport(other!, courseId, otherIntent);
    await redeliverWebhooks([lateIntent, otherIntent]);

    expect(lateReport.status).toBe(409);
    expect(await messageOf(lateReport)).toBe(CHECKOUT_MESSAGES.couponLapsedRefunded);
    expect(orderStatus(lateIntent)).toBe("refunded");
    const refundAgain = await stripe.refunds.create({ payment_intent: lateIntent }).catch((error: unknown) => error);
    expect(refundAgain).toMatchObject({ code: "charge_already_refunded" });
    expect(otherReport.status).toBe(201);
    expect(orderStatus(otherIntent)).toBe("completed");
    expect(redemptionCount(coupon.id)).toBe(1);
    lateFigures.push([
      "Paid after its hold lapsed; another student holds the only redemption",
      BEFORE.lapsedTaken,
      `late payment refunded in full (409 "${CHECKOUT_MESSAGES.couponLapsedRefunded}"), the other enrolled, counted ${redemptionCount(coupon.id)} of 1`,
    ]);
  });

  test("after its hold lapsed, a payment is honoured while the coupon still has room", async () => {
    const courseId = insertCourse(499_900);
    const coupon = insertOneUseCoupon(50);
    const [buyer] = await buyers(1, courseId);
    await holdWebhooks(buyer!);
    const intent = await startCard(buyer!, courseId, coupon.code);
    lapseHold(intent);

    const report = await payAndReport(buyer!, courseId, intent);
    await redeliverWebhooks([intent]);

    expect(report.status).toBe(201);
    expect(orderStatus(intent)).toBe("completed");
    expect(redemptionCount(coupon.id)).toBe(1);
    lateFigures.push([
      "Paid after its hold lapsed; the coupon still has room",
      "enrolled, counted 1",
      `enrolled (201), counted ${redemptionCount(coupon.id)}`,
    ]);
  });
});
