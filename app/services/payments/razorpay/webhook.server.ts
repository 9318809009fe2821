import { findOrder, type Order } from "~/models/orders/order.server";
import { isEventHandled, markEventHandled, recordDispute, recordRefund } from "~/models/orders/payment-event.server";
import type { DisputeStatus } from "../../../../db/enums";
import type { ReceivedEvent } from "../payment-provider";
import { fetchRazorpayPayment, type RazorpayEvent } from "./client.server";
import { settleWithPayment } from "./orders.server";

const PROVIDER = "razorpay";

/** The order a Razorpay order id names (a failed payment's return says which), or null. */
function findRazorpayOrder(providerOrderId: string): Order | null {
  return findOrder({ provider: PROVIDER, providerOrderId });
}

/** Razorpay's dispute events as the order keeps them. */
function disputeStatusOf(event: Extract<RazorpayEvent, { status: string }>): DisputeStatus {
  if (event.type === "payment.dispute.created") return "open";
  if (event.type === "payment.dispute.lost" || event.status === "lost") return "lost";
  return "won";
}

/**
 * Razorpay's signed webhook: the source of truth. A redelivered event (its id
 * already handled) changes nothing, nor does the same signed body under a new
 * event id (its type and entity already handled). Refunds and disputes record
 * their event with their change. Payment events settle idempotently and are
 * remembered once that succeeded, not in the settling transaction: a payment
 * the order cannot take is refunded at Razorpay after that commits, and a
 * failure there must leave the event for Razorpay's retry.
 */
export async function handleRazorpayEvent(event: RazorpayEvent): Promise<void> {
  const stored = { id: event.id, type: event.type, provider: PROVIDER, entityId: event.entityId ?? undefined } as const;
  if (isEventHandled(stored)) return;
  switch (event.type) {
    case "payment.captured":
    case "payment.failed":
    case "order.paid": {
      const order = event.payment.orderId ? findRazorpayOrder(event.payment.orderId) : null;
      if (order) await settleWithPayment(order, event.payment);
      markEventHandled(stored);
      return;
    }
    case "refund.processed": {
      const payment = event.payment ?? (await fetchRazorpayPayment(event.paymentId));
      recordRefund(stored, { paymentId: payment.id, chargedPaise: payment.amountPaise, refundedPaise: payment.refundedPaise });
      return;
    }
    case "payment.dispute.created":
    case "payment.dispute.won":
    case "payment.dispute.lost":
    case "payment.dispute.closed":
      recordDispute(stored, { paymentId: event.paymentId, status: disputeStatusOf(event) });
      return;
    case "ignored":
      return;
  }
}

/** A Razorpay event as the webhook route records it. */
export const receivedRazorpayEvent = (event: RazorpayEvent): ReceivedEvent => ({ id: event.id, record: () => handleRazorpayEvent(event) });
