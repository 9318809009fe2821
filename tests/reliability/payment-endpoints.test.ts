import fc from "fast-check";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { CHECKOUT_MESSAGES } from "~/content/messages/checkout";
import { markdownTable } from "../../scripts/reliability-report";
import type { FakeStripe } from "../fixtures/fake-stripe";
import { createStudent, studentCookie } from "../support/accounts";
import { contentFingerprint } from "../support/database";
import { postHeld } from "./support/held-request";
import { get, postForm, postJson, visibleText } from "./support/http";
import { reportWhenAllPass } from "./support/report-on-pass";
import { firstPaidCourse, makeEnrollmentForm } from "../support/rows";
import { startFakeStripeForSite } from "../support/fake-stripe-site";
import { BASE_PORT, RELIABILITY_SECRETS, startSite, type Site } from "./support/production-server";

// Payments switched off: every payment door says so with 503 and a message a
// person can act on. Payments on: whatever arrives at the webhook, signed or
// not, well formed or not, is refused with 400 (or 413 when too big) or
// acknowledged with 200 and changes no order; never a 5xx.

const OFF_PORT = BASE_PORT + 124;
const ON_PORT = BASE_PORT + 125;
const STRIPE_PORT = BASE_PORT + 126;
const WEBHOOK_SECRET: string = RELIABILITY_SECRETS.STRIPE_WEBHOOK_SECRET;
/** fast-check's seed: the same payloads every run. */
const SEED = 25_013;
const RUNS = 100;

const offFigures: (string | number)[][] = [];
const webhookFigures: (string | number)[][] = [];
const fuzzStatuses = new Map<number, number>();

/** Measured on the code before this change (same requests). */
const BEFORE_OFF: Record<string, string> = {
  "GET /checkout (payment step, paid course)": "200 (the same page)",
  "POST /checkout pay (hosted checkout)": "503",
  "POST /checkout confirm-card": "502 'Enrollment Failed'",
  "POST /api/create-payment-intent": "503",
  "POST /api/enroll-course with a paymentIntentId": "502 'There was an error processing your enrollment'",
  "GET /checkout/complete?payment_intent=": "502 'Enrollment Failed'",
  "GET /checkout/complete?session_id=": "404 'Enrollment Failed'",
  "POST /api/stripe/webhook": "503",
};
/** Where the old code answered otherwise; every other row answered as now. */
const RETRY_FOREVER = "503 'please retry' (Stripe retries for three days)";
const BEFORE_WEBHOOK: Record<string, string> = {
  "signed: an event without its time": "200",
  "metadata naming a student who does not exist": RETRY_FOREVER,
  "metadata naming a course that does not exist": RETRY_FOREVER,
  "metadata naming a course id beyond any integer": RETRY_FOREVER,
  "metadata naming a coupon and form that do not exist": RETRY_FOREVER,
};

reportWhenAllPass("payment-endpoints", () =>
  [
    "## Payment endpoints: payments off, and hostile webhooks (`tests/reliability/payment-endpoints.test.ts`)",
    "### A site without Stripe keys\n\nA signed-in student with a saved enrollment form, a paid course.",
    markdownTable(["Request", "Before", "Now", "Message shown"], offFigures),
    "### Hostile input to `POST /api/stripe/webhook` (Stripe keys set)\n\nNamed cases, then generated ones. Signed means a valid `Stripe-Signature` made with the site's webhook secret. The enrollments table is compared before and after each.",
    markdownTable(["Request", "Before", "Now", "Orders changed"], webhookFigures),
    `Generated (fast-check, seed ${SEED}, ${RUNS} runs each of: any JSON value signed, any text signed, events of known and unknown types with arbitrary objects signed, random signatures over a real event): ${[
      ...fuzzStatuses,
    ]
      .sort(([a], [b]) => a - b)
      .map(([status, count]) => `${count} × ${status}`)
      .join(", ")}; no 5xx, no order changed.`,
  ].join("\n\n"),
);

// ---- payments off ---------------------------------------------------------------

