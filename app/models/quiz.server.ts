import { and, asc, desc, eq } from "drizzle-orm";
import { lessons, quizAttempts, quizQuestions } from "../../db/schema";
import { db } from "~/utils/db.server";
import { isEnrolled } from "./order.server";
import { recordCompletion, type CompletionResult } from "./lesson-progress.server";

// Quizzes: multiple-choice questions (one or many right options), a pass mark,
// and every attempt kept. Passing completes the quiz lesson, in the attempt's
// own transaction.

export type QuizQuestion = { id: number; prompt: string; options: string[]; correct: number[] };
/** What a student sees: no answers. `many` says whether to tick one option or several. */
export type QuizQuestionForStudent = { id: number; prompt: string; options: string[]; many: boolean };
export type QuizAnswers = Record<string, number[]>;
export type QuizGrade = { scorePercent: number; passed: boolean; right: number[]; wrong: number[] };
export type QuizAttempt = { id: number; scorePercent: number; passed: boolean; createdAt: Date };

/** A quiz's pass mark when the lesson sets none. */
export const DEFAULT_PASS_PERCENT = 70;

export function listQuizQuestions(lessonId: number): QuizQuestion[] {
  return db
    .select({ id: quizQuestions.id, prompt: quizQuestions.prompt, options: quizQuestions.options, correct: quizQuestions.correct })
    .from(quizQuestions)
    .where(eq(quizQuestions.lessonId, lessonId))
    .orderBy(asc(quizQuestions.position), asc(quizQuestions.id))
    .all();
}

export function forStudent(questions: QuizQuestion[]): QuizQuestionForStudent[] {
  return questions.map(({ id, prompt, options, correct }) => ({ id, prompt, options, many: correct.length > 1 }));
}

/** A question is right when exactly its right options were chosen. */
export function gradeQuiz(questions: QuizQuestion[], answers: QuizAnswers, passPercent: number): QuizGrade {
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

export type AttemptResult =
  { ok: true; grade: QuizGrade; completion: CompletionResult } | { ok: false; reason: "not-found" | "not-enrolled" };

/** Grades and stores an attempt; a pass completes the lesson (and may issue the certificate). */
export function submitQuizAttempt(
  userId: string,
  courseId: number,
  lessonId: number,
  answers: QuizAnswers,
  now = new Date(),
): AttemptResult {
  return db.transaction(
    (tx): AttemptResult => {
      const lesson = tx
        .select({ type: lessons.type, passPercent: lessons.passPercent })
        .from(lessons)
        .where(and(eq(lessons.id, lessonId), eq(lessons.courseId, courseId)))
        .get();
      if (!lesson || lesson.type !== "quiz") return { ok: false, reason: "not-found" };
      if (!isEnrolled(userId, courseId, tx)) return { ok: false, reason: "not-enrolled" };
      const grade = gradeQuiz(listQuizQuestions(lessonId), answers, lesson.passPercent ?? DEFAULT_PASS_PERCENT);
      tx.insert(quizAttempts)
        .values({ userId, lessonId, answers, scorePercent: grade.scorePercent, passed: grade.passed, createdAt: now })
        .run();
      const completion: CompletionResult = grade.passed
        ? recordCompletion(tx, userId, courseId, lessonId, now)
        : { ok: true, newlyCompleted: false, certificateNumber: null };
      return { ok: true, grade, completion };
    },
    { behavior: "immediate" },
  );
}

/** A student's attempts at a quiz, newest first. */
export function listQuizAttempts(userId: string, lessonId: number): QuizAttempt[] {
  return db
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
