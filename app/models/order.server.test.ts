// The order rules: an order is an `enrollments` row, pending until Stripe
// confirms the payment, and a student owns a course at most once.
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { coupons, courses, enrollmentForms, enrollments, users } from "../../db/schema";
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
} from "./order.server";

let serial = 0;

/** A fresh student and course for each test, so tests never see each other's rows. */
function arrange(options: { pricePaise?: number; percentOff?: number; maxRedemptions?: number; withForm?: boolean } = {}) {
  serial += 1;
  const user = db
    .insert(users)
    .values({ email: `student${serial}@example.com`, firstName: "Asha" })
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
    amountPaise: course.pricePaise,
    couponId: coupon?.id ?? null,
    enrollmentFormId: form?.id ?? null,
  };
  return { user, course, coupon, form, terms };
}

const rowsFor = (userId: string, courseId: number) =>
  db
    .select({
      id: enrollments.id,
      status: enrollments.paymentStatus,
      amountPaise: enrollments.amountPaise,
      couponId: enrollments.couponId,
      paymentIntentId: enrollments.paymentIntentId,
      enrollmentFormId: enrollments.enrollmentFormId,
    })
    .from(enrollments)
    .where(and(eq(enrollments.userId, userId), eq(enrollments.courseId, courseId)))
    .orderBy(enrollments.id)
    .all();

const redemptions = (couponId: number) =>
  db.select({ count: coupons.redemptionCount }).from(coupons).where(eq(coupons.id, couponId)).get()?.count;

const formStatus = (formId: number) =>
  db
    .select({ status: enrollmentForms.paymentStatus, paymentIntentId: enrollmentForms.paymentIntentId })
    .from(enrollmentForms)
    .where(eq(enrollmentForms.id, formId))
    .get();

describe("recordOrder", () => {
  it("stores one pending order per PaymentIntent, however often it is called", () => {
    const { user, course, terms } = arrange();
    const first = recordOrder(terms, { paymentIntentId: "pi_double_click" });
    const second = recordOrder(terms, { paymentIntentId: "pi_double_click" });

    expect(second.id).toBe(first.id);
    expect(first).toMatchObject({ paymentStatus: "pending", amountPaise: 1_499_900, paymentIntentId: "pi_double_click" });
    expect(rowsFor(user.id, course.id)).toHaveLength(1);
    expect(isEnrolled(user.id, course.id)).toBe(false);
  });

  it("stores one pending order per Checkout Session too", () => {
    const { user, course, terms } = arrange();
    recordOrder(terms, { checkoutSessionId: "cs_test_twice" });
    recordOrder(terms, { checkoutSessionId: "cs_test_twice" });
    expect(rowsFor(user.id, course.id)).toHaveLength(1);
    expect(findOrder({ checkoutSessionId: "cs_test_twice" })?.paymentStatus).toBe("pending");
  });
});

