// The order rules: an order is an `enrollments` row, pending until Stripe
// confirms the payment, and a student owns a course at most once.
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { coupons, courses, enrollmentForms, orders, outboxMessages, users } from "../../../db/schema";
import { db } from "~/utils/db.server";
import { COUPON_HOLD_MS } from "./coupon.server";
import {
  attachPaymentReference,
  completeOrder,
  dropReservation,
  enrollWithoutPayment,
  failOrder,
  findOrder,
  isEnrolled,
  markOrderRefunded,
  recordOrder,
  reserveOrder,
  type OrderTerms,
  type PaymentKind,
} from "./order.server";
import { findStudentReceipt, listStudentOrders } from "./order-receipt.server";
import { selectAdminEnrollmentForms } from "./enrollment-form.server";
import { STRIPE_CARD, STRIPE_HOSTED, stripeIntent, stripeSession } from "../../../tests/support/unit-orders";
import { writtenMail } from "../../../tests/support/unit-mail";
import { orderNumber } from "~/utils/order-number";

let serial = 0;

/** A fresh student and course for each test, so tests never see each other's rows. */
function arrange(options: { pricePaise?: number; percentOff?: number; maxRedemptions?: number; withForm?: boolean } = {}) {
  serial += 1;
  const user = db
    .insert(users)
    .values({ email: `student${serial}@example.com`, firstName: "Asha", adultConfirmedAt: new Date() })
    .returning()
    .get();
  const course = db
    .insert(courses)
    .values({
      title: `Price Action ${serial}`,
      shortDescription: "s",
      description: "d",
      duration: "6 weeks",
      pricePaise: options.pricePaise ?? 1_499_900,
    })
    .returning()
    .get();
  const coupon =
    options.percentOff === undefined
      ? null
      : db
          .insert(coupons)
          .values({ code: `ORDER${serial}`, percentOff: options.percentOff, maxRedemptions: options.maxRedemptions ?? null })
          .returning()
          .get();
  const form = options.withForm
    ? db
        .insert(enrollmentForms)
        .values({
          userId: user.id,
          name: "Asha Rao",
          whatsappNumber: "+91 98765 43210",
          state: "Karnataka",
          city: "Bengaluru",
          experienceLevel: "Beginner",
          courseOrEventId: course.id,
          courseOrEventType: "course",
          sourceOfLead: "Instagram",
        })
        .returning()
        .get()
    : null;
  const terms: OrderTerms = {
    userId: user.id,
    courseId: course.id,
    eventId: null,
    amountPaise: course.pricePaise,
    couponId: coupon?.id ?? null,
    enrollmentFormId: form?.id ?? null,
  };
  return { user, course, coupon, form, terms };
}

const rowsFor = (userId: string, courseId: number) =>
  db
    .select({
      id: orders.id,
      status: orders.paymentStatus,
      amountPaise: orders.amountPaise,
      couponId: orders.couponId,
      providerPaymentId: orders.providerPaymentId,
      enrollmentFormId: orders.enrollmentFormId,
    })
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.courseId, courseId)))
    .orderBy(orders.id)
    .all();

const redemptions = (couponId: number) =>
  db.select({ count: coupons.redemptionCount }).from(coupons).where(eq(coupons.id, couponId)).get()?.count;

/** The form's payment status and Stripe payment as the admin's list of forms shows them. */
const formStatus = (formId: number) => {
  const form = selectAdminEnrollmentForms().where(eq(enrollmentForms.id, formId)).get();
  return form && { status: form.paymentStatus, paymentIntentId: form.paymentIntentId };
};

describe("recordOrder", () => {
  it("stores one pending order per PaymentIntent, however often it is called", () => {
    const { user, course, terms } = arrange();
    const first = recordOrder(terms, stripeIntent("pi_double_click"));
    const second = recordOrder(terms, stripeIntent("pi_double_click"));

    expect(second.id).toBe(first.id);
    expect(first).toMatchObject({ paymentStatus: "pending", amountPaise: 1_499_900, providerPaymentId: "pi_double_click" });
    expect(rowsFor(user.id, course.id)).toHaveLength(1);
    expect(isEnrolled(user.id, course.id)).toBe(false);
  });

  it("stores one pending order per Checkout Session too", () => {
    const { user, course, terms } = arrange();
    recordOrder(terms, stripeSession("cs_test_twice"));
    recordOrder(terms, stripeSession("cs_test_twice"));
    expect(rowsFor(user.id, course.id)).toHaveLength(1);
    expect(findOrder({ provider: "stripe", providerOrderId: "cs_test_twice" })?.paymentStatus).toBe("pending");
  });
});

