import { and, desc, eq, gt, inArray, isNotNull, isNull, lt, ne, or, sql } from "drizzle-orm";
import { batches, courses, events, orders } from "../../../db/schema";
import type { PaymentProvider } from "../../../db/enums";
import { db, isUniqueViolation, type Transaction } from "~/utils/db.server";
import { recordSystemAction } from "../site/audit-log.server";
import { queueMail } from "../site/outbox.server";
import { COUPON_HOLD_MS, countRedemption, couponHasRoom } from "./coupon.server";
import { queueOrderMail } from "./order-receipt.server";
import { issueInvoiceForOrder } from "./tax-document.server";
import { billingOfForm } from "./billing.server";
import { describeEventOrder, takeSeat } from "../events/event-seat.server";
import { describeBatchOrder, takeBatchSeat } from "../batches/batch-seat.server";
import type { CheckoutItem } from "~/utils/checkout-path";
import { hasConfirmedAdult } from "../accounts/user.server";

// An order's life. Its row is stored `pending` before the provider is asked
// for anything (a reservation: with a coupon, it holds one of the coupon's
// redemptions, docs/decisions/0012), gets the provider's order id once the
// provider has made one (a Razorpay order, Stripe's PaymentIntent or Checkout
// Session), then becomes `completed` or `failed` as the provider reports. The
// amount is the one the server priced; whatever settles the order (webhook,
// return page, the browser's report) must see the provider confirm that same
// amount.

export type OrderTerms = {
  userId: string;
  /** What the order buys: a course or a seat at a paid event, never both. */
  courseId: number | null;
  eventId: number | null;
  /** For a course taught in batches: the batch chosen, whose seat the order holds and takes. */
  batchId?: number | null;
  amountPaise: number;
  couponId: number | null;
  enrollmentFormId: number | null;
};

export type Order = OrderTerms & {
  id: number;
  paymentStatus: (typeof orders.$inferSelect)["paymentStatus"];
  /** Who takes the money; null for a free order. */
  provider: PaymentProvider | null;
  /** What the student pays against at the provider, and the payment that paid it. */
  providerOrderId: string | null;
  providerPaymentId: string | null;
  /** Until when the order holds a redemption of its coupon; null when it holds none. */
  couponHeldUntil: Date | null;
  /** Until when a paid event's order holds its seat; null when it holds none. */
  seatHeldUntil: Date | null;
};

/** What the order bought: its course, or a seat at its event (exactly one is set). */
export function orderItem(order: Pick<Order, "id" | "courseId" | "eventId" | "batchId">): CheckoutItem {
  if (order.courseId !== null)
    return order.batchId ? { type: "course", id: order.courseId, batchId: order.batchId } : { type: "course", id: order.courseId };
  if (order.eventId !== null) return { type: "event", id: order.eventId };
  throw new Error(`Order ${order.id} names neither a course nor an event`);
}

/** What a provider made for an order: what the student pays against, and the payment when it is known already. */
export type PaymentReference = { provider: PaymentProvider; providerOrderId: string; providerPaymentId?: string };

/** How an order is found again: by what the student pays against, or by the payment that paid it. */
export type OrderLookup = { provider: PaymentProvider; providerOrderId: string } | { provider: PaymentProvider; providerPaymentId: string };

/**
 * Which pending orders a new payment may reuse: the provider's, and of them
 * only those whose provider order id starts with `referencePrefix` (one
 * provider's two kinds of object, Stripe's PaymentIntents and Checkout
 * Sessions, are not paid on each other's page).
 */
export type PaymentKind = { provider: PaymentProvider; referencePrefix?: string };

