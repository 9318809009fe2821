import { createHash } from "node:crypto";
import { findRedeemableCoupon, type RedeemableCoupon } from "~/models/coupon.server";
import { findActiveCourse } from "~/models/course.server";
import {
  completeOrder,
  enrollWithoutPayment,
  failOrder,
  findOpenOrder,
  findOrder,
  isEnrolled,
  latestOrderId,
  markOrderRefunded,
  recordOrder,
  type Order,
  type OrderTerms,
} from "~/models/order.server";
import type { PublicUser } from "~/models/user.server";
import { priceOrder, type OrderPrice } from "~/utils/pricing";
import {
  createCheckoutSession,
  createPaymentIntent,
  CURRENCY,
  paymentsSetup,
  refundPayment,
  retrieveCheckoutSession,
  retrievePaymentIntent,
  type CheckoutSessionSnapshot,
  type PaymentIntentSnapshot,
  type PaymentMetadata,
  type WebhookEvent,
} from "./payments.server";

// The checkout rules (public-site §2 /checkout, §4, §7), shared by the page,
// the JSON endpoints and the webhook: the server prices every order, and an
// order is completed only when Stripe confirms that very amount was paid by
// this student for this course.

export type Quote = {
  course: { id: number; title: string };
  coupon: RedeemableCoupon | null;
  price: OrderPrice;
};

export type QuoteResult =
  | { ok: true; quote: Quote }
  | { ok: false; reason: "invalid-course" | "invalid-coupon" };

/** The price of an active course with an optional coupon code, as the server charges it. */
export function quoteOrder(courseId: number | string, couponCode?: string | null, now = new Date()): QuoteResult {
  const course = findActiveCourse(courseId);
  if (!course) return { ok: false, reason: "invalid-course" };
  let coupon: RedeemableCoupon | null = null;
  if (couponCode) {
    coupon = findRedeemableCoupon(couponCode, now);
    if (!coupon) return { ok: false, reason: "invalid-coupon" };
  }
  return {
    ok: true,
    quote: { course: { id: course.id, title: course.title }, coupon, price: priceOrder(course.pricePaise, coupon?.percentOff) },
  };
}

type Buyer = Pick<PublicUser, "id" | "email">;

function orderTerms(user: Buyer, quote: Quote, enrollmentFormId: number | null): OrderTerms {
  return {
    userId: user.id,
    courseId: quote.course.id,
    amountPaise: quote.price.totalPaise,
    couponId: quote.coupon?.id ?? null,
    enrollmentFormId,
  };
}

function metadataFor(terms: OrderTerms, flow: PaymentMetadata["flow"]): PaymentMetadata {
  return {
    userId: terms.userId,
    courseId: String(terms.courseId),
    couponId: terms.couponId === null ? "" : String(terms.couponId),
    enrollmentFormId: terms.enrollmentFormId === null ? "" : String(terms.enrollmentFormId),
    flow,
  };
}

const IDEMPOTENCY_WINDOW_MS = 60_000;

/**
 * The same request within the same minute gets the same key, so a double click
 * (two requests racing) makes one Stripe object; once an order is stored it is
 * reused instead (findOpenOrder). Stripe keeps a key's first answer for a day,
 * a 500 included, and refuses the key with other parameters: the minute and a
 * digest of everything sent keep one bad answer from blocking the next try.
 */
function idempotencyKey(flow: PaymentMetadata["flow"], terms: OrderTerms, sent: Record<string, unknown>, now = Date.now()): string {
  const previous = latestOrderId(terms.userId, terms.courseId) ?? 0;
  const digest = createHash("sha256").update(JSON.stringify(sent)).digest("base64url").slice(0, 22);
  return [flow, terms.userId, terms.courseId, previous, Math.floor(now / IDEMPOTENCY_WINDOW_MS), digest].join(":");
}

export type StartRefusal = "already-enrolled" | "free" | "payments-off" | "setup-failed";

/** Why no payment can start for these terms; null when one can. */
function refusalToStart(terms: OrderTerms): StartRefusal | null {
  if (isEnrolled(terms.userId, terms.courseId)) return "already-enrolled";
  if (terms.amountPaise === 0) return "free";
  if (!paymentsSetup()) return "payments-off";
  return null;
}

export type CardPaymentStart =
  | { ok: true; clientSecret: string; paymentIntentId: string; amountPaise: number }
  | { ok: false; reason: StartRefusal };

const PAYABLE_STATUSES = new Set(["requires_payment_method", "requires_confirmation", "requires_action", "processing"]);

