import { createHash } from "node:crypto";
import { checkCouponCode, COUPON_HOLD_MS, type RedeemableCoupon } from "~/models/coupon.server";
import { findActiveCourse } from "~/models/course.server";
import { findActiveEvent, isFreeEvent } from "~/models/event.server";
import type { CheckoutItem } from "~/utils/checkout-path";
import {
  attachPaymentReference,
  completeOrder,
  dropReservation,
  enrollWithoutPayment,
  failOrder,
  findOrder,
  findOrderById,
  isEnrolled,
  markOrderRefunded,
  orderItem,
  recordLostOrder,
  reserveOrder,
  type FreeEnrollment,
  type Order,
  type OrderTerms,
  type PaymentKind,
  type PaymentReference,
} from "~/models/order.server";
import { disputeOutcome, isEventHandled, markEventHandled, recordDispute, recordRefund } from "~/models/payment-event.server";
import type { PublicUser } from "~/models/user.server";
import { couponRefusalText } from "~/schemas/checkout";
import { lateCreditNoteNotice } from "../../mail/late-credit-note.server";
import { publicOrigin } from "~/utils/env.server";
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
} from "./client.server";
import { orderMail } from "../../mail/order.server";
import { eventRegistrationMail } from "../../mail/events.server";
import { seatGoneMail } from "../../mail/event-seats.server";
import { describeEventOrder, type SeatRefusal } from "~/models/event-seat.server";
import { reserveEventOrder } from "~/models/event-order.server";
import type { OutboxDraft } from "~/models/outbox.server";

// The checkout rules, shared by the page,
// the JSON endpoints and the webhook: the server prices every order, and an
// order is completed only when the provider confirms that very amount was
// paid by this student for this course or event seat.

/** What is being bought, as the checkout names it. */
export type QuotedItem = CheckoutItem & { title: string };

export type Quote = {
  item: QuotedItem;
  coupon: RedeemableCoupon | null;
  price: OrderPrice;
};

/** A coupon that exists and works but not on this order: the student is told which rule and what it needs. */
export type CouponNotApplicable = { ok: false; reason: "coupon-not-applicable"; message: string };

export type QuoteResult = { ok: true; quote: Quote } | { ok: false; reason: "invalid-item" | "invalid-coupon" } | CouponNotApplicable;

/** An active course, or an active paid event that has not begun: what checkout can sell. */
function findForSale(item: CheckoutItem, now: Date): (QuotedItem & { pricePaise: number }) | null {
  if (item.type === "course") {
    const course = findActiveCourse(item.id);
    return course && { type: "course", id: course.id, title: course.title, pricePaise: course.pricePaise };
  }
  const event = findActiveEvent(item.id);
  // A free event is registered for, never bought; a past one is not on sale.
  if (!event || isFreeEvent(event) || event.eventDate.getTime() <= now.getTime()) return null;
  return { type: "event", id: event.id, title: event.title, pricePaise: event.pricePaise };
}

/** What a settled order bought, titled for the student's toast (its course or event may have been withdrawn since). */
export function describePurchase(item: CheckoutItem): QuotedItem {
  const title = item.type === "course" ? findActiveCourse(item.id)?.title : findActiveEvent(item.id)?.title;
  return { ...item, title: title ?? (item.type === "course" ? "your course" : "your event") };
}

/** The order columns naming what is bought. */
const itemColumns = (item: CheckoutItem) => ({
  courseId: item.type === "course" ? item.id : null,
  eventId: item.type === "event" ? item.id : null,
});

/**
 * The price of a course or a paid event's seat with an optional coupon code,
 * as the server charges it, every coupon rule checked (decision 0029). With
 * the buyer named, their own holds on the coupon for this item (an earlier
 * try at this checkout) do not count against them, and their per-student
 * limit applies.
 */
