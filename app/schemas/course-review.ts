import { z } from "zod";
import { normalizeLineBreaks } from "./fields";

// A student's review of a course they hold, shared by the course page's form
// and POST /api/courses/:id/reviews.

export const REVIEW_BODY_LIMITS = { min: 10, max: 2000 } as const;
export const STARS = [1, 2, 3, 4, 5] as const;

const RATING_MESSAGE = "Choose a rating from 1 to 5 stars";

export const CourseReviewSchema = z.object({
  rating: z.preprocess(
    (value) => (typeof value === "string" && /^\s*\d+\s*$/.test(value) ? Number(value) : value),
    z
      .number({ required_error: RATING_MESSAGE, invalid_type_error: RATING_MESSAGE })
      .int(RATING_MESSAGE)
      .min(1, RATING_MESSAGE)
      .max(5, RATING_MESSAGE),
  ),
  body: z.preprocess(
    normalizeLineBreaks,
    z
      .string({ required_error: "Write a few words about the course", invalid_type_error: "Write a few words about the course" })
      .trim()
      .min(REVIEW_BODY_LIMITS.min, `Write at least ${REVIEW_BODY_LIMITS.min} characters`)
      .max(REVIEW_BODY_LIMITS.max, `Keep it to ${REVIEW_BODY_LIMITS.max.toLocaleString("en-IN")} characters`),
  ),
});

export type CourseReviewInput = z.infer<typeof CourseReviewSchema>;

/** The admin's Approve / Reject buttons on the reviews screen. */
export const ReviewDecisionSchema = z.object({
  intent: z.enum(["approve", "reject"]),
  id: z.coerce.number().int().positive(),
});
