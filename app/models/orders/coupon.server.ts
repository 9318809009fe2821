import { and, asc, eq, gte, inArray, isNull, or, sql } from "drizzle-orm";
import type { CouponKind, CouponTargetType } from "../../../db/enums";
import { batches, coupons, couponTargets, courses, orders, events } from "../../../db/schema";
import type { CouponInput } from "~/schemas/admin-coupon";
import { endOfIndiaDay, formatIsoDateInIndia } from "~/utils/dates";
import { db, isUniqueViolation } from "~/utils/db.server";
import { parseId } from "~/utils/validation";
import { normaliseCouponCode } from "./coupon-redemption.server";

// Checkout's side (the rules, holds and redemptions) lives in coupon-redemption.server.ts.
export {
  checkCouponCode,
  COUPON_HOLD_MS,
  countRedemption,
  couponHasRoom,
  normaliseCouponCode,
  type CouponBuyer,
  type CouponCheck,
  type RedeemableCoupon,
} from "./coupon-redemption.server";

type Reader = Pick<typeof db, "select">;

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

const couponColumns = {
  id: coupons.id,
  code: coupons.code,
  kind: coupons.kind,
  percentOff: coupons.percentOff,
  amountOffPaise: coupons.amountOffPaise,
  minOrderPaise: coupons.minOrderPaise,
  perStudentLimit: coupons.perStudentLimit,
  isActive: coupons.isActive,
  expiresAt: coupons.expiresAt,
  maxRedemptions: coupons.maxRedemptions,
  redemptionCount: coupons.redemptionCount,
};

/** A course, batch or event a coupon is limited to, with its title for the admin's words. */
export type CouponScopeItem = { type: CouponTargetType; id: number; title: string };

export type AdminCoupon = {
  id: number;
  code: string;
  kind: CouponKind;
  percentOff: number | null;
  amountOffPaise: number | null;
  minOrderPaise: number | null;
  perStudentLimit: number | null;
  isActive: boolean;
  expiresAt: Date | null;
  maxRedemptions: number | null;
  redemptionCount: number;
  /** Empty: the coupon applies to everything. */
  scope: CouponScopeItem[];
};

/**
 * The coupons' targets of one type with the titles of their courses or events.
 * A deleted one stays in the scope (the coupon must not widen to everything)
 * and is named as deleted.
 */
function scopeRows(type: "course" | "event", couponIds: number[]) {
  const table = type === "course" ? courses : events;
  return db
    .select({ couponId: couponTargets.couponId, id: couponTargets.targetId, title: table.title })
    .from(couponTargets)
    .leftJoin(table, eq(table.id, couponTargets.targetId))
    .where(and(eq(couponTargets.targetType, type), inArray(couponTargets.couponId, couponIds)))
    .orderBy(asc(table.title))
    .all()
    .map((row) => ({ ...row, type, title: row.title ?? `A deleted ${type}` }));
}

/** The coupons' batches, each named with its course ("Trading Basics: January evenings"). */
function batchScopeRows(couponIds: number[]) {
  return db
    .select({ couponId: couponTargets.couponId, id: couponTargets.targetId, courseTitle: courses.title, batchName: batches.name })
    .from(couponTargets)
    .leftJoin(batches, eq(batches.id, couponTargets.targetId))
    .leftJoin(courses, eq(courses.id, batches.courseId))
    .where(and(eq(couponTargets.targetType, "batch"), inArray(couponTargets.couponId, couponIds)))
    .orderBy(asc(courses.title), asc(batches.startsOn))
    .all()
    .map(({ courseTitle, batchName, ...row }) => ({
      ...row,
      type: "batch" as const,
      title: batchName === null ? "A deleted batch" : `${courseTitle ?? "A course"}: ${batchName}`,
    }));
}

/** Each coupon's scope: its courses, then its batches, then its events, by title. */
function scopesOf(couponIds: number[]): Map<number, CouponScopeItem[]> {
  const scopes = new Map<number, CouponScopeItem[]>();
  if (couponIds.length === 0) return scopes;
  for (const { couponId, ...item } of [...scopeRows("course", couponIds), ...batchScopeRows(couponIds), ...scopeRows("event", couponIds)])
    scopes.set(couponId, [...(scopes.get(couponId) ?? []), item]);
  return scopes;
}

