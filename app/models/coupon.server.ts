import { eq } from "drizzle-orm";
import { coupons } from "../../db/schema";
import { db } from "~/utils/db.server";

export type RedeemableCoupon = { id: number; code: string; percentOff: number };

/** Codes are stored upper-cased, so "welcome10" and "WELCOME10 " are the same coupon. */
export function normaliseCouponCode(code: string): string {
  return code.trim().toUpperCase();
}

/**
 * The coupon a student may use now: active, not past its expiry, and with
 * redemptions left. Redemptions are counted only when a payment succeeds
 * (see `completeOrder`), so an abandoned checkout never uses one up.
 */
export function findRedeemableCoupon(code: string, now = new Date()): RedeemableCoupon | null {
  const normalised = normaliseCouponCode(code);
  if (!normalised) return null;
  const coupon = db
    .select({
      id: coupons.id,
      code: coupons.code,
      percentOff: coupons.percentOff,
      isActive: coupons.isActive,
      expiresAt: coupons.expiresAt,
      maxRedemptions: coupons.maxRedemptions,
      redemptionCount: coupons.redemptionCount,
    })
    .from(coupons)
    .where(eq(coupons.code, normalised))
    .get();
  if (!coupon?.isActive) return null;
  if (coupon.expiresAt && coupon.expiresAt.getTime() <= now.getTime()) return null;
  if (coupon.maxRedemptions !== null && coupon.redemptionCount >= coupon.maxRedemptions) return null;
  return { id: coupon.id, code: coupon.code, percentOff: coupon.percentOff };
}
