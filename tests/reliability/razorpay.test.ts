import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { markdownTable } from "../../scripts/reliability-report";
import { startFakeRazorpay, type FakeRazorpay } from "../fixtures/fake-razorpay";
import {
  fakeRazorpayControl,
  razorpayEnv,
  razorpayWebhookHeaders,
  TEST_RAZORPAY_KEY_ID,
  TEST_RAZORPAY_KEY_SECRET,
  TEST_RAZORPAY_WEBHOOK_SECRET,
} from "../support/razorpay";
import { createStudent, studentCookie } from "../support/accounts";
import { contentFingerprint, countRows, withDatabase } from "../support/database";
import { reportWhenAllPass } from "./support/report-on-pass";
import { BASE_PORT, startSite, type Site } from "./support/production-server";

// Razorpay against the production server: the fake Razorpay (driven by the
// official SDK) signs its webhooks as Razorpay does and redelivers them. A
// forged event is refused; a redelivered one is acknowledged and applied once;
// when the webhook is lost altogether, the server's reconciliation asks
// Razorpay about the order 15 minutes on and completes it as the webhook would have.

const SITE_PORT = BASE_PORT + 220;
const RAZORPAY_PORT = BASE_PORT + 221;
const PRICE_PAISE = 349_900;
/** Reconciliation runs every second here (a minute by default), so a test waits seconds, not minutes. */
const RECONCILE_INTERVAL_MS = 1000;
const SETTLED = { timeout: 20_000, interval: 200 };

let site: Site;
let fake: FakeRazorpay;
const control = () => fakeRazorpayControl(fake.url);
const figures: (string | number)[][] = [];

reportWhenAllPass("razorpay", () =>
  [
    "## Razorpay's webhooks and reconciliation (`tests/reliability/razorpay.test.ts`)",
    "A student presses Pay on the checkout page of a server where Razorpay takes payments (the fake Razorpay, the official SDK). The fake pays the order and sends its signed events, or keeps them back (a lost webhook).",
    markdownTable(["Case", "Site's answer", "Order", "Receipt mails"], figures),
  ].join("\n\n"),
);

beforeAll(async () => {
  fake = await startFakeRazorpay({
    port: RAZORPAY_PORT,
    keyId: TEST_RAZORPAY_KEY_ID,
    keySecret: TEST_RAZORPAY_KEY_SECRET,
    webhookSecret: TEST_RAZORPAY_WEBHOOK_SECRET,
    webhookUrl: `http://localhost:${SITE_PORT}/api/razorpay/webhook`,
  });
  site = await startSite({
    name: "razorpay",
    port: SITE_PORT,
    env: { ...razorpayEnv(fake.url), RECONCILE_INTERVAL_MS: String(RECONCILE_INTERVAL_MS) },
  });
}, 300_000);

afterAll(async () => {
  await site?.stop();
  await fake?.close();
});

let serial = 0;

/** A student with a course of their own presses Pay: the site makes the Razorpay order. */
async function pendingOrder() {
  serial += 1;
  const student = await createStudent({}, site.database);
  const { courseId, formId } = withDatabase((db) => {
    const course = Number(
      db
        .prepare(
          "INSERT INTO courses (title, short_description, description, duration, price_paise, is_active) VALUES (?, 's', 'd', '4 weeks', ?, 1)",
        )
        .run(`Razorpay reliability course ${serial}`, PRICE_PAISE).lastInsertRowid,
    );
    const form = Number(
      db
        .prepare(
          `INSERT INTO enrollment_forms (user_id, name, whatsapp_number, state, city, experience_level, course_or_event_id, course_or_event_type, source_of_lead)
           VALUES (?, 'Asha Rao', '9876543210', 'Kerala', 'Kochi', 'Beginner', ?, 'course', 'Website')`,
        )
        .run(student.id, course).lastInsertRowid,
    );
    return { courseId: course, formId: form };
  }, site.database);
  const cookie = await studentCookie(site.database, student);
  const response = await fetch(`${site.url}/checkout?index&courseId=${courseId}&form=${formId}`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie, Origin: site.url, "Sec-Fetch-Site": "same-origin" },
    body: new URLSearchParams({ intent: "pay", terms: "on" }).toString(),
  });
  const html = await response.text();
  expect(response.status, html.slice(0, 300)).toBe(200);
  const orderId = /name="order_id" value="(order_\w+)"/.exec(html)?.[1];
  if (!orderId) throw new Error("The pay step shows no form to Razorpay's hosted checkout");
  return { student, orderId };
}