describe("completeOrder", () => {
  it("enrolls once: counts the coupon once and marks the enrollment form paid", () => {
    const { user, course, coupon, form, terms } = arrange({ percentOff: 20, withForm: true });
    const order = recordOrder({ ...terms, amountPaise: 1_199_920 }, stripeIntent("pi_complete_once"));

    expect(completeOrder(order.id, "pi_complete_once")).toBe("completed");
    expect(completeOrder(order.id, "pi_complete_once")).toBe("already");

    expect(rowsFor(user.id, course.id)).toEqual([
      {
        id: order.id,
        status: "completed",
        amountPaise: 1_199_920,
        couponId: coupon!.id,
        providerPaymentId: "pi_complete_once",
        enrollmentFormId: form!.id,
      },
    ]);
    expect(redemptions(coupon!.id)).toBe(1);
    expect(formStatus(form!.id)).toEqual({ status: "completed", paymentIntentId: "pi_complete_once" });
    expect(isEnrolled(user.id, course.id)).toBe(true);
  });

  it("completes a failed order when a later attempt on it is paid", () => {
    const { user, course, form, terms } = arrange({ withForm: true });
    const order = recordOrder(terms, stripeIntent("pi_declined_then_paid"));

    expect(failOrder(order.id)).toBe(true);
    expect(rowsFor(user.id, course.id)[0]?.status).toBe("failed");
    expect(formStatus(form!.id)?.status).toBe("failed");

    expect(completeOrder(order.id, "pi_declined_then_paid")).toBe("completed");
    expect(rowsFor(user.id, course.id)[0]?.status).toBe("completed");
    expect(formStatus(form!.id)?.status).toBe("completed");
  });

  it("never turns a completed order into a failed one", () => {
    const { user, course, form, terms } = arrange({ withForm: true });
    const order = recordOrder(terms, stripeIntent("pi_paid_then_late_failure"));
    completeOrder(order.id, "pi_paid_then_late_failure");

    expect(failOrder(order.id)).toBe(false);
    expect(rowsFor(user.id, course.id)[0]?.status).toBe("completed");
    expect(formStatus(form!.id)?.status).toBe("completed");
    expect(isEnrolled(user.id, course.id)).toBe(true);
  });

  it("reports a second paid order for a course already owned as a duplicate and keeps the first", () => {
    const { user, course, coupon, terms } = arrange({ percentOff: 10 });
    const first = recordOrder({ ...terms, couponId: null }, stripeIntent("pi_first_payment"));
    const second = recordOrder({ ...terms, amountPaise: 1_349_910 }, stripeIntent("pi_second_payment"));

    expect(completeOrder(first.id, "pi_first_payment")).toBe("completed");
    expect(completeOrder(second.id, "pi_second_payment")).toBe("duplicate");

    const rows = rowsFor(user.id, course.id);
    expect(rows.find((row) => row.id === first.id)?.status).toBe("completed");
    expect(rows.find((row) => row.id === second.id)?.status).toBe("pending");
    expect(redemptions(coupon!.id)).toBe(0);

    // Once Stripe has returned the second payment, the order is final.
    markOrderRefunded(second, "pi_second_payment", "a second payment for a course already owned");
    expect(rowsFor(user.id, course.id).find((row) => row.id === second.id)?.status).toBe("refunded");
    expect(completeOrder(second.id, "pi_second_payment")).toBe("refunded");
    expect(failOrder(second.id)).toBe(false);
    expect(rowsFor(user.id, course.id).find((row) => row.id === second.id)?.status).toBe("refunded");
  });

  it("refuses an order that does not exist", () => {
    expect(() => completeOrder(987_654, "pi_nowhere")).toThrow(/does not exist/);
  });
});

