import { and, desc, eq, type SQL } from "drizzle-orm";
import { coupons, courses, orders, events, users } from "../../../db/schema";
import { db, type Transaction } from "~/utils/db.server";
import { couponDiscount } from "~/utils/coupon-rules";
import { priceOrder } from "~/utils/pricing";
import { queueMail } from "../site/outbox.server";

// What a student's orders look like from their side: the list at
// /account/orders, the receipt of a completed one, and the mail that a newly
// completed order sends. The order row keeps what was paid and the coupon, not
// the course's price at the time; the list price and discount are shown only
// while the course's price today still gives the amount paid.

type Reader = Pick<typeof db, "select">;

export type OrderReceipt = {
  orderId: number;
  student: { email: string; firstName: string | null; lastName: string | null };
  /** What was bought: a course, or a seat at a paid event (`kind`). */
  course: { id: number; title: string };
  kind: "course" | "event";
  /** The course price and the coupon's discount, when they still explain the amount paid. */
  listPricePaise: number | null;
  discountPaise: number | null;
  /** percentOff for a percent coupon, amountOffPaise for an amount one. */
  coupon: { code: string; percentOff: number | null; amountOffPaise?: number | null } | null;
  amountPaise: number;
  paidAt: Date;
  /** The provider's id of the payment (Stripe's PaymentIntent, Razorpay's payment); null for a free order. */
  paymentReference: string | null;
  /** The GST invoice issued with the order, for the mail to carry (decision 0031). */
  invoice?: { id: number; number: string } | null;
};

const receiptColumns = {
  orderId: orders.id,
  userId: orders.userId,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  courseId: courses.id,
  courseTitle: courses.title,
  coursePricePaise: courses.pricePaise,
  eventId: events.id,
  eventTitle: events.title,
  eventPricePaise: events.pricePaise,
  couponCode: coupons.code,
  couponKind: coupons.kind,
  couponPercentOff: coupons.percentOff,
  couponAmountOffPaise: coupons.amountOffPaise,
  amountPaise: orders.amountPaise,
  paidAt: orders.enrolledAt,
  providerPaymentId: orders.providerPaymentId,
};

function readReceipt(database: Reader, where: SQL | undefined): OrderReceipt | null {
  const row = database
    .select(receiptColumns)
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .leftJoin(courses, eq(courses.id, orders.courseId))
    .leftJoin(events, eq(events.id, orders.eventId))
    .leftJoin(coupons, eq(coupons.id, orders.couponId))
    .where(where)
    .get();
  if (!row) return null;
  const item =
    row.courseId !== null && row.courseTitle !== null && row.coursePricePaise !== null
      ? { kind: "course" as const, id: row.courseId, title: row.courseTitle, pricePaise: row.coursePricePaise }
      : row.eventId !== null && row.eventTitle !== null && row.eventPricePaise !== null
        ? { kind: "event" as const, id: row.eventId, title: row.eventTitle, pricePaise: row.eventPricePaise }
        : null;
  if (!item) return null;
  const coupon =
    row.couponCode === null || row.couponKind === null
      ? null
      : row.couponKind === "amount"
        ? { code: row.couponCode, percentOff: null, amountOffPaise: row.couponAmountOffPaise }
        : { code: row.couponCode, percentOff: row.couponPercentOff };
  const price = priceOrder(
    item.pricePaise,
    row.couponKind === null
      ? null
      : couponDiscount({ kind: row.couponKind, percentOff: row.couponPercentOff, amountOffPaise: row.couponAmountOffPaise }),
  );
  const priceStillHolds = price.totalPaise === row.amountPaise;
  return {
    orderId: row.orderId,
    student: { email: row.email, firstName: row.firstName, lastName: row.lastName },
    course: { id: item.id, title: item.title },
    kind: item.kind,
    listPricePaise: priceStillHolds ? price.originalPaise : null,
    discountPaise: priceStillHolds && coupon ? price.discountPaise : null,
    coupon,
    amountPaise: row.amountPaise,
    paidAt: row.paidAt,
    paymentReference: row.providerPaymentId,
  };
}

/** The receipt of the student's own completed order; null for another's, an unpaid one or no such order. */
export function findStudentReceipt(userId: string, orderId: number): OrderReceipt | null {
  return readReceipt(db, and(eq(orders.id, orderId), eq(orders.userId, userId), eq(orders.paymentStatus, "completed")));
}

/** The receipt of an order as its mail tells it; null when the order or its buyer is gone. */
export function findOrderReceipt(orderId: number): OrderReceipt | null {
  return readReceipt(db, eq(orders.id, orderId));
}

/** Queues the order's mail (enrollment confirmation and receipt) in the transaction that has just completed it. */
export function queueOrderMail(tx: Transaction, orderId: number): void {
  const buyer = tx
    .select({ userId: orders.userId, email: users.email })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(eq(orders.id, orderId))
    .get();
  if (!buyer) throw new Error(`Order ${orderId} has no buyer to mail`);
  // Tied to the account: it is the buyer's mail even while their address is unconfirmed (decision 0042).
  queueMail(tx, { to: buyer.email, userId: buyer.userId, payload: { kind: "order-confirmation", orderId } });
}

export type StudentOrder = {
  orderId: number;
  courseId: number;
  courseTitle: string;
  amountPaise: number;
  couponCode: string | null;
  paymentStatus: (typeof orders.$inferSelect)["paymentStatus"];
  refundedPaise: number;
  disputeStatus: string | null;
  orderedAt: Date;
  /** Who took the money (null: Stripe, before providers were named, or a free order) and its reference there. */
  provider: (typeof orders.$inferSelect)["provider"];
  providerOrderId: string | null;
};

/** Every order of the student, newest first, whatever its status. */
export function listStudentOrders(userId: string): StudentOrder[] {
  return db
    .select({
      orderId: orders.id,
      courseId: courses.id,
      courseTitle: courses.title,
      amountPaise: orders.amountPaise,
      couponCode: coupons.code,
      paymentStatus: orders.paymentStatus,
      refundedPaise: orders.refundedPaise,
      disputeStatus: orders.disputeStatus,
      orderedAt: orders.enrolledAt,
      provider: orders.provider,
      providerOrderId: orders.providerOrderId,
    })
    .from(orders)
    .innerJoin(courses, eq(courses.id, orders.courseId))
    .leftJoin(coupons, eq(coupons.id, orders.couponId))
    .where(eq(orders.userId, userId))
    .orderBy(desc(orders.enrolledAt), desc(orders.id))
    .all();
}
