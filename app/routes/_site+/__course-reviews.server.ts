import { parseWithZod } from "@conform-to/zod";
import { data } from "@remix-run/node";
import {
  approvedRatingFor,
  findOwnReview,
  listApprovedReviews,
  saveCourseReview,
  type CourseRating,
} from "~/models/courses/course-review.server";
import { isEnrolled } from "~/models/orders/order.server";
import { CourseReviewSchema } from "~/schemas/course-review";
import { REVIEW_TEXT } from "~/content/messages/reviews";
import type { CourseRatingView } from "./__course-reviews";
import { formatShortDate } from "~/utils/dates";
import { readFormData } from "~/utils/form-data.server";
import { requireUser } from "~/services/accounts/sessions/student-session.server";
import { redirectWithToast } from "~/utils/toast.server";

// The reviews part of a course's page: what it shows (approved reviews, the
// stars only when there are some, the student's own review) and the action
// behind its "Review this course" form.

const STATUS_LABELS = { pending: "Waiting for approval", approved: "Approved and shown", rejected: "Not approved" } as const;

/**
 * A rating as the page shows it, with "4.3 out of 5 from 3 reviews" for screen
 * readers; null (no stars at all) when no review is approved.
 */
export function toRatingView(rating: CourseRating | null | undefined): CourseRatingView | null {
  if (!rating) return null;
  const reviews = `${rating.count.toLocaleString("en-IN")} ${rating.count === 1 ? "review" : "reviews"}`;
  return { ...rating, summary: `${rating.average.toFixed(1)} out of 5 from ${reviews}` };
}

/** The course page's review data for this visitor; `userId` only when they are enrolled. */
export function courseReviewsFor(courseId: number, enrolledUserId: string | null) {
  const own = enrolledUserId ? findOwnReview(enrolledUserId, courseId) : null;
  return {
    rating: toRatingView(approvedRatingFor(courseId)),
    reviews: listApprovedReviews(courseId).map((review) => ({
      id: review.id,
      rating: review.rating,
      body: review.body,
      reviewer: review.reviewer,
      date: formatShortDate(review.writtenAt),
      isoDate: review.writtenAt.toISOString(),
    })),
    canReview: enrolledUserId !== null,
    own: own ? { rating: own.rating, body: own.body, status: own.status, statusLabel: STATUS_LABELS[own.status] } : null,
  };
}

/** POST /courses/:id: a signed-in student's review, refused (403) unless they hold the course. */
export async function reviewAction(request: Request, courseId: number) {
  const path = `/courses/${courseId}`;
  const user = await requireUser(request, { redirectTo: path });
  const submission = parseWithZod(await readFormData(request), { schema: CourseReviewSchema });
  const notEnrolled = () => data({ result: submission.reply({ formErrors: [REVIEW_TEXT.notEnrolled] }) }, { status: 403 });
  // Told first: a student without the course has no form on the page to show field errors in.
  if (!isEnrolled(user.id, courseId)) return notEnrolled();
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  // The model checks again inside its transaction, which is what holds.
  if (!saveCourseReview(user.id, courseId, submission.value).ok) return notEnrolled();
  return redirectWithToast(`${path}#reviews`, { title: REVIEW_TEXT.savedTitle, description: REVIEW_TEXT.savedText });
}