describe("enrollWithoutPayment", () => {
  it("enrolls in a free course at once, and only once", () => {
    const { user, course, terms } = arrange({ pricePaise: 0 });

    expect(enrollWithoutPayment(terms)).toBe("completed");
    expect(enrollWithoutPayment(terms)).toBe("already");

    expect(rowsFor(user.id, course.id)).toEqual([
      expect.objectContaining({ status: "completed", amountPaise: 0, providerPaymentId: null }),
    ]);
    expect(isEnrolled(user.id, course.id)).toBe(true);
  });

  it("counts a 100% coupon once and marks the form paid", () => {
    const { user, course, coupon, form, terms } = arrange({ percentOff: 100, withForm: true });

    expect(enrollWithoutPayment({ ...terms, amountPaise: 0 })).toBe("completed");
    expect(enrollWithoutPayment({ ...terms, amountPaise: 0 })).toBe("already");

    expect(rowsFor(user.id, course.id)).toEqual([expect.objectContaining({ status: "completed", amountPaise: 0, couponId: coupon!.id })]);
    expect(redemptions(coupon!.id)).toBe(1);
    expect(formStatus(form!.id)?.status).toBe("completed");
  });

  it("refuses any order that costs money, storing nothing", () => {
    const { user, course, terms } = arrange({ pricePaise: 100 });
    expect(() => enrollWithoutPayment(terms)).toThrow(RangeError);
    expect(() => enrollWithoutPayment({ ...terms, amountPaise: 1 })).toThrow(RangeError);
    expect(rowsFor(user.id, course.id)).toEqual([]);
    expect(isEnrolled(user.id, course.id)).toBe(false);
  });
});

describe("the orders table", () => {
  it("refuses two completed enrollments for one student and course", () => {
    const { user, course, terms } = arrange();
    const row = { ...terms, paymentStatus: "completed" as const };
    db.insert(orders)
      .values({ ...row, provider: "stripe", providerPaymentId: "pi_table_first" })
      .run();

    expect(() =>
      db
        .insert(orders)
        .values({ ...row, provider: "stripe", providerPaymentId: "pi_table_second" })
        .run(),
    ).toThrow(/UNIQUE constraint failed/);
    // Unfinished orders beside the completed one are fine.
    db.insert(orders)
      .values({ ...terms, paymentStatus: "pending", provider: "stripe", providerPaymentId: "pi_table_pending" })
      .run();
    db.insert(orders)
      .values({ ...terms, paymentStatus: "failed", provider: "stripe", providerPaymentId: "pi_table_failed" })
      .run();
    expect(
      rowsFor(user.id, course.id)
        .map((r) => r.status)
        .sort(),
    ).toEqual(["completed", "failed", "pending"]);
  });
});

// ---- a limited coupon (docs/decisions/0012-coupon-redemption.md) ---------------

const NOW = new Date("2026-11-21T10:00:00Z");
const minutes = (n: number) => new Date(NOW.getTime() + n * 60_000);

/** Another student buying the same course with the same coupon. */
function rivalOf(terms: OrderTerms): OrderTerms {
  serial += 1;
  const rival = db
    .insert(users)
    .values({ email: `rival${serial}@example.com`, firstName: "Ravi", adultConfirmedAt: new Date() })
    .returning()
    .get();
  return { ...terms, userId: rival.id, enrollmentFormId: null };
}

const holdOf = (orderId: number) =>
  db.select({ until: orders.couponHeldUntil }).from(orders).where(eq(orders.id, orderId)).get()?.until ?? null;

/** A one-use 50% coupon on a ₹1,000 course, and one student's terms with it. */
function oneUseCoupon() {
  const arranged = arrange({ pricePaise: 100_000, percentOff: 50, maxRedemptions: 1 });
  return { ...arranged, terms: { ...arranged.terms, amountPaise: 50_000 } };
}

function reserved(terms: OrderTerms, kind: PaymentKind = STRIPE_CARD, now = NOW) {
  const reservation = reserveOrder(terms, kind, now);
  if (!reservation.ok) throw new Error(`Expected a reservation, got ${reservation.reason}`);
  return reservation.order;
}

