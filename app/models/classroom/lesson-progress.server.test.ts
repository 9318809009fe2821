// Progress is recorded once per lesson and student, the certificate once per
// student and course, and only while the student's enrollment is paid.
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  certificates,
  courseSections,
  courses,
  orders,
  lessonProgress,
  lessons,
  quizAttempts,
  quizQuestions,
  users,
} from "../../../db/schema";
import type { LessonType } from "../../../db/enums";
import { db } from "~/utils/db.server";
import { findCertificate } from "./certificate.server";
import { completeLesson, courseProgress, newCertificateNumber, recordVideoWatched } from "./lesson-progress.server";
import { listQuizQuestions, reviewLatestAttempt, submitQuizAttempt } from "./quiz.server";

let serial = 0;

/** A student enrolled in a fresh course of `types` lessons (the last one optional when `optionalLast`). */
function arrange(types: LessonType[], { paid = true, optionalLast = false } = {}) {
  serial += 1;
  const user = db
    .insert(users)
    .values({ email: `learner${serial}@example.com`, firstName: "अनन्या", lastName: "Iyer" })
    .returning()
    .get();
  const course = db
    .insert(courses)
    .values({ title: `Options Basics ${serial}`, shortDescription: "s", description: "d", duration: "4 weeks" })
    .returning()
    .get();
  const section = db.insert(courseSections).values({ courseId: course.id, title: "Start", position: 1 }).returning().get();
  const ids = types.map(
    (type, index) =>
      db
        .insert(lessons)
        .values({
          courseId: course.id,
          sectionId: section.id,
          position: index + 1,
          title: `Lesson ${index + 1}`,
          type,
          isRequired: !(optionalLast && index === types.length - 1),
          passPercent: type === "quiz" ? 50 : null,
        })
        .returning()
        .get().id,
  );
  const enrollment = db
    .insert(orders)
    .values({ userId: user.id, courseId: course.id, paymentStatus: paid ? "completed" : "pending" })
    .returning()
    .get();
  return { userId: user.id, courseId: course.id, lessonIds: ids, enrollmentId: enrollment.id };
}

const certificatesOf = (userId: string, courseId: number) =>
  db
    .select()
    .from(certificates)
    .where(and(eq(certificates.userId, userId), eq(certificates.courseId, courseId)))
    .all();

