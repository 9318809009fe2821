// What a student pays for a course (public-site §9: the coupon is a percent of
// the price, the processing fee is 0). Only the server calls this with real
// numbers; the page shows what it returns.

export type OrderPrice = {
  originalPaise: number;
  discountPercent: number;
  discountPaise: number;
  processingFeePaise: number;
  totalPaise: number;
};

export const PROCESSING_FEE_PAISE = 0;

/** The course price less the coupon's percent, rounded to the paisa (half up), never below 0. */
export function priceOrder(pricePaise: number, couponPercent: number | null = null): OrderPrice {
  if (!Number.isSafeInteger(pricePaise) || pricePaise < 0) throw new RangeError(`Not a price in paise: ${pricePaise}`);
  const percent = Math.min(100, Math.max(0, couponPercent ?? 0));
  const discountPaise = Math.min(pricePaise, Math.round((pricePaise * percent) / 100));
  return {
    originalPaise: pricePaise,
    discountPercent: percent,
    discountPaise,
    processingFeePaise: PROCESSING_FEE_PAISE,
    totalPaise: Math.max(0, pricePaise - discountPaise + PROCESSING_FEE_PAISE),
  };
}
