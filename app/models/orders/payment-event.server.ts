import { and, eq, or } from "drizzle-orm";
import { orders, paymentEvents } from "../../../db/schema";
import { type CertificateRevocationReason, type DisputeStatus, type PaymentProvider, type PaymentStatus } from "../../../db/enums";
import { db } from "~/utils/db.server";
import { recordSystemAction } from "../site/audit-log.server";
import { revokeCourseCertificate } from "../classroom/certificate.server";
import { issueCreditNoteForRefund, queueLateCreditNoteNotice } from "./tax-document.server";

// What a payment provider reports after an order was paid: refunds (full or
// partial), and card disputes that open and then are won or lost. Each
// event's id goes into `payment_events` in the same transaction as its effect
// and its audit row, so a redelivered event finds it and changes nothing.
// An event that names its entity (the payment, order, refund or dispute it is
// about) is also keyed by its type and that entity, in the same row: the same
// body resent under another event id finds it and changes nothing either.

export type Tx = Parameters<Parameters<typeof db.transaction>[0]>[0];
/**
 * A provider's event; Stripe's when no provider is named (they came first).
 * `entityId`: what the signed body says the event is about, for providers
 * whose signature does not cover the event id (Razorpay's).
 */
type ProviderEvent = { id: string; type: string; provider?: PaymentProvider; entityId?: string };

const providerOf = (event: ProviderEvent): PaymentProvider => event.provider ?? "stripe";

/** The order a payment paid for, by the provider's payment id. */
function paidBy(event: ProviderEvent, paymentId: string) {
  return and(eq(orders.provider, providerOf(event)), eq(orders.providerPaymentId, paymentId));
}

/** Whether the provider's event was handled before: a redelivery, or the same event about the same entity under another id. */
export function isEventHandled(event: ProviderEvent): boolean {
  const sameEvent = eq(paymentEvents.eventId, event.id);
  const sameEntity = event.entityId ? and(eq(paymentEvents.type, event.type), eq(paymentEvents.entityId, event.entityId)) : undefined;
  return (
    db
      .select({ id: paymentEvents.eventId })
      .from(paymentEvents)
      .where(and(eq(paymentEvents.provider, providerOf(event)), sameEntity ? or(sameEvent, sameEntity) : sameEvent))
      .get() !== undefined
  );
}

/** Stores the event as handled; false when it already was, by its id or by its entity (another delivery got there first). */
function claimEvent(database: Pick<typeof db, "insert">, event: ProviderEvent): boolean {
  const claimed = database
    .insert(paymentEvents)
    .values({ provider: providerOf(event), eventId: event.id, type: event.type, entityId: event.entityId ?? null })
    // Either key may hold it: the event id (primary key) or its type and entity (payment_events_entity_uq).
    .onConflictDoNothing()
    .returning({ id: paymentEvents.eventId })
    .get();
  return claimed !== undefined;
}

/** For events whose effect is idempotent by itself (payments, expiries): remembered once handled. */
export function markEventHandled(event: ProviderEvent): void {
  claimEvent(db, event);
}

export type AdjustmentOutcome =
  "repeat" | "no-order" | "stale" | "unchanged" | "refunded" | "partly-refunded" | "dispute-open" | "dispute-won" | "charged-back";

type PaidOrder = {
  id: number;
  userId: string;
  courseId: number | null;
  paymentStatus: PaymentStatus;
  refundedPaise: number;
  disputeStatus: DisputeStatus | null;
};

const paidOrderColumns = {
  id: orders.id,
  userId: orders.userId,
  courseId: orders.courseId,
  paymentStatus: orders.paymentStatus,
  refundedPaise: orders.refundedPaise,
  disputeStatus: orders.disputeStatus,
};

/** Claims the event and finds the order its payment paid for, in one transaction with the change. */
function adjustOrder(
  event: ProviderEvent,
  paymentId: string | null,
  change: (tx: Tx, order: PaidOrder) => AdjustmentOutcome,
): AdjustmentOutcome {
  return db.transaction(
    (tx): AdjustmentOutcome => {
      if (!claimEvent(tx, event)) return "repeat";
      if (paymentId === null) return "no-order";
      const order = tx.select(paidOrderColumns).from(orders).where(paidBy(event, paymentId)).get();
      return order ? change(tx, order) : "no-order";
    },
    { behavior: "immediate" },
  );
}

/** The statuses that end a course's enrollment, and so its certificate, with the reason recorded on it. */
const ENDS_CERTIFICATE: Partial<Record<PaymentStatus, CertificateRevocationReason>> = {
  refunded: "refund",
  charged_back: "chargeback",
  revoked: "access_revoked",
};

/** The order's status; access follows `completed` alone. */
function setPaymentStatus(tx: Tx, order: PaidOrder, paymentStatus: PaymentStatus) {
  tx.update(orders).set({ paymentStatus }).where(eq(orders.id, order.id)).run();
  // The course is no longer the student's, so its certificate no longer stands (decision 0022).
  const reason = ENDS_CERTIFICATE[paymentStatus];
  if (reason && order.courseId !== null) revokeCourseCertificate(tx, order.userId, order.courseId, reason);
}

function audit(tx: Tx, event: ProviderEvent, order: PaidOrder, action: string, details: Record<string, unknown>) {
  recordSystemAction(
    {
      actor: providerOf(event),
      action,
      subject: { type: "enrollment", id: order.id },
      details: { eventId: event.id, eventType: event.type, ...details },
    },
    tx,
  );
}