function withScopes(rows: Omit<AdminCoupon, "scope">[]): AdminCoupon[] {
  const scopes = scopesOf(rows.map((row) => row.id));
  return rows.map((row) => ({ ...row, scope: scopes.get(row.id) ?? [] }));
}

/** Every coupon, active or not, by code. */
export function listCouponsForAdmin(): AdminCoupon[] {
  return withScopes(db.select(couponColumns).from(coupons).orderBy(asc(coupons.code)).all());
}

/** A coupon by the id in a URL ("12"); null when malformed or unknown. */
export function findCouponForAdmin(id: number | string): AdminCoupon | null {
  const numericId = typeof id === "number" ? id : parseId(id);
  if (numericId === null) return null;
  const row = db.select(couponColumns).from(coupons).where(eq(coupons.id, numericId)).get();
  return row ? (withScopes([row])[0] ?? null) : null;
}

/** A course's batches a coupon may be limited to, under the course's title. */
export type CouponBatchGroup = { courseTitle: string; batches: { id: number; title: string }[] };

/**
 * The courses, batches and events an admin may limit a coupon to, by title:
 * every course, the batches not called off and not yet over (grouped under
 * their course), and the events still to come (a decade of past events would
 * bury them), with any batch or event the coupon already names.
 */
export function listCouponScopeChoices({
  keepEventIds = [],
  keepBatchIds = [],
  now = new Date(),
}: { keepEventIds?: number[]; keepBatchIds?: number[]; now?: Date } = {}): {
  courses: { id: number; title: string }[];
  batches: CouponBatchGroup[];
  events: { id: number; title: string }[];
} {
  const toCome = gte(events.eventDate, now);
  const batchOpen = and(isNull(batches.cancelledAt), gte(batches.endsOn, formatIsoDateInIndia(now)));
  const batchRows = db
    .select({ id: batches.id, name: batches.name, courseTitle: courses.title })
    .from(batches)
    .innerJoin(courses, eq(courses.id, batches.courseId))
    .where(keepBatchIds.length ? or(batchOpen, inArray(batches.id, keepBatchIds)) : batchOpen)
    .orderBy(asc(courses.title), asc(courses.id), asc(batches.startsOn), asc(batches.id))
    .all();
  const groups: CouponBatchGroup[] = [];
  for (const row of batchRows) {
    const last = groups.at(-1);
    const group = last?.courseTitle === row.courseTitle ? last : { courseTitle: row.courseTitle, batches: [] };
    if (group !== last) groups.push(group);
    group.batches.push({ id: row.id, title: row.name });
  }
  return {
    courses: db.select({ id: courses.id, title: courses.title }).from(courses).orderBy(asc(courses.title)).all(),
    batches: groups,
    events: db
      .select({ id: events.id, title: events.title })
      .from(events)
      .where(keepEventIds.length ? or(toCome, inArray(events.id, keepEventIds)) : toCome)
      .orderBy(asc(events.title))
      .all(),
  };
}

