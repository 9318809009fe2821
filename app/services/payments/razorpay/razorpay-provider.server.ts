import { ZodError } from "zod";
import { refundNotMade, type PaymentProvider } from "../payment-provider";
import {
  fetchRazorpayPayment,
  parseRazorpayWebhook,
  RazorpayError,
  razorpayKeysSet,
  razorpaySetup,
  RazorpaySignatureError,
  razorpayWebhooksSetup,
  refundRazorpayPayment,
  refundRazorpayPaymentPart,
} from "./client.server";
import { confirmRazorpayCallback, reconcileRazorpayOrders, startRazorpayPayment } from "./orders.server";
import { receivedRazorpayEvent } from "./webhook.server";

/** Razorpay's refusal codes a refund meets, in the admin's words. */
const REFUND_REFUSALS: Readonly<Record<string, string>> = {
  BAD_REQUEST_ERROR: "Razorpay refused this refund.",
};

export const razorpayProvider: PaymentProvider = {
  name: "razorpay",
  keysSet: razorpayKeysSet,
  widget: () => (razorpaySetup() ? { provider: "razorpay" } : null),
  async start(input) {
    const start = await startRazorpayPayment(input);
    return start.ok ? { ok: true, checkout: start.checkout } : start;
  },
  confirmReturn(returned, userId) {
    if (returned.provider !== "razorpay") return Promise.resolve({ ok: false, reason: "not-found" });
    const { orderId, paymentId, signature } = returned;
    return confirmRazorpayCallback({ orderId, paymentId, signature }, userId);
  },
  webhookUnavailable() {
    if (!razorpayKeysSet()) return "Payments are not configured.";
    return razorpayWebhooksSetup() ? null : "Razorpay webhooks are not configured on this site.";
  },
  readWebhook(rawBody, headers) {
    try {
      const event = parseRazorpayWebhook(rawBody, headers.get("X-Razorpay-Signature"), headers.get("X-Razorpay-Event-Id"));
      return { ok: true, event: receivedRazorpayEvent(event) };
    } catch (error) {
      if (error instanceof RazorpaySignatureError) return { ok: false, message: error.message };
      if (error instanceof ZodError || error instanceof SyntaxError) return { ok: false, message: "Unexpected event payload." };
      throw error;
    }
  },
  async refundPart(order, amountPaise, idempotencyKey) {
    if (!order.providerPaymentId) return { ok: false, message: "This order cannot be refunded through razorpay." };
    try {
      // Razorpay's refunds take no idempotency key: a refund made since the admin's page read the order is not made twice.
      const payment = await fetchRazorpayPayment(order.providerPaymentId);
      if (payment.refundedPaise !== order.refundedPaise)
        return { ok: false, message: "Razorpay shows refunds not yet recorded here. Wait a minute for them to arrive, then reload." };
      return { ok: true, ...(await refundRazorpayPaymentPart(order.providerPaymentId, amountPaise, idempotencyKey)) };
    } catch (error) {
      console.warn(`The refund of order ${order.id} was not made`, error);
      return refundNotMade(error instanceof RazorpayError ? error : null, REFUND_REFUSALS);
    }
  },
  refundWhole: refundRazorpayPayment,
  reconcile: (now) => reconcileRazorpayOrders(now),
};
