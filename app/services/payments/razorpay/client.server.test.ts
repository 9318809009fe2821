// Razorpay's signatures with known vectors (computed with openssl, not with
// our code), the mapping of its webhook events, and an order's life against
// the fake Razorpay server through the official SDK.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { ZodError } from "zod";
import { courses, orders, outboxMessages, paymentEvents, users } from "../../../../db/schema";
import { startFakeRazorpay, type FakeRazorpay } from "../../../../tests/fixtures/fake-razorpay";
import { fakeRazorpayControl, razorpayEnv, TEST_RAZORPAY_KEY_SECRET } from "../../../../tests/support/razorpay";
import { db } from "~/utils/db.server";
import { writeQueuedMail } from "../../mail/writer.server";

const ORIGIN = "https://institute.example";
// printf '%s' 'order_IluGWxBm9U8zJ8|pay_IluGgcDx7Os0U6' | openssl dgst -sha256 -hmac e2e_razorpay_key_secret
const CALLBACK_VECTOR = {
  orderId: "order_IluGWxBm9U8zJ8",
  paymentId: "pay_IluGgcDx7Os0U6",
  signature: "802064344a535a335ee8268ca09cc12498f8cd72b49e271ec609b7298316632b",
};
// printf '%s' '{"entity":"event","event":"payment.captured"}' | openssl dgst -sha256 -hmac e2e_razorpay_webhook_secret
const WEBHOOK_VECTOR = {
  body: '{"entity":"event","event":"payment.captured"}',
  signature: "a3a0f3cfc4d92c1540b30b28267b8d8f3e438182fdbe3579e57960543f1c315f",
};

let fake: FakeRazorpay;
let razorpay: typeof import("./client.server");
let razorpayOrders: typeof import("./orders.server");
let checkout: typeof import("~/services/checkout/quote.server");
let webhook: typeof import("./webhook.server");

beforeAll(async () => {
  fake = await startFakeRazorpay({ keyId: "rzp_test_e2eKeyId0001", keySecret: TEST_RAZORPAY_KEY_SECRET, webhookSecret: "unused-here" });
  for (const [name, value] of Object.entries(razorpayEnv(fake.url))) vi.stubEnv(name, value);
  vi.resetModules();
  razorpay = await import("./client.server");
  razorpayOrders = await import("./orders.server");
  checkout = await import("~/services/checkout/quote.server");
  webhook = await import("./webhook.server");
});

afterAll(async () => {
  vi.unstubAllEnvs();
  await fake?.close();
});

describe("signatures", () => {
  it("accepts the checkout return signed HMAC-SHA256(order_id|payment_id) with the key secret, and nothing else", () => {
    expect(razorpay.isGenuineCheckoutCallback(CALLBACK_VECTOR)).toBe(true);
    expect(razorpay.isGenuineCheckoutCallback({ ...CALLBACK_VECTOR, paymentId: "pay_IluGgcDx7Os0U7" })).toBe(false);
    expect(razorpay.isGenuineCheckoutCallback({ ...CALLBACK_VECTOR, signature: CALLBACK_VECTOR.signature.toUpperCase() })).toBe(false);
    expect(razorpay.isGenuineCheckoutCallback({ ...CALLBACK_VECTOR, signature: "" })).toBe(false);
  });

  it("refuses a signature of the wrong length, in capitals, or not hex, exactly as it refuses a wrong one", () => {
    const odd = (signature: string) => [
      signature.slice(0, 63),
      `${signature}0`,
      signature.repeat(2),
      signature.toUpperCase(),
      "é".repeat(64),
      Buffer.from(signature, "hex").toString("base64"),
      "",
    ];
    for (const signature of odd(CALLBACK_VECTOR.signature))
      expect(razorpay.isGenuineCheckoutCallback({ ...CALLBACK_VECTOR, signature })).toBe(false);
    for (const signature of [...odd(WEBHOOK_VECTOR.signature), "0".repeat(64)])
      expect(() => razorpay.parseRazorpayWebhook(WEBHOOK_VECTOR.body, signature, "evt_1")).toThrow(
        new razorpay.RazorpaySignatureError(signature === "" ? "Missing X-Razorpay-Signature header" : "Invalid signature"),
      );
  });

  it("accepts a webhook body signed with the webhook secret; a changed byte or a missing header is refused", () => {
    // The signature is right; the body lacks a payment, so the refusal is about the payload, not the signature.
    expect(() => razorpay.parseRazorpayWebhook(WEBHOOK_VECTOR.body, WEBHOOK_VECTOR.signature, "evt_1")).toThrow(ZodError);
    expect(() => razorpay.parseRazorpayWebhook(`${WEBHOOK_VECTOR.body} `, WEBHOOK_VECTOR.signature, "evt_1")).toThrow(
      razorpay.RazorpaySignatureError,
    );
    expect(() => razorpay.parseRazorpayWebhook(WEBHOOK_VECTOR.body, null, "evt_1")).toThrow("Missing X-Razorpay-Signature header");
    expect(() => razorpay.parseRazorpayWebhook(WEBHOOK_VECTOR.body, WEBHOOK_VECTOR.signature, null)).toThrow(
      "Missing X-Razorpay-Event-Id header",
    );
  });
});

