// The checkout money rules, run against the fake Stripe server with the real
// `stripe` SDK: the server prices every order, and an order is completed only
// when Stripe confirms this student paid that very amount for this course.
import { and, eq, sql } from "drizzle-orm";
import Stripe from "stripe";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import {
  auditLog,
  coupons,
  couponTargets,
  courses,
  enrollmentForms,
  orders,
  eventRegistrations,
  events,
  outboxMessages,
  paymentEvents,
  users,
} from "../../../../db/schema";
import { startFakeStripe, type FakeStripe } from "../../../../tests/fixtures/fake-stripe";
import { db } from "~/utils/db.server";
import type { Quote } from "~/services/checkout/quote.server";
import { selectAdminEnrollmentForms } from "~/models/orders/enrollment-form.server";
import { stripeIntent } from "../../../../tests/support/unit-orders";
import { writeQueuedMail } from "../../mail/writer.server";

const SECRET_KEY = "sk_test_checkout_unit_0123456789";
const PUBLISHABLE_KEY = "pk_test_checkout_unit_0123456789";
const WEBHOOK_SECRET = "whsec_checkout_unit_0123456789";
const STRIPE_KEYS = ["STRIPE_SECRET_KEY", "STRIPE_PUBLISHABLE_KEY", "STRIPE_WEBHOOK_SECRET", "STRIPE_API_URL"] as const;
const ORIGIN = "https://institute.example";

let fake: FakeStripe;
/** The customer's (and Stripe dashboard's) view of the fake Stripe. */
let stripe: Stripe;
/** The checkout as Stripe's payments go through it: pricing, the free path, Stripe's doors and its webhook. */
let checkout: typeof import("~/services/checkout/quote.server") &
  typeof import("~/services/checkout/start.server") &
  typeof import("./checkout.server") &
  typeof import("./webhook.server");
let payments: typeof import("./client.server");
let orderModel: typeof import("~/models/orders/order.server");

/** The app reads env once (getEnv caches, the Stripe client too): load fresh modules with these keys. */
async function loadApp(env: Partial<Record<(typeof STRIPE_KEYS)[number], string>>) {
  for (const key of STRIPE_KEYS) {
    if (env[key] === undefined) delete process.env[key];
    else process.env[key] = env[key];
  }
  vi.resetModules();
  return {
    checkout: {
      ...(await import("~/services/checkout/quote.server")),
      ...(await import("~/services/checkout/start.server")),
      ...(await import("./checkout.server")),
      ...(await import("./webhook.server")),
    },
    payments: await import("./client.server"),
    orderModel: await import("~/models/orders/order.server"),
  };
}

const stripeEnv = () => ({
  STRIPE_SECRET_KEY: SECRET_KEY,
  STRIPE_PUBLISHABLE_KEY: PUBLISHABLE_KEY,
  STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
  STRIPE_API_URL: fake.url,
});

beforeAll(async () => {
  fake = await startFakeStripe({ port: 0, secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET });
  stripe = new Stripe(SECRET_KEY, { host: "127.0.0.1", port: fake.port, protocol: "http", maxNetworkRetries: 0 });
  ({ checkout, payments, orderModel } = await loadApp(stripeEnv()));
});

afterEach(() => {
  vi.restoreAllMocks();
});

afterAll(async () => {
  await fake?.close();
  for (const key of STRIPE_KEYS) delete process.env[key];
});

// ---- arranging rows -----------------------------------------------------------

let serial = 0;
const next = () => ++serial;

function addStudent() {
  const n = next();
  return db
    .insert(users)
    .values({ email: `student${n}@example.com`, firstName: "Meera", adultConfirmedAt: new Date() })
    .returning({ id: users.id, email: users.email })
    .get();
}

function addCourse(values: { pricePaise: number; isActive?: boolean }) {
  const n = next();
  return db
    .insert(courses)
    .values({ title: `Swing Trading ${n}`, shortDescription: "s", description: "d", duration: "8 weeks", ...values })
    .returning({ id: courses.id, title: courses.title, pricePaise: courses.pricePaise })
    .get();
}

function addCoupon(values: Partial<typeof coupons.$inferInsert> & { percentOff: number }) {
  const n = next();
  return db
    .insert(coupons)
    .values({ code: `SAVE${n}`, ...values })
    .returning({ id: coupons.id, code: coupons.code })
    .get();
}

function addEnrollmentForm(userId: string, courseId: number) {
  return db
    .insert(enrollmentForms)
    .values({
      userId,
      name: "Meera Iyer",
      whatsappNumber: "+91 98765 43210",
      state: "Tamil Nadu",
      city: "Chennai",
      experienceLevel: "Intermediate",
      courseOrEventId: courseId,
      courseOrEventType: "course",
      sourceOfLead: "YouTube",
    })
    .returning({ id: enrollmentForms.id })
    .get().id;
}

/** A student, a ₹4,999 course, an unused 20% coupon and a saved enrollment form. */
function arrange() {
  const student = addStudent();
  const course = addCourse({ pricePaise: 499_900 });
  const coupon = addCoupon({ percentOff: 20 });
  const formId = addEnrollmentForm(student.id, course.id);
  return { student, course, coupon, formId };
}

function quote(courseId: number, couponCode?: string, buyerId?: string): Quote {
  const result = checkout.quoteOrder({ type: "course", id: courseId }, couponCode, { buyerId });
  if (!result.ok) throw new Error(`Expected a quote, got ${result.reason}`);
  return result.quote;
}

// ---- reading what a student or admin would see ---------------------------------

const ordersOf = (userId: string, courseId: number) =>
  db
    .select({
      status: orders.paymentStatus,
      amountPaise: orders.amountPaise,
      couponId: orders.couponId,
      enrollmentFormId: orders.enrollmentFormId,
      // In Stripe's words: the PaymentIntent that pays (or paid) the order, and the hosted page it was made on.
      paymentIntentId: orders.providerPaymentId,
      checkoutSessionId: sql<string | null>`case when substr(${orders.providerOrderId}, 1, 3) = 'cs_' then ${orders.providerOrderId} end`,
    })
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.courseId, courseId)))
    .orderBy(orders.id)
    .all();

const allOrdersOf = (userId: string) => db.select({ id: orders.id }).from(orders).where(eq(orders.userId, userId)).all();

/** The order mail queued for the student, written as the site writes it after the request: one per completed order. */
const orderMails = (email: string) => {
  writeQueuedMail();
  return db
    .select({ kind: outboxMessages.kind, subject: outboxMessages.subject, text: outboxMessages.textBody })
    .from(outboxMessages)
    .where(and(eq(outboxMessages.toAddress, email), eq(outboxMessages.kind, "order-confirmation")))
    .all();
};