/** Orders (paid or not) that name the coupon: deleting it would blank their coupon. */
function countOrdersWithCoupon(database: Reader, couponId: number): number {
  return (
    database
      .select({ count: sql<number>`count(*)` })
      .from(orders)
      .where(eq(orders.couponId, couponId))
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
  const isAmount = input.kind === "amount";
  return {
    code: normaliseCouponCode(input.code),
    kind: input.kind,
    percentOff: isAmount ? null : input.percentOff,
    amountOffPaise: isAmount ? input.amountOff : null,
    minOrderPaise: input.minOrder ?? null,
    perStudentLimit: input.perStudentLimit ?? null,
    expiresAt: input.expiresOn ? couponExpiryFor(input.expiresOn) : null,
    maxRedemptions: input.maxRedemptions ?? null,
    isActive: input.isActive,
  };
}

type Writer = Pick<typeof db, "select" | "insert" | "delete">;
type UnknownTargets = { ok: false; reason: "unknown-targets"; type: CouponTargetType };

/** The ids among these that name no row of the table: a course, batch or event deleted while the form was open. */
function missingIds(tx: Reader, table: typeof courses | typeof batches | typeof events, ids: number[]): boolean {
  if (ids.length === 0) return false;
  const found =
    tx
      .select({ count: sql<number>`count(*)` })
      .from(table)
      .where(inArray(table.id, ids))
      .get()?.count ?? 0;
  return found !== ids.length;
}

/** Replaces the coupon's scope with the chosen courses, batches and events; refused (nothing written) when one no longer exists. */
function saveScope(tx: Writer, couponId: number, input: CouponInput): UnknownTargets | null {
  if (missingIds(tx, courses, input.courseIds)) return { ok: false, reason: "unknown-targets", type: "course" };
  if (missingIds(tx, batches, input.batchIds)) return { ok: false, reason: "unknown-targets", type: "batch" };
  if (missingIds(tx, events, input.eventIds)) return { ok: false, reason: "unknown-targets", type: "event" };
  tx.delete(couponTargets).where(eq(couponTargets.couponId, couponId)).run();
  const rows = [
    ...input.courseIds.map((targetId) => ({ couponId, targetType: "course" as const, targetId })),
    ...input.batchIds.map((targetId) => ({ couponId, targetType: "batch" as const, targetId })),
    ...input.eventIds.map((targetId) => ({ couponId, targetType: "event" as const, targetId })),
  ];
  if (rows.length > 0) tx.insert(couponTargets).values(rows).run();
  return null;
}

/** Rolls the transaction back with the refusal as its answer. */
class Refused<T> extends Error {
  constructor(readonly answer: T) {
    super("refused");
  }
}

/** Runs a coupon save in one `BEGIN IMMEDIATE` transaction; a code another coupon has is refused, as is a refusal thrown inside. */
function saveAtomically<T>(code: string, save: (tx: Parameters<Parameters<typeof db.transaction>[0]>[0]) => T): T | CodeTaken {
  try {
    return db.transaction(save, { behavior: "immediate" });
  } catch (error) {
    if (error instanceof Refused) return error.answer as T;
    if (isUniqueViolation(error)) return { ok: false, reason: "code-taken", code };
    throw error;
  }
}

type CodeTaken = { ok: false; reason: "code-taken"; code: string };
export type CouponCreateResult = { ok: true; id: number; code: string } | CodeTaken | UnknownTargets;

/** A new coupon with no redemptions, and its scope. The code is stored as checkout looks it up. */
export function createCoupon(input: CouponInput): CouponCreateResult {
  const values = columnsOf(input);
  return saveAtomically(values.code, (tx): CouponCreateResult => {
    const row = tx.insert(coupons).values(values).returning({ id: coupons.id, code: coupons.code }).get();
    const refused = saveScope(tx, row.id, input);
    if (refused) throw new Refused(refused);
    return { ok: true, ...row };
  });
}

export type CouponUpdateResult =
  | { ok: true; id: number; code: string }
  | { ok: false; reason: "not-found" }
  | CodeTaken
  | UnknownTargets
  | { ok: false; reason: "below-used"; used: number };

/**
 * Saves the coupon's terms and scope; its redemption count is checkout's
 * alone and is never written here. A limit below the redemptions already used
 * is refused: the check and the write share one `BEGIN IMMEDIATE`
 * transaction, so a payment completing meanwhile cannot slip in between.
 */
export function updateCoupon(id: number | string, input: CouponInput): CouponUpdateResult {
  const numericId = typeof id === "number" ? id : parseId(id);
  if (numericId === null) return { ok: false, reason: "not-found" };
  const values = columnsOf(input);
  return saveAtomically(values.code, (tx): CouponUpdateResult => {
    const current = tx.select({ redemptionCount: coupons.redemptionCount }).from(coupons).where(eq(coupons.id, numericId)).get();
    if (!current) return { ok: false, reason: "not-found" };
    if (values.maxRedemptions !== null && values.maxRedemptions < current.redemptionCount) {
      return { ok: false, reason: "below-used", used: current.redemptionCount };
    }
    tx.update(coupons).set(values).where(eq(coupons.id, numericId)).run();
    const refused = saveScope(tx, numericId, input);
    if (refused) throw new Refused(refused);
    return { ok: true, id: numericId, code: values.code };
  });
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
