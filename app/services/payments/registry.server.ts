import { startHostedCheckout, type PaymentStartInput, type StartRefusal } from "./stripe/checkout.server";
import { confirmRazorpayCallback, startRazorpayPayment, type CallbackResult, type RazorpayCheckout } from "./razorpay/orders.server";
import { razorpaySetup } from "./razorpay/client.server";
import { paymentsSetup } from "./stripe/client.server";

// The one place that knows which provider takes new payments (env:
// PAYMENTS_PROVIDER, or the provider whose keys are set). The checkout page
// asks it what to show and where a payment starts; the rest of the app speaks
// of orders and payments.

/** What the payment step shows: Stripe's card form, Razorpay's checkout, or nothing (payments off). */
export type PaymentWidget = { provider: "stripe"; publishableKey: string } | { provider: "razorpay" } | null;

export function paymentWidget(): PaymentWidget {
  const stripe = paymentsSetup();
  if (stripe) return { provider: "stripe", publishableKey: stripe.publishableKey };
  return razorpaySetup() ? { provider: "razorpay" } : null;
}

/**
 * A payment started at the provider: a page to send the browser to (Stripe's
 * hosted Checkout), or a checkout to open in the page or post to the
 * provider's hosted page (Razorpay).
 */
export type PaymentStart =
  { ok: true; redirectTo: string } | { ok: true; checkout: RazorpayCheckout } | { ok: false; reason: StartRefusal };

export async function startPayment(input: PaymentStartInput): Promise<PaymentStart> {
  if (razorpaySetup()) {
    const start = await startRazorpayPayment(input);
    return start.ok ? { ok: true, checkout: start.checkout } : start;
  }
  const start = await startHostedCheckout(input);
  return start.ok ? { ok: true, redirectTo: start.url } : start;
}

/** What the provider's checkout hands back after a payment: the payment, its order at the provider, the provider's signature. */
export type PaymentReturn = { orderId: string; paymentId: string; signature: string };

/**
 * The provider's word that a payment was made, from its checkout in the page
 * (`userId`: the signed-in student, who must own the order) or its hosted
 * page's cross-site POST (no session: the signature alone is believed).
 */
export function confirmPaymentReturn(returned: PaymentReturn, userId?: string): Promise<CallbackResult> {
  return confirmRazorpayCallback(returned, userId);
}