/** A PaymentIntent for the server's total, for the Payment Element (reused while its terms hold). */
export async function startCardPayment(user: Buyer, quote: Quote, enrollmentFormId: number | null): Promise<CardPaymentStart> {
  const terms = orderTerms(user, quote, enrollmentFormId);
  const refusal = refusalToStart(terms);
  if (refusal) return { ok: false, reason: refusal };
  try {
    const open = findOpenOrder(terms, "paymentIntent");
    if (open?.paymentIntentId) {
      const intent = await retrievePaymentIntent(open.paymentIntentId);
      if (intent?.clientSecret && PAYABLE_STATUSES.has(intent.status) && intent.amountPaise === terms.amountPaise) {
        return { ok: true, clientSecret: intent.clientSecret, paymentIntentId: intent.id, amountPaise: intent.amountPaise };
      }
      if (intent?.status === "succeeded" && (await settlePaymentIntent(intent)).ok) {
        return { ok: false, reason: "already-enrolled" };
      }
    }
    const request = {
      amountPaise: terms.amountPaise,
      description: quote.course.title,
      receiptEmail: user.email,
      metadata: metadataFor(terms, "card"),
    };
    const intent = await createPaymentIntent({ ...request, idempotencyKey: idempotencyKey("card", terms, request) });
    if (!intent.clientSecret) throw new Error(`PaymentIntent ${intent.id} came without a client secret`);
    recordOrder(terms, { paymentIntentId: intent.id });
    return { ok: true, clientSecret: intent.clientSecret, paymentIntentId: intent.id, amountPaise: intent.amountPaise };
  } catch (error) {
    console.error("Payment setup failed", error);
    return { ok: false, reason: "setup-failed" };
  }
}

export type HostedCheckoutStart = { ok: true; url: string } | { ok: false; reason: StartRefusal };

/**
 * A Stripe Checkout Session for the server's total: the no-JavaScript way to
 * pay. Stripe sends the student back to `/checkout/complete`, or to `cancelUrl`.
 */
export async function startHostedCheckout(input: {
  user: Buyer;
  quote: Quote;
  enrollmentFormId: number | null;
  origin: string;
  cancelUrl: string;
}): Promise<HostedCheckoutStart> {
  const { user, quote } = input;
  const terms = orderTerms(user, quote, input.enrollmentFormId);
  const refusal = refusalToStart(terms);
  if (refusal) return { ok: false, reason: refusal };
  try {
    const open = findOpenOrder(terms, "checkoutSession");
    if (open?.checkoutSessionId) {
      const session = await retrieveCheckoutSession(open.checkoutSessionId);
      if (session?.status === "open" && session.url) return { ok: true, url: session.url };
      if (session && (await settleCheckoutSession(session)).ok) return { ok: false, reason: "already-enrolled" };
    }
    const request = {
      amountPaise: terms.amountPaise,
      productName: quote.course.title,
      customerEmail: user.email,
      successUrl: `${input.origin}/checkout/complete?session_id={CHECKOUT_SESSION_ID}`,
      cancelUrl: input.cancelUrl,
      metadata: metadataFor(terms, "checkout"),
    };
    const session = await createCheckoutSession({ ...request, idempotencyKey: idempotencyKey("checkout", terms, request) });
    if (!session.url) throw new Error(`Checkout Session ${session.id} came without a URL`);
    recordOrder(terms, { checkoutSessionId: session.id });
    return { ok: true, url: session.url };
  } catch (error) {
    console.error("Payment setup failed", error);
    return { ok: false, reason: "setup-failed" };
  }
}

/** A ₹0 order (free course or 100% coupon): enrolled at once, no Stripe. */
export function enrollFree(user: Buyer, quote: Quote, enrollmentFormId: number | null): "completed" | "already" {
  return enrollWithoutPayment(orderTerms(user, quote, enrollmentFormId));
}

export type Settlement =
  | { ok: true; outcome: "completed" | "already"; courseId: number }
  | { ok: false; reason: "not-found" | "not-yours" | "not-paid" | "mismatch" };

/** Whether Stripe's object names this order: same student, course, amount and currency. */
function matchesOrder(order: Order, paid: { amountPaise: number | null; currency: string | null; metadata: Record<string, string> }): boolean {
  return (
    paid.amountPaise === order.amountPaise &&
    paid.currency === CURRENCY &&
    paid.metadata.userId === order.userId &&
    paid.metadata.courseId === String(order.courseId)
  );
}