describe("a site without Stripe keys", () => {
  let site: Site;
  let cookie = "";
  let courseId = 0;
  let formId = 0;

  beforeAll(async () => {
    site = await startSite({ name: "payments-off", port: OFF_PORT });
    const student = await createStudent({}, site.database);
    cookie = await studentCookie(site.database, student);
    courseId = firstPaidCourse(site.database);
    formId = makeEnrollmentForm(student.id, courseId, site.database);
  }, 300_000);
  afterAll(async () => site?.stop());

  const pagePath = () => `${site.url}/checkout?index&courseId=${courseId}&form=${formId}`;

  async function expect503(label: string, send: () => Promise<Response>, message: string, alsoShown: string[] = []) {
    const response = await send();
    const text = await visibleText(response);
    offFigures.push([label, BEFORE_OFF[label] ?? "", String(response.status), `"${message}"`]);
    expect(response.status, label).toBe(503);
    expect(text, label).toContain(message);
    for (const extra of alsoShown) expect(text, label).toContain(extra);
  }

  test("every payment door answers 503 and says payments are not set up; the page still offers WhatsApp", async () => {
    const before = contentFingerprint(site.database);
    await expect503(
      "GET /checkout (payment step, paid course)",
      () => get(`${site.url}/checkout?courseId=${courseId}&form=${formId}`, cookie),
      CHECKOUT_MESSAGES.paymentsOffTitle,
      [CHECKOUT_MESSAGES.paymentsOffText, "Chat on WhatsApp", "Order Summary"],
    );
    await expect503(
      "POST /checkout pay (hosted checkout)",
      () => postForm(pagePath(), { intent: "pay", terms: "on" }, cookie),
      CHECKOUT_MESSAGES.paymentsOffText,
    );
    await expect503(
      "POST /checkout confirm-card",
      () => postForm(pagePath(), { intent: "confirm-card", paymentIntentId: "pi_3PaidElsewhere" }, cookie),
      CHECKOUT_MESSAGES.paymentsOffText,
    );
    await expect503(
      "POST /api/create-payment-intent",
      () => postJson(`${site.url}/api/create-payment-intent`, { courseId }, cookie),
      CHECKOUT_MESSAGES.paymentsOffText,
    );
    await expect503(
      "POST /api/enroll-course with a paymentIntentId",
      () => postJson(`${site.url}/api/enroll-course`, { courseId, paymentIntentId: "pi_3PaidElsewhere" }, cookie),
      CHECKOUT_MESSAGES.paymentsOffText,
    );
    await expect503(
      "GET /checkout/complete?payment_intent=",
      () => get(`${site.url}/checkout/complete?payment_intent=pi_3PaidElsewhere`, cookie),
      CHECKOUT_MESSAGES.paymentsOffText,
    );
    await expect503(
      "GET /checkout/complete?session_id=",
      () => get(`${site.url}/checkout/complete?session_id=cs_test_elsewhere`, cookie),
      CHECKOUT_MESSAGES.paymentsOffText,
    );
    await expect503(
      "POST /api/stripe/webhook",
      () => fetch(`${site.url}/api/stripe/webhook`, { method: "POST", headers: { "Stripe-Signature": "t=1,v1=00" }, body: "{}" }),
      "Payments are not configured.",
    );
    expect(contentFingerprint(site.database)).toEqual(before);
  });
});

// ---- hostile webhooks -----------------------------------------------------------

