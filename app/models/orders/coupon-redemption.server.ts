import { and, eq, gt, inArray, ne, or, sql } from "drizzle-orm";
import { batches, coupons, couponTargets, courses, orders, events } from "../../../db/schema";
import {
  COUPON_HOLD_MINUTES,
  couponDiscount,
  couponRefusal,
  type CouponPurchase,
  type CouponRefusal,
  type CouponTerms,
} from "~/utils/coupon-rules";
import type { CouponDiscount } from "~/utils/pricing";
import { db } from "~/utils/db.server";

// A coupon's uses (docs/decisions/0012-coupon-redemption.md, 0029): those
// counted (`redemption_count`, one per completed order) plus those held by
// unfinished orders whose hold has not run out. A pending order holds one from
// the moment its row is stored, before the payment provider is asked for
// anything, for COUPON_HOLD_MS. The rules themselves are `couponRefusal`'s;
// this file reads what they need from the database.

/** Stripe lets a Checkout Session live 30 minutes at least; the few minutes over cover a slow start. */
export const COUPON_HOLD_MS = COUPON_HOLD_MINUTES * 60_000;

/** Whose checkout is asking: a student's own holds for the same course (or event) never compete with the order replacing them. */
export type CouponBuyer = { userId: string; courseId?: number | null; eventId?: number | null };

/** The course (in its batch, when it names one) or event an order buys. */
type OrderItem = { courseId: number | null; eventId: number | null; batchId?: number | null };

/** A coupon checkout may apply: what it takes off, for pricing. */
export type RedeemableCoupon = { id: number; code: string; discount: CouponDiscount };

export type CouponCheck = { ok: true; coupon: RedeemableCoupon } | { ok: false; refusal: CouponRefusal };

type Reader = Pick<typeof db, "select">;

/** An unfinished order's hold on its coupon, while it lasts (a declined card keeps it for another try). */
const liveCouponHold = (now: Date) => and(inArray(orders.paymentStatus, ["pending", "failed"]), gt(orders.couponHeldUntil, now));

/** The buyer's own checkout of the same course or event: its hold is about to be replaced, never competed with. */
const notThisCheckout = (buyer: CouponBuyer) => {
  if (buyer.courseId != null) return or(ne(orders.userId, buyer.userId), ne(orders.courseId, buyer.courseId));
  if (buyer.eventId != null) return or(ne(orders.userId, buyer.userId), ne(orders.eventId, buyer.eventId));
  return undefined;
};

/**
 * A student's orders that used the coupon: completed ones, and completed ones
 * later charged back or revoked (a use stands, as in decision 0012). A
 * refunded order is not counted: it may never have completed (a duplicate
 * payment, or a coupon that ran out after its hold).
 */
const USED_STATUSES = ["completed", "charged_back", "revoked"] as const;

function countOrders(database: Reader, couponId: number, ...conditions: Parameters<typeof and>): number {
  return (
    database
      .select({ count: sql<number>`count(*)` })
      .from(orders)
      .where(and(eq(orders.couponId, couponId), ...conditions))
      .get()?.count ?? 0
  );
}

/** What counts against this order: other checkouts' live holds, and the buyer's own uses (orders and holds elsewhere). */
function usageOf(database: Reader, couponId: number, now: Date, buyer: CouponBuyer | undefined) {
  const heldByOthers = countOrders(database, couponId, liveCouponHold(now), buyer ? notThisCheckout(buyer) : undefined);
  if (!buyer) return { heldByOthers, usedByStudent: null };
  const ownUses = or(inArray(orders.paymentStatus, [...USED_STATUSES]), and(liveCouponHold(now), notThisCheckout(buyer)));
  return { heldByOthers, usedByStudent: countOrders(database, couponId, eq(orders.userId, buyer.userId), ownUses) };
}

const termsColumns = {
  id: coupons.id,
  code: coupons.code,
  kind: coupons.kind,
  percentOff: coupons.percentOff,
  amountOffPaise: coupons.amountOffPaise,
  isActive: coupons.isActive,
  expiresAt: coupons.expiresAt,
  maxRedemptions: coupons.maxRedemptions,
  redemptionCount: coupons.redemptionCount,
  minOrderPaise: coupons.minOrderPaise,
  perStudentLimit: coupons.perStudentLimit,
};

