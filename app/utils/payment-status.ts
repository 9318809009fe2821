import type { PaymentProvider } from "../../db/enums";
import { formatAmount } from "./money";

// How a payment status reads in the admin tables and exports:
// pending, completed or failed; a refund (decision 0006), a chargeback (a
// dispute the institute lost) and an admin's revocation are named; any other
// value reads 'Unknown'.

const LABELS = new Map([
  ["pending", "Pending"],
  ["completed", "Completed"],
  ["failed", "Failed"],
  ["refunded", "Refunded"],
  ["charged_back", "Charged back"],
  ["revoked", "Revoked"],
]);

export function paymentStatusLabel(status: string | null | undefined): string {
  return (status && LABELS.get(status)) || "Unknown";
}

/**
 * What an admin must notice about a paid order beside its status: part of
 * the money returned, or a card dispute still open (a won one is cleared).
 */
export function paymentFlags(order: { paymentStatus: string; refundedPaise: number; disputeStatus: string | null }): string[] {
  const flags: string[] = [];
  if (order.refundedPaise > 0 && order.paymentStatus !== "refunded") flags.push(`Partly refunded ${formatAmount(order.refundedPaise)}`);
  if (order.disputeStatus === "open") flags.push("Dispute open");
  return flags;
}

const PROVIDER_LABELS: Record<PaymentProvider, string> = { stripe: "Stripe", razorpay: "Razorpay", offline: "Offline", grant: "Granted" };

/**
 * Who took an order's money, as the admin screens and exports name it; an
 * offline payment carries the admin's reference. Orders from before providers
 * were named were Stripe's (or free).
 */
export function paidByLabel(order: { provider: PaymentProvider | null; providerOrderId: string | null; amountPaise: number }): string {
  if (order.provider === null) return order.amountPaise === 0 ? "Free" : PROVIDER_LABELS.stripe;
  const label = PROVIDER_LABELS[order.provider];
  return order.provider === "offline" && order.providerOrderId ? `${label} (${order.providerOrderId})` : label;
}

/** The provider's id of the payment (a Stripe PaymentIntent, a Razorpay payment or order), for finding it at the provider. */
export function providerPaymentReference(order: { providerPaymentId: string | null; providerOrderId: string | null }): string | null {
  return order.providerPaymentId ?? order.providerOrderId;
}
