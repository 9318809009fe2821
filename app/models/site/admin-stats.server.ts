import { asc, avg, count, eq, inArray, sql } from "drizzle-orm";
import { courseSales, courses, testimonials } from "../../../db/schema";
import { lastIndiaMonths } from "~/utils/dates";
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

// Course enrollments only (the Dashboard's revenue is "from course enrollments"); a paid event seat
// is an order too. Both come from course_sales, which triggers keep in step with every order.

export function adminStats(courseLimit?: number): AdminStats {
  const totals = db
    .select({
      revenue: sql<number>`coalesce(sum(${courseSales.revenuePaise}), 0)`.mapWith(Number),
      enrolled: sql<number>`coalesce(sum(${courseSales.enrolments}), 0)`.mapWith(Number),
    })
    .from(courseSales)
    .get();
  const active = db.select({ n: count() }).from(courses).where(eq(courses.isActive, true)).get();
  const rating = db
    .select({ mean: avg(testimonials.rating).mapWith(Number) })
    .from(testimonials)
    .get();
  const salesPerCourse = db
    .select({
      courseId: courseSales.courseId,
      enrolments: sql<number>`sum(${courseSales.enrolments})`.as("enrolments"),
      revenuePaise: sql<number>`sum(${courseSales.revenuePaise})`.as("revenue_paise"),
    })
    .from(courseSales)
    .groupBy(courseSales.courseId)
    .as("sales_per_course");
  const perCourse = db
    .select({
      id: courses.id,
      title: courses.title,
      isActive: courses.isActive,
      enrollmentCount: sql<number>`coalesce(${salesPerCourse.enrolments}, 0)`.mapWith(Number),
      revenuePaise: sql<number>`coalesce(${salesPerCourse.revenuePaise}, 0)`.mapWith(Number),
    })
    .from(courses)
    .leftJoin(salesPerCourse, eq(salesPerCourse.courseId, courses.id))
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
 * Paid (completed) admissions and their revenue per calendar month in India
 * time, for the last `months` months including the current one, oldest first;
 * a month with none reads zero.
 */
export function monthlyAdmissions({ months = 12, now = new Date() }: { months?: number; now?: Date } = {}): MonthlyAdmissions[] {
  const range = lastIndiaMonths(now, months);
  const rows = db
    .select({
      month: courseSales.indiaMonth,
      admissions: sql<number>`sum(${courseSales.enrolments})`.mapWith(Number),
      revenuePaise: sql<number>`sum(${courseSales.revenuePaise})`.mapWith(Number),
    })
    .from(courseSales)
    .where(
      inArray(
        courseSales.indiaMonth,
        range.map((month) => month.key),
      ),
    )
    .groupBy(courseSales.indiaMonth)
    .all();
  const byMonth = new Map(rows.map((row) => [row.month, row]));
  return range.map(({ key: month }) => ({
    month,
    admissions: byMonth.get(month)?.admissions ?? 0,
    revenuePaise: byMonth.get(month)?.revenuePaise ?? 0,
  }));
}
