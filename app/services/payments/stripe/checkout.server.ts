import { createHash } from "node:crypto";
import { COUPON_HOLD_MS } from "~/models/orders/coupon.server";
import {
  attachPaymentReference,
  dropReservation,
  failOrder,
  findOrder,
  recordLostOrder,
  orderItem,
  type Order,
  type OrderTerms,
  type PaymentKind,
  type PaymentReference,
} from "~/models/orders/order.server";
import { orderTerms, type Buyer, type Quote } from "~/services/checkout/quote.server";
import { completePaidOrder, type PaidWith, type Settlement } from "~/services/checkout/settle.server";
import { refusalToStart, reserveForCheckout, type PaymentStartInput, type StartRefusal } from "~/services/checkout/start.server";
import { publicOrigin } from "~/utils/env.server";
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
} from "./client.server";

// A payment through Stripe, two ways: the Payment Element on our page makes a
// PaymentIntent (JavaScript, courses), Stripe's hosted Checkout page a Checkout
// Session (no JavaScript, and every event's seat). The order is reserved
// before Stripe is asked for anything and completed when Stripe says that
// object was paid, for that amount, by that student.

const PROVIDER = "stripe";

/**
 * The two kinds of Stripe object an order is paid on, told apart by the
 * prefix Stripe gives their ids: a pending order made for one is not reused
 * for the other.
 */
const CARD_PAYMENT: PaymentKind = { provider: PROVIDER, referencePrefix: "pi_" };
const HOSTED_CHECKOUT: PaymentKind = { provider: PROVIDER, referencePrefix: "cs_" };

function metadataFor(terms: OrderTerms, flow: PaymentMetadata["flow"]): PaymentMetadata {
  return {
    userId: terms.userId,
    courseId: terms.courseId === null ? "" : String(terms.courseId),
    eventId: terms.eventId === null ? "" : String(terms.eventId),
    couponId: terms.couponId === null ? "" : String(terms.couponId),
    enrollmentFormId: terms.enrollmentFormId === null ? "" : String(terms.enrollmentFormId),
    flow,
  };
}

/**
 * One key per order and parameters: a double click (two requests sharing one
 * reserved order) makes one Stripe object. Stripe keeps a key's first answer
 * for a day, a 500 included, and refuses the key with other parameters; a
 * failed setup drops its order, so the next try has a new order and a new key.
 */
function idempotencyKey(flow: PaymentMetadata["flow"], order: Order, sent: Record<string, unknown>): string {
  const digest = createHash("sha256").update(JSON.stringify(sent)).digest("base64url").slice(0, 22);
  return [flow, "order", order.id, digest].join(":");
}

/** One way to pay: which Stripe object it makes, how to find an open one again, how to make one. */
type PaymentDoor<T> = {
  kind: PaymentKind;
  /** The open object's answer while the student can still pay on it; "paid" once it is settled; null when it is dead. */
  reopen(reference: string): Promise<T | "paid" | null>;
  create(order: Order): Promise<{ reference: PaymentReference; answer: T }>;
};

type PaymentStart<T> = { ok: true; answer: T } | { ok: false; reason: StartRefusal };

/**
 * Reserves the order (taking the coupon's redemption) before Stripe is asked
 * for anything, then reuses its Stripe object or makes one and names it on
 * the order. A failed setup drops the reservation and its hold.
 */
async function startPayment<T>(terms: OrderTerms, door: PaymentDoor<T>, now: Date): Promise<PaymentStart<T>> {
  const refusal = refusalToStart(terms, paymentsSetup() !== null);
  if (refusal) return { ok: false, reason: refusal };
  // A reserved order whose Stripe object is dead (expired, cancelled) is closed and a fresh one reserved: twice at most.
  for (let attempt = 0; attempt < 2; attempt++) {
    const reservation = reserveForCheckout(terms, door.kind, now);
    if (!reservation.ok) return reservation;
    const { order } = reservation;
    const reference = order.providerOrderId;
    try {
      if (reference) {
        const open = await door.reopen(reference);
        if (open === "paid") return { ok: false, reason: "already-enrolled" };
        if (open !== null) return { ok: true, answer: open };
        failOrder(order.id);
        continue;
      }
      const created = await door.create(order);
      if (!attachPaymentReference(order.id, created.reference)) {
        throw new Error(`Order ${order.id} was closed or given another payment while Stripe set this one up`);
      }
      return { ok: true, answer: created.answer };
    } catch (error) {
      console.error("Payment setup failed", error);
      dropReservation(order.id);
      return { ok: false, reason: "setup-failed" };
    }
  }
  return { ok: false, reason: "setup-failed" };
}

