import { ZodError } from "zod";
import { refundNotMade, type PaymentProvider, type RefundAtProvider } from "../payment-provider";
import { confirmCardPayment, confirmCheckoutSession, startHostedCheckout } from "./checkout.server";
import {
  parseWebhookEvent,
  paymentsSetup,
  PaymentProviderError,
  refundPayment,
  refundPaymentPart,
  stripeKeysSet,
  webhooksSetup,
  WebhookSignatureError,
} from "./client.server";
import { receivedStripeEvent } from "./webhook.server";

/** Stripe's refusal codes a refund meets, in the admin's words. */
const REFUND_REFUSALS: Readonly<Record<string, string>> = {
  charge_already_refunded: "Stripe says this payment is already refunded in full.",
  amount_too_large: "Stripe says less is left of this payment than this refund asks for.",
  charge_disputed: "The payment is disputed, and Stripe refunds no disputed payment.",
};

export const stripeProvider: PaymentProvider = {
  name: "stripe",
  keysSet: stripeKeysSet,
  widget() {
    const setup = paymentsSetup();
    return setup && { provider: "stripe", publishableKey: setup.publishableKey };
  },
  async start(input) {
    const start = await startHostedCheckout(input);
    return start.ok ? { ok: true, redirectTo: start.url } : start;
  },
  async confirmReturn(returned, userId) {
    if (returned.provider !== "stripe" || userId === undefined) return { ok: false, reason: "not-found" };
    return "checkoutSessionId" in returned
      ? confirmCheckoutSession(userId, returned.checkoutSessionId)
      : confirmCardPayment(userId, returned.paymentIntentId, returned.courseId);
  },
  webhookUnavailable() {
    if (!stripeKeysSet()) return "Payments are not configured.";
    return webhooksSetup() ? null : "Stripe webhooks are not configured on this site.";
  },
  readWebhook(rawBody, headers) {
    try {
      return { ok: true, event: receivedStripeEvent(parseWebhookEvent(rawBody, headers.get("Stripe-Signature"))) };
    } catch (error) {
      if (error instanceof WebhookSignatureError) return { ok: false, message: error.message };
      if (error instanceof ZodError || error instanceof SyntaxError) return { ok: false, message: "Unexpected event payload." };
      throw error;
    }
  },
  async refundPart(order, amountPaise, idempotencyKey): Promise<RefundAtProvider> {
    if (!order.providerPaymentId) return { ok: false, message: "This order cannot be refunded through stripe." };
    try {
      return { ok: true, ...(await refundPaymentPart(order.providerPaymentId, amountPaise, idempotencyKey)) };
    } catch (error) {
      console.warn(`The refund of order ${order.id} was not made`, error);
      return refundNotMade(error instanceof PaymentProviderError ? error : null, REFUND_REFUSALS);
    }
  },
  refundWhole: refundPayment,
  // No reconcile: Stripe retries a webhook for three days, and its hosted pages expire.
};