describe("webhook events", () => {
  const payment = { id: "pay_1", order_id: "order_1", status: "captured", amount: 499_900, currency: "INR", created_at: 1_700_000_000 };

  it("maps payment, order, refund and dispute events to what checkout reads", () => {
    const captured = razorpay.toRazorpayEvent("evt_a", {
      event: "payment.captured",
      created_at: 1,
      payload: { payment: { entity: payment } },
    });
    expect(captured).toMatchObject({
      id: "evt_a",
      entityId: "pay_1",
      type: "payment.captured",
      payment: { id: "pay_1", orderId: "order_1", amountPaise: 499_900 },
    });
    const paid = razorpay.toRazorpayEvent("evt_b", {
      event: "order.paid",
      created_at: 1,
      payload: {
        payment: { entity: payment },
        order: { entity: { id: "order_1", amount: 499_900, currency: "INR", status: "paid", notes: [] } },
      },
    });
    expect(paid).toMatchObject({
      entityId: "order_1",
      type: "order.paid",
      order: { id: "order_1", status: "paid" },
      payment: { status: "captured" },
    });
    const refund = razorpay.toRazorpayEvent("evt_c", {
      event: "refund.processed",
      created_at: 1,
      payload: {
        refund: { entity: { id: "rfnd_1", payment_id: "pay_1", amount: 10_000 } },
        payment: { entity: { ...payment, amount_refunded: 10_000 } },
      },
    });
    expect(refund).toMatchObject({ entityId: "rfnd_1", type: "refund.processed", paymentId: "pay_1", payment: { refundedPaise: 10_000 } });
    const dispute = razorpay.toRazorpayEvent("evt_d", {
      event: "payment.dispute.lost",
      created_at: 1,
      payload: { dispute: { entity: { id: "disp_1", payment_id: "pay_1", amount: 499_900, status: "lost" } } },
    });
    expect(dispute).toMatchObject({ entityId: "disp_1", type: "payment.dispute.lost", paymentId: "pay_1", status: "lost" });
    expect(razorpay.toRazorpayEvent("evt_e", { event: "invoice.paid", created_at: 1, payload: {} })).toMatchObject({
      type: "ignored",
      razorpayType: "invoice.paid",
    });
  });
});