type CardAnswer = { clientSecret: string; paymentIntentId: string; amountPaise: number };

export type CardPaymentStart = ({ ok: true } & CardAnswer) | { ok: false; reason: StartRefusal };

const PAYABLE_STATUSES = new Set(["requires_payment_method", "requires_confirmation", "requires_action", "processing"]);

/** A PaymentIntent for the server's total, for the Payment Element (reused while its terms and hold last). */
export async function startCardPayment(
  user: Buyer,
  quote: Quote,
  enrollmentFormId: number | null,
  now = new Date(),
): Promise<CardPaymentStart> {
  const terms = orderTerms(user, quote, enrollmentFormId);
  const start = await startPayment<CardAnswer>(
    terms,
    {
      kind: CARD_PAYMENT,
      async reopen(id) {
        const intent = await retrievePaymentIntent(id);
        if (intent?.clientSecret && PAYABLE_STATUSES.has(intent.status) && intent.amountPaise === terms.amountPaise) {
          return { clientSecret: intent.clientSecret, paymentIntentId: intent.id, amountPaise: intent.amountPaise };
        }
        if (intent?.status === "succeeded" && (await settlePaymentIntent(intent)).ok) return "paid";
        return null;
      },
      async create(order) {
        const request = {
          amountPaise: terms.amountPaise,
          description: quote.item.title,
          receiptEmail: user.email,
          metadata: metadataFor(terms, "card"),
        };
        const intent = await createPaymentIntent({ ...request, idempotencyKey: idempotencyKey("card", order, request) });
        if (!intent.clientSecret) throw new Error(`PaymentIntent ${intent.id} came without a client secret`);
        return {
          reference: { provider: PROVIDER, providerOrderId: intent.id, providerPaymentId: intent.id },
          answer: { clientSecret: intent.clientSecret, paymentIntentId: intent.id, amountPaise: intent.amountPaise },
        };
      },
    },
    now,
  );
  return start.ok ? { ok: true, ...start.answer } : start;
}

export type HostedCheckoutStart = { ok: true; url: string } | { ok: false; reason: StartRefusal };

/**
 * A Stripe Checkout Session for the server's total: the no-JavaScript way to
 * pay. Stripe sends the student back to `/checkout/complete`, or to
 * `cancelUrl`. With a coupon, the page closes when the order's hold on it ends.
 */
export async function startHostedCheckout(input: PaymentStartInput): Promise<HostedCheckoutStart> {
  const { user, quote } = input;
  const now = input.now ?? new Date();
  const terms = orderTerms(user, quote, input.enrollmentFormId);
  const start = await startPayment<string>(
    terms,
    {
      kind: HOSTED_CHECKOUT,
      async reopen(id) {
        const session = await retrieveCheckoutSession(id);
        if (session?.status === "open" && session.url) return session.url;
        if (session && (await settleCheckoutSession(session)).ok) return "paid";
        return null;
      },
      async create(order) {
        const request = {
          amountPaise: terms.amountPaise,
          productName: quote.item.title,
          customerEmail: user.email,
          successUrl: `${publicOrigin()}/checkout/complete?session_id={CHECKOUT_SESSION_ID}`,
          cancelUrl: input.cancelUrl,
          // An event's page closes too (Stripe's least, 30 minutes on): a later payment is not left to the seat's fortune for a day.
          expiresAt: order.couponHeldUntil ?? (order.eventId === null ? null : new Date(now.getTime() + COUPON_HOLD_MS)),
          metadata: metadataFor(terms, "checkout"),
        };
        const session = await createCheckoutSession({ ...request, idempotencyKey: idempotencyKey("checkout", order, request) });
        if (!session.url) throw new Error(`Checkout Session ${session.id} came without a URL`);
        return { reference: { provider: PROVIDER, providerOrderId: session.id }, answer: session.url };
      },
    },
    now,
  );
  return start.ok ? { ok: true, url: start.answer } : start;
}

/** Whether Stripe's object names this order: same student, course, amount and currency. */
function matchesOrder(
  order: Order,
  paid: { amountPaise: number | null; currency: string | null; metadata: Record<string, string> },
): boolean {
  return (
    paid.amountPaise === order.amountPaise &&
    paid.currency === CURRENCY &&
    paid.metadata.userId === order.userId &&
    // Stripe drops a metadata key written empty: absent and "" both mean "none".
    (paid.metadata.courseId ?? "") === (order.courseId === null ? "" : String(order.courseId)) &&
    (paid.metadata.eventId ?? "") === (order.eventId === null ? "" : String(order.eventId))
  );
}

