import { data } from "@remix-run/node";
import type { Lesson } from "~/models/classroom/curriculum.server";
import { completeLesson, recordVideoWatched, type CompletionResult } from "~/models/classroom/lesson-progress.server";
import { submitQuizAttempt, type QuizRefusal } from "~/models/classroom/quiz.server";
import { quizAnswersFrom, type LessonIntentSchema } from "~/schemas/classroom";
import { formatIndiaDateTime } from "~/utils/dates";
import { redirectWithToast, type Toast } from "~/utils/toast.server";
import type { z } from "zod";
import { classroomOutline, lessonPath, NOT_ENROLLED_TOAST, opensLabel } from "./__classroom.server";

// What a lesson's form posts do for an enrolled student. The models check the
// enrollment again inside their transaction and make every write idempotent.

type Work = {
  userId: string;
  courseId: number;
  lesson: Lesson;
  intent: z.infer<typeof LessonIntentSchema>;
  formData: FormData;
};

/** A lesson drip release has not opened yet: nothing is recorded. */
export const lockedToast = (opensAt: Date | null): Toast => ({
  type: "destructive",
  title: "This lesson is not open yet",
  description: opensAt ? `${opensLabel(opensAt)} (India time). Nothing was recorded.` : "Nothing was recorded.",
});

const refusal = (reason: "not-found" | "not-enrolled" | "quiz" | "locked", courseId: number, lesson: Lesson) => {
  if (reason === "not-enrolled") return redirectWithToast(`/courses/${courseId}`, NOT_ENROLLED_TOAST);
  if (reason === "locked") return redirectWithToast(lessonPath(courseId, lesson.id), lockedToast(null));
  const toast: Toast =
    reason === "quiz"
      ? {
          type: "destructive",
          title: "Pass the quiz to complete it",
          description: "A quiz is complete once your answers reach the pass mark.",
        }
      : { type: "destructive", title: "Not saved", description: "This lesson cannot record that." };
  return redirectWithToast(lessonPath(courseId, lesson.id), toast);
};

/** An attempt the quiz's rules do not allow: the page again, saying why and when (nothing is recorded). */
function quizAttemptRefused(refusal: Exclude<QuizRefusal, { reason: "not-found" | "not-enrolled" | "locked" }>, now: Date) {
  if (refusal.reason === "too-soon") {
    const seconds = Math.max(1, Math.ceil((refusal.nextAttemptAt.getTime() - now.getTime()) / 1000));
    return data(
      {
        error: `You can try this quiz again after ${formatIndiaDateTime(refusal.nextAttemptAt)}. These answers were not marked.`,
        quiz: null,
      },
      { status: 429, headers: { "Retry-After": String(seconds) } },
    );
  }
  const error =
    refusal.reason === "already-passed"
      ? "You have already passed this quiz: these answers were not marked."
      : "You have used every attempt at this quiz: these answers were not marked. The right answers are below.";
  return data({ error, quiz: null }, 409);
}

/** The toast after a completion: the course finished (certificate issued), or the lesson. */
function completionToast(result: Extract<CompletionResult, { ok: true }>): Toast {
  if (result.certificateNumber && result.newlyCompleted)
    return { title: "Course complete!", description: "Every lesson is done: your certificate is ready in the classroom." };
  return { title: "Lesson complete", description: result.newlyCompleted ? "Your progress is saved." : "This lesson was already complete." };
}

export async function recordLessonWork({ userId, courseId, lesson, intent, formData }: Work) {
  switch (intent.intent) {
    case "complete": {
      const result = completeLesson(userId, courseId, lesson.id);
      if (!result.ok) return refusal(result.reason, courseId, lesson);
      // On to the next lesson, or back to the outline after the last or when
      // the next is still locked (the outline says when it opens).
      const ordered = classroomOutline(courseId, { userId, access: "enrolled" }).ordered;
      const next = ordered[ordered.findIndex((entry) => entry.id === lesson.id) + 1];
      return redirectWithToast(next && !next.opensAt ? lessonPath(courseId, next.id) : `/learn/${courseId}`, completionToast(result));
    }
    case "watched": {
      const result = recordVideoWatched(userId, courseId, lesson.id, intent.percent);
      if (!result.ok) return data({ error: "Your progress could not be saved.", quiz: null }, result.reason === "not-found" ? 404 : 403);
      return data({ error: null, quiz: null });
    }
    case "quiz": {
      const now = new Date();
      const result = submitQuizAttempt(userId, courseId, lesson.id, quizAnswersFrom(formData), now);
      if (!result.ok) {
        if (result.reason === "not-found" || result.reason === "not-enrolled" || result.reason === "locked")
          return refusal(result.reason, courseId, lesson);
        return quizAttemptRefused(result, now);
      }
      // The score only: which questions were right shows once the answers may be shown (the page's review).
      const { scorePercent, passed, right, wrong } = result.grade;
      return data({ error: null, quiz: { scorePercent, passed, rightCount: right.length, questionCount: right.length + wrong.length } });
    }
  }
}