describe("reserveOrder", () => {
  it("takes a one-use coupon's redemption for the first student and refuses the next while the hold lasts", () => {
    const { coupon, terms } = oneUseCoupon();
    const order = reserved(terms);

    expect(order).toMatchObject({ paymentStatus: "pending", providerPaymentId: null, couponId: coupon!.id });
    expect(holdOf(order.id)).toEqual(new Date(NOW.getTime() + COUPON_HOLD_MS));
    expect(reserveOrder(rivalOf(terms), STRIPE_CARD, minutes(34))).toEqual({ ok: false, reason: "coupon-unavailable" });
    expect(reserveOrder(rivalOf(terms), STRIPE_HOSTED, minutes(34))).toEqual({ ok: false, reason: "coupon-unavailable" });
    // Once the hold has run out the redemption is free again.
    expect(reserveOrder(rivalOf(terms), STRIPE_CARD, minutes(36)).ok).toBe(true);
    expect(redemptions(coupon!.id)).toBe(0);
  });

  it("gives a double click the first click's order, before and after Stripe's id is attached", () => {
    const { user, course, terms } = oneUseCoupon();
    const first = reserved(terms);
    expect(reserved(terms).id).toBe(first.id);

    expect(attachPaymentReference(first.id, stripeIntent("pi_double_click_hold"))).toBe(true);
    expect(reserved(terms)).toMatchObject({ id: first.id, providerPaymentId: "pi_double_click_hold" });
    // A hosted checkout is another Stripe object: a new order, which takes over the student's own hold.
    const hosted = reserved(terms, STRIPE_HOSTED);
    expect(hosted.id).not.toBe(first.id);
    expect(holdOf(first.id)).toBeNull();
    expect(rowsFor(user.id, course.id)).toHaveLength(2);
  });

  it("refuses a coupon that was switched off, has expired or has no redemption left", () => {
    const { coupon, terms } = oneUseCoupon();
    db.update(coupons).set({ isActive: false }).where(eq(coupons.id, coupon!.id)).run();
    expect(reserveOrder(terms, STRIPE_CARD, NOW)).toEqual({ ok: false, reason: "coupon-unavailable" });

    db.update(coupons).set({ isActive: true, expiresAt: NOW }).where(eq(coupons.id, coupon!.id)).run();
    expect(reserveOrder(terms, STRIPE_CARD, NOW)).toEqual({ ok: false, reason: "coupon-unavailable" });

    db.update(coupons).set({ expiresAt: null, redemptionCount: 1 }).where(eq(coupons.id, coupon!.id)).run();
    expect(reserveOrder(terms, STRIPE_CARD, NOW)).toEqual({ ok: false, reason: "coupon-unavailable" });
    expect(rowsFor(terms.userId, terms.courseId!)).toEqual([]);
  });

  it("lets the hold go when the payment expires or setup fails, and keeps it for another card after a decline", () => {
    const { terms } = oneUseCoupon();
    const declined = reserved(terms);
    attachPaymentReference(declined.id, stripeIntent("pi_declined_keeps_hold"));
    expect(failOrder(declined.id, { retryable: true })).toBe(true);
    expect(reserveOrder(rivalOf(terms), STRIPE_CARD, minutes(1))).toEqual({ ok: false, reason: "coupon-unavailable" });

    expect(reserveOrder(rivalOf(terms), STRIPE_CARD, minutes(40)).ok).toBe(true);

    const other = oneUseCoupon();
    const setupFailed = reserved(other.terms);
    dropReservation(setupFailed.id);
    expect(rowsFor(other.terms.userId, other.terms.courseId!)).toEqual([]);
    const session = reserved(rivalOf(other.terms), STRIPE_HOSTED);
    attachPaymentReference(session.id, stripeSession("cs_expired_lets_go"));
    expect(failOrder(session.id)).toBe(true);
    expect(holdOf(session.id)).toBeNull();
    expect(reserveOrder(other.terms, STRIPE_CARD, NOW).ok).toBe(true);
  });
});

