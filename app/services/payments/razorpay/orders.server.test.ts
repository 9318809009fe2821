// An order's money through Razorpay, against the fake Razorpay server through
// the official SDK: refusals before any Razorpay order is made, payments that
// do not match the order in paise, the webhook's idempotency, and refunds.
import { createHmac } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { courses, orders, outboxMessages, users } from "../../../../db/schema";
import { startFakeRazorpay, type FakeRazorpay } from "../../../../tests/fixtures/fake-razorpay";
import { fakeRazorpayControl, razorpayEnv, TEST_RAZORPAY_KEY_ID, TEST_RAZORPAY_KEY_SECRET } from "../../../../tests/support/razorpay";
import { db } from "~/utils/db.server";

let fake: FakeRazorpay;
let razorpay: typeof import("./client.server");
let razorpayOrders: typeof import("./orders.server");
let checkout: typeof import("~/services/checkout/quote.server");
let webhook: typeof import("./webhook.server");

beforeAll(async () => {
  fake = await startFakeRazorpay({ keyId: TEST_RAZORPAY_KEY_ID, keySecret: TEST_RAZORPAY_KEY_SECRET, webhookSecret: "unused-here" });
  // The configuration is read once per module load: load the payment modules again with Razorpay on.
  for (const [name, value] of Object.entries(razorpayEnv(fake.url))) vi.stubEnv(name, value);
  vi.resetModules();
  razorpay = await import("./client.server");
  razorpayOrders = await import("./orders.server");
  checkout = await import("~/services/checkout/quote.server");
  webhook = await import("./webhook.server");
  // Loading the modules again takes a while on a busy machine: a time limit, not an assertion.
}, 120_000);

afterAll(async () => {
  vi.unstubAllEnvs();
  await fake?.close();
});

function studentAndCourse(pricePaise: number) {
  const tag = crypto.randomUUID().slice(0, 8);
  const student = db
    .insert(users)
    .values({ email: `rzp-orders-${tag}@example.test`, firstName: "Kavya", adultConfirmedAt: new Date() })
    .returning({ id: users.id, email: users.email })
    .get();
  const course = db
    .insert(courses)
    .values({ title: `Price Action ${tag}`, shortDescription: "s", description: "d", duration: "6 weeks", pricePaise })
    .returning({ id: courses.id })
    .get();
  const quoted = checkout.quoteOrder({ type: "course", id: course.id });
  if (!quoted.ok) throw new Error("the course has no quote");
  return { student, courseId: course.id, quote: quoted.quote };
}

const start = ({ student, quote }: ReturnType<typeof studentAndCourse>) =>
  razorpayOrders.startRazorpayPayment({ user: student, quote, enrollmentFormId: null, cancelUrl: "https://institute.example/checkout" });

async function startedOrder(pricePaise: number) {
  const arranged = studentAndCourse(pricePaise);
  const started = await start(arranged);
  if (!started.ok) throw new Error(`expected a Razorpay order, got ${started.reason}`);
  return { ...arranged, razorpayOrderId: started.checkout.orderId, amountPaise: started.checkout.amountPaise };
}

const orderOf = (userId: string) =>
  db
    .select({ status: orders.paymentStatus, amountPaise: orders.amountPaise, refundedPaise: orders.refundedPaise })
    .from(orders)
    .where(eq(orders.userId, userId))
    .all();
const mailTo = (email: string) => db.select().from(outboxMessages).where(eq(outboxMessages.toAddress, email)).all();
const capturedEvent = (id: string, payment: import("./client.server").RazorpayPayment) =>
  ({ id, createdAt: new Date(), entityId: payment.id, type: "payment.captured", payment }) as const;

describe("refusals before a Razorpay order is made", () => {
  it("a free course is not paid for, and a student who has the course is not charged again", async () => {
    const free = studentAndCourse(0);
    expect(await start(free)).toEqual({ ok: false, reason: "free" });
    expect(orderOf(free.student.id)).toEqual([]);

    const { student, quote, courseId } = studentAndCourse(150_000);
    db.insert(orders).values({ userId: student.id, courseId, amountPaise: 150_000, paymentStatus: "completed" }).run();
    expect(await start({ student, quote, courseId })).toEqual({ ok: false, reason: "already-enrolled" });
    expect(orderOf(student.id)).toHaveLength(1);
  });

  it("asks Razorpay for the server's own price in paise", async () => {
    const order = await startedOrder(349_950);
    expect(order.amountPaise).toBe(349_950);
    const atRazorpay = await razorpay.fetchRazorpayOrder(order.razorpayOrderId);
    expect(atRazorpay).toMatchObject({ amountPaise: 349_950, currency: "INR", status: "created" });
    expect(orderOf(order.student.id)).toEqual([{ status: "pending", amountPaise: 349_950, refundedPaise: 0 }]);
  });
});