type StoredTerms = CouponTerms & { id: number; code: string };

function readTerms(database: Reader, where: ReturnType<typeof eq>): StoredTerms | null {
  const coupon = database.select(termsColumns).from(coupons).where(where).get();
  if (!coupon) return null;
  const targets = database
    .select({ type: couponTargets.targetType, id: couponTargets.targetId })
    .from(couponTargets)
    .where(eq(couponTargets.couponId, coupon.id))
    .all();
  return { ...coupon, targets };
}

function check(database: Reader, coupon: StoredTerms | null, purchase: CouponPurchase, now: Date, buyer?: CouponBuyer): CouponCheck {
  if (!coupon) return { ok: false, refusal: { reason: "unavailable" } };
  const refusal = couponRefusal(coupon, purchase, usageOf(database, coupon.id, now, buyer), now);
  if (refusal) return { ok: false, refusal };
  return { ok: true, coupon: { id: coupon.id, code: coupon.code, discount: couponDiscount(coupon) } };
}

/** Codes are stored upper-cased, so "welcome10" and "WELCOME10 " are the same coupon. */
export function normaliseCouponCode(code: string): string {
  return code.trim().toUpperCase();
}

/**
 * Whether the code's coupon may be used on this course or event now, by this
 * buyer, and what it takes off; otherwise the first rule it breaks. Pricing
 * asks this; the redemption itself is taken later, with the same rules,
 * inside the transaction that stores the order (`couponHasRoom`).
 */
export function checkCouponCode(code: string, purchase: CouponPurchase, now = new Date(), buyer?: CouponBuyer): CouponCheck {
  const normalised = normaliseCouponCode(code);
  if (!normalised) return { ok: false, refusal: { reason: "unavailable" } };
  return check(db, readTerms(db, eq(coupons.code, normalised)), purchase, now, buyer);
}

/**
 * Whether the coupon can be redeemed on this buyer's order now, every rule
 * included (scope and minimum against the course or event as it is now). Call
 * it inside the `BEGIN IMMEDIATE` transaction that then takes the redemption,
 * so no other checkout can take it in between.
 */
export function couponHasRoom(tx: Reader, couponId: number, now: Date, buyer: CouponBuyer & OrderItem): boolean {
  const purchase = purchaseOf(tx, buyer);
  return purchase !== null && check(tx, readTerms(tx, eq(coupons.id, couponId)), purchase, now, buyer).ok;
}

/** The course (in its batch, at the batch's price when it has one) or event as the coupon rules judge it: its title and price now. */
function purchaseOf(tx: Reader, item: OrderItem): CouponPurchase | null {
  if (item.courseId !== null) {
    const course = tx
      .select({ title: courses.title, pricePaise: courses.pricePaise })
      .from(courses)
      .where(eq(courses.id, item.courseId))
      .get();
    if (!course) return null;
    if (!item.batchId) return { type: "course", id: item.courseId, ...course };
    const batch = tx
      .select({ name: batches.name, pricePaise: batches.pricePaise })
      .from(batches)
      .where(and(eq(batches.id, item.batchId), eq(batches.courseId, item.courseId)))
      .get();
    if (!batch) return null;
    return {
      type: "course",
      id: item.courseId,
      batchId: item.batchId,
      title: `${course.title}: ${batch.name}`,
      pricePaise: batch.pricePaise ?? course.pricePaise,
    };
  }
  if (item.eventId === null) return null;
  const event = tx.select({ title: events.title, pricePaise: events.pricePaise }).from(events).where(eq(events.id, item.eventId)).get();
  return event ? { type: "event", id: item.eventId, ...event } : null;
}

/** Counts one redemption: an order with the coupon completed (in that order's transaction). */
export function countRedemption(tx: Pick<typeof db, "update">, couponId: number): void {
  tx.update(coupons)
    .set({ redemptionCount: sql`${coupons.redemptionCount} + 1` })
    .where(eq(coupons.id, couponId))
    .run();
}