export function quoteOrder(
  item: CheckoutItem,
  couponCode?: string | null,
  { now = new Date(), buyerId }: { now?: Date; buyerId?: string } = {},
): QuoteResult {
  const forSale = findForSale(item, now);
  if (!forSale) return { ok: false, reason: "invalid-item" };
  const { pricePaise, ...quoted } = forSale;
  let coupon: RedeemableCoupon | null = null;
  if (couponCode) {
    const checked = checkCouponCode(
      couponCode,
      forSale,
      now,
      buyerId === undefined ? undefined : { userId: buyerId, ...itemColumns(item) },
    );
    if (!checked.ok) {
      const { refusal } = checked;
      if (refusal.reason === "unavailable") return { ok: false, reason: "invalid-coupon" };
      return { ok: false, reason: "coupon-not-applicable", message: couponRefusalText(refusal) };
    }
    coupon = checked.coupon;
  }
  return { ok: true, quote: { item: quoted, coupon, price: priceOrder(pricePaise, coupon?.discount ?? null) } };
}

export type Buyer = Pick<PublicUser, "id" | "email">;

/** What an order for this quote records: the buyer, course or event, server-priced amount, coupon and form. */
export function orderTerms(user: Buyer, quote: Quote, enrollmentFormId: number | null): OrderTerms {
  return {
    userId: user.id,
    ...itemColumns(quote.item),
    amountPaise: quote.price.totalPaise,
    couponId: quote.coupon?.id ?? null,
    enrollmentFormId,
  };
}

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

/**
 * already-enrolled: the student has the course or the seat already; event-full: no seat is free
 * (a waitlist is offered instead); event-closed: the event has begun or is withdrawn;
 * adult-unconfirmed: the account has not said its holder is 18 or older.
 */
export type StartRefusal =
  | "already-enrolled"
  | "free"
  | "payments-off"
  | "setup-failed"
  | "coupon-unavailable"
  | "event-full"
  | "event-closed"
  | "adult-unconfirmed";

/** Why no payment can start for these terms; null when one can. */
function refusalToStart(terms: OrderTerms): StartRefusal | null {
  if (terms.courseId !== null && isEnrolled(terms.userId, terms.courseId)) return "already-enrolled";
  if (terms.amountPaise === 0) return "free";
  if (!paymentsSetup()) return "payments-off";
  return null;
}

const SEAT_REFUSALS: Record<SeatRefusal, StartRefusal> = {
  "not-found": "event-closed",
  closed: "event-closed",
  free: "free",
  full: "event-full",
  registered: "already-enrolled",
};

export type CheckoutReservation = { ok: true; order: Order } | { ok: false; reason: StartRefusal };

/**
 * The pending order for these terms, its coupon's redemption held; for an
 * event, its seat held too (decision 0016), checked in the same transaction.
 */
