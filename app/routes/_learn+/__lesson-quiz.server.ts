import type { Lesson } from "~/models/classroom/curriculum.server";
import {
  forStudent,
  listQuizAttempts,
  listQuizQuestions,
  quizPolicyOf,
  quizStanding,
  reviewLatestAttempt,
} from "~/models/classroom/quiz.server";
import { formatIndiaDateTime } from "~/utils/dates";

// A quiz lesson's page: the questions without their answers, the student's
// attempts, how many are left and when the next one opens (in India time),
// and the right answers only once the quiz is passed or no attempt is left.

export function quizPageData(lesson: Lesson, userId: string | null, records: boolean, now = new Date()) {
  const policy = quizPolicyOf(lesson);
  const questions = listQuizQuestions(lesson.id);
  const attempts = userId ? listQuizAttempts(userId, lesson.id) : [];
  const standing = quizStanding(attempts, policy, now);
  const shown = records && userId !== null && standing.answersShown;
  return {
    passPercent: policy.passPercent,
    retryWaitMinutes: policy.retryWaitMinutes,
    questions: forStudent(questions),
    attempts: attempts.map((attempt) => ({
      id: attempt.id,
      scorePercent: attempt.scorePercent,
      passed: attempt.passed,
      dateLabel: formatIndiaDateTime(attempt.createdAt),
    })),
    standing: records
      ? {
          used: standing.used,
          left: standing.left,
          maxAttempts: standing.maxAttempts,
          passed: standing.passed,
          canAttempt: standing.canAttempt,
          nextAttempt: standing.nextAttemptAt
            ? { label: formatIndiaDateTime(standing.nextAttemptAt), iso: standing.nextAttemptAt.toISOString() }
            : null,
        }
      : null,
    review: shown && userId ? reviewLatestAttempt(userId, lesson.id, questions) : null,
  };
}
