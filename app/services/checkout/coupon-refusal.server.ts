import { quoteOrder, type Quote, type QuoteResult } from "../payments/stripe/checkout.server";

/**
 * Why a coupon priced a moment ago was refused inside the transaction that
 * stores the order (`couponHasRoom`): the order is priced again, so the student
 * reads the rule that now fails (their per-student limit reached meanwhile,
 * say); the general refusal when the reason has passed again already.
 */
export function couponRefusalAtStore(quote: Quote, buyerId: string): Exclude<QuoteResult, { ok: true }> {
  const again = quoteOrder(quote.item, quote.coupon?.code, { buyerId });
  return again.ok ? { ok: false, reason: "invalid-coupon" } : again;
}
