import { lacksInvoiceBilling } from "~/models/orders/billing.server";
import { reserveEventOrder } from "~/models/events/event-order.server";
import { reserveBatchOrder, type BatchReservation } from "~/models/batches/batch-order.server";
import type { SeatRefusal } from "~/models/events/event-seat.server";
import {
  enrollWithoutPayment,
  isEnrolled,
  reserveOrder,
  type FreeEnrollment,
  type Order,
  type OrderTerms,
  type PaymentKind,
} from "~/models/orders/order.server";
import { orderTerms, type Buyer, type Quote } from "./quote.server";

// Before any provider is asked for anything: who may pay for what, and the
// pending order (with its coupon's redemption and an event's seat held) that
// the payment will complete. Every provider's start goes through here.

/** A student's order to pay at the provider, `cancelUrl` for giving up. */
export type PaymentStartInput = {
  user: Buyer;
  quote: Quote;
  enrollmentFormId: number | null;
  cancelUrl: string;
  now?: Date;
};

/**
 * already-enrolled: the student has the course or the seat already; event-full: no seat is free
 * (a waitlist is offered instead); event-closed: the event has begun or is withdrawn; batch-full,
 * batch-closed: the same for the batch chosen;
 * adult-unconfirmed: the account has not said its holder is 18 or older; billing-missing: tax
 * invoices are on and the order's enrollment form has no billing details for its invoice.
 */
export type StartRefusal =
  | "already-enrolled"
  | "free"
  | "payments-off"
  | "setup-failed"
  | "coupon-unavailable"
  | "event-full"
  | "event-closed"
  | "batch-full"
  | "batch-closed"
  | "adult-unconfirmed"
  | "billing-missing";

/** Why no payment can start for these terms with a provider (`takingPayments`: it is set up to); null when one can. */
export function refusalToStart(terms: OrderTerms, takingPayments: boolean): StartRefusal | null {
  if (terms.courseId !== null && isEnrolled(terms.userId, terms.courseId)) return "already-enrolled";
  if (terms.amountPaise === 0) return "free";
  if (!takingPayments) return "payments-off";
  if (lacksInvoiceBilling(terms.enrollmentFormId)) return "billing-missing";
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

const BATCH_REFUSALS: Record<Exclude<BatchReservation, { ok: true }>["reason"], StartRefusal> = {
  "not-found": "batch-closed",
  closed: "batch-closed",
  full: "batch-full",
  seated: "already-enrolled",
  "coupon-unavailable": "coupon-unavailable",
  "adult-unconfirmed": "adult-unconfirmed",
};

/**
 * The pending order for these terms, its coupon's redemption held; for an
 * event or a batch, its seat held too (decisions 0016, 0059), checked in the same transaction.
 */
export function reserveForCheckout(terms: OrderTerms, kind: PaymentKind, now: Date): CheckoutReservation {
  if (terms.courseId !== null && terms.batchId) {
    const reservation = reserveBatchOrder({ ...terms, courseId: terms.courseId, batchId: terms.batchId }, kind, now);
    return reservation.ok ? reservation : { ok: false, reason: BATCH_REFUSALS[reservation.reason] };
  }
  if (terms.eventId === null) return reserveOrder(terms, kind, now);
  const reservation = reserveEventOrder({ ...terms, eventId: terms.eventId }, kind, now);
  if (reservation.ok || reservation.reason === "coupon-unavailable" || reservation.reason === "adult-unconfirmed") return reservation;
  return { ok: false, reason: SEAT_REFUSALS[reservation.reason] };
}

/**
 * A ₹0 order (free course or 100% coupon): enrolled at once, no provider; refused when the coupon has no redemption left.
 */
export function enrollFree(user: Buyer, quote: Quote, enrollmentFormId: number | null): FreeEnrollment {
  return enrollWithoutPayment(orderTerms(user, quote, enrollmentFormId));
}