describe("completeOrder with a limited coupon", () => {
  it("honours a payment made within its hold although the coupon was switched off meanwhile", () => {
    const { coupon, terms } = oneUseCoupon();
    const order = reserved(terms);
    db.update(coupons).set({ isActive: false }).where(eq(coupons.id, coupon!.id)).run();

    expect(completeOrder(order.id, "pi_within_hold", { paidAt: minutes(34), now: minutes(50) })).toBe("completed");
    expect(redemptions(coupon!.id)).toBe(1);
    expect(holdOf(order.id)).toBeNull();
  });

  it("refuses a payment made after its hold lapsed once another student holds the last redemption, counting nothing", () => {
    const { coupon, user, course, terms } = oneUseCoupon();
    const late = reserved(terms);
    const rival = reserved(rivalOf(terms), STRIPE_CARD, minutes(40));

    expect(completeOrder(late.id, "pi_after_hold", { paidAt: minutes(41), now: minutes(41) })).toBe("coupon-refused");
    expect(rowsFor(user.id, course.id)).toEqual([expect.objectContaining({ status: "pending" })]);
    expect(redemptions(coupon!.id)).toBe(0);
    expect(completeOrder(rival.id, "pi_rival_within_hold", { paidAt: minutes(42), now: minutes(42) })).toBe("completed");
    expect(redemptions(coupon!.id)).toBe(1);
  });

  it("honours a payment made after its hold lapsed while the coupon still has room", () => {
    const { coupon, terms } = oneUseCoupon();
    const order = reserved(terms);
    expect(completeOrder(order.id, "pi_late_with_room", { paidAt: minutes(60), now: minutes(60) })).toBe("completed");
    expect(redemptions(coupon!.id)).toBe(1);
  });

  it("never counts past the limit: a rebuilt order with no hold is refused once the coupon is used up", () => {
    const { coupon, terms } = oneUseCoupon();
    const first = reserved(terms);
    expect(completeOrder(first.id, "pi_first_of_one", { paidAt: minutes(1), now: minutes(1) })).toBe("completed");
    const rebuilt = recordOrder(rivalOf(terms), stripeIntent("pi_rebuilt_without_hold"));
    expect(completeOrder(rebuilt.id, "pi_rebuilt_without_hold", { paidAt: minutes(2), now: minutes(2) })).toBe("coupon-refused");
    expect(redemptions(coupon!.id)).toBe(1);
  });
});

describe("enrollWithoutPayment with a limited coupon", () => {
  it("enrolls one student with a one-use 100% coupon and refuses the next", () => {
    const { coupon, terms } = arrange({ percentOff: 100, maxRedemptions: 1 });
    const free = { ...terms, amountPaise: 0 };
    expect(enrollWithoutPayment(free, { now: NOW })).toBe("completed");
    expect(enrollWithoutPayment(rivalOf(free), { now: NOW })).toBe("coupon-unavailable");
    expect(redemptions(coupon!.id)).toBe(1);
  });
});

/** What was queued to `email`: each message's payload. */
const mailTo = (email: string) =>
  db.select({ payload: outboxMessages.payload }).from(outboxMessages).where(eq(outboxMessages.toAddress, email)).all();

describe("the order's mail", () => {
  it("is queued by the call that completes the order, and by no replay or rival", () => {
    const { user, course, terms } = arrange();
    const order = recordOrder(terms, stripeIntent("pi_mail_once"));
    const rival = recordOrder(terms, stripeIntent("pi_mail_rival"));

    expect(completeOrder(order.id, "pi_mail_once")).toBe("completed");
    expect(completeOrder(order.id, "pi_mail_once")).toBe("already");
    expect(completeOrder(rival.id, "pi_mail_rival")).toBe("duplicate");

    expect(mailTo(user.email)).toEqual([{ payload: { kind: "order-confirmation", orderId: order.id } }]);
    expect(writtenMail(user.email).map((written) => written.subject)).toEqual([
      `You are enrolled in ${course.title} (order ${orderNumber(order.id)})`,
    ]);
  });

  it("is queued once for a free enrollment, and not for a coupon that ran out", () => {
    const { user, terms } = arrange({ percentOff: 100, maxRedemptions: 1 });
    const free = { ...terms, amountPaise: 0 };
    expect(enrollWithoutPayment(free)).toBe("completed");
    expect(enrollWithoutPayment(free)).toBe("already");
    const rival = rivalOf(free);
    expect(enrollWithoutPayment(rival)).toBe("coupon-unavailable");

    expect(mailTo(user.email)).toHaveLength(1);
    const rivalEmail = db.select({ email: users.email }).from(users).where(eq(users.id, rival.userId)).get()?.email ?? "";
    expect(mailTo(rivalEmail)).toEqual([]);
  });

  it("commits with the completion: a mail that cannot be queued leaves the order pending", () => {
    const { user, course, terms } = arrange();
    const order = recordOrder(terms, stripeIntent("pi_mail_broken"));
    // The outbox refuses the order's mail, as a full disk would.
    db.$client.exec(
      "CREATE TEMP TRIGGER refuse_order_mail BEFORE INSERT ON outbox_messages BEGIN SELECT RAISE(ABORT, 'mail not queued'); END",
    );
    try {
      expect(() => completeOrder(order.id, "pi_mail_broken")).toThrow("mail not queued");
    } finally {
      db.$client.exec("DROP TRIGGER refuse_order_mail");
    }
    expect(rowsFor(user.id, course.id)).toEqual([expect.objectContaining({ status: "pending" })]);
    expect(mailTo(user.email)).toEqual([]);
  });
});

