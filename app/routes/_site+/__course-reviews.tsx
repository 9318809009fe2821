import { getCollectionProps, getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form, useNavigation } from "@remix-run/react";
import { FormNotice, TextareaField } from "~/components/forms";
import { StarRating } from "~/components/star-rating";
import { buttonClass } from "~/components/ui/button";
import { CourseReviewSchema, REVIEW_BODY_LIMITS, STARS } from "~/schemas/course-review";
import { useSchemaForm } from "~/utils/use-schema-form";

// A course's reviews: the approved ones, and for an enrolled student the form
// to write (or rewrite) their own. The form posts to the course page's action,
// so it works before JavaScript loads.

type Review = { id: number; rating: number; body: string; reviewer: string; date: string; isoDate: string };
type OwnReview = { rating: number; body: string; statusLabel: string };
export type CourseRatingView = { average: number; count: number; summary: string };

/** Stars and "4.3 · 3 reviews"; nothing at all when no review is approved. */
export function CourseRatingLine({ rating, className = "" }: { rating: CourseRatingView | null; className?: string }) {
  if (!rating) return null;
  return (
    <p className={`flex items-center gap-2 ${className}`}>
      <StarRating rating={rating.average} label={`Rated ${rating.summary}`} />
      <span aria-hidden="true">
        {rating.average.toFixed(1)} · {rating.count.toLocaleString("en-IN")} {rating.count === 1 ? "review" : "reviews"}
      </span>
    </p>
  );
}

export function CourseReviews({
  courseId,
  rating,
  reviews,
  canReview,
  own,
  lastResult,
}: {
  courseId: number;
  rating: CourseRatingView | null;
  reviews: Review[];
  canReview: boolean;
  own: OwnReview | null;
  lastResult?: SubmissionResult<string[]> | null;
}) {
  // A post from someone who may not review (a stale page, a crafted form) is answered here, as there is no form.
  const refusal = canReview ? undefined : lastResult?.error?.[""]?.[0];
  if (!canReview && !refusal && reviews.length === 0) return null;
  return (
    <section id="reviews" aria-labelledby="reviews-heading" className="scroll-mt-24">
      <h2 id="reviews-heading" className="text-2xl font-bold text-navy-900">
        Student Reviews
      </h2>
      <CourseRatingLine rating={rating} className="mt-2 text-slate-700" />
      {reviews.length > 0 ? (
        <ul className="mt-4 space-y-4">
          {reviews.map((review) => (
            <li key={review.id} className="rounded-xl bg-white p-5 ring-1 ring-slate-200">
              <StarRating rating={review.rating} />
              <p className="mt-3 whitespace-pre-line text-slate-700">{review.body}</p>
              <p className="mt-3 text-sm text-slate-600">
                {review.reviewer} · <time dateTime={review.isoDate}>{review.date}</time>
              </p>
            </li>
          ))}
        </ul>
      ) : null}
      {refusal ? (
        <div className="mt-4">
          <FormNotice title={refusal} />
        </div>
      ) : null}
      {canReview ? <ReviewForm courseId={courseId} own={own} lastResult={lastResult} /> : null}
    </section>
  );
}

function ReviewForm({
  courseId,
  own,
  lastResult,
}: {
  courseId: number;
  own: OwnReview | null;
  lastResult?: SubmissionResult<string[]> | null;
}) {
  const action = `/courses/${courseId}`;
  const navigation = useNavigation();
  const sending = navigation.state !== "idle" && navigation.formAction === action;
  const [form, fields] = useSchemaForm(CourseReviewSchema, {
    id: "course-review",
    lastResult,
    defaultValue: own ? { rating: String(own.rating), body: own.body } : undefined,
  });
  const stars = getCollectionProps(fields.rating, { type: "radio", options: STARS.map(String) });
  return (
    <div className="mt-8 rounded-2xl bg-white p-6 ring-1 ring-slate-200">
      <h3 className="text-xl font-bold text-navy-900">{own ? "Your review" : "Review this course"}</h3>
      {own ? (
        <p className="mt-1 text-sm text-slate-700">
          Status: <strong>{own.statusLabel}</strong>. Saving a change sends it for approval again.
        </p>
      ) : (
        <p className="mt-1 text-sm text-slate-600">
          Tell other students about the teaching and the material. An admin reads it before it shows.
        </p>
      )}
      <Form method="post" action={action} {...getFormProps(form)} className="mt-4 space-y-2">
        {form.errors?.length ? <FormNotice title={form.errors[0]!} /> : null}
        <fieldset aria-describedby={fields.rating.errorId}>
          <legend className="mb-1 text-sm font-medium text-slate-700">
            Your rating<span aria-hidden="true"> *</span>
          </legend>
          <div className="flex flex-wrap gap-x-5">
            {STARS.map((star, index) => {
              const { key, ...input } = stars[index] ?? {};
              return (
                <label key={key ?? star} className="flex min-h-11 items-center gap-2 text-sm text-slate-800">
                  <input {...input} className="size-5 shrink-0 border-slate-400" />
                  {star === 1 ? "1 star" : `${star} stars`}
                </label>
              );
            })}
          </div>
          <p id={fields.rating.errorId} className="min-h-6 pt-1 text-sm text-red-700">
            {fields.rating.errors?.[0]}
          </p>
        </fieldset>
        <TextareaField
          field={fields.body}
          label={`Your review (${REVIEW_BODY_LIMITS.min}–${REVIEW_BODY_LIMITS.max} characters)`}
          required
        />
        <button type="submit" className={buttonClass("primary")} disabled={sending}>
          {sending ? "Sending…" : own ? "Update review" : "Submit review"}
        </button>
      </Form>
    </div>
  );
}
