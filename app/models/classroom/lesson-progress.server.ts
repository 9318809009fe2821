import { randomInt } from "node:crypto";
import { and, eq, inArray, isNull, or, sql } from "drizzle-orm";
import { batchStudents, certificates, courses, lessonProgress, lessons, users } from "../../../db/schema";
import { db, type Transaction } from "~/utils/db.server";
import { isEnrolled } from "../orders/order.server";
import { lessonLockFor, releaseColumns } from "./lesson-release.server";

// A student's progress, one row per lesson they opened, and the certificate it
// earns. Every write runs in a `BEGIN IMMEDIATE` transaction that checks the
// enrollment again, and is idempotent: a double post, a second tab or a replay
// leaves the same rows. The certificate is one per student and course by a
// unique index, so two last lessons completed at the same moment issue one.

/** A video lesson counts as done once this much of it has been watched. */
const WATCHED_TO_COMPLETE_PERCENT = 90;

export type CompletionResult =
  | {
      ok: true;
      /** False when the lesson was already complete (nothing changed). */
      newlyCompleted: boolean;
      /** The course's certificate once every required lesson is complete. */
      certificateNumber: string | null;
    }
  | { ok: false; reason: "not-found" | "not-enrolled" | "quiz" | "locked" };

/** Marks a lesson complete for a student ("Mark complete"); a quiz completes only by passing it. */
export function completeLesson(userId: string, courseId: number, lessonId: number, now = new Date()): CompletionResult {
  return db.transaction(
    (tx): CompletionResult => {
      const lesson = lessonOf(tx, courseId, lessonId);
      if (!lesson) return { ok: false, reason: "not-found" };
      if (lesson.type === "quiz") return { ok: false, reason: "quiz" };
      if (!isEnrolled(userId, courseId, tx)) return { ok: false, reason: "not-enrolled" };
      const closed = closedReason(tx, userId, lesson, now);
      if (closed) return { ok: false, reason: closed };
      return recordCompletion(tx, userId, courseId, lessonId, now);
    },
    { behavior: "immediate" },
  );
}

/** Records how far into a video a student got; at 90% the lesson is complete. */
export function recordVideoWatched(
  userId: string,
  courseId: number,
  lessonId: number,
  percent: number,
  now = new Date(),
): CompletionResult {
  const watched = Math.max(0, Math.min(100, Math.round(percent)));
  return db.transaction(
    (tx): CompletionResult => {
      const lesson = lessonOf(tx, courseId, lessonId);
      if (!lesson || lesson.type !== "video") return { ok: false, reason: "not-found" };
      if (!isEnrolled(userId, courseId, tx)) return { ok: false, reason: "not-enrolled" };
      const closed = closedReason(tx, userId, lesson, now);
      if (closed) return { ok: false, reason: closed };
      tx.insert(lessonProgress)
        .values({ userId, lessonId, courseId, watchedPercent: watched, startedAt: now })
        .onConflictDoUpdate({
          target: [lessonProgress.userId, lessonProgress.lessonId],
          set: { watchedPercent: sql`max(${lessonProgress.watchedPercent}, excluded.watched_percent)` },
        })
        .run();
      if (watched < WATCHED_TO_COMPLETE_PERCENT) return { ok: true, newlyCompleted: false, certificateNumber: null };
      return recordCompletion(tx, userId, courseId, lessonId, now);
    },
    { behavior: "immediate" },
  );
}

/** Notes that a student opened a lesson (its "started" state); changes nothing on a second visit. */
export function recordLessonOpened(userId: string, courseId: number, lessonId: number, now = new Date()): void {
  db.insert(lessonProgress).values({ userId, lessonId, courseId, startedAt: now }).onConflictDoNothing().run();
}

/**
 * Inside the caller's transaction, after it checked the enrollment: the lesson
 * complete (once), then the certificate if that finished the course.
 */
export function recordCompletion(tx: Transaction, userId: string, courseId: number, lessonId: number, now: Date): CompletionResult {
  const before = tx
    .select({ completedAt: lessonProgress.completedAt })
    .from(lessonProgress)
    .where(and(eq(lessonProgress.userId, userId), eq(lessonProgress.lessonId, lessonId)))
    .get();
  const newlyCompleted = !before?.completedAt;
  if (newlyCompleted) {
    tx.insert(lessonProgress)
      .values({ userId, lessonId, courseId, startedAt: now, completedAt: now })
      .onConflictDoUpdate({
        target: [lessonProgress.userId, lessonProgress.lessonId],
        set: { completedAt: sql`coalesce(${lessonProgress.completedAt}, excluded.completed_at)` },
      })
      .run();
  }
  return { ok: true, newlyCompleted, certificateNumber: issueCertificateIfComplete(tx, userId, courseId, now) };
}

/** The lesson with what drip release needs to know of it; undefined when it is not the course's. */
export function lessonOf(tx: Transaction, courseId: number, lessonId: number) {
  return tx
    .select({
      id: lessons.id,
      courseId: lessons.courseId,
      type: lessons.type,
      passPercent: lessons.passPercent,
      quizMaxAttempts: lessons.quizMaxAttempts,
      quizRetryWaitMinutes: lessons.quizRetryWaitMinutes,
      ...releaseColumns,
    })
    .from(lessons)
    .where(and(eq(lessons.id, lessonId), eq(lessons.courseId, courseId)))
    .get();
}