/** A PaymentIntent that paid an order, returned whole through Stripe when the order cannot take it. */
const paidWith = (paymentIntentId: string): PaidWith => ({ paymentId: paymentIntentId, refundWhole: refundPayment });

/** A row id written into metadata ("12"); undefined when it is not one, null when absent. */
function metadataId(value: string | undefined): number | null | undefined {
  if (!value) return null;
  const id = Number(value);
  return /^\d+$/.test(value) && Number.isSafeInteger(id) ? id : undefined;
}

/**
 * An order from the metadata the server wrote, for a payment whose order row
 * was never stored. Null when the metadata names nothing of this site.
 */
function orderFromMetadata(intent: PaymentIntentSnapshot): Order | null {
  const { userId, flow } = intent.metadata;
  const { courseId: course, eventId: event, couponId: coupon, enrollmentFormId: form } = intent.metadata;
  const [courseId, eventId, couponId, enrollmentFormId] = [course, event, coupon, form].map(metadataId);
  if (flow !== "card" || !userId || couponId === undefined || enrollmentFormId === undefined) return null;
  // Exactly one of them names what was bought.
  if (courseId === undefined || eventId === undefined || (courseId === null) === (eventId === null)) return null;
  return recordLostOrder(
    { userId, courseId, eventId, amountPaise: intent.amountPaise, couponId, enrollmentFormId },
    { provider: PROVIDER, providerOrderId: intent.id, providerPaymentId: intent.id },
  );
}

/**
 * Completes the order of a PaymentIntent that succeeded (Payment Element
 * flow). `paidAt`: when Stripe says it happened (the webhook's time), or now.
 */
export async function settlePaymentIntent(intent: PaymentIntentSnapshot, paidAt = new Date()): Promise<Settlement> {
  const order =
    findOrder({ provider: PROVIDER, providerPaymentId: intent.id }) ?? (intent.status === "succeeded" ? orderFromMetadata(intent) : null);
  if (!order) return { ok: false, reason: "not-found" };
  if (intent.status !== "succeeded") return { ok: false, reason: "not-paid" };
  if (!matchesOrder(order, intent)) {
    console.warn(`PaymentIntent ${intent.id} does not match order ${order.id}; not enrolling`);
    return { ok: false, reason: "mismatch" };
  }
  return completePaidOrder(order, paidWith(intent.id), paidAt);
}

/**
 * Completes the order of a paid Checkout Session (hosted page flow). Stripe
 * takes no payment on a session after it expires, so it was paid by then.
 */
export async function settleCheckoutSession(session: CheckoutSessionSnapshot, reportedAt = new Date()): Promise<Settlement> {
  const order = findOrder({ provider: PROVIDER, providerOrderId: session.id });
  if (!order) return { ok: false, reason: "not-found" };
  if (session.paymentStatus !== "paid" || !session.paymentIntentId) return { ok: false, reason: "not-paid" };
  if (!matchesOrder(order, session)) {
    console.warn(`Checkout Session ${session.id} does not match order ${order.id}; not enrolling`);
    return { ok: false, reason: "mismatch" };
  }
  const paidAt = session.expiresAt && session.expiresAt < reportedAt ? session.expiresAt : reportedAt;
  return completePaidOrder(order, paidWith(session.paymentIntentId), paidAt);
}

/**
 * The browser's report that a payment succeeded (Payment Element, or Stripe's
 * redirect back). Only what Stripe itself says is believed.
 */
export async function confirmCardPayment(userId: string, paymentIntentId: string, courseId?: number): Promise<Settlement> {
  if (!paymentsSetup()) return { ok: false, reason: "payments-off" };
  const intent = await retrievePaymentIntent(paymentIntentId);
  if (!intent) return { ok: false, reason: "not-found" };
  if (intent.metadata.userId !== userId) return { ok: false, reason: "not-yours" };
  if (courseId !== undefined && intent.metadata.courseId !== String(courseId)) return { ok: false, reason: "mismatch" };
  return settlePaymentIntent(intent);
}

/** Stripe's redirect back from the hosted Checkout page. */
export async function confirmCheckoutSession(userId: string, sessionId: string): Promise<Settlement> {
  if (!paymentsSetup()) return { ok: false, reason: "payments-off" };
  const order = findOrder({ provider: PROVIDER, providerOrderId: sessionId });
  if (!order) return { ok: false, reason: "not-found" };
  if (order.userId !== userId) return { ok: false, reason: "not-yours" };
  if (order.paymentStatus === "completed") return { ok: true, outcome: "already", item: orderItem(order) };
  const session = await retrieveCheckoutSession(sessionId);
  if (!session) return { ok: false, reason: "not-found" };
  return settleCheckoutSession(session);
}