const redemptions = (couponId: number) =>
  db.select({ count: coupons.redemptionCount }).from(coupons).where(eq(coupons.id, couponId)).get()?.count;

/** The form's payment status as the admin's list of forms shows it. */
const formPayment = (formId: number) => selectAdminEnrollmentForms().where(eq(enrollmentForms.id, formId)).get()?.paymentStatus;

// ---- playing the customer and Stripe -----------------------------------------

async function startCard(student: { id: string; email: string }, courseId: number, couponCode?: string, formId: number | null = null) {
  const started = await checkout.startCardPayment(student, quote(courseId, couponCode, student.id), formId);
  if (!started.ok) throw new Error(`Expected a PaymentIntent, got ${started.reason}`);
  return started;
}

const payWithCard = (paymentIntentId: string) => stripe.paymentIntents.confirm(paymentIntentId, { payment_method: "pm_card_visa" });

async function declineCard(paymentIntentId: string) {
  const error = await stripe.paymentIntents.confirm(paymentIntentId, { payment_method: "pm_card_chargeDeclined" }).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(Stripe.errors.StripeCardError);
}

/** The event the fake Stripe recorded for an object (it has no webhook URL: we deliver it). */
function stripeEvent(type: string, objectId: string) {
  const event = fake.events.find((e) => e.type === type && e.objectId === objectId);
  if (!event) throw new Error(`Stripe sent no ${type} for ${objectId}`);
  return event.payload;
}

const sign = (payload: string, secret = WEBHOOK_SECRET) => stripe.webhooks.generateTestHeaderString({ payload, secret });

/** What POST /api/stripe/webhook does with a correctly signed event. */
async function deliver(payload: string) {
  await checkout.handleStripeEvent(payments.parseWebhookEvent(payload, sign(payload)));
}

/** Silences (and returns) the log a test expects; the setup fails a test on any other console.error. */
const expectLog = (level: "error" | "warn") => vi.spyOn(console, level).mockImplementation(() => undefined);

// ---- the tests ------------------------------------------------------------------

describe("quoteOrder", () => {
  it("prices an active course, applying a coupon typed in any case", () => {
    const course = addCourse({ pricePaise: 99_999 });
    const coupon = addCoupon({ percentOff: 15 });

    expect(checkout.quoteOrder({ type: "course", id: course.id })).toEqual({
      ok: true,
      quote: {
        item: { type: "course", id: course.id, title: course.title },
        coupon: null,
        price: { originalPaise: 99_999, discountPercent: null, discountPaise: 0, processingFeePaise: 0, totalPaise: 99_999 },
      },
    });
    const discounted = checkout.quoteOrder({ type: "course", id: course.id }, `  ${coupon.code.toLowerCase()} `);
    expect(discounted).toMatchObject({
      ok: true,
      quote: {
        coupon: { id: coupon.id, code: coupon.code, discount: { kind: "percent", percentOff: 15 } },
        // 15% of ₹999.99 is ₹149.9985: the discount rounds to ₹150.00.
        price: { originalPaise: 99_999, discountPercent: 15, discountPaise: 15_000, totalPaise: 84_999 },
      },
    });
  });

  it("makes a 100% coupon a free order", () => {
    const course = addCourse({ pricePaise: 250_000 });
    const coupon = addCoupon({ percentOff: 100 });
    expect(quote(course.id, coupon.code).price).toMatchObject({ discountPaise: 250_000, totalPaise: 0 });
  });

  it("refuses an unknown or inactive course", () => {
    const retired = addCourse({ pricePaise: 100_000, isActive: false });
    expect(checkout.quoteOrder({ type: "course", id: retired.id })).toEqual({ ok: false, reason: "invalid-item" });
    expect(checkout.quoteOrder({ type: "course", id: 999_999 })).toEqual({ ok: false, reason: "invalid-item" });
  });

  it("refuses a coupon that is unknown, expired, used up or switched off", () => {
    const course = addCourse({ pricePaise: 100_000 });
    const now = new Date("2026-05-01T09:00:00Z");
    const expired = addCoupon({ percentOff: 10, expiresAt: new Date("2026-05-01T08:59:59Z") });
    const usedUp = addCoupon({ percentOff: 10, maxRedemptions: 5, redemptionCount: 5 });
    const inactive = addCoupon({ percentOff: 10, isActive: false });
    const lastOne = addCoupon({ percentOff: 10, maxRedemptions: 5, redemptionCount: 4 });

    for (const code of ["NOSUCHCOUPON", expired.code, usedUp.code, inactive.code]) {
      expect(checkout.quoteOrder({ type: "course", id: course.id }, code, { now })).toEqual({ ok: false, reason: "invalid-coupon" });
    }
    expect(checkout.quoteOrder({ type: "course", id: course.id }, lastOne.code, { now }).ok).toBe(true);
  });
});

/** A coupon that takes a fixed amount, with the rules given. */
function addAmountCoupon(values: Partial<typeof coupons.$inferInsert> & { amountOffPaise: number }) {
  return db
    .insert(coupons)
    .values({ code: `FLAT${next()}`, kind: "amount", percentOff: null, ...values })
    .returning({ id: coupons.id, code: coupons.code })
    .get();
}