const orderColumns = {
  id: orders.id,
  userId: orders.userId,
  courseId: orders.courseId,
  eventId: orders.eventId,
  batchId: orders.batchId,
  amountPaise: orders.amountPaise,
  couponId: orders.couponId,
  enrollmentFormId: orders.enrollmentFormId,
  paymentStatus: orders.paymentStatus,
  provider: orders.provider,
  providerOrderId: orders.providerOrderId,
  providerPaymentId: orders.providerPaymentId,
  couponHeldUntil: orders.couponHeldUntil,
  seatHeldUntil: orders.seatHeldUntil,
};

/** Orders for the same course or the same event. */
const sameItem = (item: { courseId: number | null; eventId: number | null }) =>
  item.courseId !== null ? eq(orders.courseId, item.courseId) : item.eventId !== null ? eq(orders.eventId, item.eventId) : sql`0`;

const sameTerms = (terms: OrderTerms) =>
  and(
    eq(orders.userId, terms.userId),
    sameItem(terms),
    eq(orders.amountPaise, terms.amountPaise),
    terms.batchId ? eq(orders.batchId, terms.batchId) : isNull(orders.batchId),
    terms.couponId === null ? isNull(orders.couponId) : eq(orders.couponId, terms.couponId),
    terms.enrollmentFormId === null ? isNull(orders.enrollmentFormId) : eq(orders.enrollmentFormId, terms.enrollmentFormId),
  );

/** None of the provider's objects made yet: a reservation still being set up. */
const nothingMadeYet = () => isNull(orders.providerOrderId);

/** An order at this provider whose object is of this kind, or not made yet (a reservation still being set up). */
const ofKind = (kind: PaymentKind) =>
  and(
    eq(orders.provider, kind.provider),
    kind.referencePrefix === undefined
      ? undefined
      : or(nothingMadeYet(), sql`substr(${orders.providerOrderId}, 1, ${kind.referencePrefix.length}) = ${kind.referencePrefix}`),
  );

/** The student's unfinished orders for the course or event let their coupon holds go. */
function releaseHolds(tx: Pick<typeof db, "update">, buyer: { userId: string; courseId: number | null; eventId: number | null }): void {
  tx.update(orders)
    .set({ couponHeldUntil: null })
    .where(and(eq(orders.userId, buyer.userId), sameItem(buyer), ne(orders.paymentStatus, "completed"), isNotNull(orders.couponHeldUntil)))
    .run();
}

/** adult-unconfirmed: the account has not said its holder is 18 or older (a minor's contract is void), so nothing is sold to it. */
export type Reservation = { ok: true; order: Order } | { ok: false; reason: "coupon-unavailable" | "adult-unconfirmed" };

/**
 * The student's pending order with these terms for this kind of payment,
 * stored now if there is none. With a coupon, storing it takes one of the
 * coupon's redemptions for COUPON_HOLD_MS: the coupon's active flag, expiry
 * and limit are checked in the same `BEGIN IMMEDIATE` transaction as the
 * insert, so concurrent checkouts cannot both take the last one. A double
 * click finds the first click's order (its hold still live) and reuses it.
 */
export function reserveOrder(terms: OrderTerms, kind: PaymentKind, now = new Date()): Reservation {
  return db.transaction((tx) => reserveOrderIn(tx, terms, kind, now), { behavior: "immediate" });
}

/** reserveOrder inside a caller's `BEGIN IMMEDIATE` transaction (a paid event's seat is held in the same one). */
export function reserveOrderIn(tx: Transaction, terms: OrderTerms, kind: PaymentKind, now: Date): Reservation {
  if (!hasConfirmedAdult(terms.userId, tx)) return { ok: false, reason: "adult-unconfirmed" };
  const open = tx
    .select(orderColumns)
    .from(orders)
    .where(
      and(
        sameTerms(terms),
        eq(orders.paymentStatus, "pending"),
        ofKind(kind),
        terms.couponId === null ? undefined : gt(orders.couponHeldUntil, now),
      ),
    )
    .orderBy(desc(orders.id))
    .get();
  if (open) return { ok: true, order: open };
  if (terms.couponId !== null && !couponHasRoom(tx, terms.couponId, now, terms)) {
    return { ok: false, reason: "coupon-unavailable" };
  }
  // This order replaces the student's earlier checkouts of the course: they let their holds go.
  releaseHolds(tx, terms);
  const couponHeldUntil = terms.couponId === null ? null : new Date(now.getTime() + COUPON_HOLD_MS);
  const order = tx
    .insert(orders)
    .values({
      ...terms,
      provider: kind.provider,
      paymentStatus: "pending",
      couponHeldUntil,
      enrolledAt: now,
      billing: billingOfForm(tx, terms.enrollmentFormId),
      ...deliveryOf(tx, terms),
    })
    .returning(orderColumns)
    .get();
  return { ok: true, order };
}

