import { certificates, courses, orders, users } from "../../db/schema";
import { db } from "~/utils/db.server";
import type { PaymentKind, PaymentReference } from "~/models/orders/order.server";

// For unit tests (their in-memory database): a student who paid for a course
// of their own, as a completed order, and the certificate of that course.
// Names and references are unique per call.

export type PaidOrder = { userId: string; courseId: number; orderId: number; courseTitle: string };

export function paidCourseOrder(
  options: { provider?: "stripe" | "razorpay"; pricePaise?: number; providerPaymentId?: string } = {},
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
    .insert(orders)
    .values({
      userId: student.id,
      courseId: course.id,
      amountPaise: pricePaise,
      paymentStatus: "completed",
      provider: options.provider ?? "stripe",
      providerPaymentId: options.providerPaymentId ?? null,
    })
    .returning({ id: orders.id })
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

/** The kinds of payment a unit test reserves an order for: Stripe's card form, Stripe's hosted page, Razorpay. */
export const STRIPE_CARD: PaymentKind = { provider: "stripe", referencePrefix: "pi_" };
export const STRIPE_HOSTED: PaymentKind = { provider: "stripe", referencePrefix: "cs_" };
export const RAZORPAY_ORDER: PaymentKind = { provider: "razorpay" };

/** A Stripe PaymentIntent made for an order: what the student pays against, and the payment. */
export const stripeIntent = (id: string): PaymentReference => ({ provider: "stripe", providerOrderId: id, providerPaymentId: id });
/** A Stripe Checkout Session made for an order. */
export const stripeSession = (id: string): PaymentReference => ({ provider: "stripe", providerOrderId: id });
