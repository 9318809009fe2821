import { and, desc, eq, isNotNull, isNull, ne, sql } from "drizzle-orm";
import { coupons, enrollmentForms, enrollments } from "../../db/schema";
import { db, isUniqueViolation } from "~/utils/db.server";

// An order is an enrollment row while its payment is under way: `pending` from
// the moment a Stripe PaymentIntent or Checkout Session exists for it, then
// `completed` or `failed` as Stripe reports. The amount is the one the server
// priced; whatever settles the order (webhook, success page, the browser's
// report) must see Stripe confirm that same amount.

export type OrderTerms = {
  userId: string;
  courseId: number;
  amountPaise: number;
  couponId: number | null;
  enrollmentFormId: number | null;
};

export type Order = OrderTerms & {
  id: number;
  paymentStatus: (typeof enrollments.$inferSelect)["paymentStatus"];
  paymentIntentId: string | null;
  checkoutSessionId: string | null;
};

export type PaymentReference = { paymentIntentId: string } | { checkoutSessionId: string };

const orderColumns = {
  id: enrollments.id,
  userId: enrollments.userId,
  courseId: enrollments.courseId,
  amountPaise: enrollments.amountPaise,
  couponId: enrollments.couponId,
  enrollmentFormId: enrollments.enrollmentFormId,
  paymentStatus: enrollments.paymentStatus,
  paymentIntentId: enrollments.paymentIntentId,
  checkoutSessionId: enrollments.checkoutSessionId,
};

const sameTerms = (terms: OrderTerms) =>
  and(
    eq(enrollments.userId, terms.userId),
    eq(enrollments.courseId, terms.courseId),
    eq(enrollments.amountPaise, terms.amountPaise),
    terms.couponId === null ? isNull(enrollments.couponId) : eq(enrollments.couponId, terms.couponId),
    terms.enrollmentFormId === null
      ? isNull(enrollments.enrollmentFormId)
      : eq(enrollments.enrollmentFormId, terms.enrollmentFormId),
  );

/** The newest unfinished order with these exact terms and that kind of Stripe object, to reuse it. */
export function findOpenOrder(terms: OrderTerms, kind: "paymentIntent" | "checkoutSession"): Order | null {
  const reference = kind === "paymentIntent" ? enrollments.paymentIntentId : enrollments.checkoutSessionId;
  return (
    db
      .select(orderColumns)
      .from(enrollments)
      .where(and(sameTerms(terms), isNotNull(reference), ne(enrollments.paymentStatus, "completed")))
      .orderBy(desc(enrollments.id))
      .get() ?? null
  );
}

/** The id of the student's latest order for the course (any status): part of Stripe idempotency keys. */
export function latestOrderId(userId: string, courseId: number): number | null {
  const row = db
    .select({ id: enrollments.id })
    .from(enrollments)
    .where(and(eq(enrollments.userId, userId), eq(enrollments.courseId, courseId)))
    .orderBy(desc(enrollments.id))
    .get();
  return row?.id ?? null;
}

/**
 * Stores a pending order for a Stripe object just created. A double click
 * makes one Stripe object (idempotency key) and so, by the unique reference,
 * one row: the second call returns the first call's order.
 */
export function recordOrder(terms: OrderTerms, reference: PaymentReference): Order {
  const target = "paymentIntentId" in reference ? enrollments.paymentIntentId : enrollments.checkoutSessionId;
  db.insert(enrollments)
    .values({ ...terms, ...reference, paymentStatus: "pending" })
    .onConflictDoNothing({ target })
    .run();
  const order = findOrder(reference);
  if (!order) throw new Error("The order just stored cannot be read back");
  return order;
}

export function findOrder(reference: PaymentReference): Order | null {
  const where =
    "paymentIntentId" in reference
      ? eq(enrollments.paymentIntentId, reference.paymentIntentId)
      : eq(enrollments.checkoutSessionId, reference.checkoutSessionId);
  return db.select(orderColumns).from(enrollments).where(where).get() ?? null;
}

