import { and, eq } from "drizzle-orm";
import { courses, orders, users } from "../../../db/schema";
import type { PaymentProvider } from "../../../db/enums";
import { db } from "~/utils/db.server";
import { recordAdminAction } from "../site/audit-log.server";
import { queueMail } from "../site/outbox.server";
import { recordAdminRefund, revokeOrderAccess, type AdjustmentOutcome, type Tx } from "./payment-event.server";
import type { AdminDecision } from "../accounts/student-admin.server";

// An admin's refund of one order from the student's page (decision 0034).
// The provider is asked first (by the caller, a service); what it returned is
// then recorded here at once, through the webhook's own refund effect, with
// the admin's audit row, the student's mail and, when asked, the course taken
// away, all in one transaction.

/** A paid order as the refund step needs it; null when it is not the student's or has nothing left to refund. */
export type RefundableOrder = {
  id: number;
  courseTitle: string;
  provider: PaymentProvider;
  providerPaymentId: string | null;
  amountPaise: number;
  refundedPaise: number;
  leftPaise: number;
};

export function findRefundableOrder(userId: string, orderId: number): RefundableOrder | null {
  const order = db
    .select({
      id: orders.id,
      courseTitle: courses.title,
      provider: orders.provider,
      providerPaymentId: orders.providerPaymentId,
      amountPaise: orders.amountPaise,
      refundedPaise: orders.refundedPaise,
      paymentStatus: orders.paymentStatus,
    })
    .from(orders)
    .innerJoin(courses, eq(courses.id, orders.courseId))
    .where(and(eq(orders.id, orderId), eq(orders.userId, userId)))
    .get();
  if (!order || order.provider === "grant" || order.amountPaise <= 0) return null;
  // A revoked order may still be refunded (the course was taken away first); a refunded one is done.
  if (order.paymentStatus !== "completed" && order.paymentStatus !== "revoked") return null;
  const leftPaise = order.amountPaise - order.refundedPaise;
  if (leftPaise <= 0) return null;
  const { provider } = order;
  if (provider === null) return null;
  if ((provider === "stripe" || provider === "razorpay") && !order.providerPaymentId) return null;
  return { ...order, provider, leftPaise };
}

/**
 * What the refund's transaction does in place of the refund mail, when the
 * refund is part of a larger change (a batch called off): it tells the
 * student itself, with the amount and the credit note the refund issued.
 */
export type RefundSequel = (tx: Tx, refund: { amountPaise: number; creditNoteNumber: string | null }) => void;

export type AdminRefund = {
  userId: string;
  order: RefundableOrder;
  amountPaise: number;
  takeAway: boolean;
  /** The refund's id at the provider, or the offline reference: a second recording of it changes nothing. */
  refundId: string;
  /** For an offline order: how the money went back (cash, bank transfer, UPI) and its reference. */
  offline?: { method: string; reference: string | null };
  sequel?: RefundSequel;
};

/**
 * Records a refund the provider has made (or the admin made outside the
 * site). The total refunded never exceeds what was paid: the cumulative sum
 * is computed from the order as it is in this transaction.
 */
export function recordOrderRefund(refund: AdminRefund, decision: AdminDecision): AdjustmentOutcome {
  const { order } = refund;
  const event = { id: `refund:${refund.refundId}`, type: "admin.refund", provider: order.provider };
  return recordAdminRefund(
    event,
    order.id,
    { chargedPaise: order.amountPaise, refundedPaise: order.refundedPaise + refund.amountPaise },
    (tx, applied) => {
      // Judged from the refund itself: its webhook may have been recorded first (then `applied` changed nothing).
      const whole = order.refundedPaise + refund.amountPaise >= order.amountPaise;
      const courseTakenAway = whole || refund.takeAway;
      if (refund.takeAway && !whole) revokeOrderAccess(tx, order.id);
      const creditNoteNumber = applied.creditNote?.number ?? null;
      recordAdminAction(
        decision.admin,
        whole ? "order_refunded" : "order_partly_refunded",
        { type: "enrollment", id: order.id },
        {
          database: tx,
          details: {
            reason: decision.reason,
            amountPaise: refund.amountPaise,
            provider: order.provider,
            refundId: refund.refundId,
            courseTakenAway,
            ...refund.offline,
            creditNote: creditNoteNumber,
          },
        },
      );
      if (refund.sequel) return refund.sequel(tx, { amountPaise: refund.amountPaise, creditNoteNumber });
      const student = tx.select({ email: users.email, firstName: users.firstName }).from(users).where(eq(users.id, refund.userId)).get();
      if (student)
        queueMail(tx, {
          to: student.email,
          userId: refund.userId,
          payload: {
            kind: "order-refunded",
            refund: {
              firstName: student.firstName,
              courseTitle: order.courseTitle,
              amountPaise: refund.amountPaise,
              creditNoteNumber,
              provider: order.provider,
              courseTakenAway,
            },
          },
        });
    },
    // Nothing checks an offline refund but this transaction: another admin's refund meanwhile refuses it.
    order.provider === "offline" ? order.refundedPaise : undefined,
  );
}