export function reserveForCheckout(terms: OrderTerms, kind: PaymentKind, now: Date): CheckoutReservation {
  if (terms.eventId === null) return reserveOrder(terms, kind, now);
  const reservation = reserveEventOrder({ ...terms, eventId: terms.eventId }, kind, now);
  if (reservation.ok || reservation.reason === "coupon-unavailable" || reservation.reason === "adult-unconfirmed") return reservation;
  return { ok: false, reason: SEAT_REFUSALS[reservation.reason] };
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
  const refusal = refusalToStart(terms);
  if (refusal) return { ok: false, reason: refusal };
  // A reserved order whose Stripe object is dead (expired, cancelled) is closed and a fresh one reserved: twice at most.
  for (let attempt = 0; attempt < 2; attempt++) {
    const reservation = reserveForCheckout(terms, door.kind, now);
    if (!reservation.ok) return reservation;
    const { order } = reservation;
    const reference = door.kind === "paymentIntent" ? order.paymentIntentId : order.checkoutSessionId;
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
      kind: "paymentIntent",
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
          reference: { paymentIntentId: intent.id },
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
/** A student's order to pay at the provider, `cancelUrl` for giving up. */
export type PaymentStartInput = {
  user: Buyer;
  quote: Quote;
  enrollmentFormId: number | null;
  cancelUrl: string;
  now?: Date;
};

export async function startHostedCheckout(input: PaymentStartInput): Promise<HostedCheckoutStart> {
  const { user, quote } = input;
  const now = input.now ?? new Date();
  const terms = orderTerms(user, quote, input.enrollmentFormId);
  const start = await startPayment<string>(
    terms,
    {
      kind: "checkoutSession",
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
        return { reference: { checkoutSessionId: session.id }, answer: session.url };
      },
    },
    now,
  );
  return start.ok ? { ok: true, url: start.answer } : start;
}

/**
 * A ₹0 order (free course or 100% coupon): enrolled at once, no Stripe; refused when the coupon has no redemption left.
 */
export function enrollFree(user: Buyer, quote: Quote, enrollmentFormId: number | null): FreeEnrollment {
  return enrollWithoutPayment(orderTerms(user, quote, enrollmentFormId), orderMail, { seatMail: eventRegistrationMail });
}

export type Settlement =
  | { ok: true; outcome: "completed" | "already"; /** The course, or the event whose seat, the order bought. */ item: CheckoutItem }
  | {
      ok: false;
      /**
       * coupon-refused: paid after its hold on a coupon that then had none left, and refunded in full;
       * seat-gone: a paid event's payment after its seat's hold lapsed, the event full, refunded in full;
       * refunded: returned earlier.
       */
      reason: "not-found" | "not-yours" | "not-paid" | "mismatch" | "coupon-refused" | "seat-gone" | "refunded" | "payments-off";
    };

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

/**
 * The payment that paid an order: Stripe's PaymentIntent, or another
 * provider's captured payment with the way to return it.
 */
export type PaidWith = { paymentIntentId: string } | { providerPaymentId: string; refund: (paymentId: string) => Promise<void> };

/** "course 3" or "a seat at event 7", for the logs and the audit trail. */
const describeItem = (item: CheckoutItem) => (item.type === "course" ? `course ${item.id}` : `a seat at event ${item.id}`);

/**
 * Returns the whole payment (refund policy) and records it on the order. The
 * webhook and the student's return can both find the same payment refusable
 * at once: the provider refunds a payment in full only once and refuses the
 * second try, which is then no failure if the other already recorded it.
 */
async function refundOrder(order: Order, payment: PaidWith, why: string, notice?: OutboxDraft): Promise<void> {
  const paymentId = "paymentIntentId" in payment ? payment.paymentIntentId : payment.providerPaymentId;
  console.warn(`Refunding ${paymentId}: ${why}`);
  try {
    await ("paymentIntentId" in payment ? refundPayment(payment.paymentIntentId) : payment.refund(payment.providerPaymentId));
  } catch (error) {
    if (findOrderById(order.id)?.paymentStatus === "refunded") return;
    throw error;
  }
  markOrderRefunded(order, "paymentIntentId" in payment ? payment.paymentIntentId : { providerPaymentId: paymentId }, why, notice);
}

/**
 * Completes a paid order (enrollment, coupon, receipt mail) whichever provider
 * took the money; a payment the order cannot take is returned in full.
 */
export async function completePaidOrder(order: Order, payment: PaidWith, paidAt: Date): Promise<Settlement> {
  const seatMail = eventRegistrationMail;
  const outcome =
    "paymentIntentId" in payment
      ? completeOrder(order.id, payment.paymentIntentId, orderMail, { paidAt, seatMail })
      : completeOrder(order.id, null, orderMail, { paidAt, providerPaymentId: payment.providerPaymentId, seatMail });
  switch (outcome) {
    case "completed":
    case "already":
      return { ok: true, outcome, item: orderItem(order) };
    case "duplicate":
      await refundOrder(order, payment, `user ${order.userId} already has ${describeItem(orderItem(order))}`);
      return { ok: true, outcome: "already", item: orderItem(order) };
    case "coupon-refused":
      await refundOrder(order, payment, `coupon ${order.couponId} ran out after order ${order.id}'s hold on it lapsed`);
      return { ok: false, reason: "coupon-refused" };
    case "seat-gone": {
      const student = describeEventOrder(order);
      const notice = student ? seatGoneMail({ ...student, amountPaise: order.amountPaise }) : undefined;
      await refundOrder(
        order,
        payment,
        `event ${order.eventId} was full when order ${order.id} was paid after its seat's hold lapsed`,
        notice,
      );
      return { ok: false, reason: "seat-gone" };
    }
    case "refunded":
      return order.courseId !== null && isEnrolled(order.userId, order.courseId)
        ? { ok: true, outcome: "already", item: orderItem(order) }
        : { ok: false, reason: "refunded" };
  }
}

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
    { paymentIntentId: intent.id },
  );
}

/**
 * Completes the order of a PaymentIntent that succeeded (Payment Element
 * flow). `paidAt`: when Stripe says it happened (the webhook's time), or now.
 */