export function isEnrolled(userId: string, courseId: number): boolean {
  return Boolean(
    db
      .select({ id: enrollments.id })
      .from(enrollments)
      .where(
        and(
          eq(enrollments.userId, userId),
          eq(enrollments.courseId, courseId),
          eq(enrollments.paymentStatus, "completed"),
        ),
      )
      .get(),
  );
}

/** completed: this call enrolled the student; already: an earlier call did; duplicate: the student was enrolled by another payment. */
export type CompletionOutcome = "completed" | "already" | "duplicate";

/**
 * Marks a paid order completed, once: the coupon's redemption is counted and
 * the enrollment form marked paid in the same transaction. Completed (and
 * refunded) orders are final, so a replayed or late event changes nothing.
 */
export function completeOrder(orderId: number, paymentIntentId: string | null, now = new Date()): CompletionOutcome {
  try {
    return db.transaction(
      (tx): CompletionOutcome => {
        const order = tx.select(orderColumns).from(enrollments).where(eq(enrollments.id, orderId)).get();
        if (!order) throw new Error(`Order ${orderId} does not exist`);
        if (order.paymentStatus === "completed" || order.paymentStatus === "refunded") return "already";
        const enrolledByAnother = tx
          .select({ id: enrollments.id })
          .from(enrollments)
          .where(
            and(
              eq(enrollments.userId, order.userId),
              eq(enrollments.courseId, order.courseId),
              eq(enrollments.paymentStatus, "completed"),
            ),
          )
          .get();
        if (enrolledByAnother) return "duplicate";
        tx.update(enrollments)
          .set({ paymentStatus: "completed", enrolledAt: now, ...(paymentIntentId ? { paymentIntentId } : {}) })
          .where(eq(enrollments.id, orderId))
          .run();
        if (order.couponId !== null) {
          tx.update(coupons)
            .set({ redemptionCount: sql`${coupons.redemptionCount} + 1` })
            .where(eq(coupons.id, order.couponId))
            .run();
        }
        if (order.enrollmentFormId !== null) {
          tx.update(enrollmentForms)
            .set({ paymentStatus: "completed", paymentIntentId })
            .where(eq(enrollmentForms.id, order.enrollmentFormId))
            .run();
        }
        return "completed";
      },
      { behavior: "immediate" },
    );
  } catch (error) {
    // Another connection completed a second order for the same course first.
    if (isUniqueViolation(error)) return "duplicate";
    throw error;
  }
}

/** A declined or abandoned payment: pending → failed. Completed orders never go back. */
export function failOrder(orderId: number): boolean {
  const result = db
    .update(enrollments)
    .set({ paymentStatus: "failed" })
    .where(and(eq(enrollments.id, orderId), eq(enrollments.paymentStatus, "pending")))
    .run();
  if (result.changes > 0) {
    db.update(enrollmentForms)
      .set({ paymentStatus: "failed" })
      .where(
        and(
          eq(enrollmentForms.paymentStatus, "pending"),
          sql`${enrollmentForms.id} = (select ${enrollments.enrollmentFormId} from ${enrollments} where ${enrollments.id} = ${orderId})`,
        ),
      )
      .run();
  }
  return result.changes > 0;
}

/** A second payment for a course the student already had, once Stripe has returned it. */
export function markOrderRefunded(orderId: number, paymentIntentId: string): void {
  db.update(enrollments)
    .set({ paymentStatus: "refunded", paymentIntentId })
    .where(and(eq(enrollments.id, orderId), ne(enrollments.paymentStatus, "completed")))
    .run();
}

/** A free order (a ₹0 course or a 100% coupon): recorded and completed at once, without Stripe. */
export function enrollWithoutPayment(terms: OrderTerms, now = new Date()): "completed" | "already" {
  if (terms.amountPaise !== 0) throw new RangeError("Only a free order enrolls without payment");
  if (isEnrolled(terms.userId, terms.courseId)) return "already";
  const order = db
    .insert(enrollments)
    .values({ ...terms, paymentStatus: "pending" })
    .returning({ id: enrollments.id })
    .get();
  const outcome = completeOrder(order.id, null, now);
  if (outcome !== "duplicate") return outcome;
  // A second free enrollment raced this one and won: nothing was paid, so the spare row goes.
  db.delete(enrollments).where(eq(enrollments.id, order.id)).run();
  return "already";
}