describe("coupon rules in quoteOrder and in the order's transaction", () => {
  it("prices an amount coupon, stopping at Free", () => {
    const course = addCourse({ pricePaise: 499_900 });
    const flat = addAmountCoupon({ amountOffPaise: 50_000 });
    expect(quote(course.id, flat.code)).toMatchObject({
      coupon: { id: flat.id, code: flat.code, discount: { kind: "amount", amountOffPaise: 50_000 } },
      price: { originalPaise: 499_900, discountPercent: null, discountPaise: 50_000, totalPaise: 449_900 },
    });
    const cheap = addCourse({ pricePaise: 20_000 });
    expect(quote(cheap.id, flat.code).price).toMatchObject({ discountPaise: 20_000, totalPaise: 0 });
  });

  it("says what a coupon that does not apply needs", () => {
    const course = addCourse({ pricePaise: 299_900 });
    const elsewhere = addCourse({ pricePaise: 299_900 });
    const minimum = addAmountCoupon({ amountOffPaise: 50_000, minOrderPaise: 500_000 });
    expect(checkout.quoteOrder({ type: "course", id: course.id }, minimum.code)).toEqual({
      ok: false,
      reason: "coupon-not-applicable",
      message: "This coupon needs an order of at least ₹5,000.",
    });
    const scoped = addAmountCoupon({ amountOffPaise: 50_000 });
    db.insert(couponTargets).values({ couponId: scoped.id, targetType: "course", targetId: elsewhere.id }).run();
    expect(checkout.quoteOrder({ type: "course", id: course.id }, scoped.code)).toMatchObject({
      message: `This coupon does not apply to ${course.title}.`,
    });
    expect(checkout.quoteOrder({ type: "course", id: elsewhere.id }, scoped.code).ok).toBe(true);
  });

  /** The student's completed order of another course with the coupon: a use of it. */
  const useElsewhere = (userId: string, couponId: number) =>
    db
      .insert(orders)
      .values({ userId, courseId: addCourse({ pricePaise: 100_000 }).id, amountPaise: 90_000, couponId, paymentStatus: "completed" })
      .run();

  it("refuses a stored order whose per-student limit was reached after it was priced", async () => {
    const { student, course, formId } = arrange();
    const once = addCoupon({ percentOff: 20, perStudentLimit: 1 });
    const stale = quote(course.id, once.code, student.id);
    useElsewhere(student.id, once.id);

    expect(await checkout.startCardPayment(student, stale, formId)).toEqual({ ok: false, reason: "coupon-unavailable" });
    const free = addCourse({ pricePaise: 0 });
    const flatOnce = addAmountCoupon({ amountOffPaise: 10_000, perStudentLimit: 1 });
    const staleFree = quote(free.id, flatOnce.code, student.id);
    useElsewhere(student.id, flatOnce.id);
    expect(checkout.enrollFree(student, staleFree, null)).toBe("coupon-unavailable");
    expect(ordersOf(student.id, course.id)).toEqual([]);
    expect(ordersOf(student.id, free.id)).toEqual([]);
  });
});

describe("startCardPayment", () => {
  it("creates a PaymentIntent for exactly the server's total, in rupees, naming the order", async () => {
    const { student, course, coupon, formId } = arrange();

    const started = await startCard(student, course.id, coupon.code, formId);

    expect(started.amountPaise).toBe(399_920);
    const intent = await stripe.paymentIntents.retrieve(started.paymentIntentId);
    expect(intent.amount).toBe(399_920);
    expect(intent.currency).toBe("inr");
    expect(intent.client_secret).toBe(started.clientSecret);
    expect(intent.metadata).toEqual({
      userId: student.id,
      courseId: String(course.id),
      couponId: String(coupon.id),
      enrollmentFormId: String(formId),
      flow: "card",
    });
    expect(ordersOf(student.id, course.id)).toEqual([
      {
        status: "pending",
        amountPaise: 399_920,
        couponId: coupon.id,
        enrollmentFormId: formId,
        paymentIntentId: started.paymentIntentId,
        checkoutSessionId: null,
      },
    ]);
    // Nothing is counted until the payment succeeds.
    expect(redemptions(coupon.id)).toBe(0);
    expect(formPayment(formId)).toBe("pending");
  });

  it("reuses the PaymentIntent while the terms are the same, and makes a new one when the coupon changes", async () => {
    const { student, course, coupon } = arrange();

    const first = await startCard(student, course.id);
    const again = await startCard(student, course.id);
    expect(again.paymentIntentId).toBe(first.paymentIntentId);
    expect(ordersOf(student.id, course.id)).toHaveLength(1);

    const withCoupon = await startCard(student, course.id, coupon.code);
    expect(withCoupon.paymentIntentId).not.toBe(first.paymentIntentId);
    expect(withCoupon.amountPaise).toBe(399_920);
    expect((await stripe.paymentIntents.retrieve(withCoupon.paymentIntentId)).amount).toBe(399_920);
    expect(ordersOf(student.id, course.id).map((o) => [o.amountPaise, o.couponId])).toEqual([
      [499_900, null],
      [399_920, coupon.id],
    ]);
  });

  it("makes one PaymentIntent and one order for a double click", async () => {
    const { student, course } = arrange();
    const terms = quote(course.id);

    const [a, b] = await Promise.all([checkout.startCardPayment(student, terms, null), checkout.startCardPayment(student, terms, null)]);

    expect(a.ok && b.ok).toBe(true);
    if (!a.ok || !b.ok) return;
    expect(b.paymentIntentId).toBe(a.paymentIntentId);
    expect(ordersOf(student.id, course.id)).toEqual([expect.objectContaining({ status: "pending", paymentIntentId: a.paymentIntentId })]);
  });

  it("tells an enrolled student so instead of taking a second payment", async () => {
    const { student, course } = arrange();
    const paid = await startCard(student, course.id);
    await payWithCard(paid.paymentIntentId);
    expect(await checkout.confirmCardPayment(student.id, paid.paymentIntentId)).toMatchObject({ ok: true, outcome: "completed" });

    expect(await checkout.startCardPayment(student, quote(course.id), null)).toEqual({ ok: false, reason: "already-enrolled" });
    expect(
      await checkout.startHostedCheckout({
        user: student,
        quote: quote(course.id),
        enrollmentFormId: null,
        cancelUrl: ORIGIN,
      }),
    ).toEqual({ ok: false, reason: "already-enrolled" });
    expect(ordersOf(student.id, course.id)).toHaveLength(1);
  });

  it("sends a free order to enrollFree instead of Stripe", async () => {
    const { student, course, formId } = arrange();
    const everything = addCoupon({ percentOff: 100 });

    expect(await checkout.startCardPayment(student, quote(course.id, everything.code), formId)).toEqual({
      ok: false,
      reason: "free",
    });
    expect(ordersOf(student.id, course.id)).toEqual([]);

    expect(checkout.enrollFree(student, quote(course.id, everything.code), formId)).toBe("completed");
    expect(checkout.enrollFree(student, quote(course.id, everything.code), formId)).toBe("already");
    expect(orderMails(student.email)).toEqual([expect.objectContaining({ text: expect.stringContaining("Amount paid: Free") })]);
    expect(ordersOf(student.id, course.id)).toEqual([
      expect.objectContaining({ status: "completed", amountPaise: 0, couponId: everything.id, paymentIntentId: null }),
    ]);
    expect(redemptions(everything.id)).toBe(1);
    expect(formPayment(formId)).toBe("completed");
  });

  it("reports a setup failure when Stripe refuses, storing nothing", async () => {
    const { student, course } = arrange();
    await fetch(`${fake.url}/__fake/rules`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ userId: student.id, failCreate: { status: 400, message: "Stripe is having a bad day" } }),
    });
    const errors = expectLog("error");

    expect(await checkout.startCardPayment(student, quote(course.id), null)).toEqual({ ok: false, reason: "setup-failed" });
    expect(
      await checkout.startHostedCheckout({
        user: student,
        quote: quote(course.id),
        enrollmentFormId: null,
        cancelUrl: ORIGIN,
      }),
    ).toEqual({ ok: false, reason: "setup-failed" });

    expect(errors).toHaveBeenCalledTimes(2);
    expect(errors).toHaveBeenCalledWith(
      "Payment setup failed",
      expect.objectContaining({ message: expect.stringContaining("Stripe is having a bad day") }),
    );
    expect(ordersOf(student.id, course.id)).toEqual([]);
  });

  it("says payments are off when the Stripe keys are not set, storing nothing", async () => {
    const { student, course } = arrange();
    const offline = await loadApp({});
    try {
      const terms = offline.checkout.quoteOrder({ type: "course", id: course.id });
      expect(terms.ok).toBe(true);
      if (!terms.ok) return;
      expect(offline.payments.paymentsSetup()).toBeNull();
      expect(await offline.checkout.startCardPayment(student, terms.quote, null)).toEqual({ ok: false, reason: "payments-off" });
      expect(
        await offline.checkout.startHostedCheckout({
          user: student,
          quote: terms.quote,
          enrollmentFormId: null,
          cancelUrl: ORIGIN,
        }),
      ).toEqual({ ok: false, reason: "payments-off" });
      expect(ordersOf(student.id, course.id)).toEqual([]);
    } finally {
      ({ checkout, payments, orderModel } = await loadApp(stripeEnv()));
    }
    expect(payments.paymentsSetup()).toEqual({ publishableKey: PUBLISHABLE_KEY });
  });
});

