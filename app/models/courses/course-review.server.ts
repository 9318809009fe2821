import { and, asc, count, desc, eq, inArray, ne, sql, type SQL } from "drizzle-orm";
import { courseReviews, courses, users } from "../../../db/schema";
import type { ReviewStatus } from "../../../db/enums";
import type { CourseReviewInput } from "~/schemas/course-review";
import { db } from "~/utils/db.server";
import type { PublicAdmin } from "../accounts/admin.server";
import { recordAdminAction } from "../site/audit-log.server";
import { isEnrolled } from "../orders/order.server";

// Reviews of a course by the students who hold it (a completed order). Only an
// approved review counts anywhere the public looks: the stars, the count, the
// structured data (docs/decisions/0035-reviews-and-ratings.md).

export type CourseReview = typeof courseReviews.$inferSelect;

/** Average of the approved reviews to one decimal, and how many there are. */
export type CourseRating = { average: number; count: number };

export type SavedReview = { ok: true; review: CourseReview; created: boolean } | { ok: false; reason: "not-enrolled" };

/**
 * Writes the student's one review of a course, or replaces it: either way it
 * waits for an admin again. The enrollment is checked inside the transaction
 * that writes, so a refund landing at the same moment cannot slip a review in.
 */
export function saveCourseReview(userId: string, courseId: number, input: CourseReviewInput, now = new Date()): SavedReview {
  return db.transaction(
    (tx): SavedReview => {
      if (!isEnrolled(userId, courseId, tx)) return { ok: false, reason: "not-enrolled" };
      const existing = tx
        .select({ id: courseReviews.id })
        .from(courseReviews)
        .where(and(eq(courseReviews.courseId, courseId), eq(courseReviews.userId, userId)))
        .get();
      const fields = {
        rating: input.rating,
        body: input.body,
        status: "pending" as const,
        reviewedAt: null,
        reviewedBy: null,
        updatedAt: now,
      };
      const review = existing
        ? tx.update(courseReviews).set(fields).where(eq(courseReviews.id, existing.id)).returning().get()
        : tx
            .insert(courseReviews)
            .values({ ...fields, courseId, userId, createdAt: now })
            .returning()
            .get();
      return { ok: true, review: review!, created: !existing };
    },
    { behavior: "immediate" },
  );
}

/** The student's own review of the course, whatever its state; null when they have written none. */
export function findOwnReview(userId: string, courseId: number): CourseReview | null {
  return (
    db
      .select()
      .from(courseReviews)
      .where(and(eq(courseReviews.courseId, courseId), eq(courseReviews.userId, userId)))
      .get() ?? null
  );
}

/** "Meera R.": the public sees a reviewer's first name and initial, nothing more. */
export function reviewerName(firstName: string | null, lastName: string | null): string {
  const first = firstName?.trim() || "Student";
  const initial = Array.from(lastName?.trim() ?? "")[0];
  return initial ? `${first} ${initial.toUpperCase()}.` : first;
}

export type PublicReview = { id: number; rating: number; body: string; reviewer: string; writtenAt: Date };

/** A course's approved reviews, newest first, as the public sees them. */
export function listApprovedReviews(courseId: number, limit = 50): PublicReview[] {
  return db
    .select({
      id: courseReviews.id,
      rating: courseReviews.rating,
      body: courseReviews.body,
      firstName: users.firstName,
      lastName: users.lastName,
      writtenAt: courseReviews.updatedAt,
    })
    .from(courseReviews)
    .innerJoin(users, eq(users.id, courseReviews.userId))
    .where(and(eq(courseReviews.courseId, courseId), eq(courseReviews.status, "approved")))
    .orderBy(desc(courseReviews.updatedAt), desc(courseReviews.id))
    .limit(limit)
    .all()
    .map(({ firstName, lastName, ...review }) => ({ ...review, reviewer: reviewerName(firstName, lastName) }));
}