describe("hostile input to the Stripe webhook", () => {
  let site: Site;
  let fake: FakeStripe;
  let stripe: Stripe;
  let ids = { userId: "", courseId: 0 };

  beforeAll(async () => {
    let siteEnv: Record<string, string>;
    ({ fake, stripe, siteEnv } = await startFakeStripeForSite({ port: STRIPE_PORT }));
    site = await startSite({ name: "payment-webhooks", port: ON_PORT, env: siteEnv });
    const student = await createStudent({}, site.database);
    ids = { userId: student.id, courseId: firstPaidCourse(site.database) };
  }, 300_000);
  afterAll(async () => {
    await site?.stop();
    await fake?.close();
  });

  const sign = (payload: string, secret = WEBHOOK_SECRET, timestamp?: number) =>
    stripe.webhooks.generateTestHeaderString({ payload, secret, ...(timestamp ? { timestamp } : {}) });

  function post(body: string, signature: string | null) {
    return fetch(`${site.url}/api/stripe/webhook`, {
      method: "POST",
      headers: { "Content-Type": "application/json", ...(signature === null ? {} : { "Stripe-Signature": signature }) },
      body,
    });
  }

  const orders = () => contentFingerprint(site.database, []).orders;

  let serial = 0;
  /** A Stripe event as Stripe sends it. */
  function event(type: string, object: Record<string, unknown>) {
    serial += 1;
    return JSON.stringify({
      id: `evt_hostile_${serial}`,
      object: "event",
      type,
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      data: { object },
    });
  }
  const paidIntent = (metadata: Record<string, string>) => ({
    id: `pi_hostile_${serial + 1}`,
    object: "payment_intent",
    status: "succeeded",
    amount: 499_900,
    currency: "inr",
    metadata: { couponId: "", enrollmentFormId: "", flow: "card", ...metadata },
  });

  async function expectAnswer(label: string, body: string, signature: string | null, allowed: number[]) {
    const before = orders();
    const response = await post(body, signature);
    const text = await response.text();
    const changed = orders() !== before;
    webhookFigures.push([
      label,
      BEFORE_WEBHOOK[label] ?? "the same",
      `${response.status} ${text.length > 70 ? `${text.slice(0, 70)}…` : text}`.replaceAll("|", "/"),
      changed ? "yes" : "no",
    ]);
    expect(allowed, `${label}: ${response.status} ${text}`).toContain(response.status);
    expect(changed, label).toBe(false);
  }

  test("named hostile requests: bad signatures and payloads are refused with 400, events about nothing real are acknowledged and change nothing", async () => {
    const real = event("payment_intent.succeeded", paidIntent({ userId: ids.userId, courseId: String(ids.courseId) }));
    const stale = Math.floor(Date.now() / 1000) - 3600;
    await expectAnswer("no Stripe-Signature header", real, null, [400]);
    await expectAnswer("an empty signature", real, "", [400]);
    await expectAnswer("a forged signature", real, `t=${Math.floor(Date.now() / 1000)},v1=${"0".repeat(64)}`, [400]);
    await expectAnswer("signed with another secret", real, sign(real, "whsec_someone_else"), [400]);
    await expectAnswer("signed an hour ago (a replay)", real, sign(real, WEBHOOK_SECRET, stale), [400]);
    await expectAnswer("a body changed after signing", real.replace("499900", "100"), sign(real), [400]);
    await expectAnswer("a 400-character signature header of junk", real, "v1=".padEnd(400, "z"), [400]);
    for (const [label, body] of [
      ["signed: not JSON", "this is not json {"],
      ["signed: an empty body", ""],
      ["signed: JSON null", "null"],
      ["signed: a JSON array", "[1,2,3]"],
      ["signed: a JSON number", "42"],
      ["signed: an event without data", JSON.stringify({ id: "evt_no_data", type: "payment_intent.succeeded", created: 1 })],
      ["signed: an event without its time", JSON.stringify({ id: "evt_no_time", type: "charge.refunded", data: { object: {} } })],
      ["signed: payment_intent.succeeded whose object is not a payment", event("payment_intent.succeeded", { id: 7, amount: "lots" })],
      ["signed: 100,000 nested arrays", `${"[".repeat(100_000)}${"]".repeat(100_000)}`],
    ] as const) {
      await expectAnswer(label, body, sign(body), [400]);
    }
    const big = event("customer.updated", { id: "cus_big", note: "x".repeat(900_000) });
    await expectAnswer("signed: a 900 KB event of a type the site does not handle", big, sign(big), [200]);
    // Refused on its headers: the server answers and closes while the client is still sending,
    // so it goes over a raw socket that reads the answer as it arrives.
    const huge = event("customer.updated", { id: "cus_huge", note: "x".repeat(2_000_000) });
    const ordersBefore = orders();
    const refused = await postHeld(
      site.url,
      "/api/stripe/webhook",
      { "Content-Type": "application/json", "Stripe-Signature": sign(huge) },
      Buffer.from(huge),
    );
    webhookFigures.push([
      "signed: a 2 MB event",
      BEFORE_WEBHOOK["signed: a 2 MB event"] ?? "the same",
      `${refused.status} ${refused.text.slice(0, 70)}`.replaceAll("|", "/"),
      orders() !== ordersBefore ? "yes" : "no",
    ]);
    expect(refused.status, refused.text).toBe(413);
    expect(orders()).toBe(ordersBefore);
    for (const type of ["customer.created", "invoice.paid", "payment_intent.created", "charge.succeeded"]) {
      const body = event(type, { id: "obj_unknown" });
      await expectAnswer(`signed: ${type} (not handled)`, body, sign(body), [200]);
    }
    for (const [label, metadata] of [
      ["metadata naming a student who does not exist", { userId: "no-such-student", courseId: String(ids.courseId) }],
      ["metadata naming a course that does not exist", { userId: ids.userId, courseId: "987654" }],
      ["metadata naming a course id beyond any integer", { userId: ids.userId, courseId: "99999999999999999999999" }],
      [
        "metadata naming a coupon and form that do not exist",
        { userId: ids.userId, courseId: String(ids.courseId), couponId: "424242", enrollmentFormId: "434343" },
      ],
    ] as const) {
      const body = event("payment_intent.succeeded", paidIntent(metadata));
      await expectAnswer(label, body, sign(body), [200]);
    }
    for (const type of ["checkout.session.completed", "checkout.session.expired"]) {
      const body = event(type, {
        id: "cs_test_nobody",
        object: "checkout.session",
        payment_status: "paid",
        amount_total: 1,
        currency: "inr",
        metadata: {},
      });
      await expectAnswer(`signed: ${type} for a session the site never made`, body, sign(body), [200]);
    }
    const once = event("payment_intent.payment_failed", {
      ...paidIntent({ userId: ids.userId, courseId: String(ids.courseId) }),
      status: "requires_payment_method",
    });
    await expectAnswer("signed: an event for a payment the site never made", once, sign(once), [200]);
    await expectAnswer("the same event delivered again", once, sign(once), [200]);
  });

  test(`generated payloads (${RUNS} runs of each kind): never a 5xx, never an order changed`, async () => {
    const before = orders();
    const problems: string[] = [];
    const send = async (body: string, signature: string | null) => {
      const response = await post(body, signature);
      const text = await response.text();
      fuzzStatuses.set(response.status, (fuzzStatuses.get(response.status) ?? 0) + 1);
      if (response.status >= 500 || ![200, 400].includes(response.status))
        problems.push(`${response.status} ${text.slice(0, 120)} for ${body.slice(0, 120)}`);
    };
    const types = fc.constantFrom(
      "payment_intent.succeeded",
      "payment_intent.payment_failed",
      "checkout.session.completed",
      "checkout.session.expired",
      "checkout.session.async_payment_failed",
      "charge.refunded",
      "charge.dispute.created",
      "charge.dispute.closed",
      "charge.dispute.funds_withdrawn",
      "something.else",
    );
    const realEvent = event("payment_intent.succeeded", paidIntent({ userId: ids.userId, courseId: String(ids.courseId) }));
    const kinds: [string, fc.Arbitrary<[string, string | null]>][] = [
      [
        "any JSON value, signed",
        fc
          .jsonValue()
          .map((value) => JSON.stringify(value) ?? "null")
          .map((body) => [body, sign(body)]),
      ],
      ["any text, signed", fc.string({ maxLength: 300 }).map((body) => [body, sign(body)])],
      [
        "an event of a known or unknown type with an arbitrary object, signed",
        fc
          .tuple(
            types,
            fc.dictionary(
              fc.constantFrom(
                "id",
                "object",
                "status",
                "amount",
                "amount_refunded",
                "currency",
                "metadata",
                "payment_intent",
                "charge",
                "payment_status",
                "expires_at",
              ),
              fc.jsonValue(),
            ),
          )
          .map(([type, object]) => event(type, object))
          .map((body) => [body, sign(body)]),
      ],
      ["a real event under a random signature", fc.string({ maxLength: 200 }).map((signature) => [realEvent, signature])],
    ];
    for (const [index, [, arbitrary]] of kinds.entries()) {
      await fc.assert(
        fc.asyncProperty(arbitrary, async ([body, signature]) => {
          await send(body, signature);
        }),
        { seed: SEED + index, numRuns: RUNS },
      );
    }
    expect(problems).toEqual([]);
    expect(orders()).toBe(before);
  });
});