type RefundReport = { paymentId: string | null; chargedPaise: number; refundedPaise: number };
/** What one refund recording did: the outcome, and the credit note it issued (none when nothing was new or no invoice). */
type RefundApplied = { outcome: AdjustmentOutcome; creditNote: { number: string } | null };

/** A refund's effect on the order, in the caller's transaction (the provider's webhook or the admin's refund). */
function applyRefund(tx: Tx, event: ProviderEvent, order: PaidOrder, refund: RefundReport): RefundApplied {
  // Events can arrive out of order, and an admin's refund is recorded before its webhook: the total refunded only grows.
  const refundedPaise = Math.max(order.refundedPaise, refund.refundedPaise);
  const whole = refundedPaise >= refund.chargedPaise;
  const revoke = whole && order.paymentStatus === "completed";
  if (refundedPaise === order.refundedPaise && !revoke) return { outcome: "unchanged", creditNote: null };
  tx.update(orders).set({ refundedPaise }).where(eq(orders.id, order.id)).run();
  // The newly refunded amount reduces the order's GST invoice by a credit note (rule 53, decision 0031).
  const creditNote = issueCreditNoteForRefund(tx, order.id, refundedPaise - order.refundedPaise);
  // Past the s.34(2) deadline the note reduces no tax: the team hears of it with the refund, most often made by a webhook.
  if (creditNote) queueLateCreditNoteNotice(tx, creditNote);
  if (revoke) setPaymentStatus(tx, order, "refunded");
  audit(tx, event, order, whole ? "order_refunded" : "order_partly_refunded", {
    paymentId: refund.paymentId,
    refundedPaise,
    chargedPaise: refund.chargedPaise,
  });
  return { outcome: whole ? "refunded" : "partly-refunded", creditNote };
}

/**
 * A refund of the charge that paid an order (`refundedPaise` is the charge's
 * total refunded so far). All of it: the order is `refunded` and the course
 * no longer the student's. Part of it: the order stays, flagged with the sum.
 */
export function recordRefund(event: ProviderEvent, refund: RefundReport): AdjustmentOutcome {
  return adjustOrder(event, refund.paymentId, (tx, order) => applyRefund(tx, event, order, refund).outcome);
}

/**
 * A refund an admin made from the student's page (decision 0034): recorded
 * at once through the same effect as the provider's webhook, `event` naming
 * the refund (its id at the provider, or the offline reference) so a repeat
 * finds it. `also` runs in the same transaction with the order and the
 * refund's effect: the admin's audit row, the student's mail, the course
 * taken away on a partial refund when asked. The webhook that follows reports
 * the same cumulative total and changes nothing.
 */
export function recordAdminRefund(
  event: ProviderEvent,
  orderId: number,
  refund: Omit<RefundReport, "paymentId">,
  also: (tx: Tx, applied: RefundApplied & { orderId: number; paymentStatus: PaymentStatus }) => void,
  /** Money returned outside any provider: refused ("stale") unless the order's refunded total is still this one. */
  expectRefundedPaise?: number,
): AdjustmentOutcome {
  return db.transaction(
    (tx): AdjustmentOutcome => {
      const order = tx.select(paidOrderColumns).from(orders).where(eq(orders.id, orderId)).get();
      if (!order) return "no-order";
      if (expectRefundedPaise !== undefined && order.refundedPaise !== expectRefundedPaise) return "stale";
      if (!claimEvent(tx, event)) return "repeat";
      const applied = applyRefund(tx, event, order, { ...refund, paymentId: null });
      also(tx, { ...applied, orderId, paymentStatus: order.paymentStatus });
      return applied.outcome;
    },
    { behavior: "immediate" },
  );
}

/** Makes an order's status `revoked` (the course taken away), its enrollment form's with it. */
export function revokeOrderAccess(tx: Tx, orderId: number): void {
  const order = tx.select(paidOrderColumns).from(orders).where(eq(orders.id, orderId)).get();
  if (order?.paymentStatus === "completed") setPaymentStatus(tx, order, "revoked");
}

/** Stripe's dispute statuses as the order keeps them: still open, won (flag cleared) or lost (charged back). */
export function disputeOutcome(stripeStatus: string): DisputeStatus {
  if (stripeStatus === "lost") return "lost";
  if (stripeStatus === "won" || stripeStatus === "warning_closed" || stripeStatus === "prevented") return "won";
  return "open";
}

/**
 * A card holder's dispute of the charge that paid an order. Open: the order
 * is flagged and the student keeps the course meanwhile. Won: the flag is
 * cleared. Lost: the bank took the money back; the order is `charged_back`
 * and the course no longer the student's. A closed dispute never reopens.
 */
export function recordDispute(event: ProviderEvent, dispute: { paymentId: string | null; status: DisputeStatus }): AdjustmentOutcome {
  return adjustOrder(event, dispute.paymentId, (tx, order) => {
    const closed = order.disputeStatus === "won" || order.disputeStatus === "lost";
    if (closed || order.disputeStatus === dispute.status) return "unchanged";
    tx.update(orders).set({ disputeStatus: dispute.status }).where(eq(orders.id, order.id)).run();
    const details = { paymentId: dispute.paymentId };
    switch (dispute.status) {
      case "open":
        audit(tx, event, order, "order_dispute_opened", details);
        return "dispute-open";
      case "won":
        audit(tx, event, order, "order_dispute_won", details);
        return "dispute-won";
      case "lost":
        if (order.paymentStatus === "completed") setPaymentStatus(tx, order, "charged_back");
        audit(tx, event, order, "order_charged_back", details);
        return "charged-back";
    }
  });
}