describe("startHostedCheckout", () => {
  it("opens a Checkout Session for the server's total that returns to /checkout/complete", async () => {
    const { student, course, coupon, formId } = arrange();

    const started = await checkout.startHostedCheckout({
      user: student,
      quote: quote(course.id, coupon.code),
      enrollmentFormId: formId,
      cancelUrl: `${ORIGIN}/checkout?courseId=${course.id}`,
    });

    expect(started.ok).toBe(true);
    if (!started.ok) return;
    const [order] = ordersOf(student.id, course.id);
    expect(order).toMatchObject({
      status: "pending",
      amountPaise: 399_920,
      couponId: coupon.id,
      enrollmentFormId: formId,
      paymentIntentId: null,
    });
    const session = await stripe.checkout.sessions.retrieve(order!.checkoutSessionId!);
    expect(started.url).toBe(session.url);
    expect(session.amount_total).toBe(399_920);
    expect(session.currency).toBe("inr");
    expect(session.success_url).toBe(`${ORIGIN}/checkout/complete?session_id={CHECKOUT_SESSION_ID}`);
    expect(session.cancel_url).toBe(`${ORIGIN}/checkout?courseId=${course.id}`);
    expect(session.metadata).toMatchObject({ userId: student.id, courseId: String(course.id), flow: "checkout" });
  });

  it("sends the student back to the same open session", async () => {
    const { student, course } = arrange();
    const start = () => checkout.startHostedCheckout({ user: student, quote: quote(course.id), enrollmentFormId: null, cancelUrl: ORIGIN });

    const first = await start();
    const second = await start();

    expect(first.ok && second.ok).toBe(true);
    expect(second).toEqual(first);
    expect(ordersOf(student.id, course.id)).toHaveLength(1);
  });
});

describe("a paid event's seat through Stripe's hosted page", () => {
  it("holds the seat, names the event on the session (which closes in 35 minutes), and books the seat once it is paid", async () => {
    const student = addStudent();
    const event = db
      .insert(events)
      .values({
        title: "Options Workshop",
        description: "d",
        eventDate: new Date(Date.now() + 86_400_000),
        pricePaise: 99_900,
        maxParticipants: 3,
      })
      .returning({ id: events.id })
      .get();
    const quoted = checkout.quoteOrder({ type: "event", id: event.id });
    if (!quoted.ok) throw new Error(quoted.reason);
    const before = Date.now();
    const started = await checkout.startHostedCheckout({
      user: student,
      quote: quoted.quote,
      enrollmentFormId: null,
      cancelUrl: ORIGIN,
    });
    if (!started.ok) throw new Error(started.reason);
    const order = db.select().from(orders).where(eq(orders.userId, student.id)).get()!;
    expect(order).toMatchObject({ eventId: event.id, courseId: null, paymentStatus: "pending", amountPaise: 99_900 });
    expect(order.seatHeldUntil!.getTime() - before).toBeGreaterThanOrEqual(15 * 60_000 - 1_000);
    const session = await stripe.checkout.sessions.retrieve(order.providerOrderId!);
    expect(session.metadata).toMatchObject({ eventId: String(event.id), flow: "checkout" });
    expect(session.metadata?.courseId ?? "").toBe("");
    expect(session.expires_at * 1000 - before).toBeGreaterThanOrEqual(35 * 60_000 - 2_000);
    expect(session.expires_at * 1000 - before).toBeLessThanOrEqual(35 * 60_000 + 5_000);

    await fetch(started.url, { method: "POST", body: new URLSearchParams({ outcome: "success" }), redirect: "manual" });
    expect(await checkout.confirmCheckoutSession(student.id, session.id)).toEqual({
      ok: true,
      outcome: "completed",
      item: { type: "event", id: event.id },
    });
    expect(db.select().from(eventRegistrations).where(eq(eventRegistrations.eventId, event.id)).all()).toEqual([
      expect.objectContaining({ userId: student.id, orderId: order.id }),
    ]);
  });
});

