// The reference price ("₹5,999, 50% off") the public sees: only when the
// course sold at it, without a coupon, in the last 90 days.
import { describe, expect, it } from "vitest";
import { coupons, courses, orders, users } from "../../../db/schema";
import { db } from "~/utils/db.server";
import { findActiveCourse, findCourse, listActiveCourses, listCoursesForChat, toCourseJson } from "../courses/course.server";

const DAY = 24 * 60 * 60 * 1000;
let serial = 0;

function course(pricePaise = 299_900, originalPricePaise: number | null = 599_900) {
  serial += 1;
  return db
    .insert(courses)
    .values({ title: `Reference ${serial}`, shortDescription: "s", description: "d", duration: "4 weeks", pricePaise, originalPricePaise })
    .returning()
    .get().id;
}

function order(
  courseId: number,
  { amountPaise = 599_900, daysAgo = 10, paymentStatus = "completed", coupon = false } = {} as {
    amountPaise?: number;
    daysAgo?: number;
    paymentStatus?: "completed" | "refunded" | "pending";
    coupon?: boolean;
  },
) {
  serial += 1;
  const user = db
    .insert(users)
    .values({ email: `reference${serial}@example.com`, firstName: "Ravi" })
    .returning()
    .get();
  const couponId = coupon
    ? db
        .insert(coupons)
        .values({ code: `REF${serial}`, percentOff: 10 })
        .returning()
        .get().id
    : null;
  db.insert(orders)
    .values({ userId: user.id, courseId, paymentStatus, amountPaise, couponId, enrolledAt: new Date(Date.now() - daysAgo * DAY) })
    .run();
}

/** What each public door says of the course's reference price. */
function publicReference(id: number) {
  return {
    page: findActiveCourse(id)?.originalPricePaise,
    list: listActiveCourses().find((c) => c.id === id)?.originalPricePaise,
    chat: listCoursesForChat().find((c) => c.id === id)?.originalPricePaise,
    json: toCourseJson(findActiveCourse(id)!).originalPrice,
  };
}

const HIDDEN = { page: null, list: null, chat: null, json: null };
const SHOWN = { page: 599_900, list: 599_900, chat: 599_900, json: "5999.00" };

describe("a course's reference price", () => {
  it("is hidden everywhere the public looks when the course never sold at it; the admin still sees what was typed", () => {
    const id = course();
    expect(publicReference(id)).toEqual(HIDDEN);
    expect(findCourse(id)?.originalPricePaise).toBe(599_900);
  });

  it("shows once a completed order without a coupon paid exactly that within 90 days", () => {
    const id = course();
    order(id, { daysAgo: 89 });
    expect(publicReference(id)).toEqual(SHOWN);
  });

  it("stays hidden for a sale older than 90 days, another amount, a coupon, a refund or an unpaid order", () => {
    for (const sale of [
      { daysAgo: 91 },
      { amountPaise: 499_900 },
      { coupon: true },
      { paymentStatus: "refunded" as const },
      { paymentStatus: "pending" as const },
    ]) {
      const id = course();
      order(id, sale);
      expect(publicReference(id), JSON.stringify(sale)).toEqual(HIDDEN);
    }
  });

  it("a reference at or below today's price is never shown, sold at or not", () => {
    const id = course(599_900, 599_900);
    order(id, { amountPaise: 599_900 });
    expect(publicReference(id)).toEqual(HIDDEN);
  });
});