const orderStatus = (orderId: string) =>
  withDatabase(
    (db) =>
      (db.prepare("SELECT payment_status AS status FROM orders WHERE provider_order_id = ?").get(orderId) as { status: string } | undefined)
        ?.status,
    site.database,
  );
const mailsTo = (email: string) => countRows(site.database, "outbox_messages", "to_address = ?", email);

describe("Razorpay's webhook on the production server", () => {
  test("a forged event (wrong secret) is refused with 400 and changes nothing", async () => {
    const { orderId } = await pendingOrder();
    const before = contentFingerprint(site.database);
    const body = JSON.stringify({
      entity: "event",
      event: "order.paid",
      created_at: Math.floor(Date.now() / 1000),
      payload: {
        payment: {
          entity: { id: "pay_forged", order_id: orderId, status: "captured", amount: PRICE_PAISE, currency: "INR", created_at: 1 },
        },
        order: { entity: { id: orderId, amount: PRICE_PAISE, currency: "INR", status: "paid" } },
      },
    });
    const response = await fetch(`${site.url}/api/razorpay/webhook`, {
      method: "POST",
      headers: razorpayWebhookHeaders(body, "evt_forged", "a-secret-that-is-not-ours"),
      body,
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message: "Invalid signature" });
    expect(contentFingerprint(site.database)).toEqual(before);
    expect(orderStatus(orderId)).toBe("pending");
    figures.push(["order.paid signed with another secret", 400, "pending", 0]);
  });

  test("a redelivered event is acknowledged (200) and applied once", async () => {
    const { student, orderId } = await pendingOrder();
    await control().pay(orderId);
    await expect.poll(() => orderStatus(orderId), SETTLED).toBe("completed");
    await expect
      .poll(async () => (await control().events({ orderId })).every((event) => event.deliveredStatus === 200), SETTLED)
      .toBe(true);
    const before = contentFingerprint(site.database);
    for (const event of await control().events({ orderId })) expect(await control().resend(event.id)).toEqual({ status: 200, error: null });
    expect(contentFingerprint(site.database)).toEqual(before);
    expect(mailsTo(student.email)).toBe(1);
    figures.push(["payment.captured and order.paid, each sent twice", "200, 200", "completed", 1]);
  });

  test("a lost webhook: reconciliation completes the order after 15 minutes, once, and the late event then changes nothing", async () => {
    const { student, orderId } = await pendingOrder();
    await control().suppressWebhooks(student.id);
    await control().pay(orderId);
    const held = await control().events({ orderId });
    expect(held.map((event) => [event.type, event.suppressed, event.deliveries])).toEqual([
      ["payment.captured", true, 0],
      ["order.paid", true, 0],
    ]);
    expect(orderStatus(orderId)).toBe("pending");
    // Fifteen minutes on (the order's time moved back, not the clock forward).
    withDatabase(
      (db) => db.prepare("UPDATE orders SET enrolled_at = enrolled_at - ? WHERE provider_order_id = ?").run(16 * 60_000, orderId),
      site.database,
    );
    await expect.poll(() => orderStatus(orderId), SETTLED).toBe("completed");
    expect(mailsTo(student.email)).toBe(1);
    // The late events are noted as handled (payment_events); nothing else changes.
    const unchanged = () => contentFingerprint(site.database, ["sessions", "payment_events"]);
    const before = unchanged();
    for (const event of held) expect(await control().resend(event.id)).toEqual({ status: 200, error: null });
    expect(unchanged()).toEqual(before);
    expect(mailsTo(student.email)).toBe(1);
    figures.push([
      "events never delivered; reconciliation 15 minutes on; then the events arrive late",
      "200 (late events)",
      "completed",
      1,
    ]);
  });
});