/**
 * How the course, batch or event is delivered as it stands now, copied onto
 * the order made for it: its invoice's place of supply follows the order's
 * copy, never a later edit. A batch's delivery is the course's for its
 * students (a batch taught at a venue is supplied there, IGST Act s.12(5)).
 */
export function deliveryOf(
  database: Pick<typeof db, "select">,
  item: { courseId: number | null; eventId: number | null; batchId?: number | null },
): Pick<typeof orders.$inferInsert, "deliveryMode" | "venueStateCode"> {
  const table = item.eventId !== null ? events : item.batchId ? batches : courses;
  const id = item.eventId ?? item.batchId ?? item.courseId;
  if (id === null) return {};
  const row = database
    .select({ deliveryMode: table.deliveryMode, venueStateCode: table.venueStateCode })
    .from(table)
    .where(eq(table.id, id))
    .get();
  if (!row) return {};
  return { deliveryMode: row.deliveryMode, venueStateCode: row.deliveryMode === "venue" ? row.venueStateCode : null };
}

/** Names the provider's object made for a reserved order; false if the order was closed or has another meanwhile. */
export function attachPaymentReference(orderId: number, reference: PaymentReference): boolean {
  const result = db
    .update(orders)
    .set(reference)
    .where(
      and(
        eq(orders.id, orderId),
        eq(orders.paymentStatus, "pending"),
        eq(orders.provider, reference.provider),
        or(nothingMadeYet(), eq(orders.providerOrderId, reference.providerOrderId)),
      ),
    )
    .run();
  return result.changes > 0;
}

/** A reservation the provider never made an object for (setup failed): gone, with its hold. */
export function dropReservation(orderId: number): void {
  db.delete(orders)
    .where(and(eq(orders.id, orderId), eq(orders.paymentStatus, "pending"), nothingMadeYet()))
    .run();
}

/**
 * Stores a pending order for a payment the provider already has, with no hold
 * on a coupon (the webhook's rebuild of a row that was lost). A second call for
 * the same provider object returns the first call's order.
 */
export function recordOrder(terms: OrderTerms, reference: PaymentReference): Order {
  db.insert(orders)
    .values({ ...terms, ...reference, paymentStatus: "pending", ...deliveryOf(db, terms) })
    .onConflictDoNothing({ target: [orders.provider, orders.providerOrderId] })
    .run();
  const order = findOrder(reference);
  if (!order) throw new Error("The order just stored cannot be read back");
  return order;
}

/**
 * recordOrder for terms read back from a payment's metadata: null when they
 * name a student, course, coupon or form this site does not have.
 */
export function recordLostOrder(terms: OrderTerms, reference: PaymentReference): Order | null {
  try {
    return recordOrder(terms, reference);
  } catch (error) {
    if (error instanceof Error && "code" in error && error.code === "SQLITE_CONSTRAINT_FOREIGNKEY") return null;
    throw error;
  }
}

export function findOrder(lookup: OrderLookup): Order | null {
  const found =
    "providerOrderId" in lookup
      ? eq(orders.providerOrderId, lookup.providerOrderId)
      : eq(orders.providerPaymentId, lookup.providerPaymentId);
  return (
    db
      .select(orderColumns)
      .from(orders)
      .where(and(eq(orders.provider, lookup.provider), found))
      .get() ?? null
  );
}

