import type { PaymentProvider } from "../../db/enums";
import { and, desc, eq, inArray, isNotNull, or, sql } from "drizzle-orm";
import { courses, enrollments, users } from "../../db/schema";
import { db } from "~/utils/db.server";
import { containsText, paginateThenJoin, type ListPage, type ListRequest } from "./paging.server";

export type StudentEnrollment = {
  id: number;
  courseId: number;
  courseTitle: string;
  courseLevel: string;
  courseDuration: string;
  enrolledAt: Date;
};

// A student's courses are the paid enrollments; a pending one is an unfinished checkout.
/** A paid course enrollment (an event seat's order is no enrollment). */
const isPaid = and(eq(enrollments.paymentStatus, "completed"), isNotNull(enrollments.courseId));

export function listStudentEnrollments(userId: string, limit?: number): StudentEnrollment[] {
  const query = db
    .select({
      id: enrollments.id,
      courseId: courses.id,
      courseTitle: courses.title,
      courseLevel: courses.level,
      courseDuration: courses.duration,
      enrolledAt: enrollments.enrolledAt,
    })
    .from(enrollments)
    .innerJoin(courses, eq(courses.id, enrollments.courseId))
    .where(and(eq(enrollments.userId, userId), isPaid))
    .orderBy(desc(enrollments.enrolledAt), desc(enrollments.id));
  return limit === undefined ? query.all() : query.limit(limit).all();
}

export function countStudentEnrollments(userId: string): number {
  const row = db
    .select({ count: sql<number>`count(*)` })
    .from(enrollments)
    .where(and(eq(enrollments.userId, userId), isPaid))
    .get();
  return row?.count ?? 0;
}

// ---- Admin (Users tab: Course Enrollments, and GET /api/admin/enrollments) ----

export type AdminEnrollmentRow = {
  id: number;
  userId: string;
  studentEmail: string | null;
  studentFirstName: string | null;
  studentLastName: string | null;
  /** Null for an event seat's order. */
  courseId: number | null;
  courseTitle: string | null;
  amountPaise: number;
  /** As stored: pending, completed, failed, refunded, charged_back, revoked, or anything an older writer left. */
  paymentStatus: string;
  paymentIntentId: string | null;
  /** Who took the money (null: an order from before providers were named, Stripe's, or a free one). */
  provider: PaymentProvider | null;
  /** The provider's order (Razorpay) or the offline payment's reference, and the provider's captured payment. */
  providerOrderId: string | null;
  providerPaymentId: string | null;
  enrolledAt: Date;
  /** Returned to the student so far (a partial or whole refund). */
  refundedPaise: number;
  /** A card dispute: open, won or lost; null when there was none. */
  disputeStatus: string | null;
};

/** Enrollments as the admin sees them (the table and the export): with the student and the course. */
export const selectAdminEnrollments = () =>
  db
    .select({
      id: enrollments.id,
      userId: enrollments.userId,
      studentEmail: users.email,
      studentFirstName: users.firstName,
      studentLastName: users.lastName,
      courseId: enrollments.courseId,
      courseTitle: courses.title,
      amountPaise: enrollments.amountPaise,
      paymentStatus: sql<string>`${enrollments.paymentStatus}`,
      paymentIntentId: enrollments.paymentIntentId,
      provider: enrollments.provider,
      providerOrderId: enrollments.providerOrderId,
      providerPaymentId: enrollments.providerPaymentId,
      enrolledAt: enrollments.enrolledAt,
      refundedPaise: enrollments.refundedPaise,
      disputeStatus: enrollments.disputeStatus,
    })
    .from(enrollments)
    .leftJoin(users, eq(users.id, enrollments.userId))
    .leftJoin(courses, eq(courses.id, enrollments.courseId));

/** "First Last": a search within it is one within either name, or across both. */
const fullName = sql`coalesce(${users.firstName}, '') || ' ' || coalesce(${users.lastName}, '')`;

/**
 * The student's email or name, the course's title, or the payment intent id
 * contains the search. Students and courses are matched once (subqueries),
 * not joined for every enrollment.
 */
const enrollmentSearch = (q: string | null | undefined) => {
  const ofStudent = containsText(q, [users.email, fullName]);
  const ofCourse = containsText(q, [courses.title]);
  if (!ofStudent || !ofCourse) return undefined;
  return or(
    inArray(enrollments.userId, db.select({ id: users.id }).from(users).where(ofStudent)),
    inArray(enrollments.courseId, db.select({ id: courses.id }).from(courses).where(ofCourse)),
    containsText(q, [enrollments.paymentIntentId, enrollments.providerPaymentId, enrollments.providerOrderId]),
  );
};

/**
 * Every enrollment, paid or not, newest first, a page at a time. The search
 * and the page are found in enrollments alone (the page by walking
 * enrollments_enrolled_at_idx); only the page's rows are then joined to their
 * students and courses.
 */
export function listEnrollmentsForAdmin(request: ListRequest = {}): ListPage<AdminEnrollmentRow> {
  const where = enrollmentSearch(request.q);
  const newestFirst = [desc(enrollments.enrolledAt), desc(enrollments.id)];
  return paginateThenJoin(request, { table: enrollments, id: enrollments.id, where, order: newestFirst }, (onPage) =>
    selectAdminEnrollments()
      .where(onPage)
      .orderBy(...newestFirst)
      .all(),
  );
}
