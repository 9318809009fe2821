import { and, asc, eq, gt, inArray, ne, or, sql } from "drizzle-orm";
import { coupons, enrollments } from "../../db/schema";
import type { CouponInput } from "~/schemas/admin-coupon";
import { endOfIndiaDay, formatIsoDateInIndia } from "~/utils/dates";
import { db, isUniqueViolation } from "~/utils/db.server";
import { parseId } from "~/utils/validation";

export type RedeemableCoupon = { id: number; code: string; percentOff: number };

/** Codes are stored upper-cased, so "welcome10" and "WELCOME10 " are the same coupon. */
export function normaliseCouponCode(code: string): string {
  return code.trim().toUpperCase();
}

// A limited coupon's redemptions (docs/decisions/0012-coupon-redemption.md):
// those counted (`redemption_count`, one per completed order) plus those held
// by unfinished orders whose hold has not run out. A pending order holds one from
// the moment its row is stored, before Stripe is asked for anything, for
// COUPON_HOLD_MS; Stripe's hosted page closes at the same moment.

/** Stripe lets a Checkout Session live 30 minutes at least; the few minutes over cover a slow start. */
export const COUPON_HOLD_MS = 35 * 60_000;

/** Whose checkout is asking: a student's own holds for the same course never compete with the order replacing them. */
export type CouponBuyer = { userId: string; courseId: number };

type Reader = Pick<typeof db, "select">;

/** An unfinished order's hold on its coupon, while it lasts (a declined card keeps it for another try). */
const liveCouponHold = (now: Date) => and(inArray(enrollments.paymentStatus, ["pending", "failed"]), gt(enrollments.couponHeldUntil, now));

function heldByOthers(database: Reader, couponId: number, now: Date, buyer: CouponBuyer | undefined): number {
  const others = buyer ? or(ne(enrollments.userId, buyer.userId), ne(enrollments.courseId, buyer.courseId)) : undefined;
  return (
    database
      .select({ count: sql<number>`count(*)` })
      .from(enrollments)
      .where(and(eq(enrollments.couponId, couponId), liveCouponHold(now), others))
      .get()?.count ?? 0
  );
}

const couponColumns = {
  id: coupons.id,
  code: coupons.code,
  // Every coupon written so far is a percent coupon (the discount-shape check allows null only for amount coupons).
  percentOff: sql<number>`${coupons.percentOff}`,
  isActive: coupons.isActive,
  expiresAt: coupons.expiresAt,
  maxRedemptions: coupons.maxRedemptions,
  redemptionCount: coupons.redemptionCount,
};

/** Active, not past its expiry, and a redemption left that nobody else holds. */
function isRedeemable(database: Reader, coupon: AdminCoupon, now: Date, buyer: CouponBuyer | undefined): boolean {
  if (!coupon.isActive) return false;
  if (coupon.expiresAt && coupon.expiresAt.getTime() <= now.getTime()) return false;
  if (coupon.maxRedemptions === null) return true;
  return coupon.redemptionCount + heldByOthers(database, coupon.id, now, buyer) < coupon.maxRedemptions;
}

/**
 * The coupon a student may use now: active, not past its expiry, and with a
 * redemption left. Pricing asks this; the redemption itself is taken later,
 * with the same rule, inside the transaction that stores the order
 * (`couponHasRoom`).
 */
export function findRedeemableCoupon(code: string, now = new Date(), buyer?: CouponBuyer): RedeemableCoupon | null {
  const normalised = normaliseCouponCode(code);
  if (!normalised) return null;
  const coupon = db.select(couponColumns).from(coupons).where(eq(coupons.code, normalised)).get();
  if (!coupon || !isRedeemable(db, coupon, now, buyer)) return null;
  return { id: coupon.id, code: coupon.code, percentOff: coupon.percentOff };
}

/**
 * Whether the coupon can be redeemed for this buyer now. Call it inside the
 * `BEGIN IMMEDIATE` transaction that then takes the redemption, so no other
 * checkout can take it in between.
 */
export function couponHasRoom(tx: Reader, couponId: number, now: Date, buyer: CouponBuyer): boolean {
  const coupon = tx.select(couponColumns).from(coupons).where(eq(coupons.id, couponId)).get();
  return coupon !== undefined && isRedeemable(tx, coupon, now, buyer);
}

/** Counts one redemption: an order with the coupon completed (in that order's transaction). */
export function countRedemption(tx: Pick<typeof db, "update">, couponId: number): void {
  tx.update(coupons)
    .set({ redemptionCount: sql`${coupons.redemptionCount} + 1` })
    .where(eq(coupons.id, couponId))
    .run();
}

// ---- Admin (Coupons tab) ----

/**
 * A coupon saved with an expiry date works to the end of that day in India:
 * `expiresAt` is the next midnight there, the first instant checkout refuses it.
 */
export function couponExpiryFor(isoDate: string): Date {
  const expiresAt = endOfIndiaDay(isoDate);
  if (!expiresAt) throw new Error(`Not a calendar day: ${isoDate}`);
  return expiresAt;
}

/** The last day (yyyy-mm-dd, India time) a coupon expiring at `expiresAt` still works. */
export function couponLastDay(expiresAt: Date): string {
  return formatIsoDateInIndia(new Date(expiresAt.getTime() - 1));
}

export type AdminCoupon = {
  id: number;
  code: string;
  percentOff: number;
  isActive: boolean;
  expiresAt: Date | null;
  maxRedemptions: number | null;
  redemptionCount: number;
};

