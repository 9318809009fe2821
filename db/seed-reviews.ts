// A few demo students who hold a course (a place granted without payment, so
// no money appears in the figures) and their reviews: three approved on one
// course and one waiting for an admin, so a fresh site shows stars that real
// reviews stand behind and a reviews screen with work in it. The texts speak
// of the teaching, never of results (SEBI's rules for education; decision 0032).
// The demo accounts have no password: nobody signs in as them.
import type { AppDatabase } from "../app/utils/db.server";
import { courseReviews, orders, users } from "./schema";

type Transaction = Parameters<Parameters<AppDatabase["transaction"]>[0]>[0];

const DAY_MS = 24 * 60 * 60 * 1000;

type ReviewSeed = {
  firstName: string;
  lastName: string;
  course: string;
  rating: number;
  status: "approved" | "pending";
  body: string;
};

const REVIEWS: ReviewSeed[] = [
  {
    firstName: "Deepa",
    lastName: "Nair",
    course: "Currency Trading",
    rating: 5,
    status: "approved",
    body: "The mentor took each lesson slowly and drew every example on the board again when we asked. The worksheets on position sizing made me write my plan down before anything else.",
  },
  {
    firstName: "Harish",
    lastName: "Gowda",
    course: "Currency Trading",
    rating: 4,
    status: "approved",
    body: "Clear explanations of how the currency market works and good notes to revise from. I would have liked one more weekend batch, but doubts were answered the same day.",
  },
  {
    firstName: "Farhan",
    lastName: "Qureshi",
    course: "Currency Trading",
    rating: 5,
    status: "approved",
    body: "Patient teaching in both English and Hindi. The session on keeping a trading journal was the most useful part for me, and the recordings helped when I missed a class.",
  },
  {
    firstName: "Lakshmi",
    lastName: "Menon",
    course: "SMC & ICT Courses",
    rating: 4,
    status: "pending",
    body: "The structure of the modules is easy to follow and the back-testing exercises are well explained. Still working through the last section.",
  },
];

/** The demo students, their granted places and their reviews; `courseIds` by title. */
export function seedReviews(tx: Transaction, courseIds: Map<string, number>, now: Date) {
  REVIEWS.forEach((seed, index) => {
    const courseId = courseIds.get(seed.course);
    if (courseId === undefined) throw new Error(`No seeded course "${seed.course}" to review`);
    const user = tx
      .insert(users)
      .values({
        email: `demo.${seed.firstName.toLowerCase()}.${seed.lastName.toLowerCase()}@example.com`,
        firstName: seed.firstName,
        lastName: seed.lastName,
      })
      .returning({ id: users.id })
      .get();
    const enrolledAt = new Date(now.getTime() - (60 - index * 5) * DAY_MS);
    tx.insert(orders).values({ userId: user.id, courseId, paymentStatus: "completed", amountPaise: 0, enrolledAt }).run();
    const writtenAt = new Date(now.getTime() - (20 - index * 4) * DAY_MS);
    tx.insert(courseReviews)
      .values({
        courseId,
        userId: user.id,
        rating: seed.rating,
        body: seed.body,
        status: seed.status,
        reviewedAt: seed.status === "approved" ? writtenAt : null,
        reviewedBy: seed.status === "approved" ? "seed" : null,
        createdAt: writtenAt,
        updatedAt: writtenAt,
      })
      .run();
  });
}
