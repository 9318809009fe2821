import { and, asc, eq, inArray, isNotNull, isNull, or, sql } from "drizzle-orm";
import { courses, courseSections, lessons, orders } from "../../../db/schema";
import type { LessonRelease, LessonType, VideoSource } from "../../../db/enums";
import { db, type Transaction } from "~/utils/db.server";

// A course's curriculum as students and the course page read it: sections in
// order, each with its lessons in order. Admin editing lives in
// curriculum-admin.server.ts.

export type LessonSummary = {
  id: number;
  sectionId: number;
  title: string;
  type: LessonType;
  durationMinutes: number;
  isFreePreview: boolean;
  isRequired: boolean;
  releaseRule: LessonRelease | null;
  releaseAfterDays: number | null;
  releaseOn: string | null;
  /** A lesson of one batch only (a class's recording); null for the whole course's. */
  batchId: number | null;
};
export type CurriculumSection = { id: number; title: string; lessons: LessonSummary[] };

export type Lesson = LessonSummary & {
  courseId: number;
  body: string;
  videoSource: VideoSource | null;
  videoUrl: string | null;
  liveStartsAt: Date | null;
  joinUrl: string | null;
  recordingUrl: string | null;
  passPercent: number | null;
  quizMaxAttempts: number | null;
  quizRetryWaitMinutes: number | null;
};

const summaryColumns = {
  id: lessons.id,
  sectionId: lessons.sectionId,
  title: lessons.title,
  type: lessons.type,
  durationMinutes: lessons.durationMinutes,
  isFreePreview: lessons.isFreePreview,
  isRequired: lessons.isRequired,
  releaseRule: lessons.releaseRule,
  releaseAfterDays: lessons.releaseAfterDays,
  releaseOn: lessons.releaseOn,
  batchId: lessons.batchId,
};

/**
 * Whose lessons a reading includes besides the whole course's: none (the
 * course page), one batch's (that batch's students), or every batch's (the
 * admin's curriculum and preview).
 */
export type BatchLessons = { batchId: number | null } | "every-batch";

const lessonsFor = (batchLessons: BatchLessons) =>
  batchLessons === "every-batch"
    ? undefined
    : batchLessons.batchId === null
      ? isNull(lessons.batchId)
      : or(isNull(lessons.batchId), eq(lessons.batchId, batchLessons.batchId));

/** Sections in order with their lessons in order (a section without lessons included). */
export function listCurriculum(
  courseId: number,
  batchLessons: BatchLessons = { batchId: null },
  database: Transaction | typeof db = db,
): CurriculumSection[] {
  const sections = database
    .select({ id: courseSections.id, title: courseSections.title })
    .from(courseSections)
    .where(eq(courseSections.courseId, courseId))
    .orderBy(asc(courseSections.position), asc(courseSections.id))
    .all();
  const rows = database
    .select(summaryColumns)
    .from(lessons)
    .where(and(eq(lessons.courseId, courseId), lessonsFor(batchLessons)))
    .orderBy(asc(lessons.position), asc(lessons.id))
    .all();
  return sections.map((section) => ({ ...section, lessons: rows.filter((lesson) => lesson.sectionId === section.id) }));
}

/** Every lesson of the course in the order a student takes them. */
export function lessonsInOrder(curriculum: CurriculumSection[]): LessonSummary[] {
  return curriculum.flatMap((section) => section.lessons);
}

/** One lesson of one course, whole; null when the lesson is not that course's. */
export function findLesson(courseId: number, lessonId: number): Lesson | null {
  return (
    db
      .select({
        ...summaryColumns,
        courseId: lessons.courseId,
        body: lessons.body,
        videoSource: lessons.videoSource,
        videoUrl: lessons.videoUrl,
        liveStartsAt: lessons.liveStartsAt,
        joinUrl: lessons.joinUrl,
        recordingUrl: lessons.recordingUrl,
        passPercent: lessons.passPercent,
        quizMaxAttempts: lessons.quizMaxAttempts,
        quizRetryWaitMinutes: lessons.quizRetryWaitMinutes,
      })
      .from(lessons)
      .where(and(eq(lessons.id, lessonId), eq(lessons.courseId, courseId)))
      .get() ?? null
  );
}

export type UpcomingLiveLesson = {
  lessonId: number;
  courseId: number;
  courseTitle: string;
  title: string;
  startsAt: Date;
  durationMinutes: number;
};

/**
 * The live lessons of a student's paid courses that have not ended yet (one that
 * started counts until its duration has passed), soonest first.
 */
export function listUpcomingLiveLessons(userId: string, now: Date, limit: number): UpcomingLiveLesson[] {
  const enrolledCourseIds = db
    .select({ courseId: orders.courseId })
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.paymentStatus, "completed"), isNotNull(orders.courseId)));
  return db
    .select({
      lessonId: lessons.id,
      courseId: lessons.courseId,
      courseTitle: courses.title,
      title: lessons.title,
      startsAt: sql<Date>`${lessons.liveStartsAt}`.mapWith(lessons.liveStartsAt),
      durationMinutes: lessons.durationMinutes,
    })
    .from(lessons)
    .innerJoin(courses, eq(courses.id, lessons.courseId))
    .where(
      and(
        eq(lessons.type, "live"),
        inArray(lessons.courseId, enrolledCourseIds),
        sql`${lessons.liveStartsAt} + ${lessons.durationMinutes} * 60000 >= ${now.getTime()}`,
      ),
    )
    .orderBy(asc(lessons.liveStartsAt), asc(lessons.id))
    .limit(limit)
    .all();
}
