import type { ActionFunctionArgs } from "@remix-run/node";
import { saveCourseReview } from "~/models/courses/course-review.server";
import { findActiveCourse } from "~/models/courses/course.server";
import { isEnrolled } from "~/models/orders/order.server";
import { CourseReviewSchema } from "~/schemas/course-review";
import { REVIEW_TEXT } from "~/content/messages/reviews";
import { apiError, apiJson, methodNotAllowed, parseJsonBody } from "~/utils/api.server";
import { requireApiUser } from "~/services/accounts/sessions/student-session.server";

/**
 * POST /api/courses/:id/reviews with JSON `{ rating, body }`: the course page's
 * review form as JSON (one model function). 201 `{ id, status, message }` for a
 * new review, 200 for a rewritten one (pending again) · 401 signed out · 404
 * unknown or inactive course · 403 not enrolled in the course (whatever the body)
 * · 415 not JSON · 400 `{ message, errors }`.
 */
export function loader() {
  return methodNotAllowed(["POST"]);
}

export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const user = await requireApiUser(request);
  const course = findActiveCourse(params.id ?? "");
  if (!course) return apiError(404, "Course not found");
  if (!isEnrolled(user.id, course.id)) return apiError(403, REVIEW_TEXT.notEnrolled);
  const input = await parseJsonBody(request, CourseReviewSchema, "first");
  // Checked again inside the model's transaction, which is what holds.
  const saved = saveCourseReview(user.id, course.id, input);
  if (!saved.ok) return apiError(403, REVIEW_TEXT.notEnrolled);
  const { review } = saved;
  return apiJson(
    { id: review.id, rating: review.rating, body: review.body, status: review.status, message: REVIEW_TEXT.savedText },
    saved.created ? 201 : 200,
  );
}
