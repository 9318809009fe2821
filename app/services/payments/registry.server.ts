import { getEnv, paymentsProvider } from "~/utils/env.server";
import type { PaymentStartInput } from "~/services/checkout/start.server";
import type { Settlement } from "~/services/checkout/settle.server";
import type { PaymentProvider, PaymentReturn, PaymentStart, PaymentWidget } from "./payment-provider";
import { razorpayProvider } from "./razorpay/razorpay-provider.server";
import { stripeProvider } from "./stripe/stripe-provider.server";

// The one place that knows the providers and which of them takes new payments
// (env: PAYMENTS_PROVIDER, or the provider whose keys are set). An order made
// with one provider is returned, refunded and reconciled by that provider even
// after another takes over.

const PROVIDERS: readonly PaymentProvider[] = [stripeProvider, razorpayProvider];

/** The provider that took an order's money, by the name the order keeps; null for offline payments and grants. */
export function providerNamed(name: string | null): PaymentProvider | null {
  return PROVIDERS.find((provider) => provider.name === name) ?? null;
}

/** Every provider whose keys are set: each keeps recording its webhooks and reconciling its own orders. */
export function providersWithKeys(): PaymentProvider[] {
  return PROVIDERS.filter((provider) => provider.keysSet());
}

/** The provider taking new payments; null when payments are off. */
export function takingPayments(): PaymentProvider | null {
  return providerNamed(paymentsProvider(getEnv()));
}

/** What the payment step shows; null when payments are off. */
export function paymentWidget(): PaymentWidget | null {
  return takingPayments()?.widget() ?? null;
}

/** Opens a payment for the student's order with the provider taking payments. */
export function startPayment(input: PaymentStartInput): Promise<PaymentStart> {
  const provider = takingPayments();
  return provider ? provider.start(input) : Promise.resolve({ ok: false, reason: "payments-off" });
}

/** The provider's word that a payment was made, checked by the provider that took it. */
export function confirmPaymentReturn(returned: PaymentReturn, userId?: string): Promise<Settlement> {
  const provider = providerNamed(returned.provider);
  return provider ? provider.confirmReturn(returned, userId) : Promise.resolve({ ok: false, reason: "payments-off" });
}
