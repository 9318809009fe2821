import type { CouponKind, CouponTargetType } from "../../db/enums";
import type { CouponDiscount } from "./pricing";

// A coupon's rules, checked in one order wherever a coupon is priced or
// redeemed (docs/decisions/0029-coupons-and-money-display.md): usable at all
// (active, not expired) → what it is used on (scope) → the price before the
// coupon (minimum order) → the student's own uses (per-student limit) → the
// uses left for everyone (overall limit). The first rule broken is the one the
// student is told. Pure, so checkout (courses now, paid events later) and the
// tests share it; the model supplies the counts from the database.

/** How long an unfinished checkout holds a coupon redemption (decision 0012). */
export const COUPON_HOLD_MINUTES = 35;

export type CouponTarget = { type: CouponTargetType; id: number };

/** A coupon's terms as checkout reads them. */
export type CouponTerms = {
  kind: CouponKind;
  percentOff: number | null;
  amountOffPaise: number | null;
  isActive: boolean;
  expiresAt: Date | null;
  maxRedemptions: number | null;
  redemptionCount: number;
  minOrderPaise: number | null;
  perStudentLimit: number | null;
  /** The courses and events it is limited to; empty: everything. */
  targets: CouponTarget[];
};

/**
 * What the coupon would be used on: a course (in the batch chosen, when
 * there is one) or a paid event, at its price before the coupon.
 */
export type CouponPurchase = CouponTarget & { batchId?: number; title: string; pricePaise: number };

/**
 * The coupon's uses that count against this order. `heldByOthers`: live holds
 * of other checkouts; `usedByStudent`: the buyer's completed orders with it and
 * live holds on other checkouts (null when no buyer is named).
 */
export type CouponUsage = { heldByOthers: number; usedByStudent: number | null };

export type CouponRefusal =
  | { reason: "unavailable" }
  | { reason: "out-of-scope"; title: string }
  | { reason: "below-minimum"; minOrderPaise: number }
  | { reason: "student-limit"; perStudentLimit: number };

/**
 * Whether the coupon may be used on this course or event: no targets means
 * everything. A course's coupon covers it in any batch; a batch's covers the
 * course bought in that batch only.
 */
export function couponCovers(targets: CouponTarget[], purchase: Pick<CouponPurchase, "type" | "id" | "batchId">): boolean {
  return (
    targets.length === 0 ||
    targets.some(
      (scoped) =>
        (scoped.type === purchase.type && scoped.id === purchase.id) ||
        (scoped.type === "batch" && purchase.type === "course" && scoped.id === purchase.batchId),
    )
  );
}

/** The first rule this use of the coupon breaks, in the order above; null when it may be used. */
export function couponRefusal(terms: CouponTerms, purchase: CouponPurchase, usage: CouponUsage, now: Date): CouponRefusal | null {
  if (!terms.isActive) return { reason: "unavailable" };
  if (terms.expiresAt && terms.expiresAt.getTime() <= now.getTime()) return { reason: "unavailable" };
  if (!couponCovers(terms.targets, purchase)) return { reason: "out-of-scope", title: purchase.title };
  if (terms.minOrderPaise !== null && purchase.pricePaise < terms.minOrderPaise)
    return { reason: "below-minimum", minOrderPaise: terms.minOrderPaise };
  if (terms.perStudentLimit !== null && usage.usedByStudent !== null && usage.usedByStudent >= terms.perStudentLimit)
    return { reason: "student-limit", perStudentLimit: terms.perStudentLimit };
  if (terms.maxRedemptions !== null && terms.redemptionCount + usage.heldByOthers >= terms.maxRedemptions) return { reason: "unavailable" };
  return null;
}

/** What the coupon takes off, for `priceOrder`. */
export function couponDiscount(terms: Pick<CouponTerms, "kind" | "percentOff" | "amountOffPaise">): CouponDiscount {
  return terms.kind === "amount"
    ? { kind: "amount", amountOffPaise: terms.amountOffPaise ?? 0 }
    : { kind: "percent", percentOff: terms.percentOff ?? 0 };
}