export function findOrderById(orderId: number): Order | null {
  return db.select(orderColumns).from(orders).where(eq(orders.id, orderId)).get() ?? null;
}

/**
 * The student's failed order at a provider with these terms, pending again so
 * they can pay on it once more (a declined UPI payment, say): its provider
 * order still takes payments. Null when there is none, or its coupon hold has
 * lapsed (a fresh order then takes a new hold).
 */
export function reopenFailedOrder(terms: OrderTerms, provider: PaymentProvider, now = new Date()): Order | null {
  return db.transaction(
    (tx) => {
      const failed = tx
        .select({ id: orders.id })
        .from(orders)
        .where(
          and(
            sameTerms(terms),
            eq(orders.paymentStatus, "failed"),
            eq(orders.provider, provider),
            isNotNull(orders.providerOrderId),
            terms.couponId === null ? undefined : gt(orders.couponHeldUntil, now),
          ),
        )
        .orderBy(desc(orders.id))
        .get();
      if (!failed || paidOrderFor(tx, terms.userId, terms) || !hasConfirmedAdult(terms.userId, tx)) return null;
      return (
        // Its time starts again, so reconciliation gives the new try as long as the first.
        tx
          .update(orders)
          .set({ paymentStatus: "pending", enrolledAt: now })
          .where(eq(orders.id, failed.id))
          .returning(orderColumns)
          .get() ?? null
      );
    },
    { behavior: "immediate" },
  );
}

/** Orders at the provider still pending since before `before`: reconciliation asks the provider about them. */
export function listPendingProviderOrders(provider: PaymentProvider, before: Date, limit = 50): Order[] {
  return db
    .select(orderColumns)
    .from(orders)
    .where(
      and(
        eq(orders.provider, provider),
        eq(orders.paymentStatus, "pending"),
        isNotNull(orders.providerOrderId),
        lt(orders.enrolledAt, before),
      ),
    )
    .orderBy(orders.id)
    .limit(limit)
    .all();
}

type Reader = Pick<typeof db, "select">;

/** The student's completed order for the course or event, if any: what "enrolled" (or "paid for a seat") means. */
const paidOrderFor = (database: Reader, userId: string, item: { courseId: number | null; eventId: number | null }) =>
  database
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.userId, userId), sameItem(item), eq(orders.paymentStatus, "completed")))
    .get();

/** A paid enrollment: what opens a course's lessons (refunded, charged back, failed or pending orders do not). */
export function isEnrolled(userId: string, courseId: number, database: Reader = db): boolean {
  return paidOrderFor(database, userId, { courseId, eventId: null }) !== undefined;
}

/**
 * completed: this call enrolled the student; already: an earlier call did;
 * duplicate: the student was enrolled (or seated) by another payment;
 * coupon-refused: the payment came after its hold on the coupon lapsed and the
 * coupon no longer holds (refund it); refunded: the order's payment was
 * returned earlier; seat-gone: a paid event's payment came after its seat's
 * hold lapsed and no seat is free (refund it).
 */
export type CompletionOutcome = "completed" | "already" | "duplicate" | "coupon-refused" | "refunded" | "seat-gone";

/**
 * Marks a paid order completed, once: the coupon's redemption is counted in
 * the same `BEGIN IMMEDIATE` transaction.
 * A payment made (`paidAt`) within the order's hold is honoured whatever has
 * become of the coupon since; a later one only if the coupon still holds and
 * has a redemption free at `now`. Completed, refunded and charged-back orders
 * are final, so a replayed or late event changes nothing. Only the call that
 * flips the order to completed queues its mail, in the same transaction, so
 * a redelivered webhook racing the return page sends it once.
 */
