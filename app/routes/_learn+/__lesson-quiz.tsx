import { Form } from "@remix-run/react";
import { buttonClass } from "~/components/ui/button";
import { countOf } from "~/utils/plural";
import { answerFieldName } from "~/schemas/classroom";
import type { LessonPageData } from "./__lesson.server";

/** What an attempt tells the student: the score, never which questions were right. */
export type QuizResult = { scorePercent: number; passed: boolean; rightCount: number; questionCount: number };
type Quiz = NonNullable<LessonPageData["quiz"]>;
type Standing = NonNullable<Quiz["standing"]>;

/**
 * The questions as a form (one answer: radio buttons; several: checkboxes), the
 * attempts left and when the next opens, and, once the quiz is passed or no
 * attempt is left, the right answers beside the student's.
 */
export function LessonQuiz({ quiz, result, records }: { quiz: Quiz; result: QuizResult | null; records: boolean }) {
  return (
    <div className="space-y-6">
      {result ? <QuizResultSummary result={result} passPercent={quiz.passPercent} /> : null}
      {quiz.standing ? <QuizStandingNote standing={quiz.standing} retryWaitMinutes={quiz.retryWaitMinutes} /> : null}
      {quiz.review ? <QuizReview review={quiz.review} /> : <QuizForm quiz={quiz} records={records} />}
      {quiz.attempts.length > 0 ? (
        <section aria-labelledby="attempts-heading">
          <h2 id="attempts-heading" className="text-lg font-bold text-navy-900">
            Your attempts
          </h2>
          <ol className="mt-3 divide-y divide-slate-200 rounded-xl bg-white ring-1 ring-slate-200">
            {quiz.attempts.map((attempt) => (
              <li key={attempt.id} className="flex flex-wrap justify-between gap-2 px-4 py-3 text-sm">
                <span>{attempt.dateLabel}</span>
                <span className="font-semibold">
                  {attempt.scorePercent}% · {attempt.passed ? "Passed" : "Not passed"}
                </span>
              </li>
            ))}
          </ol>
        </section>
      ) : null}
    </div>
  );
}

function QuizForm({ quiz, records }: { quiz: Quiz; records: boolean }) {
  return (
    <Form method="post" className="space-y-5">
      <input type="hidden" name="intent" value="quiz" />
      {quiz.questions.map((question, index) => (
        <fieldset key={question.id} className="rounded-xl bg-white p-5 ring-1 ring-slate-200">
          <legend className="sr-only">Question {index + 1}</legend>
          <p className="font-semibold text-navy-900">
            {index + 1}. {question.prompt}
          </p>
          <p className="mt-1 text-sm text-slate-600">{question.many ? "Choose all that apply." : "Choose one answer."}</p>
          <ul className="mt-3 space-y-2">
            {question.options.map((option, optionIndex) => (
              <li key={optionIndex}>
                <label className="flex min-h-11 cursor-pointer items-center gap-3 rounded-lg px-3 py-2 ring-1 ring-slate-200 hover:bg-slate-50">
                  <input
                    type={question.many ? "checkbox" : "radio"}
                    name={answerFieldName(question.id)}
                    value={optionIndex}
                    className="size-5 accent-navy-900"
                  />
                  <span className="text-slate-800">{option}</span>
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
      ))}
      {!records ? (
        <p className="text-sm text-slate-700">Answers are marked for enrolled students.</p>
      ) : quiz.standing?.canAttempt ? (
        <button type="submit" className={buttonClass("primary")}>
          Submit answers
        </button>
      ) : null}
    </Form>
  );
}

/** Attempts used and left, and when the next one opens (India time). */
function QuizStandingNote({ standing, retryWaitMinutes }: { standing: Standing; retryWaitMinutes: number }) {
  const wait = countOf(retryWaitMinutes, "minute");
  let text: string;
  if (standing.passed) text = "You passed this quiz. The right answers are below.";
  else if (standing.left === 0)
    text = `You have used all ${standing.maxAttempts} attempts. The right answers are below; write to us if you need another try.`;
  else if (standing.used === 0)
    text = `You have ${countOf(standing.maxAttempts, "attempt")} at this quiz, at least ${wait} apart. Which answers were right shows once you pass or use them all.`;
  else text = `${countOf(standing.left, "attempt")} left of ${standing.maxAttempts}.`;
  return (
    <div className="rounded-xl bg-slate-50 p-4 text-sm text-slate-800 ring-1 ring-slate-200">
      <p>{text}</p>
      {standing.nextAttempt ? (
        <p className="mt-1 font-semibold">
          You can try again after <time dateTime={standing.nextAttempt.iso}>{standing.nextAttempt.label}</time>.
        </p>
      ) : null}
    </div>
  );
}

function QuizReview({ review }: { review: NonNullable<Quiz["review"]> }) {
  return (
    <section aria-labelledby="answers-heading" className="space-y-5">
      <h2 id="answers-heading" className="text-lg font-bold text-navy-900">
        The answers
      </h2>
      {review.map((question, index) => (
        <div key={question.id} className="rounded-xl bg-white p-5 ring-1 ring-slate-200">
          <p className="font-semibold text-navy-900">
            {index + 1}. {question.prompt}
          </p>
          <p className={`mt-2 text-sm font-bold ${question.right ? "text-green-800" : "text-red-800"}`}>
            {question.right ? "Right" : "Wrong"} in your last attempt
          </p>
          <ul className="mt-3 space-y-2">
            {question.options.map((option, optionIndex) => {
              const isRight = question.correct.includes(optionIndex);
              const chosen = question.chosen.includes(optionIndex);
              return (
                <li
                  key={optionIndex}
                  className={`rounded-lg px-3 py-2 ring-1 ${isRight ? "bg-green-50 ring-green-300" : "ring-slate-200"}`}
                >
                  <span className="text-slate-800">{option}</span>
                  {isRight ? <span className="ml-2 text-sm font-semibold text-green-800">✓ Right answer</span> : null}
                  {chosen ? <span className="ml-2 text-sm text-slate-700">(your answer)</span> : null}
                </li>
              );
            })}
          </ul>
        </div>
      ))}
    </section>
  );
}

function QuizResultSummary({ result, passPercent }: { result: QuizResult; passPercent: number }) {
  return (
    <div
      role="status"
      className={`rounded-xl p-5 ring-1 ${result.passed ? "bg-green-50 text-green-950 ring-green-300" : "bg-red-50 text-red-950 ring-red-300"}`}
    >
      <p className="text-lg font-bold">
        {result.passed ? "Passed" : "Not passed"}: you scored {result.scorePercent}%
      </p>
      <p className="mt-1 text-sm">
        {result.rightCount} of {result.questionCount} right; the pass mark is {passPercent}%.
        {result.passed ? " The lesson is complete." : ""}
      </p>
    </div>
  );
}
