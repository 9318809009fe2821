import type { AdminDecision } from "~/models/accounts/student-admin.server";
import { callOffBatch, leaveCancelledBatch, settleSeatWithoutRefund, type SeatToSettle } from "~/models/batches/batch-cancel.server";
import { findRefundableOrder } from "~/models/orders/order-refund.server";
import { refundOrder } from "./admin-refund.server";

// Cancelling a batch (decision 0062): the batch is called off at once, then
// each student's seat is settled. The institute called the batch off, so
// whatever was paid through a payment provider is refunded in full, through
// the same refund an admin makes from a student's page (the provider asked
// once per order and amount, the credit note, the audit row); the refund's own
// transaction gives up the seat and tells the student. Money paid to the
// institute directly is returned by hand: the admin is told whose.

export type BatchCancellation =
  | {
      ok: true;
      firstTime: boolean;
      name: string;
      refunded: number;
      /** Students whose money the admin returns by hand (paid offline), to record on each one's page. */
      toReturnByHand: number;
      /** Refunds the provider did not make: their seats stay, and cancelling again tries them again. */
      failed: string[];
    }
  | { ok: false; reason: "not-found" };

/** The provider's refund of a seat's order, all that is left of it; null when no provider can refund it. */
async function refundSeat(batchId: number, seat: SeatToSettle, decision: AdminDecision) {
  const order = seat.orderId === null ? null : findRefundableOrder(seat.userId, seat.orderId);
  if (!order || (order.provider !== "stripe" && order.provider !== "razorpay")) return null;
  return refundOrder(
    {
      userId: seat.userId,
      order,
      amountPaise: order.leftPaise,
      takeAway: true,
      sequel: (tx, refund) =>
        leaveCancelledBatch(tx, batchId, seat.userId, {
          kind: "refunded",
          amountPaise: refund.amountPaise,
          paidPaise: order.amountPaise,
          creditNoteNumber: refund.creditNoteNumber,
        }),
    },
    decision,
  );
}

export async function cancelBatch(courseId: number, batchId: number, decision: AdminDecision): Promise<BatchCancellation> {
  const calledOff = callOffBatch(courseId, batchId, decision);
  if (!calledOff.ok) return calledOff;
  const outcome = { refunded: 0, toReturnByHand: 0, failed: [] as string[] };
  // One at a time: each refund is a call to the provider, and a batch is tens of students, not thousands.
  for (const seat of calledOff.seats) {
    const refund = await refundSeat(batchId, seat, decision);
    if (refund?.ok) outcome.refunded += 1;
    else if (refund) outcome.failed.push(refund.message);
    else if (settleSeatWithoutRefund(batchId, seat, decision) === "returned-directly") outcome.toReturnByHand += 1;
  }
  return { ok: true, firstTime: calledOff.firstTime, name: calledOff.batch.name, ...outcome };
}
