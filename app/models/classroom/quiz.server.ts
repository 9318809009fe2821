import { and, asc, desc, eq } from "drizzle-orm";
import { quizAttempts, quizQuestions } from "../../../db/schema";
import { db, type Transaction } from "~/utils/db.server";
import { QUIZ_DEFAULTS } from "~/utils/quiz-rules";
import { isEnrolled } from "../orders/order.server";
import { closedReason, lessonOf } from "./lesson-progress.server";
import { recordCompletion, type CompletionResult } from "./lesson-progress.server";

// Quizzes: multiple-choice questions (one or many right options), a pass mark,
// and every attempt kept. A student has a few attempts, a wait between them,
// and sees which answers were right only once the quiz is passed or the
// attempts are used up (docs/decisions/0048-quiz-attempts.md): feedback per
// question after every attempt would let anyone pass by changing one answer
// at a time. The limit and the wait are checked in the transaction that
// records the attempt, so attempts posted at once cannot get past them.

export type QuizQuestion = { id: number; prompt: string; options: string[]; correct: number[] };
/** What a student sees: no answers. `many` says whether to tick one option or several. */
export type QuizQuestionForStudent = { id: number; prompt: string; options: string[]; many: boolean };
export type QuizAnswers = Record<string, number[]>;
export type QuizGrade = { scorePercent: number; passed: boolean; right: number[]; wrong: number[] };
export type QuizAttempt = { id: number; scorePercent: number; passed: boolean; createdAt: Date };

export type QuizPolicy = { passPercent: number; maxAttempts: number; retryWaitMinutes: number };

type PolicyColumns = { passPercent: number | null; quizMaxAttempts: number | null; quizRetryWaitMinutes: number | null };

export function quizPolicyOf(lesson: PolicyColumns): QuizPolicy {
  return {
    passPercent: lesson.passPercent ?? QUIZ_DEFAULTS.passPercent,
    maxAttempts: lesson.quizMaxAttempts ?? QUIZ_DEFAULTS.maxAttempts,
    retryWaitMinutes: lesson.quizRetryWaitMinutes ?? QUIZ_DEFAULTS.retryWaitMinutes,
  };
}

/** Where a student stands with a quiz. */
export type QuizStanding = {
  used: number;
  left: number;
  maxAttempts: number;
  passed: boolean;
  /** When the next attempt opens, while the student waits for it. */
  nextAttemptAt: Date | null;
  canAttempt: boolean;
  /** Passed, or no attempt left: the right answers may be shown. */
  answersShown: boolean;
};

export function quizStanding(attempts: Pick<QuizAttempt, "passed" | "createdAt">[], policy: QuizPolicy, now: Date): QuizStanding {
  const used = attempts.length;
  const passed = attempts.some((attempt) => attempt.passed);
  const left = Math.max(0, policy.maxAttempts - used);
  const last = Math.max(0, ...attempts.map((attempt) => attempt.createdAt.getTime()));
  const opensAt = used > 0 ? new Date(last + policy.retryWaitMinutes * 60_000) : null;
  const waiting = !passed && left > 0 && opensAt !== null && opensAt.getTime() > now.getTime();
  return {
    used,
    left,
    maxAttempts: policy.maxAttempts,
    passed,
    nextAttemptAt: waiting ? opensAt : null,
    canAttempt: !passed && left > 0 && !waiting,
    answersShown: passed || left === 0,
  };
}

export function listQuizQuestions(lessonId: number, database: Pick<Transaction, "select"> = db): QuizQuestion[] {
  return database
    .select({ id: quizQuestions.id, prompt: quizQuestions.prompt, options: quizQuestions.options, correct: quizQuestions.correct })
    .from(quizQuestions)
    .where(eq(quizQuestions.lessonId, lessonId))
    .orderBy(asc(quizQuestions.position), asc(quizQuestions.id))
    .all();
}

const studentView = ({ id, prompt, options, correct }: QuizQuestion): QuizQuestionForStudent => ({
  id,
  prompt,
  options,
  many: correct.length > 1,
});

export function forStudent(questions: QuizQuestion[]): QuizQuestionForStudent[] {
  return questions.map(studentView);
}

