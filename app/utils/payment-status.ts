import { formatAmount } from "./money";

// How a payment status reads in the admin tables and exports (admin spec §4):
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