describe("a limited coupon (decision 0012)", () => {
  const oneUse = () => addCoupon({ percentOff: 20, maxRedemptions: 1 });
  const holdOf = (userId: string) =>
    db.select({ until: orders.couponHeldUntil }).from(orders).where(eq(orders.userId, userId)).get()?.until ?? null;

  it("holds the redemption from the moment the payment starts: a second student is refused on both doors", async () => {
    const { student, course } = arrange();
    const coupon = oneUse();
    const staleQuote = quote(course.id, coupon.code);
    const started = await startCard(student, course.id, coupon.code);
    expect(started.amountPaise).toBe(399_920);

    const rival = addStudent();
    // The price check already says so, and the start refuses it even with a quote made before.
    expect(checkout.quoteOrder({ type: "course", id: course.id }, coupon.code, { buyerId: rival.id })).toEqual({
      ok: false,
      reason: "invalid-coupon",
    });
    expect(await checkout.startCardPayment(rival, staleQuote, null)).toEqual({ ok: false, reason: "coupon-unavailable" });
    expect(await checkout.startHostedCheckout({ user: rival, quote: staleQuote, enrollmentFormId: null, cancelUrl: ORIGIN })).toEqual({
      ok: false,
      reason: "coupon-unavailable",
    });
    expect(allOrdersOf(rival.id)).toEqual([]);
    // The holder's own reload still prices the coupon, and reuses the PaymentIntent.
    expect(checkout.quoteOrder({ type: "course", id: course.id }, coupon.code, { buyerId: student.id }).ok).toBe(true);
    expect((await startCard(student, course.id, coupon.code)).paymentIntentId).toBe(started.paymentIntentId);
  });

  it("closes Stripe's hosted page when the order's hold ends", async () => {
    const { student, course } = arrange();
    const coupon = oneUse();
    const started = await checkout.startHostedCheckout({
      user: student,
      quote: quote(course.id, coupon.code),
      enrollmentFormId: null,
      cancelUrl: ORIGIN,
    });
    expect(started.ok).toBe(true);
    const session = await stripe.checkout.sessions.retrieve(ordersOf(student.id, course.id)[0]!.checkoutSessionId!);
    const heldUntil = holdOf(student.id)!;
    expect(session.expires_at).toBe(Math.floor(heldUntil.getTime() / 1000));
    expect(heldUntil.getTime() - Date.now()).toBeGreaterThan(30 * 60_000);

    // Stripe reports the page expired: the hold goes, and another student may use the coupon.
    await stripe.checkout.sessions.expire(session.id);
    await deliver(stripeEvent("checkout.session.expired", session.id));
    expect(holdOf(student.id)).toBeNull();
    expect(checkout.quoteOrder({ type: "course", id: course.id }, coupon.code, { buyerId: addStudent().id }).ok).toBe(true);
  });

  it("lets the hold go when Stripe refuses to set the payment up", async () => {
    const { student, course } = arrange();
    const coupon = oneUse();
    await fetch(`${fake.url}/__fake/rules`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ userId: student.id, failCreate: { status: 400, message: "No payments today" } }),
    });
    expectLog("error");
    expect(await checkout.startCardPayment(student, quote(course.id, coupon.code), null)).toEqual({
      ok: false,
      reason: "setup-failed",
    });
    expect(ordersOf(student.id, course.id)).toEqual([]);
    expect(checkout.quoteOrder({ type: "course", id: course.id }, coupon.code, { buyerId: addStudent().id }).ok).toBe(true);
  });

  it("refunds in full a payment made after its hold lapsed, once another student holds the last redemption", async () => {
    const { student, course, formId } = arrange();
    const coupon = oneUse();
    const late = await startCard(student, course.id, coupon.code, formId);
    db.update(orders)
      .set({ couponHeldUntil: new Date(Date.now() - 1000) })
      .where(eq(orders.userId, student.id))
      .run();
    const rival = addStudent();
    const rivals = await startCard(rival, course.id, coupon.code);
    await payWithCard(late.paymentIntentId);
    const warnings = expectLog("warn");

    expect(await checkout.confirmCardPayment(student.id, late.paymentIntentId, course.id)).toEqual({
      ok: false,
      reason: "coupon-refused",
    });
    expect(warnings).toHaveBeenCalledWith(expect.stringContaining(`Refunding ${late.paymentIntentId}`));
    const again = await stripe.refunds.create({ payment_intent: late.paymentIntentId }).catch((e: unknown) => e);
    expect(again).toMatchObject({ code: "charge_already_refunded" });
    expect(ordersOf(student.id, course.id)).toEqual([
      expect.objectContaining({ status: "refunded", paymentIntentId: late.paymentIntentId }),
    ]);
    expect(
      db.select({ refunded: orders.refundedPaise }).from(orders).where(eq(orders.providerPaymentId, late.paymentIntentId)).get(),
    ).toEqual({ refunded: 399_920 });
    // The webhook arriving afterwards, and a second report, change nothing.
    await deliver(stripeEvent("payment_intent.succeeded", late.paymentIntentId));
    expect(await checkout.confirmCardPayment(student.id, late.paymentIntentId, course.id)).toEqual({
      ok: false,
      reason: "refunded",
    });
    expect(warnings).toHaveBeenCalledOnce();
    // The form shows what became of the payment made with it.
    expect(formPayment(formId)).toBe("refunded");

    await payWithCard(rivals.paymentIntentId);
    await deliver(stripeEvent("payment_intent.succeeded", rivals.paymentIntentId));
    expect(orderModel.isEnrolled(rival.id, course.id)).toBe(true);
    expect(orderModel.isEnrolled(student.id, course.id)).toBe(false);
    expect(redemptions(coupon.id)).toBe(1);
  });
});

describe("confirmCardPayment (the browser's report)", () => {
  it("enrolls the student whose payment succeeded, once however often it is replayed", async () => {
    const { student, course, coupon, formId } = arrange();
    const { paymentIntentId } = await startCard(student, course.id, coupon.code, formId);
    await payWithCard(paymentIntentId);

    expect(await checkout.confirmCardPayment(student.id, paymentIntentId, course.id)).toEqual({
      ok: true,
      outcome: "completed",
      item: { type: "course", id: course.id },
    });
    expect(await checkout.confirmCardPayment(student.id, paymentIntentId, course.id)).toEqual({
      ok: true,
      outcome: "already",
      item: { type: "course", id: course.id },
    });

    expect(ordersOf(student.id, course.id)).toEqual([
      expect.objectContaining({ status: "completed", amountPaise: 399_920, couponId: coupon.id, paymentIntentId }),
    ]);
    expect(redemptions(coupon.id)).toBe(1);
    expect(formPayment(formId)).toBe("completed");
    expect(orderModel.isEnrolled(student.id, course.id)).toBe(true);
  });

  it("refuses another student's payment and changes nothing", async () => {
    const { student: payer, course, coupon } = arrange();
    const intruder = addStudent();
    const { paymentIntentId } = await startCard(payer, course.id, coupon.code);
    await payWithCard(paymentIntentId);

    expect(await checkout.confirmCardPayment(intruder.id, paymentIntentId, course.id)).toEqual({ ok: false, reason: "not-yours" });

    expect(allOrdersOf(intruder.id)).toEqual([]);
    expect(ordersOf(payer.id, course.id)).toEqual([expect.objectContaining({ status: "pending" })]);
    expect(redemptions(coupon.id)).toBe(0);
  });

  it("does not enroll before the payment succeeds", async () => {
    const { student, course } = arrange();
    const { paymentIntentId } = await startCard(student, course.id);

    expect(await checkout.confirmCardPayment(student.id, paymentIntentId, course.id)).toEqual({ ok: false, reason: "not-paid" });
    await declineCard(paymentIntentId);
    expect(await checkout.confirmCardPayment(student.id, paymentIntentId, course.id)).toEqual({ ok: false, reason: "not-paid" });

    expect(ordersOf(student.id, course.id)).toEqual([expect.objectContaining({ status: "pending" })]);
    expect(orderModel.isEnrolled(student.id, course.id)).toBe(false);
  });

  it("refuses a payment for another course", async () => {
    const { student, course } = arrange();
    const otherCourse = addCourse({ pricePaise: 499_900 });
    const { paymentIntentId } = await startCard(student, course.id);
    await payWithCard(paymentIntentId);

    expect(await checkout.confirmCardPayment(student.id, paymentIntentId, otherCourse.id)).toEqual({
      ok: false,
      reason: "mismatch",
    });

    expect(ordersOf(student.id, otherCourse.id)).toEqual([]);
    expect(ordersOf(student.id, course.id)).toEqual([expect.objectContaining({ status: "pending" })]);
  });

  it("does not know a PaymentIntent Stripe never made", async () => {
    const student = addStudent();
    expect(await checkout.confirmCardPayment(student.id, "pi_made_up_by_the_browser")).toEqual({ ok: false, reason: "not-found" });
    expect(allOrdersOf(student.id)).toEqual([]);
  });
});

