import { and, count, desc, eq, exists, sql } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import {
  certificates,
  courseProgress,
  courseSales,
  courses,
  lessonCompletions,
  lessonProgress,
  lessons,
  orders,
  users,
} from "../../../db/schema";
import { db } from "~/utils/db.server";

// What the admin sees of a course's classroom: how many paid students it has,
// how many began and finished it, their average progress over the required
// lessons, and how many completed each lesson (where students drop off).

export type CourseFigures = { enrolled: number; started: number; completed: number; averagePercent: number };

/** Students holding a place in one course (paid or granted): one per student, as a student pays for a course once. */
export function courseStudentCount(courseId: number): number {
  return (
    db
      .select({ count: sql<number>`coalesce(sum(${courseSales.enrolments}), 0)`.mapWith(Number) })
      .from(courseSales)
      .where(eq(courseSales.courseId, courseId))
      .get()?.count ?? 0
  );
}

/**
 * Read from the counts SQLite keeps as progress is made (course_progress, one
 * row per student who opened the course, with their required lessons done):
 * one row per student, never every progress row, whatever the course's size.
 * Only students who hold the course count.
 */
export function courseFigures(courseId: number): CourseFigures {
  const enrolled = courseStudentCount(courseId);
  const required =
    db
      .select({ count: count() })
      .from(lessons)
      .where(and(eq(lessons.courseId, courseId), eq(lessons.isRequired, true)))
      .get()?.count ?? 0;
  const holdsPlace = (userId: SQLiteColumn) =>
    exists(
      db
        .select({ one: sql`1` })
        .from(orders)
        .where(and(eq(orders.userId, userId), eq(orders.courseId, courseId), eq(orders.paymentStatus, "completed"))),
    );
  const progress = db
    .select({
      started: count(),
      percentSum:
        required > 0
          ? sql<number>`coalesce(sum(${courseProgress.requiredDone} * 100 / ${required}), 0)`.mapWith(Number)
          : sql<number>`0`.mapWith(Number),
    })
    .from(courseProgress)
    .where(and(eq(courseProgress.courseId, courseId), holdsPlace(courseProgress.userId)))
    .get();
  const certified =
    db
      .select({ count: count() })
      .from(certificates)
      .where(and(eq(certificates.courseId, courseId), holdsPlace(certificates.userId)))
      .get()?.count ?? 0;
  return {
    enrolled,
    started: progress?.started ?? 0,
    completed: certified,
    averagePercent: enrolled === 0 ? 0 : Math.round((progress?.percentSum ?? 0) / enrolled),
  };
}

/** Lesson id → how many students completed it (kept in lesson_completions as lessons are completed). */
export function completionsByLesson(courseId: number): Map<number, number> {
  const rows = db
    .select({ lessonId: lessonCompletions.lessonId, count: lessonCompletions.completed })
    .from(lessonCompletions)
    .innerJoin(lessons, eq(lessons.id, lessonCompletions.lessonId))
    .where(eq(lessons.courseId, courseId))
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
