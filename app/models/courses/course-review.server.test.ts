import { eq } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { auditLog, courseReviews, courses, orders, users } from "../../../db/schema";
import { db } from "~/utils/db.server";
import {
  approvedRatingFor,
  approvedRatingsFor,
  decideReview,
  findOwnReview,
  listApprovedReviews,
  listReviewsForAdmin,
  reviewerName,
  saveCourseReview,
} from "./course-review.server";

let serial = 0;
const ADMIN = { adminId: "reviews-admin" };

function student(firstName = "Meera", lastName = "Rao") {
  serial += 1;
  return db
    .insert(users)
    .values({ email: `reviewer${serial}-${crypto.randomUUID().slice(0, 6)}@example.com`, firstName, lastName })
    .returning()
    .get();
}

function course() {
  serial += 1;
  return db
    .insert(courses)
    .values({ title: `Options basics ${serial}`, shortDescription: "s", description: "d", duration: "4 weeks" })
    .returning()
    .get();
}

function order(userId: string, courseId: number, paymentStatus: "completed" | "pending" | "refunded" = "completed") {
  db.insert(orders).values({ userId, courseId, paymentStatus }).run();
}

const review = (rating: number, body = "The mentor explained position sizing clearly.") => ({ rating, body });

function enrolledStudent(courseId: number) {
  const user = student();
  order(user.id, courseId);
  return user;
}

describe("saveCourseReview", () => {
  test("refuses a student who holds no completed order for the course, and stores nothing", () => {
    const { id: courseId } = course();
    const stranger = student();
    const pendingBuyer = student();
    order(pendingBuyer.id, courseId, "pending");
    const refunded = student();
    order(refunded.id, courseId, "refunded");
    for (const user of [stranger, pendingBuyer, refunded])
      expect(saveCourseReview(user.id, courseId, review(5))).toEqual({ ok: false, reason: "not-enrolled" });
    expect(db.select().from(courseReviews).where(eq(courseReviews.courseId, courseId)).all()).toEqual([]);
  });

  test("an enrolled student's review waits for approval", () => {
    const { id: courseId } = course();
    const user = enrolledStudent(courseId);
    const saved = saveCourseReview(user.id, courseId, review(4));
    expect(saved).toMatchObject({ ok: true, created: true, review: { rating: 4, status: "pending", userId: user.id } });
    expect(findOwnReview(user.id, courseId)?.status).toBe("pending");
    expect(approvedRatingFor(courseId)).toBeNull();
  });

  test("a student has one review per course: writing again replaces it", () => {
    const { id: courseId } = course();
    const user = enrolledStudent(courseId);
    saveCourseReview(user.id, courseId, review(3));
    const again = saveCourseReview(user.id, courseId, review(5, "Second thoughts: the live sessions helped a lot."));
    expect(again).toMatchObject({ ok: true, created: false, review: { rating: 5 } });
    const rows = db.select().from(courseReviews).where(eq(courseReviews.courseId, courseId)).all();
    expect(rows.map((row) => [row.rating, row.body])).toEqual([[5, "Second thoughts: the live sessions helped a lot."]]);
  });

  test("editing an approved review sends it back to pending, and it leaves the rating until approved again", () => {
    const { id: courseId } = course();
    const user = enrolledStudent(courseId);
    const saved = saveCourseReview(user.id, courseId, review(5));
    if (!saved.ok) throw new Error("not saved");
    decideReview(saved.review.id, "approved", ADMIN);
    expect(approvedRatingFor(courseId)).toEqual({ average: 5, count: 1 });

    saveCourseReview(user.id, courseId, review(2, "Changed my mind about the pace of the course."));
    expect(findOwnReview(user.id, courseId)).toMatchObject({ status: "pending", reviewedAt: null, reviewedBy: null });
    expect(approvedRatingFor(courseId)).toBeNull();
    expect(listApprovedReviews(courseId)).toEqual([]);
  });
});

describe("approved ratings", () => {
  test("count only approved reviews, averaged to one decimal, for many courses in one call", () => {
    const first = course();
    const second = course();
    const none = course();
    const decide = (courseId: number, rating: number, decision: "approved" | "rejected" | null) => {
      const user = enrolledStudent(courseId);
      const saved = saveCourseReview(user.id, courseId, review(rating));
      if (!saved.ok) throw new Error("not saved");
      if (decision) decideReview(saved.review.id, decision, ADMIN);
    };
    decide(first.id, 5, "approved");
    decide(first.id, 4, "approved");
    decide(first.id, 4, "approved");
    decide(first.id, 1, "rejected");
    decide(first.id, 1, null);
    decide(second.id, 3, "approved");
    decide(none.id, 5, null);

    const ratings = approvedRatingsFor([first.id, second.id, none.id]);
    expect(ratings.get(first.id)).toEqual({ average: 4.3, count: 3 });
    expect(ratings.get(second.id)).toEqual({ average: 3, count: 1 });
    expect(ratings.has(none.id)).toBe(false);
    expect(approvedRatingsFor([]).size).toBe(0);
  });

  test("the public list shows approved reviews with first name and initial only", () => {
    const { id: courseId } = course();
    const user = student("Priya", "sharma");
    order(user.id, courseId);
    const saved = saveCourseReview(user.id, courseId, review(4));
    if (!saved.ok) throw new Error("not saved");
    decideReview(saved.review.id, "approved", ADMIN);
    expect(listApprovedReviews(courseId)).toEqual([
      { id: saved.review.id, rating: 4, body: review(4).body, reviewer: "Priya S.", writtenAt: saved.review.updatedAt },
    ]);
  });

  test("reviewerName copes with missing names", () => {
    expect(reviewerName("Arjun", "Mehta")).toBe("Arjun M.");
    expect(reviewerName("Arjun", null)).toBe("Arjun");
    expect(reviewerName(null, null)).toBe("Student");
  });
});

describe("decideReview", () => {
  test("records who decided, when, and an audit row; an unknown review is null", () => {
    const { id: courseId, title } = course();
    const user = enrolledStudent(courseId);
    const saved = saveCourseReview(user.id, courseId, review(4));
    if (!saved.ok) throw new Error("not saved");
    const at = new Date("2026-11-20T05:00:00Z");
    expect(decideReview(saved.review.id, "rejected", ADMIN, at)).toEqual({ courseTitle: title });
    expect(findOwnReview(user.id, courseId)).toMatchObject({ status: "rejected", reviewedAt: at, reviewedBy: ADMIN.adminId });
    const audit = db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(saved.review.id)))
      .all();
    expect(audit.map((row) => [row.action, row.entityType, row.actorId])).toContainEqual([
      "course_review_rejected",
      "course_review",
      ADMIN.adminId,
    ]);
    expect(decideReview(999_999, "approved", ADMIN)).toBeNull();
  });

  test("the admin list puts pending reviews first", () => {
    db.delete(courseReviews).run();
    const { id: courseId } = course();
    const ids = [5, 4, 3].map((rating) => {
      const saved = saveCourseReview(enrolledStudent(courseId).id, courseId, review(rating));
      if (!saved.ok) throw new Error("not saved");
      return saved.review.id;
    });
    decideReview(ids[0]!, "approved", ADMIN);
    const { reviews, total, pending } = listReviewsForAdmin({ limit: 10, offset: 0 });
    expect(reviews.map((row) => row.status)).toEqual(["pending", "pending", "approved"]);
    expect(reviews.at(-1)?.id).toBe(ids[0]);
    expect({ total, pending }).toEqual({ total: 3, pending: 2 });
  });
});
