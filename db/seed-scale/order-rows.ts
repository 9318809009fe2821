// The planned orders written as the checkout leaves them: the provider's
// references (a Razorpay order and payment, a Stripe Checkout Session and
// PaymentIntent, an offline payment's reference), the coupon or seat a
// pending or declined order still holds, billing details once invoices are
// issued, and the course's or event's delivery copied onto the order.
import { COUPON_HOLD_MINUTES } from "../../app/utils/coupon-rules";
import { SEAT_HOLD_MINUTES } from "../../app/schemas/event-registration";
import { MINUTE, json, type Writer } from "./context";
import { providerId, type Random } from "./random";
import type { PlannedOrder } from "./orders";
import { studentBilling } from "./leads";

export function writeOrders(writer: Writer, random: Random, orders: PlannedOrder[], invoicingSince: number): void {
  const insert = writer.into("orders", [
    "user_id",
    "course_id",
    "event_id",
    "enrolled_at",
    "payment_status",
    "amount_paise",
    "coupon_id",
    "enrollment_form_id",
    "coupon_held_until",
    "seat_held_until",
    "refunded_paise",
    "dispute_status",
    "provider",
    "provider_order_id",
    "provider_payment_id",
    "billing",
    "delivery_mode",
    "venue_state_code",
  ]);
  let counter = 0;
  for (const order of orders) {
    counter++;
    const paymentMade = order.status !== "pending" && (order.status !== "failed" || order.retryable);
    switch (order.provider) {
      case "razorpay":
        order.providerOrderId = providerId(random, "order_", counter, 14);
        order.providerPaymentId = paymentMade ? providerId(random, "pay_", counter, 14) : null;
        break;
      case "stripe":
        order.providerOrderId = providerId(random, "cs_live_", counter, 58);
        order.providerPaymentId = paymentMade ? providerId(random, "pi_", counter, 24) : null;
        break;
      case "offline":
        // A UPI or bank transfer's reference as the admin typed it.
        order.providerOrderId = `UTR${String(random.int(100_000, 999_999))}${String(counter).padStart(7, "0")}`;
        break;
      default:
        break;
    }
    if (order.provider !== "grant" && order.createdAt >= invoicingSince) order.billing = studentBilling(random, order.student);
    const stillHeld = order.status === "pending" || (order.status === "failed" && order.retryable);
    const item = order.course ?? order.event;
    order.id = insert(
      order.student.id,
      order.course?.id ?? null,
      order.event?.id ?? null,
      order.at,
      order.status,
      order.amountPaise,
      order.coupon?.id ?? null,
      order.checkout.formId,
      stillHeld && order.coupon ? order.createdAt + COUPON_HOLD_MINUTES * MINUTE : null,
      // A declined seat's hold stays on the failed order, as failOrder leaves it.
      order.event && order.status === "failed" ? Math.min(order.createdAt + SEAT_HOLD_MINUTES * MINUTE, order.event.eventDate) : null,
      order.refund ? order.amountPaise : 0,
      order.dispute?.status ?? null,
      order.provider,
      order.providerOrderId,
      order.providerPaymentId,
      order.billing ? json(order.billing) : null,
      item?.deliveryMode ?? "online",
      item?.venueStateCode ?? null,
    );
  }
}