describe("an order paid through Razorpay", () => {
  function arrange() {
    const student = db
      .insert(users)
      .values({ email: `rzp-${crypto.randomUUID()}@example.com`, firstName: "Meera", adultConfirmedAt: new Date() })
      .returning({ id: users.id, email: users.email })
      .get();
    const course = db
      .insert(courses)
      .values({
        title: `Option Basics ${crypto.randomUUID()}`,
        shortDescription: "s",
        description: "d",
        duration: "4 weeks",
        pricePaise: 299_900,
      })
      .returning({ id: courses.id })
      .get();
    const quoted = checkout.quoteOrder({ type: "course", id: course.id });
    if (!quoted.ok) throw new Error("no quote");
    return { student, quote: quoted.quote };
  }
  const start = (student: { id: string; email: string }, quote: import("~/services/checkout/quote.server").Quote) =>
    razorpayOrders.startRazorpayPayment({ user: student, quote, enrollmentFormId: null, cancelUrl: `${ORIGIN}/checkout` });
  const row = (userId: string) =>
    db
      .select({
        status: orders.paymentStatus,
        provider: orders.provider,
        orderId: orders.providerOrderId,
        paymentId: orders.providerPaymentId,
      })
      .from(orders)
      .where(eq(orders.userId, userId))
      .all();

  it("is made once for the server's amount in paise, and completed by the signed return with the receipt mail queued", async () => {
    const { student, quote } = arrange();
    const first = await start(student, quote);
    const again = await start(student, quote);
    if (!first.ok || !again.ok) throw new Error("expected a Razorpay order");
    expect(again.checkout.orderId).toBe(first.checkout.orderId);
    expect(first.checkout.amountPaise).toBe(299_900);
    const payment = await fakeRazorpayControl(fake.url).pay(first.checkout.orderId);
    const { createHmac } = await import("node:crypto");
    const signature = createHmac("sha256", TEST_RAZORPAY_KEY_SECRET).update(`${first.checkout.orderId}|${payment.id}`).digest("hex");
    const forged = await razorpayOrders.confirmRazorpayCallback({
      orderId: first.checkout.orderId,
      paymentId: payment.id,
      signature: "0".repeat(64),
    });
    expect(forged).toMatchObject({ ok: false, reason: "mismatch" });
    expect(row(student.id)).toEqual([{ status: "pending", provider: "razorpay", orderId: first.checkout.orderId, paymentId: null }]);
    const settled = await razorpayOrders.confirmRazorpayCallback(
      { orderId: first.checkout.orderId, paymentId: payment.id, signature },
      student.id,
    );
    expect(settled).toMatchObject({ ok: true, outcome: "completed" });
    expect(row(student.id)).toEqual([
      { status: "completed", provider: "razorpay", orderId: first.checkout.orderId, paymentId: payment.id },
    ]);
    writeQueuedMail();
    const mail = db.select({ text: outboxMessages.textBody }).from(outboxMessages).where(eq(outboxMessages.toAddress, student.email)).all();
    // One message, and its receipt names Razorpay's payment as the reference.
    expect(mail).toHaveLength(1);
    expect(mail[0]?.text).toContain(payment.id);
  });

  it("a failed payment fails the order; paying again uses the same order; reconciliation completes it once", async () => {
    const { student, quote } = arrange();
    const first = await start(student, quote);
    if (!first.ok) throw new Error("expected a Razorpay order");
    const control = fakeRazorpayControl(fake.url);
    const failed = await control.pay(first.checkout.orderId, "failed");
    await webhook.handleRazorpayEvent({
      id: `evt_${failed.id}`,
      createdAt: new Date(),
      entityId: failed.id,
      type: "payment.failed",
      payment: await razorpay.fetchRazorpayPayment(failed.id),
    });
    expect(row(student.id)).toMatchObject([{ status: "failed" }]);
    const retry = await start(student, quote);
    if (!retry.ok) throw new Error("expected the same Razorpay order");
    expect(retry.checkout.orderId).toBe(first.checkout.orderId);
    await control.pay(first.checkout.orderId);
    // Within 15 minutes an order is left to its webhook.
    expect(await razorpayOrders.reconcileRazorpayOrders(new Date())).toBe(0);
    expect(row(student.id)).toMatchObject([{ status: "pending" }]);
    const later = new Date(Date.now() + razorpayOrders.RECONCILE_AFTER_MS + 1000);
    expect(await razorpayOrders.reconcileRazorpayOrders(later)).toBeGreaterThanOrEqual(1);
    expect(await razorpayOrders.reconcileRazorpayOrders(later)).toBe(0);
    expect(row(student.id)).toMatchObject([{ status: "completed", orderId: first.checkout.orderId }]);
    expect(
      db
        .select()
        .from(paymentEvents)
        .where(eq(paymentEvents.eventId, `evt_${failed.id}`))
        .all(),
    ).toHaveLength(1);
  });
});
