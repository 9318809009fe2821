import { and, asc, avg, count, eq, gte, isNotNull, lt, sql, sum } from "drizzle-orm";
import { courses, orders, testimonials } from "../../../db/schema";
import { type IndiaMonth, lastIndiaMonths } from "~/utils/dates";
import { db } from "~/utils/db.server";

// The admin Dashboard's and Analytics tab's figures. Revenue and enrollments
// count paid (completed) enrollments only.

export type CoursePerformance = { id: number; title: string; enrollmentCount: number; revenuePaise: number; isActive: boolean };

export type AdminStats = {
  totalRevenuePaise: number;
  totalEnrollments: number;
  activeCourses: number;
  /** Mean testimonial rating; 0 when there are none. */
  averageRating: number;
  courseAnalytics: CoursePerformance[];
};

// Course enrollments only (the Dashboard's revenue is "from course enrollments"); a paid event seat is an order too.
const paid = and(eq(orders.paymentStatus, "completed"), isNotNull(orders.courseId));

export function adminStats(courseLimit?: number): AdminStats {
  const totals = db
    .select({ revenue: sum(orders.amountPaise).mapWith(Number), enrolled: count() })
    .from(orders)
    .where(paid)
    .get();
  const active = db.select({ n: count() }).from(courses).where(eq(courses.isActive, true)).get();
  const rating = db
    .select({ mean: avg(testimonials.rating).mapWith(Number) })
    .from(testimonials)
    .get();
  const perCourse = db
    .select({
      id: courses.id,
      title: courses.title,
      isActive: courses.isActive,
      enrollmentCount: count(orders.id),
      revenuePaise: sql<number>`coalesce(sum(${orders.amountPaise}), 0)`.mapWith(Number),
    })
    .from(courses)
    .leftJoin(orders, and(eq(orders.courseId, courses.id), paid))
    .groupBy(courses.id)
    .orderBy(asc(courses.id));
  return {
    totalRevenuePaise: totals?.revenue ?? 0,
    totalEnrollments: totals?.enrolled ?? 0,
    activeCourses: active?.n ?? 0,
    averageRating: rating?.mean ?? 0,
    courseAnalytics: courseLimit === undefined ? perCourse.all() : perCourse.limit(courseLimit).all(),
  };
}

// ---- admissions per month (the Analytics tab's chart) ----------------------

/** One calendar month in India time: "2026-11", its paid admissions and their revenue. */
export type MonthlyAdmissions = { month: string; admissions: number; revenuePaise: number };

/**
 * The enrollment's India month, computed by SQLite from the month ranges the
 * dates module gives (so no offset is written here): one CASE branch a month.
 */
function indiaMonthOf(months: IndiaMonth[]) {
  const branches = months.map((month) => sql`when ${orders.enrolledAt} < ${month.to.getTime()} then ${month.key}`);
  return sql<string>`case ${sql.join(branches, sql` `)} end`;
}

/**
 * Paid (completed) admissions and their revenue per calendar month in India
 * time, for the last `months` months including the current one, oldest first;
 * a month with none reads zero. SQLite groups a bounded range: one row per
 * month comes back, never the enrollments themselves.
 */
export function monthlyAdmissions({ months = 12, now = new Date() }: { months?: number; now?: Date } = {}): MonthlyAdmissions[] {
  const range = lastIndiaMonths(now, months);
  const indiaMonthOfEnrollment = indiaMonthOf(range);
  const [from, to] = [range[0]!.from, range.at(-1)!.to];
  const rows = db
    .select({
      month: indiaMonthOfEnrollment,
      admissions: count(),
      revenuePaise: sql<number>`coalesce(sum(${orders.amountPaise}), 0)`.mapWith(Number),
    })
    .from(orders)
    .where(and(paid, gte(orders.enrolledAt, from), lt(orders.enrolledAt, to)))
    .groupBy(indiaMonthOfEnrollment)
    .all();
  const byMonth = new Map(rows.map((row) => [row.month, row]));
  return range.map(({ key: month }) => ({
    month,
    admissions: byMonth.get(month)?.admissions ?? 0,
    revenuePaise: byMonth.get(month)?.revenuePaise ?? 0,
  }));
}
