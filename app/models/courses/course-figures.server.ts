import { and, desc, eq, isNotNull, sql } from "drizzle-orm";
import { certificates, courses, orders, lessonProgress, lessons, users } from "../../../db/schema";
import { db } from "~/utils/db.server";

// What the admin sees of a course's classroom: how many paid students it has,
// how many began and finished it, their average progress over the required
// lessons, and how many completed each lesson (where students drop off).

export type CourseFigures = { enrolled: number; started: number; completed: number; averagePercent: number };

export function courseFigures(courseId: number): CourseFigures {
  const students = db
    .selectDistinct({ userId: orders.userId })
    .from(orders)
    .where(and(eq(orders.courseId, courseId), eq(orders.paymentStatus, "completed")))
    .all()
    .map((row) => row.userId);
  const enrolled = new Set(students);
  const required =
    db
      .select({ count: sql<number>`count(*)` })
      .from(lessons)
      .where(and(eq(lessons.courseId, courseId), eq(lessons.isRequired, true)))
      .get()?.count ?? 0;
  const perStudent = db
    .select({
      userId: lessonProgress.userId,
      done: sql<number>`count(case when ${lessonProgress.completedAt} is not null and ${lessons.isRequired} = 1 then 1 end)`,
    })
    .from(lessonProgress)
    .innerJoin(lessons, eq(lessons.id, lessonProgress.lessonId))
    .where(eq(lessonProgress.courseId, courseId))
    .groupBy(lessonProgress.userId)
    .all()
    .filter((row) => enrolled.has(row.userId));
  const certified = db
    .select({ userId: certificates.userId })
    .from(certificates)
    .where(eq(certificates.courseId, courseId))
    .all()
    .filter((row) => enrolled.has(row.userId)).length;
  const percents = perStudent.map((row) => (required === 0 ? 0 : Math.floor((row.done * 100) / required)));
  const total = percents.reduce((sum, percent) => sum + percent, 0);
  return {
    enrolled: enrolled.size,
    started: perStudent.length,
    completed: certified,
    averagePercent: enrolled.size === 0 ? 0 : Math.round(total / enrolled.size),
  };
}

/** Lesson id → how many students completed it. */
export function completionsByLesson(courseId: number): Map<number, number> {
  const rows = db
    .select({ lessonId: lessonProgress.lessonId, count: sql<number>`count(*)` })
    .from(lessonProgress)
    .where(and(eq(lessonProgress.courseId, courseId), isNotNull(lessonProgress.completedAt)))
    .groupBy(lessonProgress.lessonId)
    .all();
  return new Map(rows.map((row) => [row.lessonId, row.count]));
}

const required = sql<number>`(select count(*) from ${lessons} where ${lessons.courseId} = ${orders.courseId} and ${lessons.isRequired} = 1)`;
const done = sql<number>`(select count(*) from ${lessonProgress} p join ${lessons} l on l.id = p.lesson_id
  where p.user_id = ${orders.userId} and p.course_id = ${orders.courseId} and p.completed_at is not null and l.is_required = 1)`;
const lastActivityMs = sql<number | null>`(select max(coalesce(p.completed_at, p.started_at)) from ${lessonProgress} p
  where p.user_id = ${orders.userId} and p.course_id = ${orders.courseId})`;
const certificateNumber = sql<string | null>`(select c.number from ${certificates} c
  where c.user_id = ${orders.userId} and c.course_id = ${orders.courseId})`;

/** One paid enrollment's progress: required lessons done of all, the last lesson opened or completed, the certificate. */
export function selectCourseProgress() {
  return db
    .select({
      enrollmentId: orders.id,
      studentEmail: users.email,
      studentFirstName: users.firstName,
      studentLastName: users.lastName,
      courseId: orders.courseId,
      courseTitle: courses.title,
      enrolledAt: orders.enrolledAt,
      required,
      done,
      lastActivityMs,
      certificateNumber,
    })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .innerJoin(courses, eq(courses.id, orders.courseId))
    .where(eq(orders.paymentStatus, "completed"))
    .$dynamic();
}

export type CourseProgressRow = Awaited<ReturnType<ReturnType<typeof selectCourseProgress>["all"]>>[number];

export const progressPercent = (row: Pick<CourseProgressRow, "required" | "done">) =>
  row.required === 0 ? 0 : Math.floor((row.done * 100) / row.required);

/** A student's progress in each course they have paid for, newest enrollment first. */
export function studentCourseProgress(userId: string): CourseProgressRow[] {
  return selectCourseProgress()
    .where(and(eq(orders.paymentStatus, "completed"), eq(orders.userId, userId)))
    .orderBy(desc(orders.id))
    .all();
}
