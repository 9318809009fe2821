import { TZDate } from "@date-fns/tz";
import { asc, eq, sql } from "drizzle-orm";
import { coupons, enrollments } from "../../db/schema";
import type { CouponInput } from "~/schemas/admin-coupon";
import { formatIsoDateInIndia, INDIA_TIME_ZONE } from "~/utils/dates";
import { db, isUniqueViolation } from "~/utils/db.server";
import { parseId } from "~/utils/validation";

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

// ---- Admin (Coupons tab) ----

/**
 * A coupon saved with an expiry date works to the end of that day in India:
 * `expiresAt` is the next midnight there, the first instant
 * `findRedeemableCoupon` refuses it.
 */
export function couponExpiryFor(isoDate: string): Date {
  const [year, month, day] = isoDate.split("-").map(Number) as [number, number, number];
  return new Date(new TZDate(year, month - 1, day + 1, INDIA_TIME_ZONE).getTime());
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

const adminCouponColumns = {
  id: coupons.id,
  code: coupons.code,
  percentOff: coupons.percentOff,
  isActive: coupons.isActive,
  expiresAt: coupons.expiresAt,
  maxRedemptions: coupons.maxRedemptions,
  redemptionCount: coupons.redemptionCount,
};

/** Every coupon, active or not, by code. */
export function listCouponsForAdmin(): AdminCoupon[] {
  return db.select(adminCouponColumns).from(coupons).orderBy(asc(coupons.code)).all();
}

/** A coupon by the id in a URL ("12"); null when malformed or unknown. */
export function findCouponForAdmin(id: number | string): AdminCoupon | null {
  const numericId = typeof id === "number" ? id : parseId(id);
  if (numericId === null) return null;
  return db.select(adminCouponColumns).from(coupons).where(eq(coupons.id, numericId)).get() ?? null;
}

/** Orders (paid or not) that name the coupon: deleting it would blank their coupon. */
function countOrdersWithCoupon(database: Pick<typeof db, "select">, couponId: number): number {
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
        const current = tx
          .select({ redemptionCount: coupons.redemptionCount })
          .from(coupons)
          .where(eq(coupons.id, numericId))
          .get();
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
  | { ok: true; id: number; code: string }
  | { ok: false; reason: "not-found" }
  | { ok: false; reason: "has-history" };

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