/** Every coupon, active or not, by code. */
export function listCouponsForAdmin(): AdminCoupon[] {
  return db.select(couponColumns).from(coupons).orderBy(asc(coupons.code)).all();
}

/** A coupon by the id in a URL ("12"); null when malformed or unknown. */
export function findCouponForAdmin(id: number | string): AdminCoupon | null {
  const numericId = typeof id === "number" ? id : parseId(id);
  if (numericId === null) return null;
  return db.select(couponColumns).from(coupons).where(eq(coupons.id, numericId)).get() ?? null;
}

/** Orders (paid or not) that name the coupon: deleting it would blank their coupon. */
function countOrdersWithCoupon(database: Reader, couponId: number): number {
  return (
    database
      .select({ count: sql<number>`count(*)` })
      .from(enrollments)
      .where(eq(enrollments.couponId, couponId))
      .get()?.count ?? 0
  );
}

/**
 * Whether the coupon has been used: redeemed by a payment, or named by an
 * order. Such a coupon is deactivated, never deleted.
 */
export function couponHasHistory(coupon: Pick<AdminCoupon, "id" | "redemptionCount">): boolean {
  return coupon.redemptionCount > 0 || countOrdersWithCoupon(db, coupon.id) > 0;
}

function columnsOf(input: CouponInput) {
  return {
    code: normaliseCouponCode(input.code),
    percentOff: input.percentOff,
    expiresAt: input.expiresOn ? couponExpiryFor(input.expiresOn) : null,
    maxRedemptions: input.maxRedemptions ?? null,
    isActive: input.isActive,
  };
}

export type CouponCreateResult = { ok: true; id: number; code: string } | { ok: false; reason: "code-taken"; code: string };

/** A new coupon with no redemptions. The code is stored as checkout looks it up. */
export function createCoupon(input: CouponInput): CouponCreateResult {
  const values = columnsOf(input);
  try {
    const row = db.insert(coupons).values(values).returning({ id: coupons.id, code: coupons.code }).get();
    return { ok: true, ...row };
  } catch (error) {
    if (isUniqueViolation(error)) return { ok: false, reason: "code-taken", code: values.code };
    throw error;
  }
}

export type CouponUpdateResult =
  | { ok: true; id: number; code: string }
  | { ok: false; reason: "not-found" }
  | { ok: false; reason: "code-taken"; code: string }
  | { ok: false; reason: "below-used"; used: number };

/**
 * Saves the coupon's terms; its redemption count is checkout's alone and is
 * never written here. A limit below the redemptions already used is refused:
 * the check and the write share one `BEGIN IMMEDIATE` transaction, so a
 * payment completing meanwhile cannot slip in between.
 */
export function updateCoupon(id: number | string, input: CouponInput): CouponUpdateResult {
  const numericId = typeof id === "number" ? id : parseId(id);
  if (numericId === null) return { ok: false, reason: "not-found" };
  const values = columnsOf(input);
  try {
    return db.transaction(
      (tx): CouponUpdateResult => {
        const current = tx.select({ redemptionCount: coupons.redemptionCount }).from(coupons).where(eq(coupons.id, numericId)).get();
        if (!current) return { ok: false, reason: "not-found" };
        if (values.maxRedemptions !== null && values.maxRedemptions < current.redemptionCount) {
          return { ok: false, reason: "below-used", used: current.redemptionCount };
        }
        tx.update(coupons).set(values).where(eq(coupons.id, numericId)).run();
        return { ok: true, id: numericId, code: values.code };
      },
      { behavior: "immediate" },
    );
  } catch (error) {
    if (isUniqueViolation(error)) return { ok: false, reason: "code-taken", code: values.code };
    throw error;
  }
}

export type CouponRemovalResult =
  { ok: true; id: number; code: string } | { ok: false; reason: "not-found" } | { ok: false; reason: "has-history" };

/** Deletes a coupon nobody has used; one with history is refused (deactivate it instead). */
export function deleteCoupon(id: number | string): CouponRemovalResult {
  const numericId = typeof id === "number" ? id : parseId(id);
  if (numericId === null) return { ok: false, reason: "not-found" };
  return db.transaction(
    (tx): CouponRemovalResult => {
      const coupon = tx
        .select({ code: coupons.code, redemptionCount: coupons.redemptionCount })
        .from(coupons)
        .where(eq(coupons.id, numericId))
        .get();
      if (!coupon) return { ok: false, reason: "not-found" };
      if (coupon.redemptionCount > 0 || countOrdersWithCoupon(tx, numericId) > 0) return { ok: false, reason: "has-history" };
      tx.delete(coupons).where(eq(coupons.id, numericId)).run();
      return { ok: true, id: numericId, code: coupon.code };
    },
    { behavior: "immediate" },
  );
}

/** Stops a coupon from working at checkout while keeping it and its history. */
export function deactivateCoupon(id: number | string): { ok: true; id: number; code: string } | { ok: false; reason: "not-found" } {
  const numericId = typeof id === "number" ? id : parseId(id);
  if (numericId === null) return { ok: false, reason: "not-found" };
  const row = db
    .update(coupons)
    .set({ isActive: false })
    .where(eq(coupons.id, numericId))
    .returning({ id: coupons.id, code: coupons.code })
    .get();
  return row ? { ok: true, ...row } : { ok: false, reason: "not-found" };
}