/** Each listed course's approved rating, in one query; a course with no approved review is absent. */
export function approvedRatingsFor(courseIds: readonly number[]): Map<number, CourseRating> {
  if (courseIds.length === 0) return new Map();
  const rows = db
    .select({
      courseId: courseReviews.courseId,
      average: sql<number>`round(avg(${courseReviews.rating}), 1)`,
      count: sql<number>`count(*)`,
    })
    .from(courseReviews)
    .where(and(inArray(courseReviews.courseId, [...courseIds]), eq(courseReviews.status, "approved")))
    .groupBy(courseReviews.courseId)
    .all();
  return new Map(rows.map((row) => [row.courseId, { average: row.average, count: row.count }]));
}

/** One course's approved rating; null when no review is approved (then no stars are shown). */
export function approvedRatingFor(courseId: number): CourseRating | null {
  return approvedRatingsFor([courseId]).get(courseId) ?? null;
}

// ---------------------------------------------------------------------------
// Admin: the reviews screen.
// ---------------------------------------------------------------------------

export type AdminReview = {
  id: number;
  courseId: number;
  courseTitle: string;
  /** As the public sees it: the content area is no window on students' personal data. */
  reviewer: string;
  rating: number;
  body: string;
  status: ReviewStatus;
  writtenAt: Date;
  reviewedAt: Date | null;
  reviewedBy: string | null;
};

/** One page of every review: pending first (oldest waiting longest at the top), then the decided ones, newest first. */
export function listReviewsForAdmin({ limit, offset }: { limit: number; offset: number }): {
  reviews: AdminReview[];
  total: number;
  pending: number;
} {
  // Each part walks its own partial index in order, so a page reads only its rows.
  const isPending = eq(courseReviews.status, "pending");
  const pending = db.select({ count: count() }).from(courseReviews).where(isPending).get()?.count ?? 0;
  const total = db.select({ count: count() }).from(courseReviews).get()?.count ?? 0;
  const fromPending = offset < pending ? reviewRows(isPending, [asc(courseReviews.updatedAt), asc(courseReviews.id)], limit, offset) : [];
  const decidedLimit = limit - fromPending.length;
  const fromDecided =
    decidedLimit > 0
      ? reviewRows(
          ne(courseReviews.status, "pending"),
          [desc(courseReviews.updatedAt), desc(courseReviews.id)],
          decidedLimit,
          Math.max(0, offset - pending),
        )
      : [];
  return { reviews: [...fromPending, ...fromDecided], total, pending };
}

function reviewRows(where: SQL, order: SQL[], limit: number, offset: number): AdminReview[] {
  return db
    .select({
      id: courseReviews.id,
      courseId: courseReviews.courseId,
      courseTitle: courses.title,
      firstName: users.firstName,
      lastName: users.lastName,
      rating: courseReviews.rating,
      body: courseReviews.body,
      status: courseReviews.status,
      writtenAt: courseReviews.updatedAt,
      reviewedAt: courseReviews.reviewedAt,
      reviewedBy: courseReviews.reviewedBy,
    })
    .from(courseReviews)
    .innerJoin(users, eq(users.id, courseReviews.userId))
    .innerJoin(courses, eq(courses.id, courseReviews.courseId))
    .where(where)
    .orderBy(...order)
    .limit(limit)
    .offset(offset)
    .all()
    .map(({ firstName, lastName, ...review }) => ({ ...review, reviewer: reviewerName(firstName, lastName) }));
}

export type ReviewDecision = "approved" | "rejected";

/**
 * Approves or rejects a review, with its audit row in the same transaction.
 * The course's title for the toast, or null when the review does not exist.
 */
export function decideReview(
  id: number,
  decision: ReviewDecision,
  admin: Pick<PublicAdmin, "adminId">,
  now = new Date(),
): { courseTitle: string } | null {
  return db.transaction(
    (tx) => {
      const decided = tx
        .update(courseReviews)
        .set({ status: decision, reviewedAt: now, reviewedBy: admin.adminId })
        .where(eq(courseReviews.id, id))
        .returning({ courseId: courseReviews.courseId })
        .get();
      if (!decided) return null;
      recordAdminAction(admin, `course_review_${decision}`, { type: "course_review", id }, { database: tx });
      const course = tx.select({ title: courses.title }).from(courses).where(eq(courses.id, decided.courseId)).get();
      return { courseTitle: course?.title ?? "" };
    },
    { behavior: "immediate" },
  );
}