export function completeOrder(
  orderId: number,
  /** The provider's payment that paid it; null when it is on the order already. */
  paymentId: string | null,
  { paidAt = new Date(), now = new Date() }: { paidAt?: Date; now?: Date } = {},
): CompletionOutcome {
  try {
    return db.transaction(
      (tx): CompletionOutcome => {
        const order = tx.select(orderColumns).from(orders).where(eq(orders.id, orderId)).get();
        if (!order) throw new Error(`Order ${orderId} does not exist`);
        if (order.paymentStatus === "completed") return "already";
        // A revoked order is final too: a late event for its payment must not give the course back.
        if (order.paymentStatus === "refunded" || order.paymentStatus === "charged_back" || order.paymentStatus === "revoked")
          return "refunded";
        if (paidOrderFor(tx, order.userId, order)) return "duplicate";
        // Every refusal is decided before anything is written: a refused payment commits nothing.
        if (order.couponId !== null) {
          const withinHold = order.couponHeldUntil !== null && paidAt.getTime() <= order.couponHeldUntil.getTime();
          if (!withinHold && !couponHasRoom(tx, order.couponId, now, order)) return "coupon-refused";
        }
        if (order.eventId !== null) {
          const seat = takeSeat(tx, order, paidAt, now);
          if (seat === "registered") return "duplicate";
          if (seat === "gone") return "seat-gone";
        }
        if (order.batchId !== null) {
          const seat = takeBatchSeat(tx, order, paidAt, now);
          if (seat === "seated-already") return "duplicate";
          if (seat === "gone") return "seat-gone";
        }
        if (order.couponId !== null) countRedemption(tx, order.couponId);
        tx.update(orders)
          .set({
            paymentStatus: "completed",
            enrolledAt: paidAt,
            couponHeldUntil: null,
            seatHeldUntil: null,
            ...(paymentId ? { providerPaymentId: paymentId } : {}),
          })
          .where(eq(orders.id, orderId))
          .run();
        // The student's other checkouts of the course are moot now.
        releaseHolds(tx, order);
        // The GST invoice (when the seller is registered) is numbered in this same transaction (decision 0031).
        issueInvoiceForOrder(tx, orderId, now);
        queueOrderMail(tx, orderId);
        return "completed";
      },
      { behavior: "immediate" },
    );
  } catch (error) {
    // Another connection completed a second order for the same course first.
    if (isUniqueViolation(error)) return "duplicate";
    throw error;
  }
}

/**
 * A payment that did not go through: pending → failed. Completed orders never
 * go back. An expired or abandoned payment lets its coupon hold go; a declined
 * card (`retryable`) keeps it while it lasts, because the student may try
 * another card on the same PaymentIntent.
 */
export function failOrder(orderId: number, { retryable = false }: { retryable?: boolean } = {}): boolean {
  return db.transaction(
    (tx) => {
      const order = tx
        .update(orders)
        .set({ paymentStatus: "failed", ...(retryable ? {} : { couponHeldUntil: null }) })
        .where(and(eq(orders.id, orderId), eq(orders.paymentStatus, "pending")))
        .returning({ id: orders.id })
        .get();
      return order !== undefined;
    },
    { behavior: "immediate" },
  );
}

/**
 * A payment the server returned in full (a second payment for a course the
 * student already had, or one whose coupon had run out), once its provider
 * has refunded it. The audit log says why.
 */