describe("receipts and the student's orders", () => {
  it("gives the owner the receipt of a completed order: list price, coupon, discount and amount", () => {
    const { user, course, coupon, terms } = arrange({ pricePaise: 1_000_000, percentOff: 25 });
    const order = recordOrder({ ...terms, amountPaise: 750_000 }, stripeIntent("pi_receipt"));
    expect(findStudentReceipt(user.id, order.id)).toBeNull();
    completeOrder(order.id, "pi_receipt", { paidAt: NOW });

    expect(findStudentReceipt(user.id, order.id)).toEqual({
      orderId: order.id,
      student: { email: user.email, firstName: "Asha", lastName: null },
      course: { id: course.id, title: course.title },
      kind: "course",
      listPricePaise: 1_000_000,
      discountPaise: 250_000,
      coupon: { code: coupon!.code, percentOff: 25 },
      amountPaise: 750_000,
      paidAt: NOW,
      paymentReference: "pi_receipt",
    });
    const stranger = arrange().user;
    expect(findStudentReceipt(stranger.id, order.id)).toBeNull();
  });

  it("leaves out the list price once the course's price no longer gives the amount paid", () => {
    const { user, course, terms } = arrange({ pricePaise: 500_000 });
    const order = recordOrder(terms, stripeIntent("pi_repriced"));
    completeOrder(order.id, "pi_repriced");
    db.update(courses).set({ pricePaise: 600_000 }).where(eq(courses.id, course.id)).run();

    expect(findStudentReceipt(user.id, order.id)).toMatchObject({ listPricePaise: null, discountPaise: null, amountPaise: 500_000 });
  });

  it("lists every order of the student, whatever its status, newest first", () => {
    const { user, course, terms } = arrange();
    const failed = reserveOrder(terms, STRIPE_CARD, NOW);
    if (!failed.ok) throw new Error("reservation refused");
    failOrder(failed.order.id);
    const paid = recordOrder(terms, stripeIntent("pi_listed"));
    completeOrder(paid.id, "pi_listed", { paidAt: new Date(NOW.getTime() + 60_000) });

    expect(listStudentOrders(user.id)).toEqual([
      expect.objectContaining({ orderId: paid.id, courseTitle: course.title, paymentStatus: "completed", amountPaise: terms.amountPaise }),
      expect.objectContaining({ orderId: failed.order.id, paymentStatus: "failed" }),
    ]);
    expect(listStudentOrders(arrange().user.id)).toEqual([]);
  });
});

describe("an account that has not confirmed its holder is 18 or older", () => {
  it("gets no reservation and no free order, and nothing is stored or counted", () => {
    const paid = arrange({ percentOff: 10, maxRedemptions: 1 });
    const free = arrange({ pricePaise: 0 });
    for (const { user } of [paid, free]) db.update(users).set({ adultConfirmedAt: null }).where(eq(users.id, user.id)).run();

    expect(reserveOrder(paid.terms, STRIPE_CARD)).toEqual({ ok: false, reason: "adult-unconfirmed" });
    expect(enrollWithoutPayment(free.terms)).toBe("adult-unconfirmed");
    expect(rowsFor(paid.user.id, paid.course.id)).toEqual([]);
    expect(rowsFor(free.user.id, free.course.id)).toEqual([]);
    expect(redemptions(paid.coupon!.id)).toBe(0);
    expect(db.select().from(outboxMessages).where(eq(outboxMessages.toAddress, free.user.email)).all()).toEqual([]);
  });
});