describe("the payment must match the order", () => {
  it("a captured payment of another amount, or in another currency, enrolls nobody", async () => {
    const order = await startedOrder(200_000);
    const payment = await razorpay.fetchRazorpayPayment((await fakeRazorpayControl(fake.url).pay(order.razorpayOrderId)).id);
    const warned = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    try {
      await webhook.handleRazorpayEvent(capturedEvent(`evt_short_${payment.id}`, { ...payment, amountPaise: 199_999 }));
      await webhook.handleRazorpayEvent(capturedEvent(`evt_usd_${payment.id}`, { ...payment, id: `${payment.id}x`, currency: "USD" }));
      expect(warned).toHaveBeenCalledTimes(2);
    } finally {
      warned.mockRestore();
    }
    expect(orderOf(order.student.id)).toEqual([{ status: "pending", amountPaise: 200_000, refundedPaise: 0 }]);
    expect(mailTo(order.student.email)).toEqual([]);
  });

  it("the signed return of another student's order is refused and changes nothing", async () => {
    const order = await startedOrder(120_000);
    const payment = await fakeRazorpayControl(fake.url).pay(order.razorpayOrderId);
    const signature = createHmac("sha256", TEST_RAZORPAY_KEY_SECRET).update(`${order.razorpayOrderId}|${payment.id}`).digest("hex");
    const other = studentAndCourse(120_000).student;
    const result = await razorpayOrders.confirmRazorpayCallback(
      { orderId: order.razorpayOrderId, paymentId: payment.id, signature },
      other.id,
    );
    expect(result).toMatchObject({ ok: false, reason: "not-yours" });
    expect(orderOf(order.student.id)).toEqual([{ status: "pending", amountPaise: 120_000, refundedPaise: 0 }]);
  });
});

describe("the webhook", () => {
  it("completes the order once: a redelivery, or the same payment under a new event id, changes nothing", async () => {
    const order = await startedOrder(250_000);
    const payment = await razorpay.fetchRazorpayPayment((await fakeRazorpayControl(fake.url).pay(order.razorpayOrderId)).id);
    await webhook.handleRazorpayEvent(capturedEvent(`evt_a_${payment.id}`, payment));
    await webhook.handleRazorpayEvent(capturedEvent(`evt_a_${payment.id}`, payment));
    await webhook.handleRazorpayEvent(capturedEvent(`evt_b_${payment.id}`, payment));
    expect(orderOf(order.student.id)).toEqual([{ status: "completed", amountPaise: 250_000, refundedPaise: 0 }]);
    expect(mailTo(order.student.email)).toHaveLength(1);
  });

  it("a partial refund made at Razorpay keeps the course and records the sum in paise; the rest refunds the order", async () => {
    const order = await startedOrder(400_000);
    const payment = await razorpay.fetchRazorpayPayment((await fakeRazorpayControl(fake.url).pay(order.razorpayOrderId)).id);
    await webhook.handleRazorpayEvent(capturedEvent(`evt_paid_${payment.id}`, payment));

    const part = await razorpay.refundRazorpayPaymentPart(payment.id, 150_050, "Part of the fee returned");
    const refundEvent = (refundId: string) =>
      ({
        id: `evt_${refundId}`,
        createdAt: new Date(),
        entityId: refundId,
        type: "refund.processed",
        paymentId: payment.id,
        payment: null,
      }) as const;
    await webhook.handleRazorpayEvent(refundEvent(part.refundId));
    expect(orderOf(order.student.id)).toEqual([{ status: "completed", amountPaise: 400_000, refundedPaise: 150_050 }]);

    const rest = await razorpay.refundRazorpayPaymentPart(payment.id, 249_950, "The rest returned");
    await webhook.handleRazorpayEvent(refundEvent(rest.refundId));
    await webhook.handleRazorpayEvent(refundEvent(rest.refundId));
    expect(orderOf(order.student.id)).toEqual([{ status: "refunded", amountPaise: 400_000, refundedPaise: 400_000 }]);
  });
});
