import { failOrder, findOrder } from "~/models/orders/order.server";
import { disputeOutcome, isEventHandled, markEventHandled, recordDispute, recordRefund } from "~/models/orders/payment-event.server";
import type { ReceivedEvent } from "../payment-provider";
import { settleCheckoutSession, settlePaymentIntent } from "./checkout.server";
import type { CheckoutSessionSnapshot, PaymentIntentSnapshot, WebhookEvent } from "./client.server";

/**
 * Stripe's signed webhook: the source of truth for paid and failed orders,
 * refunds and disputes. A redelivered event (its id already handled) changes
 * nothing. Refunds and disputes record their event with their change; other
 * events are settled idempotently and remembered once that succeeded, so a
 * failure (Stripe unreachable for a refund) leaves the event to be retried.
 */
export async function handleStripeEvent(event: WebhookEvent): Promise<void> {
  if (isEventHandled(event)) return;
  switch (event.type) {
    case "charge.refunded":
      recordRefund(event, {
        paymentId: event.charge.paymentIntentId,
        chargedPaise: event.charge.amountPaise,
        refundedPaise: event.charge.refundedPaise,
      });
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
      const order = findOrder({ provider: "stripe", providerPaymentId: event.paymentIntent.id });
      if (order) failOrder(order.id, { retryable: true });
      return;
    }
    case "checkout.session.completed":
    case "checkout.session.async_payment_succeeded":
      await settleCheckoutSession(event.session, event.created);
      return;
    case "checkout.session.async_payment_failed":
    case "checkout.session.expired": {
      const order = findOrder({ provider: "stripe", providerOrderId: event.session.id });
      if (order) failOrder(order.id);
      return;
    }
  }
}

/** A Stripe event as the webhook route records it. */
export const receivedStripeEvent = (event: WebhookEvent): ReceivedEvent => ({ id: event.id, record: () => handleStripeEvent(event) });
