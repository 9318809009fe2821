import { Form } from "@remix-run/react";
import { buttonClass } from "~/components/ui/button";
import { answerFieldName } from "~/schemas/classroom";
import type { LessonPageData } from "./__lesson.server";

export type QuizResult = { scorePercent: number; passed: boolean; right: number[]; wrong: number[] };
type Quiz = NonNullable<LessonPageData["quiz"]>;

/** The questions as a form (one answer: radio buttons; several: checkboxes), the last result and every attempt. */
export function LessonQuiz({ quiz, result, records }: { quiz: Quiz; result: QuizResult | null; records: boolean }) {
  return (
    <div className="space-y-6">
      {result ? <QuizResultSummary result={result} passPercent={quiz.passPercent} /> : null}
      <Form method="post" className="space-y-5">
        <input type="hidden" name="intent" value="quiz" />
        {quiz.questions.map((question, index) => {
          const verdict = result?.right.includes(question.id) ? "Right" : result?.wrong.includes(question.id) ? "Wrong" : null;
          return (
            <fieldset key={question.id} className="rounded-xl bg-white p-5 ring-1 ring-slate-200">
              <legend className="sr-only">Question {index + 1}</legend>
              <p className="font-semibold text-navy-900">
                {index + 1}. {question.prompt}
              </p>
              <p className="mt-1 text-sm text-slate-600">{question.many ? "Choose all that apply." : "Choose one answer."}</p>
              {verdict ? (
                <p className={`mt-2 text-sm font-bold ${verdict === "Right" ? "text-green-800" : "text-red-800"}`}>{verdict}</p>
              ) : null}
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
          );
        })}
        {records ? (
          <button type="submit" className={buttonClass("primary")}>
            Submit answers
          </button>
        ) : (
          <p className="text-sm text-slate-700">Answers are marked for enrolled students.</p>
        )}
      </Form>
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
        {result.right.length} of {result.right.length + result.wrong.length} right; the pass mark is {passPercent}%.
        {result.passed ? " The lesson is complete." : " Try again whenever you are ready."}
      </p>
    </div>
  );
}