describe("completing lessons", () => {
  it("a second completion of the same lesson changes nothing", () => {
    const { userId, courseId, lessonIds } = arrange(["article", "article"]);
    const first = completeLesson(userId, courseId, lessonIds[0]!, new Date("2026-11-01T10:00:00Z"));
    const second = completeLesson(userId, courseId, lessonIds[0]!, new Date("2026-11-02T10:00:00Z"));
    expect(first).toEqual({ ok: true, newlyCompleted: true, certificateNumber: null });
    expect(second).toEqual({ ok: true, newlyCompleted: false, certificateNumber: null });
    const rows = db.select().from(lessonProgress).where(eq(lessonProgress.userId, userId)).all();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.completedAt).toEqual(new Date("2026-11-01T10:00:00Z"));
    expect(courseProgress(userId, courseId)).toMatchObject({ requiredTotal: 2, requiredDone: 1, percent: 50 });
  });

  it("the last required lesson issues one certificate in the student's name, and a repeat returns the same one", () => {
    const { userId, courseId, lessonIds } = arrange(["article", "download", "article"], { optionalLast: true });
    completeLesson(userId, courseId, lessonIds[0]!);
    const last = completeLesson(userId, courseId, lessonIds[1]!, new Date("2026-11-20T09:30:00Z"));
    expect(last.ok && last.certificateNumber).toMatch(/^TMA-2026-[0-9A-HJKMNP-TV-Z]{8}$/);
    const again = completeLesson(userId, courseId, lessonIds[1]!);
    expect(again).toEqual({ ok: true, newlyCompleted: false, certificateNumber: last.ok ? last.certificateNumber : "" });
    const issued = certificatesOf(userId, courseId);
    expect(issued).toHaveLength(1);
    expect(issued[0]).toMatchObject({ studentName: "अनन्या Iyer", completedAt: new Date("2026-11-20T09:30:00Z") });
    expect(findCertificate(issued[0]!.number)).toMatchObject({ studentName: "अनन्या Iyer" });
    expect(courseProgress(userId, courseId).percent).toBe(100);
  });

  it("a student without a paid enrollment records nothing; a refund takes access away at once", () => {
    const unpaid = arrange(["article"], { paid: false });
    expect(completeLesson(unpaid.userId, unpaid.courseId, unpaid.lessonIds[0]!)).toEqual({ ok: false, reason: "not-enrolled" });

    const refunded = arrange(["article", "article"]);
    expect(completeLesson(refunded.userId, refunded.courseId, refunded.lessonIds[0]!).ok).toBe(true);
    db.update(orders).set({ paymentStatus: "refunded" }).where(eq(orders.id, refunded.enrollmentId)).run();
    expect(completeLesson(refunded.userId, refunded.courseId, refunded.lessonIds[1]!)).toEqual({ ok: false, reason: "not-enrolled" });
    expect(db.select().from(lessonProgress).where(eq(lessonProgress.userId, unpaid.userId)).all()).toEqual([]);
  });

  it("a lesson of another course is not found, and a quiz is completed only by passing it", () => {
    const mine = arrange(["article", "quiz"]);
    const other = arrange(["article"]);
    expect(completeLesson(mine.userId, mine.courseId, other.lessonIds[0]!)).toEqual({ ok: false, reason: "not-found" });
    expect(completeLesson(mine.userId, mine.courseId, mine.lessonIds[1]!)).toEqual({ ok: false, reason: "quiz" });
  });

  it("a video completes at 90% watched; the furthest point only rises", () => {
    const { userId, courseId, lessonIds } = arrange(["video", "article"]);
    const video = lessonIds[0]!;
    expect(recordVideoWatched(userId, courseId, video, 60)).toEqual({ ok: true, newlyCompleted: false, certificateNumber: null });
    recordVideoWatched(userId, courseId, video, 30);
    expect(courseProgress(userId, courseId).lessons.get(video)).toEqual({ completed: false, started: true, watchedPercent: 60 });
    expect(recordVideoWatched(userId, courseId, video, 91.4)).toMatchObject({ ok: true, newlyCompleted: true });
    expect(courseProgress(userId, courseId).lessons.get(video)).toEqual({ completed: true, started: true, watchedPercent: 91 });
  });
});

/** A course of an article and a quiz of two questions (one right option; two right options), its rules as given. */
function arrangeQuiz(rules: { quizMaxAttempts?: number; quizRetryWaitMinutes?: number } = {}) {
  const arranged = arrange(["article", "quiz"]);
  const quiz = arranged.lessonIds[1]!;
  if (Object.keys(rules).length > 0) db.update(lessons).set(rules).where(eq(lessons.id, quiz)).run();
  const one = db
    .insert(quizQuestions)
    .values({ lessonId: quiz, position: 1, prompt: "Q1", options: ["a", "b"], correct: [1] })
    .returning()
    .get();
  const many = db
    .insert(quizQuestions)
    .values({ lessonId: quiz, position: 2, prompt: "Q2", options: ["a", "b", "c"], correct: [0, 2] })
    .returning()
    .get();
  const answers = {
    allWrong: { [one.id]: [0], [many.id]: [0] },
    halfRight: { [one.id]: [1], [many.id]: [0] },
    allRight: { [one.id]: [1], [many.id]: [2, 0] },
  };
  return { ...arranged, quiz, answers, questionIds: [one.id, many.id] };
}

const T0 = new Date("2026-11-28T04:30:00Z");
const minutesAfter = (minutes: number) => new Date(T0.getTime() + minutes * 60_000);
const attemptsAt = (userId: string, quiz: number) =>
  db
    .select({ scorePercent: quizAttempts.scorePercent, createdAt: quizAttempts.createdAt })
    .from(quizAttempts)
    .where(and(eq(quizAttempts.userId, userId), eq(quizAttempts.lessonId, quiz)))
    .all();

