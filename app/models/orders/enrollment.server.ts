import { PAYMENT_PROVIDERS, type PaymentProvider } from "../../../db/enums";
import { userSearch } from "../accounts/user.server";
import { and, desc, eq, inArray, isNotNull, sql, type SQL } from "drizzle-orm";
import { union } from "drizzle-orm/sqlite-core";
import { courses, orders, users } from "../../../db/schema";
import { db } from "~/utils/db.server";
import { containsText, isSearchTooShort, paginateThenJoin, searchText, type ListPage, type ListRequest } from "../site/paging.server";

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
const isPaid = and(eq(orders.paymentStatus, "completed"), isNotNull(orders.courseId));

export function listStudentEnrollments(userId: string, limit?: number): StudentEnrollment[] {
  const query = db
    .select({
      id: orders.id,
      courseId: courses.id,
      courseTitle: courses.title,
      courseLevel: courses.level,
      courseDuration: courses.duration,
      enrolledAt: orders.enrolledAt,
    })
    .from(orders)
    .innerJoin(courses, eq(courses.id, orders.courseId))
    .where(and(eq(orders.userId, userId), isPaid))
    .orderBy(desc(orders.enrolledAt), desc(orders.id));
  return limit === undefined ? query.all() : query.limit(limit).all();
}

export function countStudentEnrollments(userId: string): number {
  const row = db
    .select({ count: sql<number>`count(*)` })
    .from(orders)
    .where(and(eq(orders.userId, userId), isPaid))
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
  /** The Stripe PaymentIntent that paid it, when Stripe took it. */
  paymentIntentId: string | null;
  /** Who took the money (null: a free order). */
  provider: PaymentProvider | null;
  /** What the student paid against (a Razorpay order, a Stripe session) or the offline payment's reference, and the payment. */
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
      id: orders.id,
      userId: orders.userId,
      studentEmail: users.email,
      studentFirstName: users.firstName,
      studentLastName: users.lastName,
      courseId: orders.courseId,
      courseTitle: courses.title,
      amountPaise: orders.amountPaise,
      paymentStatus: sql<string>`${orders.paymentStatus}`,
      paymentIntentId: sql<string | null>`case when ${orders.provider} = 'stripe' then ${orders.providerPaymentId} end`,
      provider: orders.provider,
      providerOrderId: orders.providerOrderId,
      providerPaymentId: orders.providerPaymentId,
      enrolledAt: orders.enrolledAt,
      refundedPaise: orders.refundedPaise,
      disputeStatus: orders.disputeStatus,
    })
    .from(orders)
    .leftJoin(users, eq(users.id, orders.userId))
    .leftJoin(courses, eq(courses.id, orders.courseId));

/**
 * The student (every word in their email or names), the course's title
 * (contains the search), or the payment's reference (the whole reference, as
 * copied from the provider's dashboard or the receipt). Students and courses
 * are matched once (subqueries), payments through their unique indexes.
 */
const enrollmentSearch = (q: string | null | undefined) => {
  const ofStudent = userSearch(q);
  if (!ofStudent) return undefined;
  if (isSearchTooShort(q)) return ofStudent;
  const reference = searchText(q);
  const byProvider = inArray(orders.provider, [...PAYMENT_PROVIDERS]);
  const ordersWhere = (where: SQL | undefined) => db.select({ id: orders.id }).from(orders).where(where);
  // One indexed read per way of matching, joined as a union: with statistics SQLite
  // would rather read every order once than combine the indexes of an OR.
  return inArray(
    orders.id,
    union(
      ordersWhere(inArray(orders.userId, db.select({ id: users.id }).from(users).where(ofStudent))),
      ordersWhere(
        inArray(
          orders.courseId,
          db
            .select({ id: courses.id })
            .from(courses)
            .where(containsText(q, [courses.title])),
        ),
      ),
      ordersWhere(and(byProvider, eq(orders.providerPaymentId, reference))),
      ordersWhere(and(byProvider, eq(orders.providerOrderId, reference))),
    ),
  );
};

/**
 * Every enrollment, paid or not, newest first, a page at a time. The search
 * and the page are found in enrollments alone (the page by walking
 * orders_enrolled_at_idx); only the page's rows are then joined to their
 * students and courses.
 */
export function listEnrollmentsForAdmin(request: ListRequest = {}): ListPage<AdminEnrollmentRow> {
  const where = enrollmentSearch(request.q);
  const newestFirst = [desc(orders.enrolledAt), desc(orders.id)];
  return paginateThenJoin(request, { table: orders, time: orders.enrolledAt, id: orders.id, where }, (onPage) =>
    selectAdminEnrollments()
      .where(onPage)
      .orderBy(...newestFirst)
      .all(),
  );
}
