import { and, desc, eq, sql } from "drizzle-orm";
import { courses, enrollments } from "../../db/schema";
import { db } from "~/utils/db.server";

export type StudentEnrollment = {
  id: number;
  courseId: number;
  courseTitle: string;
  courseLevel: string;
  courseDuration: string;
  enrolledAt: Date;
};

// A student's courses are the paid enrollments; a pending one is an unfinished checkout.
const isPaid = eq(enrollments.paymentStatus, "completed");

export function listStudentEnrollments(userId: string, limit?: number): StudentEnrollment[] {
  const query = db
    .select({
      id: enrollments.id,
      courseId: enrollments.courseId,
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
