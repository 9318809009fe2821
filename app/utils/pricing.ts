// What a student pays (with the coupon kinds of decision 0029):
// the price less a percent of it or a fixed amount, never below Free; the
// processing fee is 0. Only the server calls this with real numbers; the page
// shows what it returns.

export type OrderPrice = {
  originalPaise: number;
  /** The coupon's percent; null without a coupon or with an amount coupon. */
  discountPercent: number | null;
  discountPaise: number;
  processingFeePaise: number;
  totalPaise: number;
};

/** What a coupon takes off: a percent of the price, or a fixed amount in paise. */
export type CouponDiscount = { kind: "percent"; percentOff: number } | { kind: "amount"; amountOffPaise: number };

const PROCESSING_FEE_PAISE = 0;

/** The paise a discount takes off this price: a percent rounded half up to the paisa; an amount at most the whole price. */
function discountOn(pricePaise: number, discount: CouponDiscount | null): number {
  if (!discount) return 0;
  if (discount.kind === "amount") return Math.min(pricePaise, Math.max(0, discount.amountOffPaise));
  const percent = Math.min(100, Math.max(0, discount.percentOff));
  return Math.min(pricePaise, Math.round((pricePaise * percent) / 100));
}

/** The price less the coupon's discount, never below Free (₹0). */
export function priceOrder(pricePaise: number, discount: CouponDiscount | null = null): OrderPrice {
  if (!Number.isSafeInteger(pricePaise) || pricePaise < 0) throw new RangeError(`Not a price in paise: ${pricePaise}`);
  const discountPaise = discountOn(pricePaise, discount);
  return {
    originalPaise: pricePaise,
    discountPercent: discount?.kind === "percent" ? Math.min(100, Math.max(0, discount.percentOff)) : null,
    discountPaise,
    processingFeePaise: PROCESSING_FEE_PAISE,
    totalPaise: Math.max(0, pricePaise - discountPaise + PROCESSING_FEE_PAISE),
  };
}