describe("quizzes", () => {
  it("a failed attempt is kept and completes nothing; a pass completes the quiz and, as the last lesson, issues the certificate", () => {
    const { userId, courseId, lessonIds, quiz, answers } = arrangeQuiz();
    completeLesson(userId, courseId, lessonIds[0]!);

    const failed = submitQuizAttempt(userId, courseId, quiz, answers.allWrong, T0);
    expect(failed).toMatchObject({ ok: true, grade: { scorePercent: 0, passed: false }, completion: { certificateNumber: null } });

    // The next attempt opens once the default wait (10 minutes) is over.
    const passed = submitQuizAttempt(userId, courseId, quiz, answers.allRight, minutesAfter(10));
    expect(passed).toMatchObject({ ok: true, grade: { scorePercent: 100, passed: true }, completion: { newlyCompleted: true } });
    expect(passed.ok && passed.completion.ok && passed.completion.certificateNumber).toBe(certificatesOf(userId, courseId)[0]?.number);
  });

  it("by default: 3 attempts, 10 minutes apart; an attempt too soon or past the last is refused and stores nothing", () => {
    const { userId, courseId, quiz, answers } = arrangeQuiz();
    expect(submitQuizAttempt(userId, courseId, quiz, answers.allWrong, T0)).toMatchObject({
      ok: true,
      standing: {
        used: 1,
        left: 2,
        maxAttempts: 3,
        passed: false,
        canAttempt: false,
        nextAttemptAt: minutesAfter(10),
        answersShown: false,
      },
    });
    expect(submitQuizAttempt(userId, courseId, quiz, answers.allRight, minutesAfter(9))).toEqual({
      ok: false,
      reason: "too-soon",
      nextAttemptAt: minutesAfter(10),
    });
    expect(submitQuizAttempt(userId, courseId, quiz, answers.halfRight, minutesAfter(10))).toMatchObject({
      ok: true,
      grade: { scorePercent: 50, passed: true },
      standing: { used: 2, left: 1, passed: true, canAttempt: false, nextAttemptAt: null, answersShown: true },
    });
    expect(submitQuizAttempt(userId, courseId, quiz, answers.allRight, minutesAfter(60))).toEqual({ ok: false, reason: "already-passed" });
    expect(attemptsAt(userId, quiz).map((attempt) => attempt.scorePercent)).toEqual([0, 50]);
  });

  it("the admin's limit and wait: the last attempt used up shows the answers, and one more is refused", () => {
    const { userId, courseId, quiz, answers } = arrangeQuiz({ quizMaxAttempts: 2, quizRetryWaitMinutes: 60 });
    submitQuizAttempt(userId, courseId, quiz, answers.allWrong, T0);
    expect(submitQuizAttempt(userId, courseId, quiz, answers.allWrong, minutesAfter(59))).toMatchObject({ reason: "too-soon" });
    expect(submitQuizAttempt(userId, courseId, quiz, answers.allWrong, minutesAfter(60))).toMatchObject({
      ok: true,
      standing: { used: 2, left: 0, canAttempt: false, nextAttemptAt: null, answersShown: true },
    });
    expect(submitQuizAttempt(userId, courseId, quiz, answers.allRight, minutesAfter(600))).toEqual({
      ok: false,
      reason: "no-attempts-left",
    });
    expect(attemptsAt(userId, quiz)).toHaveLength(2);
  });

  it("the review pairs each question's right options with the student's last answers", () => {
    const { userId, courseId, quiz, answers, questionIds } = arrangeQuiz({ quizMaxAttempts: 1 });
    submitQuizAttempt(userId, courseId, quiz, answers.halfRight, T0);
    expect(reviewLatestAttempt(userId, quiz, listQuizQuestions(quiz))).toEqual([
      { id: questionIds[0], prompt: "Q1", options: ["a", "b"], many: false, correct: [1], chosen: [1], right: true },
      { id: questionIds[1], prompt: "Q2", options: ["a", "b", "c"], many: true, correct: [0, 2], chosen: [0], right: false },
    ]);
  });
});

describe("certificate numbers", () => {
  it("carry the year and 8 characters nobody confuses, different each time", () => {
    const numbers = new Set(Array.from({ length: 200 }, () => newCertificateNumber(new Date("2027-01-05T00:00:00Z"))));
    expect(numbers.size).toBe(200);
    for (const number of numbers) expect(number).toMatch(/^TMA-2027-[0-9A-HJKMNP-TV-Z]{8}$/);
  });
});