/** A question is right when exactly its right options were chosen. */
function gradeQuiz(questions: QuizQuestion[], answers: QuizAnswers, passPercent: number): QuizGrade {
  const right: number[] = [];
  const wrong: number[] = [];
  for (const question of questions) {
    const chosen = [...new Set(answers[String(question.id)] ?? [])].sort((a, b) => a - b);
    const expected = [...question.correct].sort((a, b) => a - b);
    const isRight = chosen.length === expected.length && chosen.every((value, index) => value === expected[index]);
    (isRight ? right : wrong).push(question.id);
  }
  const scorePercent = questions.length === 0 ? 0 : Math.round((right.length * 100) / questions.length);
  return { scorePercent, passed: questions.length > 0 && scorePercent >= passPercent, right, wrong };
}

export type QuizRefusal =
  | { ok: false; reason: "not-found" }
  | { ok: false; reason: "not-enrolled" }
  | { ok: false; reason: "locked" }
  | { ok: false; reason: "already-passed" }
  | { ok: false; reason: "no-attempts-left" }
  | { ok: false; reason: "too-soon"; nextAttemptAt: Date };

export type AttemptResult = { ok: true; grade: QuizGrade; standing: QuizStanding; completion: CompletionResult } | QuizRefusal;

/** Grades and stores an attempt the student still has; a pass completes the lesson (and may issue the certificate). */
export function submitQuizAttempt(
  userId: string,
  courseId: number,
  lessonId: number,
  answers: QuizAnswers,
  now = new Date(),
): AttemptResult {
  return db.transaction(
    (tx): AttemptResult => {
      const lesson = lessonOf(tx, courseId, lessonId);
      if (!lesson || lesson.type !== "quiz") return { ok: false, reason: "not-found" };
      if (!isEnrolled(userId, courseId, tx)) return { ok: false, reason: "not-enrolled" };
      const closed = closedReason(tx, userId, lesson, now);
      if (closed) return { ok: false, reason: closed };
      const policy = quizPolicyOf(lesson);
      const earlier = listQuizAttempts(userId, lessonId, tx);
      const before = quizStanding(earlier, policy, now);
      if (before.passed) return { ok: false, reason: "already-passed" };
      if (before.left === 0) return { ok: false, reason: "no-attempts-left" };
      if (before.nextAttemptAt) return { ok: false, reason: "too-soon", nextAttemptAt: before.nextAttemptAt };
      const grade = gradeQuiz(listQuizQuestions(lessonId, tx), answers, policy.passPercent);
      tx.insert(quizAttempts)
        .values({ userId, lessonId, answers, scorePercent: grade.scorePercent, passed: grade.passed, createdAt: now })
        .run();
      const completion: CompletionResult = grade.passed
        ? recordCompletion(tx, userId, courseId, lessonId, now)
        : { ok: true, newlyCompleted: false, certificateNumber: null };
      const standing = quizStanding([...earlier, { passed: grade.passed, createdAt: now }], policy, now);
      return { ok: true, grade, standing, completion };
    },
    { behavior: "immediate" },
  );
}

/** A student's attempts at a quiz, newest first. */
export function listQuizAttempts(userId: string, lessonId: number, database: Pick<Transaction, "select"> = db): QuizAttempt[] {
  return database
    .select({
      id: quizAttempts.id,
      scorePercent: quizAttempts.scorePercent,
      passed: quizAttempts.passed,
      createdAt: quizAttempts.createdAt,
    })
    .from(quizAttempts)
    .where(and(eq(quizAttempts.userId, userId), eq(quizAttempts.lessonId, lessonId)))
    .orderBy(desc(quizAttempts.createdAt), desc(quizAttempts.id))
    .all();
}

/** A question as the student sees it once the answers may be shown: the right options, theirs, and the verdict. */
export type ReviewedQuestion = QuizQuestionForStudent & { correct: number[]; chosen: number[]; right: boolean };

/** Each question with its right options beside what the student chose in their latest attempt. */
export function reviewLatestAttempt(userId: string, lessonId: number, questions: QuizQuestion[]): ReviewedQuestion[] {
  const latest = db
    .select({ answers: quizAttempts.answers })
    .from(quizAttempts)
    .where(and(eq(quizAttempts.userId, userId), eq(quizAttempts.lessonId, lessonId)))
    .orderBy(desc(quizAttempts.createdAt), desc(quizAttempts.id))
    .get();
  const answers = latest?.answers ?? {};
  const { right } = gradeQuiz(questions, answers, 100);
  return questions.map((question) => ({
    ...studentView(question),
    correct: question.correct,
    chosen: [...new Set(answers[String(question.id)] ?? [])],
    right: right.includes(question.id),
  }));
}