export function markOrderRefunded(
  order: { id: number; amountPaise: number },
  /** The provider's payment that was returned. */
  paymentId: string,
  reason: string,
  /** seatGone: the student is told, with the refund, that the event or batch filled (or the batch was called off) before the payment came. */
  tell?: { seatGone: true },
): void {
  const paidWith = { providerPaymentId: paymentId };
  db.transaction(
    (tx) => {
      const refunded = tx
        .update(orders)
        .set({ paymentStatus: "refunded", ...paidWith, refundedPaise: order.amountPaise, couponHeldUntil: null, seatHeldUntil: null })
        .where(and(eq(orders.id, order.id), inArray(orders.paymentStatus, ["pending", "failed"])))
        .returning({ id: orders.id, userId: orders.userId, eventId: orders.eventId, batchId: orders.batchId })
        .get();
      if (!refunded) return;
      const batchStudent = tell?.seatGone ? describeBatchOrder(tx, refunded) : null;
      if (batchStudent) {
        const { email, cancelled, ...about } = batchStudent;
        // A batch called off since the seat was held: the student hears that, not that it filled.
        const payload = cancelled
          ? {
              kind: "batch-cancelled" as const,
              cancelled: {
                ...about,
                money: { kind: "refunded" as const, amountPaise: order.amountPaise, paidPaise: order.amountPaise, creditNoteNumber: null },
              },
            }
          : { kind: "batch-seat-gone" as const, ...about, amountPaise: order.amountPaise };
        queueMail(tx, { to: email, userId: refunded.userId, payload });
      }
      const student = tell?.seatGone ? describeEventOrder(tx, refunded) : null;
      if (student) {
        const payload = {
          kind: "event-seat-gone" as const,
          firstName: student.firstName,
          eventTitle: student.eventTitle,
          amountPaise: order.amountPaise,
        };
        queueMail(tx, { to: student.email, userId: refunded.userId, payload });
      }
      recordSystemAction(
        {
          actor: "checkout",
          action: "order_refunded",
          subject: { type: "enrollment", id: order.id },
          details: { ...paidWith, refundedPaise: order.amountPaise, reason },
        },
        tx,
      );
    },
    { behavior: "immediate" },
  );
}

export type FreeEnrollment = "completed" | "already" | "coupon-unavailable" | "seat-gone" | "adult-unconfirmed";

/** Undoes a free order's transaction when its event has no seat for it after all. */
class SeatRefused extends Error {
  constructor(readonly outcome: "already" | "seat-gone") {
    super(`No seat: ${outcome}`);
  }
}

/**
 * A free order (a ₹0 course, or a 100% coupon on a course or a paid event):
 * recorded and completed at once, without a payment, in one `BEGIN IMMEDIATE`
 * transaction that also checks and counts the coupon, so a limited coupon is
 * never used more than its limit, and takes an event's seat (with its
 * confirmation) only if one is free. The order's mail is queued in the same
 * transaction.
 */
export function enrollWithoutPayment(terms: OrderTerms, { now = new Date() }: { now?: Date } = {}): FreeEnrollment {
  if (terms.amountPaise !== 0) throw new RangeError("Only a free order enrolls without payment");
  try {
    return db.transaction(
      (tx): FreeEnrollment => {
        if (paidOrderFor(tx, terms.userId, terms)) return "already";
        if (!hasConfirmedAdult(terms.userId, tx)) return "adult-unconfirmed";
        if (terms.couponId !== null) {
          if (!couponHasRoom(tx, terms.couponId, now, terms)) return "coupon-unavailable";
          countRedemption(tx, terms.couponId);
        }
        const order = tx
          .insert(orders)
          .values({ ...terms, paymentStatus: "completed", enrolledAt: now, ...deliveryOf(tx, terms) })
          .returning(orderColumns)
          .get();
        if (terms.eventId !== null) {
          const seat = takeSeat(tx, order, now, now);
          if (seat !== "seated") throw new SeatRefused(seat === "registered" ? "already" : "seat-gone");
        }
        if (order.batchId !== null) {
          const seat = takeBatchSeat(tx, order, now, now);
          if (seat !== "seated") throw new SeatRefused(seat === "seated-already" ? "already" : "seat-gone");
        }
        queueOrderMail(tx, order.id);
        return "completed";
      },
      { behavior: "immediate" },
    );
  } catch (error) {
    if (error instanceof SeatRefused) return error.outcome;
    throw error;
  }
}
