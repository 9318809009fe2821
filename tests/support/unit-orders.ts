import { certificates, courses, enrollments, users } from "../../db/schema";
import { db } from "~/utils/db.server";

// For unit tests (their in-memory database): a student who paid for a course
// of their own, as a completed order, and the certificate of that course.
// Names and references are unique per call.

export type PaidOrder = { userId: string; courseId: number; orderId: number; courseTitle: string };

export function paidCourseOrder(
  options: { provider?: "stripe" | "razorpay"; pricePaise?: number; paymentIntentId?: string; providerPaymentId?: string } = {},
): PaidOrder {
  const tag = crypto.randomUUID().slice(0, 8);
  const pricePaise = options.pricePaise ?? 499_900;
  const courseTitle = `Swing Trading ${tag}`;
  const student = db
    .insert(users)
    .values({ email: `student-${tag}@example.test`, firstName: "Asha", lastName: "Rao", passwordHash: "x", adultConfirmedAt: new Date() })
    .returning({ id: users.id })
    .get();
  const course = db
    .insert(courses)
    .values({ title: courseTitle, shortDescription: "s", description: "d", duration: "4 weeks", pricePaise })
    .returning({ id: courses.id })
    .get();
  const order = db
    .insert(enrollments)
    .values({
      userId: student.id,
      courseId: course.id,
      amountPaise: pricePaise,
      paymentStatus: "completed",
      provider: options.provider ?? "stripe",
      paymentIntentId: options.paymentIntentId ?? null,
      providerPaymentId: options.providerPaymentId ?? null,
    })
    .returning({ id: enrollments.id })
    .get();
  return { userId: student.id, courseId: course.id, orderId: order.id, courseTitle };
}

/** The student's certificate for the order's course, as finishing the course issues it. */
export function certificateOf(order: PaidOrder): { id: number; number: string } {
  return db
    .insert(certificates)
    .values({
      number: `TMA-2026-${crypto.randomUUID().slice(0, 8).toUpperCase()}`,
      userId: order.userId,
      courseId: order.courseId,
      studentName: "Asha Rao",
      courseTitle: order.courseTitle,
      completedAt: new Date("2026-11-20T10:00:00Z"),
    })
    .returning({ id: certificates.id, number: certificates.number })
    .get();
}
