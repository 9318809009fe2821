import { completeOrder, findOrderById, isEnrolled, markOrderRefunded, orderItem, type Order } from "~/models/orders/order.server";
import type { CheckoutItem } from "~/utils/checkout-path";

// A payment a provider captured becomes an enrollment (or an event's seat)
// here, whichever provider took it: the order is completed once, and a
// payment the order can no longer take is returned in full.

export type Settlement =
  | { ok: true; outcome: "completed" | "already"; /** The course, or the event whose seat, the order bought. */ item: CheckoutItem }
  | {
      ok: false;
      /**
       * coupon-refused: paid after its hold on a coupon that then had none left, and refunded in full;
       * seat-gone: a paid event's (or batch's) payment after its seat's hold lapsed, the place full, refunded in full;
       * refunded: returned earlier.
       */
      reason: "not-found" | "not-yours" | "not-paid" | "mismatch" | "coupon-refused" | "seat-gone" | "refunded" | "payments-off";
      /** For seat-gone, the event whose seat it was: the student is sent back to its waitlist. */
      item?: CheckoutItem;
    };

/** The payment that paid an order, and how its provider returns it whole. */
export type PaidWith = { paymentId: string; refundWhole: (paymentId: string) => Promise<void> };

/** "course 3", "course 3 in batch 5" or "a seat at event 7", for the logs and the audit trail. */
const describeItem = (item: CheckoutItem) =>
  item.type === "event" ? `a seat at event ${item.id}` : item.batchId ? `course ${item.id} in batch ${item.batchId}` : `course ${item.id}`;

/**
 * Returns the whole payment (refund policy) and records it on the order. The
 * webhook and the student's return can both find the same payment refusable
 * at once: the provider refunds a payment in full only once and refuses the
 * second try, which is then no failure if the other already recorded it.
 */
async function refundOrder(order: Order, payment: PaidWith, why: string, tell?: { seatGone: true }): Promise<void> {
  console.warn(`Refunding ${payment.paymentId}: ${why}`);
  try {
    await payment.refundWhole(payment.paymentId);
  } catch (error) {
    if (findOrderById(order.id)?.paymentStatus === "refunded") return;
    throw error;
  }
  markOrderRefunded(order, payment.paymentId, why, tell);
}

/**
 * Completes a paid order (enrollment, coupon, receipt mail) whichever provider
 * took the money; a payment the order cannot take is returned in full.
 */
export async function completePaidOrder(order: Order, payment: PaidWith, paidAt: Date): Promise<Settlement> {
  const outcome = completeOrder(order.id, payment.paymentId, { paidAt });
  const item = orderItem(order);
  switch (outcome) {
    case "completed":
    case "already":
      return { ok: true, outcome, item };
    case "duplicate":
      await refundOrder(order, payment, `user ${order.userId} already has ${describeItem(item)}`);
      return { ok: true, outcome: "already", item };
    case "coupon-refused":
      await refundOrder(order, payment, `coupon ${order.couponId} ran out after order ${order.id}'s hold on it lapsed`);
      return { ok: false, reason: "coupon-refused" };
    case "seat-gone": {
      const place = order.batchId !== null ? `batch ${order.batchId}` : `event ${order.eventId}`;
      await refundOrder(order, payment, `${place} was full when order ${order.id} was paid after its seat's hold lapsed`, {
        seatGone: true,
      });
      return { ok: false, reason: "seat-gone", item };
    }
    case "refunded":
      return order.courseId !== null && isEnrolled(order.userId, order.courseId)
        ? { ok: true, outcome: "already", item }
        : { ok: false, reason: "refunded" };
  }
}