describe("completeOrder", () => {
  it("enrolls once: counts the coupon once and marks the enrollment form paid", () => {
    const { user, course, coupon, form, terms } = arrange({ percentOff: 20, withForm: true });
    const order = recordOrder({ ...terms, amountPaise: 1_199_920 }, { paymentIntentId: "pi_complete_once" });

    expect(completeOrder(order.id, "pi_complete_once")).toBe("completed");
    expect(completeOrder(order.id, "pi_complete_once")).toBe("already");

    expect(rowsFor(user.id, course.id)).toEqual([
      {
        id: order.id,
        status: "completed",
        amountPaise: 1_199_920,
        couponId: coupon!.id,
        paymentIntentId: "pi_complete_once",
        enrollmentFormId: form!.id,
      },
    ]);
    expect(redemptions(coupon!.id)).toBe(1);
    expect(formStatus(form!.id)).toEqual({ status: "completed", paymentIntentId: "pi_complete_once" });
    expect(isEnrolled(user.id, course.id)).toBe(true);
  });

  it("completes a failed order when a later attempt on it is paid", () => {
    const { user, course, form, terms } = arrange({ withForm: true });
    const order = recordOrder(terms, { paymentIntentId: "pi_declined_then_paid" });

    expect(failOrder(order.id)).toBe(true);
    expect(rowsFor(user.id, course.id)[0]?.status).toBe("failed");
    expect(formStatus(form!.id)?.status).toBe("failed");

    expect(completeOrder(order.id, "pi_declined_then_paid")).toBe("completed");
    expect(rowsFor(user.id, course.id)[0]?.status).toBe("completed");
    expect(formStatus(form!.id)?.status).toBe("completed");
  });

  it("never turns a completed order into a failed one", () => {
    const { user, course, form, terms } = arrange({ withForm: true });
    const order = recordOrder(terms, { paymentIntentId: "pi_paid_then_late_failure" });
    completeOrder(order.id, "pi_paid_then_late_failure");

    expect(failOrder(order.id)).toBe(false);
    expect(rowsFor(user.id, course.id)[0]?.status).toBe("completed");
    expect(formStatus(form!.id)?.status).toBe("completed");
    expect(isEnrolled(user.id, course.id)).toBe(true);
  });

  it("reports a second paid order for a course already owned as a duplicate and keeps the first", () => {
    const { user, course, coupon, terms } = arrange({ percentOff: 10 });
    const first = recordOrder({ ...terms, couponId: null }, { paymentIntentId: "pi_first_payment" });
    const second = recordOrder({ ...terms, amountPaise: 1_349_910 }, { paymentIntentId: "pi_second_payment" });

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

    expect(rowsFor(user.id, course.id)).toEqual([expect.objectContaining({ status: "completed", amountPaise: 0, paymentIntentId: null })]);
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

describe("the enrollments table", () => {
  it("refuses two completed enrollments for one student and course", () => {
    const { user, course, terms } = arrange();
    const row = { ...terms, paymentStatus: "completed" as const };
    db.insert(enrollments)
      .values({ ...row, paymentIntentId: "pi_table_first" })
      .run();

    expect(() =>
      db
        .insert(enrollments)
        .values({ ...row, paymentIntentId: "pi_table_second" })
        .run(),
    ).toThrow(/UNIQUE constraint failed/);
    // Unfinished orders beside the completed one are fine.
    db.insert(enrollments)
      .values({ ...terms, paymentStatus: "pending", paymentIntentId: "pi_table_pending" })
      .run();
    db.insert(enrollments)
      .values({ ...terms, paymentStatus: "failed", paymentIntentId: "pi_table_failed" })
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
    .values({ email: `rival${serial}@example.com`, firstName: "Ravi" })
    .returning()
    .get();
  return { ...terms, userId: rival.id, enrollmentFormId: null };
}

const holdOf = (orderId: number) =>
  db.select({ until: enrollments.couponHeldUntil }).from(enrollments).where(eq(enrollments.id, orderId)).get()?.until ?? null;

/** A one-use 50% coupon on a ₹1,000 course, and one student's terms with it. */
function oneUseCoupon() {
  const arranged = arrange({ pricePaise: 100_000, percentOff: 50, maxRedemptions: 1 });
  return { ...arranged, terms: { ...arranged.terms, amountPaise: 50_000 } };
}

function reserved(terms: OrderTerms, kind: "paymentIntent" | "checkoutSession" = "paymentIntent", now = NOW) {
  const reservation = reserveOrder(terms, kind, now);
  if (!reservation.ok) throw new Error(`Expected a reservation, got ${reservation.reason}`);
  return reservation.order;
}

describe("reserveOrder", () => {
  it("takes a one-use coupon's redemption for the first student and refuses the next while the hold lasts", () => {
    const { coupon, terms } = oneUseCoupon();
    const order = reserved(terms);

    expect(order).toMatchObject({ paymentStatus: "pending", paymentIntentId: null, couponId: coupon!.id });
    expect(holdOf(order.id)).toEqual(new Date(NOW.getTime() + COUPON_HOLD_MS));
    expect(reserveOrder(rivalOf(terms), "paymentIntent", minutes(34))).toEqual({ ok: false, reason: "coupon-unavailable" });
    expect(reserveOrder(rivalOf(terms), "checkoutSession", minutes(34))).toEqual({ ok: false, reason: "coupon-unavailable" });
    // Once the hold has run out the redemption is free again.
    expect(reserveOrder(rivalOf(terms), "paymentIntent", minutes(36)).ok).toBe(true);
    expect(redemptions(coupon!.id)).toBe(0);
  });

  it("gives a double click the first click's order, before and after Stripe's id is attached", () => {
    const { user, course, terms } = oneUseCoupon();
    const first = reserved(terms);
    expect(reserved(terms).id).toBe(first.id);

    expect(attachPaymentReference(first.id, { paymentIntentId: "pi_double_click_hold" })).toBe(true);
    expect(reserved(terms)).toMatchObject({ id: first.id, paymentIntentId: "pi_double_click_hold" });
    // A hosted checkout is another Stripe object: a new order, which takes over the student's own hold.
    const hosted = reserved(terms, "checkoutSession");
    expect(hosted.id).not.toBe(first.id);
    expect(holdOf(first.id)).toBeNull();
    expect(rowsFor(user.id, course.id)).toHaveLength(2);
  });

  it("refuses a coupon that was switched off, has expired or has no redemption left", () => {
    const { coupon, terms } = oneUseCoupon();
    db.update(coupons).set({ isActive: false }).where(eq(coupons.id, coupon!.id)).run();
    expect(reserveOrder(terms, "paymentIntent", NOW)).toEqual({ ok: false, reason: "coupon-unavailable" });

    db.update(coupons).set({ isActive: true, expiresAt: NOW }).where(eq(coupons.id, coupon!.id)).run();
    expect(reserveOrder(terms, "paymentIntent", NOW)).toEqual({ ok: false, reason: "coupon-unavailable" });

    db.update(coupons).set({ expiresAt: null, redemptionCount: 1 }).where(eq(coupons.id, coupon!.id)).run();
    expect(reserveOrder(terms, "paymentIntent", NOW)).toEqual({ ok: false, reason: "coupon-unavailable" });
    expect(rowsFor(terms.userId, terms.courseId)).toEqual([]);
  });

  it("lets the hold go when the payment expires or setup fails, and keeps it for another card after a decline", () => {
    const { terms } = oneUseCoupon();
    const declined = reserved(terms);
    attachPaymentReference(declined.id, { paymentIntentId: "pi_declined_keeps_hold" });
    expect(failOrder(declined.id, { retryable: true })).toBe(true);
    expect(reserveOrder(rivalOf(terms), "paymentIntent", minutes(1))).toEqual({ ok: false, reason: "coupon-unavailable" });

    expect(reserveOrder(rivalOf(terms), "paymentIntent", minutes(40)).ok).toBe(true);

    const other = oneUseCoupon();
    const setupFailed = reserved(other.terms);
    dropReservation(setupFailed.id);
    expect(rowsFor(other.terms.userId, other.terms.courseId)).toEqual([]);
    const session = reserved(rivalOf(other.terms), "checkoutSession");
    attachPaymentReference(session.id, { checkoutSessionId: "cs_expired_lets_go" });
    expect(failOrder(session.id)).toBe(true);
    expect(holdOf(session.id)).toBeNull();
    expect(reserveOrder(other.terms, "paymentIntent", NOW).ok).toBe(true);
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
    const rival = reserved(rivalOf(terms), "paymentIntent", minutes(40));

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
    const rebuilt = recordOrder(rivalOf(terms), { paymentIntentId: "pi_rebuilt_without_hold" });
    expect(completeOrder(rebuilt.id, "pi_rebuilt_without_hold", { paidAt: minutes(2), now: minutes(2) })).toBe("coupon-refused");
    expect(redemptions(coupon!.id)).toBe(1);
  });
});

describe("enrollWithoutPayment with a limited coupon", () => {
  it("enrolls one student with a one-use 100% coupon and refuses the next", () => {
    const { coupon, terms } = arrange({ percentOff: 100, maxRedemptions: 1 });
    const free = { ...terms, amountPaise: 0 };
    expect(enrollWithoutPayment(free, NOW)).toBe("completed");
    expect(enrollWithoutPayment(rivalOf(free), NOW)).toBe("coupon-unavailable");
    expect(redemptions(coupon!.id)).toBe(1);
  });
});
