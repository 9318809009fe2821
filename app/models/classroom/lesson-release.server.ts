import { and, eq, min } from "drizzle-orm";
import { batches, batchStudents, lessonProgress, lessons, lessonUnlocks, orders } from "../../../db/schema";
import type { LessonRelease } from "../../../db/enums";
import { calendarDayAfter, formatIsoDateInIndia, startOfIndiaDay } from "~/utils/dates";
import { db, type Transaction } from "~/utils/db.server";
import type { PublicAdmin } from "../accounts/admin.server";
import { isEnrolled } from "../orders/order.server";
import { recordAdminAction } from "../site/audit-log.server";

// Drip release (docs/decisions/0063-drip-release.md): a lesson opens to a
// student a number of days after their enrolment, after their batch's first
// day, or on a date, always at midnight in India. A lesson of one batch (a
// class's recording) is that batch's students' alone. Both are decided here
// once, for every door: the lesson page, its files, its join link, completing
// it, and the counts a certificate waits for.

export type ReleaseFields = {
  id: number;
  releaseRule: LessonRelease | null;
  releaseAfterDays: number | null;
  releaseOn: string | null;
  batchId: number | null;
};

/** What a student's release dates are counted from, and the lessons an admin opened early for them. */
export type StudentTimeline = {
  /** The India day their paid enrolment began; null when they have none. */
  enrolledOn: string | null;
  batchId: number | null;
  batchStartsOn: string | null;
  unlocked: ReadonlySet<number>;
};

type Reader = Transaction | typeof db;

/** The student's timeline in one course: three indexed reads. */
export function studentTimeline(userId: string, courseId: number, database: Reader = db): StudentTimeline {
  const enrolled = database
    .select({ at: min(orders.enrolledAt) })
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.courseId, courseId), eq(orders.paymentStatus, "completed")))
    .get();
  const seat = database
    .select({ batchId: batchStudents.batchId, startsOn: batches.startsOn })
    .from(batchStudents)
    .innerJoin(batches, eq(batches.id, batchStudents.batchId))
    .where(and(eq(batchStudents.courseId, courseId), eq(batchStudents.userId, userId)))
    .get();
  const unlocked = database
    .select({ lessonId: lessonUnlocks.lessonId })
    .from(lessonUnlocks)
    .innerJoin(lessons, eq(lessons.id, lessonUnlocks.lessonId))
    .where(and(eq(lessonUnlocks.userId, userId), eq(lessons.courseId, courseId)))
    .all();
  return {
    enrolledOn: enrolled?.at ? formatIsoDateInIndia(enrolled.at) : null,
    batchId: seat?.batchId ?? null,
    batchStartsOn: seat?.startsOn ?? null,
    unlocked: new Set(unlocked.map((row) => row.lessonId)),
  };
}

/**
 * The India day a lesson opens to this student; null when it has no rule. A
 * student of a "both" course who chose no batch counts "after the batch
 * starts" from their enrolment instead.
 */
export function releaseDay(lesson: ReleaseFields, timeline: StudentTimeline): string | null {
  const days = lesson.releaseAfterDays ?? 0;
  switch (lesson.releaseRule) {
    case null:
      return null;
    case "on_date":
      return lesson.releaseOn;
    case "after_batch_start": {
      const from = timeline.batchStartsOn ?? timeline.enrolledOn;
      return from && calendarDayAfter(from, days);
    }
    case "after_enrolment":
      return timeline.enrolledOn && calendarDayAfter(timeline.enrolledOn, days);
  }
}

/** Whether the student sees the lesson at all: a batch's own lesson is hidden from everyone else. */
export const seesLesson = (lesson: Pick<ReleaseFields, "batchId">, timeline: Pick<StudentTimeline, "batchId">) =>
  lesson.batchId === null || lesson.batchId === timeline.batchId;

/**
 * When the lesson opens to the student, while it is still locked at `now`;
 * null once it is open (no rule, its day has come, an admin opened it early,
 * or the student completed it before a rule was added).
 */
export function lockedUntil(lesson: ReleaseFields, timeline: StudentTimeline, now: Date, completed = false): Date | null {
  if (completed || timeline.unlocked.has(lesson.id)) return null;
  const day = releaseDay(lesson, timeline);
  if (day === null) return null;
  const opens = startOfIndiaDay(day);
  return opens && now < opens ? opens : null;
}

/**
 * Whether a student may open a lesson at `now`: "hidden" for another batch's
 * lesson, the instant it opens while it is locked, null when it is open. Read
 * by every door, and again inside the transaction that records their work.
 */
export function lessonLockFor(
  userId: string,
  lesson: ReleaseFields & { courseId: number },
  now: Date,
  database: Reader = db,
): "hidden" | Date | null {
  // Most lessons have no rule and belong to the whole course: nothing to read for them.
  if (lesson.releaseRule === null && lesson.batchId === null) return null;
  const timeline = studentTimeline(userId, lesson.courseId, database);
  if (!seesLesson(lesson, timeline)) return "hidden";
  if (lesson.releaseRule === null) return null;
  const done = database
    .select({ completedAt: lessonProgress.completedAt })
    .from(lessonProgress)
    .where(and(eq(lessonProgress.userId, userId), eq(lessonProgress.lessonId, lesson.id)))
    .get();
  return lockedUntil(lesson, timeline, now, Boolean(done?.completedAt));
}

/** The release columns, for a select beside a lesson's own. */
export const releaseColumns = {
  releaseRule: lessons.releaseRule,
  releaseAfterDays: lessons.releaseAfterDays,
  releaseOn: lessons.releaseOn,
  batchId: lessons.batchId,
};

export type LockedLesson = { lessonId: number; title: string; opensAt: Date };

/** The lessons of a course still locked for the student at `now`, in course order: what an admin may open early. */
export function lockedLessonsOf(userId: string, courseId: number, now: Date): LockedLesson[] {
  const timeline = studentTimeline(userId, courseId);
  const rows = db
    .select({ id: lessons.id, title: lessons.title, ...releaseColumns })
    .from(lessons)
    .where(and(eq(lessons.courseId, courseId)))
    .orderBy(lessons.sectionId, lessons.position)
    .all();
  return rows.flatMap((lesson) => {
    if (!seesLesson(lesson, timeline)) return [];
    const opensAt = lockedUntil(lesson, timeline, now);
    return opensAt ? [{ lessonId: lesson.id, title: lesson.title, opensAt }] : [];
  });
}

/**
 * Opens a lesson early for one student, with the admin's reason in the audit
 * log, in one transaction: "not-found" when there is no such lesson,
 * "not-enrolled" when the student has no paid enrolment in its course.
 * Idempotent: a second press keeps the first record.
 */
export function unlockLessonEarly(
  userId: string,
  lessonId: number,
  decision: { admin: Pick<PublicAdmin, "adminId">; reason: string },
): "unlocked" | "not-found" | "not-enrolled" {
  return db.transaction(
    (tx) => {
      const lesson = tx.select({ id: lessons.id, courseId: lessons.courseId }).from(lessons).where(eq(lessons.id, lessonId)).get();
      if (!lesson) return "not-found";
      if (!isEnrolled(userId, lesson.courseId, tx)) return "not-enrolled";
      tx.insert(lessonUnlocks).values({ lessonId, userId, unlockedBy: decision.admin.adminId }).onConflictDoNothing().run();
      recordAdminAction(
        decision.admin,
        "lesson_unlocked",
        { type: "lesson", id: lessonId },
        { database: tx, details: { userId, reason: decision.reason } },
      );
      return "unlocked";
    },
    { behavior: "immediate" },
  );
}