/** Another batch's lesson is not found; one drip release has not opened is locked; null when the student may work on it. */
export function closedReason(
  tx: Transaction,
  userId: string,
  lesson: NonNullable<ReturnType<typeof lessonOf>>,
  now: Date,
): "not-found" | "locked" | null {
  const lock = lessonLockFor(userId, lesson, now, tx);
  return lock === "hidden" ? "not-found" : lock ? "locked" : null;
}

/** The certificate's number once every required lesson is complete (issued now if it was not yet), else null. */
function issueCertificateIfComplete(tx: Transaction, userId: string, courseId: number, now: Date): string | null {
  const { required, done } = requiredCounts(tx, userId, courseId);
  if (required === 0 || done < required) return null;
  const student = tx.select({ firstName: users.firstName, lastName: users.lastName }).from(users).where(eq(users.id, userId)).get();
  const course = tx.select({ title: courses.title }).from(courses).where(eq(courses.id, courseId)).get();
  if (!student || !course) return null;
  tx.insert(certificates)
    .values({
      number: newCertificateNumber(now),
      userId,
      courseId,
      studentName: `${student.firstName} ${student.lastName}`.trim(),
      courseTitle: course.title,
      completedAt: now,
      issuedAt: now,
    })
    // The unique index on (user, course) keeps the first; a second completion changes nothing.
    .onConflictDoNothing({ target: [certificates.userId, certificates.courseId] })
    .run();
  const issued = tx
    .select({ number: certificates.number })
    .from(certificates)
    .where(and(eq(certificates.userId, userId), eq(certificates.courseId, courseId)))
    .get();
  return issued?.number ?? null;
}

/** Lessons a student's counts include: the whole course's, and their own batch's (another batch's recordings are not theirs). */
const lessonsOfStudent = (database: Transaction | typeof db, userId: string) =>
  or(
    isNull(lessons.batchId),
    inArray(
      lessons.batchId,
      database.select({ batchId: batchStudents.batchId }).from(batchStudents).where(eq(batchStudents.userId, userId)),
    ),
  );

function requiredCounts(tx: Transaction | typeof db, userId: string, courseId: number): { required: number; done: number } {
  const row = tx
    .select({
      required: sql<number>`count(*)`,
      done: sql<number>`count(${lessonProgress.completedAt})`,
    })
    .from(lessons)
    .leftJoin(lessonProgress, and(eq(lessonProgress.lessonId, lessons.id), eq(lessonProgress.userId, userId)))
    .where(and(eq(lessons.courseId, courseId), eq(lessons.isRequired, true), lessonsOfStudent(tx, userId)))
    .get();
  return { required: row?.required ?? 0, done: row?.done ?? 0 };
}

// Crockford's base32 without I, L, O, U: read aloud or typed from paper without confusion.
const CERTIFICATE_ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

/** `TMA-2026-7K3QX9PD`: the year of completion and 8 random characters (40 bits), so numbers cannot be guessed. */
export function newCertificateNumber(now: Date): string {
  let random = "";
  for (let i = 0; i < 8; i++) random += CERTIFICATE_ALPHABET[randomInt(CERTIFICATE_ALPHABET.length)];
  return `TMA-${now.getUTCFullYear()}-${random}`;
}

export type LessonState = { completed: boolean; started: boolean; watchedPercent: number };
export type CourseProgress = {
  /** Lesson id → the student's state in it (lessons never opened are absent). */
  lessons: Map<number, LessonState>;
  requiredTotal: number;
  requiredDone: number;
  /** Whole percent of the required lessons complete. */
  percent: number;
};

/** A student's progress through one course. */
export function courseProgress(userId: string, courseId: number): CourseProgress {
  const rows = db
    .select({ lessonId: lessonProgress.lessonId, completedAt: lessonProgress.completedAt, watchedPercent: lessonProgress.watchedPercent })
    .from(lessonProgress)
    .where(and(eq(lessonProgress.courseId, courseId), eq(lessonProgress.userId, userId)))
    .all();
  const { required, done } = requiredCounts(db, userId, courseId);
  return {
    lessons: new Map(
      rows.map((row) => [row.lessonId, { completed: Boolean(row.completedAt), started: true, watchedPercent: row.watchedPercent }]),
    ),
    requiredTotal: required,
    requiredDone: done,
    percent: required === 0 ? 0 : Math.floor((done * 100) / required),
  };
}

/** Whole percent complete of each of a student's courses (course id → percent), for the dashboard. */
export function progressByCourse(userId: string): Map<number, number> {
  const rows = db
    .select({
      courseId: lessons.courseId,
      required: sql<number>`count(*)`,
      done: sql<number>`count(${lessonProgress.completedAt})`,
    })
    .from(lessons)
    .leftJoin(lessonProgress, and(eq(lessonProgress.lessonId, lessons.id), eq(lessonProgress.userId, userId)))
    .where(and(eq(lessons.isRequired, true), lessonsOfStudent(db, userId)))
    .groupBy(lessons.courseId)
    .all();
  return new Map(rows.map((row) => [row.courseId, row.required === 0 ? 0 : Math.floor((row.done * 100) / row.required)]));
}
