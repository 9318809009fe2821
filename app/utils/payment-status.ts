// How a payment status reads in the admin tables and exports (admin spec §4):
// pending, completed or failed; a refund the server made (decision 0006) is
// named; any other value reads 'Unknown'.

const LABELS = new Map([
  ["pending", "Pending"],
  ["completed", "Completed"],
  ["failed", "Failed"],
  ["refunded", "Refunded"],
]);

export function paymentStatusLabel(status: string | null | undefined): string {
  return (status && LABELS.get(status)) || "Unknown";
}