async function complete(order: Order, paymentIntentId: string): Promise<Settlement> {
  const outcome = completeOrder(order.id, paymentIntentId);
  if (outcome !== "duplicate") return { ok: true, outcome, courseId: order.courseId };
  // The student already had the course through another payment: return this one (refund policy).
  console.warn(`Refunding ${paymentIntentId}: user ${order.userId} already owns course ${order.courseId}`);
  await refundPayment(paymentIntentId);
  markOrderRefunded(order.id, paymentIntentId);
  return { ok: true, outcome: "already", courseId: order.courseId };
}

/** An order from the metadata the server wrote, for a payment whose order row was never stored. */
function orderFromMetadata(intent: PaymentIntentSnapshot): Order | null {
  const { userId, courseId, couponId, enrollmentFormId, flow } = intent.metadata;
  if (flow !== "card" || !userId || !/^\d+$/.test(courseId ?? "")) return null;
  return recordOrder(
    {
      userId,
      courseId: Number(courseId),
      amountPaise: intent.amountPaise,
      couponId: couponId ? Number(couponId) : null,
      enrollmentFormId: enrollmentFormId ? Number(enrollmentFormId) : null,
    },
    { paymentIntentId: intent.id },
  );
}

/** Completes the order of a PaymentIntent that succeeded (Payment Element flow). */
export async function settlePaymentIntent(intent: PaymentIntentSnapshot): Promise<Settlement> {
  const order = findOrder({ paymentIntentId: intent.id }) ?? (intent.status === "succeeded" ? orderFromMetadata(intent) : null);
  if (!order) return { ok: false, reason: "not-found" };
  if (intent.status !== "succeeded") return { ok: false, reason: "not-paid" };
  if (!matchesOrder(order, intent)) {
    console.warn(`PaymentIntent ${intent.id} does not match order ${order.id}; not enrolling`);
    return { ok: false, reason: "mismatch" };
  }
  return complete(order, intent.id);
}

/** Completes the order of a paid Checkout Session (hosted page flow). */
export async function settleCheckoutSession(session: CheckoutSessionSnapshot): Promise<Settlement> {
  const order = findOrder({ checkoutSessionId: session.id });
  if (!order) return { ok: false, reason: "not-found" };
  if (session.paymentStatus !== "paid" || !session.paymentIntentId) return { ok: false, reason: "not-paid" };
  if (!matchesOrder(order, session)) {
    console.warn(`Checkout Session ${session.id} does not match order ${order.id}; not enrolling`);
    return { ok: false, reason: "mismatch" };
  }
  return complete(order, session.paymentIntentId);
}

/**
 * The browser's report that a payment succeeded (Payment Element, or Stripe's
 * redirect back). Only what Stripe itself says is believed.
 */
export async function confirmCardPayment(userId: string, paymentIntentId: string, courseId?: number): Promise<Settlement> {
  const intent = await retrievePaymentIntent(paymentIntentId);
  if (!intent) return { ok: false, reason: "not-found" };
  if (intent.metadata.userId !== userId) return { ok: false, reason: "not-yours" };
  if (courseId !== undefined && intent.metadata.courseId !== String(courseId)) return { ok: false, reason: "mismatch" };
  return settlePaymentIntent(intent);
}

/** Stripe's redirect back from the hosted Checkout page. */
export async function confirmCheckoutSession(userId: string, sessionId: string): Promise<Settlement> {
  const order = findOrder({ checkoutSessionId: sessionId });
  if (!order) return { ok: false, reason: "not-found" };
  if (order.userId !== userId) return { ok: false, reason: "not-yours" };
  if (order.paymentStatus === "completed") return { ok: true, outcome: "already", courseId: order.courseId };
  const session = await retrieveCheckoutSession(sessionId);
  if (!session) return { ok: false, reason: "not-found" };
  return settleCheckoutSession(session);
}

/** Stripe's signed webhook: the source of truth for paid and failed orders. */
export async function handlePaymentEvent(event: WebhookEvent): Promise<void> {
  switch (event.type) {
    case "payment_intent.succeeded":
      // Checkout's own PaymentIntents are settled by checkout.session.completed.
      if (event.paymentIntent.metadata.flow !== "checkout") await settlePaymentIntent(event.paymentIntent);
      return;
    case "payment_intent.payment_failed": {
      const order = findOrder({ paymentIntentId: event.paymentIntent.id });
      if (order) failOrder(order.id);
      return;
    }
    case "checkout.session.completed":
    case "checkout.session.async_payment_succeeded":
      await settleCheckoutSession(event.session);
      return;
    case "checkout.session.async_payment_failed":
    case "checkout.session.expired": {
      const order = findOrder({ checkoutSessionId: event.session.id });
      if (order) failOrder(order.id);
      return;
    }
    case "ignored":
      return;
  }
}