describe("settlePaymentIntent", () => {
  it("refuses a payment whose amount differs from the order", async () => {
    const { student, course, coupon } = arrange();
    const { paymentIntentId } = await startCard(student, course.id, coupon.code);
    // The order row says ₹1.00 (tampered), Stripe took ₹3,999.20.
    db.update(orders).set({ amountPaise: 100 }).where(eq(orders.providerPaymentId, paymentIntentId)).run();
    await payWithCard(paymentIntentId);
    const warnings = expectLog("warn");

    const intent = await payments.retrievePaymentIntent(paymentIntentId);
    expect(await checkout.settlePaymentIntent(intent!)).toEqual({ ok: false, reason: "mismatch" });
    await deliver(stripeEvent("payment_intent.succeeded", paymentIntentId));

    expect(warnings).toHaveBeenCalledWith(expect.stringMatching(/does not match order/));
    expect(ordersOf(student.id, course.id)).toEqual([expect.objectContaining({ status: "pending", amountPaise: 100 })]);
    expect(redemptions(coupon.id)).toBe(0);
    expect(orderModel.isEnrolled(student.id, course.id)).toBe(false);
  });

  it("refuses a payment in another currency", async () => {
    const { student, course } = arrange();
    const terms = quote(course.id);
    const dollars = await stripe.paymentIntents.create({
      amount: terms.price.totalPaise,
      currency: "usd",
      metadata: { userId: student.id, courseId: String(course.id), couponId: "", enrollmentFormId: "", flow: "card" },
    });
    orderModel.recordOrder(
      {
        userId: student.id,
        courseId: course.id,
        eventId: null,
        amountPaise: terms.price.totalPaise,
        couponId: null,
        enrollmentFormId: null,
      },
      stripeIntent(dollars.id),
    );
    await payWithCard(dollars.id);
    const warnings = expectLog("warn");

    expect(await checkout.confirmCardPayment(student.id, dollars.id, course.id)).toEqual({ ok: false, reason: "mismatch" });

    expect(warnings).toHaveBeenCalledOnce();
    expect(ordersOf(student.id, course.id)).toEqual([expect.objectContaining({ status: "pending" })]);
  });
});

