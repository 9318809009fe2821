import { and, asc, avg, count, eq, sql, sum } from "drizzle-orm";
import { courses, enrollments, testimonials } from "../../db/schema";
import { db } from "~/utils/db.server";

// The admin Dashboard's figures (admin spec §2 Dashboard tab, §3 analytics
// fields). Revenue and enrollments count paid (completed) enrollments only.

export type CoursePerformance = { id: number; title: string; enrollmentCount: number; revenuePaise: number; isActive: boolean };

export type AdminStats = {
  totalRevenuePaise: number;
  totalEnrollments: number;
  activeCourses: number;
  /** Mean testimonial rating; 0 when there are none. */
  averageRating: number;
  courseAnalytics: CoursePerformance[];
};

const paid = eq(enrollments.paymentStatus, "completed");

export function adminStats(courseLimit?: number): AdminStats {
  const totals = db
    .select({ revenue: sum(enrollments.amountPaise).mapWith(Number), enrolled: count() })
    .from(enrollments)
    .where(paid)
    .get();
  const active = db.select({ n: count() }).from(courses).where(eq(courses.isActive, true)).get();
  const rating = db.select({ mean: avg(testimonials.rating).mapWith(Number) }).from(testimonials).get();
  const perCourse = db
    .select({
      id: courses.id,
      title: courses.title,
      isActive: courses.isActive,
      enrollmentCount: count(enrollments.id),
      revenuePaise: sql<number>`coalesce(sum(${enrollments.amountPaise}), 0)`.mapWith(Number),
    })
    .from(courses)
    .leftJoin(enrollments, and(eq(enrollments.courseId, courses.id), paid))
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