export async function settlePaymentIntent(intent: PaymentIntentSnapshot, paidAt = new Date()): Promise<Settlement> {
  const order = findOrder({ paymentIntentId: intent.id }) ?? (intent.status === "succeeded" ? orderFromMetadata(intent) : null);
  if (!order) return { ok: false, reason: "not-found" };
  if (intent.status !== "succeeded") return { ok: false, reason: "not-paid" };
  if (!matchesOrder(order, intent)) {
    console.warn(`PaymentIntent ${intent.id} does not match order ${order.id}; not enrolling`);
    return { ok: false, reason: "mismatch" };
  }
  return completePaidOrder(order, { paymentIntentId: intent.id }, paidAt);
}

/**
 * Completes the order of a paid Checkout Session (hosted page flow). Stripe
 * takes no payment on a session after it expires, so it was paid by then.
 */
async function settleCheckoutSession(session: CheckoutSessionSnapshot, reportedAt = new Date()): Promise<Settlement> {
  const order = findOrder({ checkoutSessionId: session.id });
  if (!order) return { ok: false, reason: "not-found" };
  if (session.paymentStatus !== "paid" || !session.paymentIntentId) return { ok: false, reason: "not-paid" };
  if (!matchesOrder(order, session)) {
    console.warn(`Checkout Session ${session.id} does not match order ${order.id}; not enrolling`);
    return { ok: false, reason: "mismatch" };
  }
  const paidAt = session.expiresAt && session.expiresAt < reportedAt ? session.expiresAt : reportedAt;
  return completePaidOrder(order, { paymentIntentId: session.paymentIntentId }, paidAt);
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
  const order = findOrder({ checkoutSessionId: sessionId });
  if (!order) return { ok: false, reason: "not-found" };
  if (order.userId !== userId) return { ok: false, reason: "not-yours" };
  if (order.paymentStatus === "completed") return { ok: true, outcome: "already", item: orderItem(order) };
  const session = await retrieveCheckoutSession(sessionId);
  if (!session) return { ok: false, reason: "not-found" };
  return settleCheckoutSession(session);
}

/**
 * Stripe's signed webhook: the source of truth for paid and failed orders,
 * refunds and disputes. A redelivered event (its id already handled) changes
 * nothing. Refunds and disputes record their event with their change; other
 * events are settled idempotently and remembered once that succeeded, so a
 * failure (Stripe unreachable for a refund) leaves the event to be retried.
 */
export async function handlePaymentEvent(event: WebhookEvent): Promise<void> {
  if (isEventHandled(event)) return;
  switch (event.type) {
    case "charge.refunded":
      recordRefund(
        event,
        {
          paymentId: event.charge.paymentIntentId,
          chargedPaise: event.charge.amountPaise,
          refundedPaise: event.charge.refundedPaise,
        },
        lateCreditNoteNotice,
      );
      return;
    case "charge.dispute.created":
    case "charge.dispute.funds_withdrawn":
    case "charge.dispute.updated":
    case "charge.dispute.closed":
      recordDispute(event, { paymentId: event.dispute.paymentIntentId, status: disputeOutcome(event.dispute.status) });
      return;
    case "ignored":
      return;
    default:
      await settlePaymentEvent(event);
      markEventHandled(event);
  }
}

type SettlingEvent = Extract<WebhookEvent, { paymentIntent: PaymentIntentSnapshot } | { session: CheckoutSessionSnapshot }>;

async function settlePaymentEvent(event: SettlingEvent): Promise<void> {
  switch (event.type) {
    case "payment_intent.succeeded":
      // Checkout's own PaymentIntents are settled by checkout.session.completed.
      if (event.paymentIntent.metadata.flow !== "checkout") await settlePaymentIntent(event.paymentIntent, event.created);
      return;
    case "payment_intent.payment_failed": {
      const order = findOrder({ paymentIntentId: event.paymentIntent.id });
      if (order) failOrder(order.id, { retryable: true });
      return;
    }
    case "checkout.session.completed":
    case "checkout.session.async_payment_succeeded":
      await settleCheckoutSession(event.session, event.created);
      return;
    case "checkout.session.async_payment_failed":
    case "checkout.session.expired": {
      const order = findOrder({ checkoutSessionId: event.session.id });
      if (order) failOrder(order.id);
      return;
    }
  }
}