describe("handleStripeEvent (the signed webhook)", () => {
  it("completes the order when Stripe reports payment_intent.succeeded, once however often it is replayed", async () => {
    const { student, course, coupon, formId } = arrange();
    const { paymentIntentId } = await startCard(student, course.id, coupon.code, formId);
    await payWithCard(paymentIntentId);
    const succeeded = stripeEvent("payment_intent.succeeded", paymentIntentId);

    await deliver(succeeded);
    await deliver(succeeded);

    expect(ordersOf(student.id, course.id)).toEqual([
      expect.objectContaining({ status: "completed", amountPaise: 399_920, couponId: coupon.id, paymentIntentId }),
    ]);
    expect(redemptions(coupon.id)).toBe(1);
    expect(formPayment(formId)).toBe("completed");
    // The success page arriving after the webhook finds the work done.
    expect(await checkout.confirmCardPayment(student.id, paymentIntentId, course.id)).toMatchObject({
      ok: true,
      outcome: "already",
    });
    expect(redemptions(coupon.id)).toBe(1);
    // One enrollment mail with its receipt, whatever came after the first completion.
    const mails = orderMails(student.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain(`${ORIGIN}/learn/${course.id}`);
    expect(mails[0]?.text).toContain(`Payment reference: ${paymentIntentId}`);
    // The mail shows whole rupees; the order keeps the exact paise.
    expect(mails[0]?.text).toContain("Amount paid: ₹3,999\n");
  });

  it("queues one enrollment mail when the webhook races the return page", async () => {
    const { student, course } = arrange();
    const { paymentIntentId } = await startCard(student, course.id);
    await payWithCard(paymentIntentId);
    const succeeded = stripeEvent("payment_intent.succeeded", paymentIntentId);

    const settled = await Promise.all([
      deliver(succeeded),
      checkout.confirmCardPayment(student.id, paymentIntentId, course.id),
      deliver(succeeded),
    ]);

    expect(settled[1]).toMatchObject({ ok: true });
    expect(ordersOf(student.id, course.id)).toEqual([expect.objectContaining({ status: "completed" })]);
    expect(orderMails(student.email)).toHaveLength(1);
  });

  it("ignores a decline that arrives after the success", async () => {
    const { student, course } = arrange();
    const { paymentIntentId } = await startCard(student, course.id);
    await declineCard(paymentIntentId);
    await payWithCard(paymentIntentId);

    await deliver(stripeEvent("payment_intent.succeeded", paymentIntentId));
    await deliver(stripeEvent("payment_intent.payment_failed", paymentIntentId));

    expect(ordersOf(student.id, course.id)).toEqual([expect.objectContaining({ status: "completed", paymentIntentId })]);
  });

  it("marks a declined order failed, then completed when the student pays on a second try", async () => {
    const { student, course, formId } = arrange();
    const { paymentIntentId } = await startCard(student, course.id, undefined, formId);

    await declineCard(paymentIntentId);
    await deliver(stripeEvent("payment_intent.payment_failed", paymentIntentId));
    expect(ordersOf(student.id, course.id)).toEqual([expect.objectContaining({ status: "failed" })]);
    expect(formPayment(formId)).toBe("failed");

    await payWithCard(paymentIntentId);
    await deliver(stripeEvent("payment_intent.succeeded", paymentIntentId));
    expect(ordersOf(student.id, course.id)).toEqual([expect.objectContaining({ status: "completed", paymentIntentId })]);
    expect(formPayment(formId)).toBe("completed");
  });

  it("completes a hosted Checkout order on checkout.session.completed", async () => {
    const { student, course, coupon, formId } = arrange();
    const started = await checkout.startHostedCheckout({
      user: student,
      quote: quote(course.id, coupon.code),
      enrollmentFormId: formId,
      cancelUrl: ORIGIN,
    });
    if (!started.ok) throw new Error(started.reason);
    const sessionId = ordersOf(student.id, course.id)[0]!.checkoutSessionId!;

    // The student pays on Stripe's page and is sent back to the site.
    const paid = await fetch(started.url, { method: "POST", body: new URLSearchParams({ outcome: "success" }), redirect: "manual" });
    expect(paid.status).toBe(303);
    expect(paid.headers.get("location")).toBe(`${ORIGIN}/checkout/complete?session_id=${sessionId}`);
    const session = await stripe.checkout.sessions.retrieve(sessionId);
    const paymentIntentId = session.payment_intent as string;

    // The hosted page's own PaymentIntent is settled by the session's event, not its own.
    await deliver(stripeEvent("payment_intent.succeeded", paymentIntentId));
    expect(ordersOf(student.id, course.id)).toEqual([expect.objectContaining({ status: "pending" })]);

    await deliver(stripeEvent("checkout.session.completed", sessionId));
    await deliver(stripeEvent("checkout.session.completed", sessionId));

    expect(ordersOf(student.id, course.id)).toEqual([
      {
        status: "completed",
        amountPaise: 399_920,
        couponId: coupon.id,
        enrollmentFormId: formId,
        paymentIntentId,
        checkoutSessionId: sessionId,
      },
    ]);
    expect(redemptions(coupon.id)).toBe(1);
    expect(formPayment(formId)).toBe("completed");
    // The success page after the webhook: enrolled already, and only for this student.
    expect(await checkout.confirmCheckoutSession(student.id, sessionId)).toEqual({
      ok: true,
      outcome: "already",
      item: { type: "course", id: course.id },
    });
    expect(await checkout.confirmCheckoutSession(addStudent().id, sessionId)).toEqual({ ok: false, reason: "not-yours" });
    expect(orderMails(student.email)).toEqual([expect.objectContaining({ text: expect.stringContaining(`${ORIGIN}/learn/${course.id}`) })]);
  });

  it("rebuilds a card order whose row was never stored, from the metadata the server wrote", async () => {
    const { student, course, coupon, formId } = arrange();
    const { paymentIntentId } = await startCard(student, course.id, coupon.code, formId);
    db.delete(orders).where(eq(orders.providerPaymentId, paymentIntentId)).run();
    await payWithCard(paymentIntentId);

    await deliver(stripeEvent("payment_intent.succeeded", paymentIntentId));

    expect(ordersOf(student.id, course.id)).toEqual([
      {
        status: "completed",
        amountPaise: 399_920,
        couponId: coupon.id,
        enrollmentFormId: formId,
        paymentIntentId,
        checkoutSessionId: null,
      },
    ]);
    expect(redemptions(coupon.id)).toBe(1);
    expect(formPayment(formId)).toBe("completed");
  });

  it("refunds a second payment for a course the student already owns", async () => {
    const { student, course, coupon } = arrange();
    // Two tabs: one order at full price, one with a coupon; the student pays both.
    const first = await startCard(student, course.id);
    const second = await startCard(student, course.id, coupon.code);
    await payWithCard(first.paymentIntentId);
    await payWithCard(second.paymentIntentId);
    const warnings = expectLog("warn");

    await deliver(stripeEvent("payment_intent.succeeded", first.paymentIntentId));
    await deliver(stripeEvent("payment_intent.succeeded", second.paymentIntentId));

    expect(ordersOf(student.id, course.id)).toEqual([
      expect.objectContaining({ status: "completed", paymentIntentId: first.paymentIntentId }),
      expect.objectContaining({ status: "refunded", paymentIntentId: second.paymentIntentId }),
    ]);
    expect(warnings).toHaveBeenCalledWith(expect.stringContaining(`Refunding ${second.paymentIntentId}`));
    // The coupon of the refunded order was not used up.
    expect(redemptions(coupon.id)).toBe(0);
    // Stripe has returned the whole second payment: nothing is left to refund.
    const again = await stripe.refunds.create({ payment_intent: second.paymentIntentId }).catch((e: unknown) => e);
    expect(again).toMatchObject({ code: "charge_already_refunded" });
    // A replay of the refunded payment's event changes nothing.
    await deliver(stripeEvent("payment_intent.succeeded", second.paymentIntentId));
    expect(ordersOf(student.id, course.id).map((o) => o.status)).toEqual(["completed", "refunded"]);
    expect(warnings).toHaveBeenCalledOnce();
  });
});

describe("refunds and disputes (the signed webhook)", () => {
  /** Every event of this type Stripe sent for the object, oldest first. */
  const stripeEvents = (type: string, objectId: string) =>
    fake.events.filter((e) => e.type === type && e.objectId === objectId).map((e) => e.payload);
  const control = async (path: string, body?: unknown) => {
    const response = await fetch(`${fake.url}${path}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body ?? {}),
    });
    expect(response.status).toBe(200);
    return (await response.json()) as { id: string };
  };
  const orderRow = (paymentIntentId: string) =>
    db
      .select({
        status: orders.paymentStatus,
        refundedPaise: orders.refundedPaise,
        disputeStatus: orders.disputeStatus,
        id: orders.id,
      })
      .from(orders)
      .where(eq(orders.providerPaymentId, paymentIntentId))
      .get();
  const auditOf = (orderId: number) =>
    db
      .select({ actorType: auditLog.actorType, actorId: auditLog.actorId, action: auditLog.action, details: auditLog.details })
      .from(auditLog)
      .where(and(eq(auditLog.entityType, "enrollment"), eq(auditLog.entityId, String(orderId))))
      .orderBy(auditLog.id)
      .all();
  const handledEvents = () => db.select({ id: paymentEvents.eventId }).from(paymentEvents).all().length;

  async function paidOrder() {
    const { student, course, formId } = arrange();
    const { paymentIntentId } = await startCard(student, course.id, undefined, formId);
    const paid = await payWithCard(paymentIntentId);
    await deliver(stripeEvent("payment_intent.succeeded", paymentIntentId));
    expect(orderModel.isEnrolled(student.id, course.id)).toBe(true);
    return { student, course, formId, paymentIntentId, chargeId: paid.latest_charge as string };
  }

  it("flags a partial refund with its sum, then revokes the course when the rest is refunded; a redelivery changes nothing", async () => {
    const { student, course, formId, paymentIntentId, chargeId } = await paidOrder();

    await stripe.refunds.create({ payment_intent: paymentIntentId, amount: 100_000 });
    const [partly] = stripeEvents("charge.refunded", chargeId);
    await deliver(partly!);
    expect(orderRow(paymentIntentId)).toMatchObject({ status: "completed", refundedPaise: 100_000, disputeStatus: null });
    expect(orderModel.isEnrolled(student.id, course.id)).toBe(true);

    await stripe.refunds.create({ payment_intent: paymentIntentId });
    const [, rest] = stripeEvents("charge.refunded", chargeId);
    await deliver(rest!);
    const order = orderRow(paymentIntentId)!;
    expect(order).toMatchObject({ status: "refunded", refundedPaise: 499_900 });
    expect(orderModel.isEnrolled(student.id, course.id)).toBe(false);
    expect(formPayment(formId)).toBe("refunded");

    const handled = handledEvents();
    await deliver(rest!);
    await deliver(partly!);
    expect(handledEvents()).toBe(handled);
    expect(orderRow(paymentIntentId)).toMatchObject({ status: "refunded", refundedPaise: 499_900 });
    expect(auditOf(order.id)).toEqual([
      {
        actorType: "system",
        actorId: "stripe",
        action: "order_partly_refunded",
        details: expect.objectContaining({ refundedPaise: 100_000 }),
      },
      { actorType: "system", actorId: "stripe", action: "order_refunded", details: expect.objectContaining({ refundedPaise: 499_900 }) },
    ]);
  });

  it("flags an open dispute, clears the flag when it is won, and a late 'created' does not reopen it", async () => {
    const { student, course, paymentIntentId } = await paidOrder();
    const dispute = await control(`/__fake/payment_intents/${paymentIntentId}/dispute`);

    await deliver(stripeEvent("charge.dispute.created", dispute.id));
    await deliver(stripeEvent("charge.dispute.funds_withdrawn", dispute.id));
    expect(orderRow(paymentIntentId)).toMatchObject({ status: "completed", disputeStatus: "open" });
    expect(orderModel.isEnrolled(student.id, course.id)).toBe(true);

    await control(`/__fake/disputes/${dispute.id}/close`, { status: "won" });
    await deliver(stripeEvent("charge.dispute.closed", dispute.id));
    await deliver(stripeEvent("charge.dispute.funds_reinstated", dispute.id));
    const order = orderRow(paymentIntentId)!;
    expect(order).toMatchObject({ status: "completed", disputeStatus: "won" });
    expect(orderModel.isEnrolled(student.id, course.id)).toBe(true);
    expect(auditOf(order.id).map((row) => row.action)).toEqual(["order_dispute_opened", "order_dispute_won"]);
  });

  it("charges back a lost dispute: the course is no longer the student's", async () => {
    const { student, course, paymentIntentId } = await paidOrder();
    const dispute = await control(`/__fake/payment_intents/${paymentIntentId}/dispute`);
    await control(`/__fake/disputes/${dispute.id}/close`, { status: "lost" });

    // Delivered out of order: the closing event first, the opening one after it.
    await deliver(stripeEvent("charge.dispute.closed", dispute.id));
    await deliver(stripeEvent("charge.dispute.created", dispute.id));

    const order = orderRow(paymentIntentId)!;
    expect(order).toMatchObject({ status: "charged_back", disputeStatus: "lost" });
    expect(orderModel.isEnrolled(student.id, course.id)).toBe(false);
    expect(auditOf(order.id).map((row) => row.action)).toEqual(["order_charged_back"]);
  });

  it("acknowledges a refund of a payment the site does not know, and leaves its own automatic refunds as they are", async () => {
    const stranger = await stripe.paymentIntents.create({ amount: 10_000, currency: "inr", metadata: {} });
    const paid = await payWithCard(stranger.id);
    await stripe.refunds.create({ payment_intent: stranger.id });
    const handled = handledEvents();
    await deliver(stripeEvent("charge.refunded", paid.latest_charge as string));
    expect(handledEvents()).toBe(handled + 1);

    // A second payment for a course already owned is refunded by checkout itself; Stripe's event agrees.
    const { student, course, coupon } = arrange();
    const first = await startCard(student, course.id);
    const second = await startCard(student, course.id, coupon.code);
    await payWithCard(first.paymentIntentId);
    const secondPaid = await payWithCard(second.paymentIntentId);
    expectLog("warn");
    await deliver(stripeEvent("payment_intent.succeeded", first.paymentIntentId));
    await deliver(stripeEvent("payment_intent.succeeded", second.paymentIntentId));
    await deliver(stripeEvent("charge.refunded", secondPaid.latest_charge as string));
    const order = orderRow(second.paymentIntentId)!;
    expect(order).toMatchObject({ status: "refunded", refundedPaise: 399_920 });
    expect(auditOf(order.id)).toEqual([expect.objectContaining({ actorType: "system", actorId: "checkout", action: "order_refunded" })]);
    expect(orderModel.isEnrolled(student.id, course.id)).toBe(true);
  });
});

describe("parseWebhookEvent", () => {
  async function paidEventPayload() {
    const { student, course } = arrange();
    const { paymentIntentId } = await startCard(student, course.id);
    await payWithCard(paymentIntentId);
    return { payload: stripeEvent("payment_intent.succeeded", paymentIntentId), paymentIntentId };
  }

  it("accepts Stripe's signature and narrows the event", async () => {
    const { payload, paymentIntentId } = await paidEventPayload();
    expect(payments.parseWebhookEvent(payload, sign(payload))).toMatchObject({
      type: "payment_intent.succeeded",
      paymentIntent: { id: paymentIntentId, status: "succeeded", currency: "inr" },
    });
  });

  it("refuses a forged, missing or wrongly keyed signature, and a body changed after signing", async () => {
    const { payload } = await paidEventPayload();
    const forged = `t=${Math.floor(Date.now() / 1000)},v1=${"0".repeat(64)}`;
    const tampered = payload.replace('"amount": 499900', '"amount": 100');
    expect(tampered).not.toBe(payload);

    expect(() => payments.parseWebhookEvent(payload, forged)).toThrow(payments.WebhookSignatureError);
    expect(() => payments.parseWebhookEvent(payload, null)).toThrow(payments.WebhookSignatureError);
    expect(() => payments.parseWebhookEvent(payload, "")).toThrow(payments.WebhookSignatureError);
    expect(() => payments.parseWebhookEvent(payload, sign(payload, "whsec_someone_elses_secret"))).toThrow(payments.WebhookSignatureError);
    expect(() => payments.parseWebhookEvent(tampered, sign(payload))).toThrow(payments.WebhookSignatureError);
  });
});
