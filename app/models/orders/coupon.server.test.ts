import { parseWithZod } from "@conform-to/zod";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { batches, coupons, couponTargets, courses, orders, events, users } from "../../../db/schema";
import { CouponSchema, type CouponInput } from "~/schemas/admin-coupon";
import { ValidateCouponApiSchema } from "~/schemas/checkout";
import { db } from "~/utils/db.server";
import {
  listCouponScopeChoices,
  couponExpiryFor,
  couponHasHistory,
  couponLastDay,
  createCoupon,
  deactivateCoupon,
  deleteCoupon,
  findCouponForAdmin,
  checkCouponCode,
  couponHasRoom,
  type CouponBuyer,
  listCouponsForAdmin,
  normaliseCouponCode,
  updateCoupon,
} from "./coupon.server";

const NOW = new Date("2026-11-21T10:00:00Z");

/** A course order any unscoped coupon applies to. */
const ANY_COURSE = { type: "course" as const, id: 1, title: "Any course", pricePaise: 100_000 };

/** The coupon checkout would apply to ANY_COURSE, or null when it is refused. */
function findRedeemableCoupon(code: string, now = new Date(), buyer?: CouponBuyer) {
  const checked = checkCouponCode(code, ANY_COURSE, now, buyer);
  return checked.ok ? checked.coupon : null;
}

function addCoupon(values: Partial<typeof coupons.$inferInsert> & { code: string }) {
  return db
    .insert(coupons)
    .values({ percentOff: 10, ...values })
    .returning()
    .get();
}

describe("findRedeemableCoupon", () => {
  it("finds an active coupon whatever the case and spacing typed", () => {
    const coupon = addCoupon({ code: "WELCOME10", percentOff: 10 });
    for (const typed of ["WELCOME10", "welcome10", "  Welcome10 "]) {
      expect(findRedeemableCoupon(typed, NOW)).toEqual({ id: coupon.id, code: "WELCOME10", discount: { kind: "percent", percentOff: 10 } });
    }
  });

  it("refuses unknown, blank and inactive codes", () => {
    addCoupon({ code: "PAUSED", isActive: false });
    expect(findRedeemableCoupon("NOSUCHCODE", NOW)).toBeNull();
    expect(findRedeemableCoupon("   ", NOW)).toBeNull();
    expect(findRedeemableCoupon("PAUSED", NOW)).toBeNull();
  });

  it("refuses a coupon from the moment it expires", () => {
    addCoupon({ code: "DIWALI", expiresAt: new Date(NOW.getTime() + 1000) });
    expect(findRedeemableCoupon("DIWALI", NOW)?.code).toBe("DIWALI");
    expect(findRedeemableCoupon("DIWALI", new Date(NOW.getTime() + 1000))).toBeNull();
  });

  it("refuses a coupon whose redemptions are used up", () => {
    addCoupon({ code: "FIRST2", maxRedemptions: 2, redemptionCount: 1 });
    addCoupon({ code: "GONE2", maxRedemptions: 2, redemptionCount: 2 });
    expect(findRedeemableCoupon("FIRST2", NOW)?.code).toBe("FIRST2");
    expect(findRedeemableCoupon("GONE2", NOW)).toBeNull();
  });

  it("counts other students' live holds as used, but never the buyer's own for the same course", () => {
    const coupon = addCoupon({ code: "HELD1", maxRedemptions: 1 });
    const holder = db.insert(users).values({ email: "holder@example.com", firstName: "Hema" }).returning().get();
    const course = db
      .insert(courses)
      .values({ title: "Held course", shortDescription: "s", description: "d", duration: "1 week", pricePaise: 10_000 })
      .returning()
      .get();
    db.insert(orders)
      .values({
        userId: holder.id,
        courseId: course.id,
        amountPaise: 9_000,
        couponId: coupon.id,
        couponHeldUntil: new Date(NOW.getTime() + 60_000),
      })
      .run();

    expect(findRedeemableCoupon("HELD1", NOW)).toBeNull();
    expect(findRedeemableCoupon("HELD1", NOW, { userId: "someone-else", courseId: course.id })).toBeNull();
    expect(findRedeemableCoupon("HELD1", NOW, { userId: holder.id, courseId: course.id })?.code).toBe("HELD1");
    // A lapsed hold holds nothing.
    expect(findRedeemableCoupon("HELD1", new Date(NOW.getTime() + 60_000))?.code).toBe("HELD1");
  });

  it("stores codes upper-cased (the table refuses anything else)", () => {
    expect(normaliseCouponCode(" summer25 ")).toBe("SUMMER25");
    expect(() => addCoupon({ code: "lower" })).toThrow(/CHECK constraint/);
  });
});

function formData(entries: Record<string, string>) {
  const data = new FormData();
  for (const [key, value] of Object.entries(entries)) data.append(key, value);
  return data;
}

/** Coupon terms as the admin form or API would send them (rupees as numbers), parsed by the form's schema. */
const terms = (overrides: Record<string, unknown> & { code: string }): CouponInput =>
  CouponSchema.parse({ kind: "percent", percentOff: 15, isActive: true, ...overrides });

describe("CouponSchema", () => {
  it("reads the form: optional expiry and limit, unticked box inactive", () => {
    const parsed = parseWithZod(formData({ code: " diwali-25 ", kind: "percent", percentOff: "25", expiresOn: "", maxRedemptions: "" }), {
      schema: CouponSchema,
    });
    expect(parsed.status === "success" && parsed.value).toEqual({
      code: "diwali-25",
      kind: "percent",
      percentOff: 25,
      courseIds: [],
      batchIds: [],
      eventIds: [],
      isActive: false,
    });
  });

  it("says what is wrong with each field", () => {
    const parsed = parseWithZod(
      formData({ code: "NO SPACES", kind: "percent", percentOff: "101", expiresOn: "2026-02-30", maxRedemptions: "0" }),
      {
        schema: CouponSchema,
      },
    );
    expect(parsed.reply().error).toEqual({
      code: ["Code can use only letters, numbers, hyphens (-) and underscores (_)"],
      percentOff: ["Percent off must be at most 100"],
      expiresOn: ["Expiry date must be a date like 2026-12-31"],
      maxRedemptions: ["Max redemptions must be at least 1"],
    });
    expect(parseWithZod(formData({ kind: "percent", percentOff: "0" }), { schema: CouponSchema }).reply().error).toEqual({
      code: ["Code is required"],
      percentOff: ["Percent off must be at least 1"],
    });
    expect(parseWithZod(formData({ code: "X", kind: "gift" }), { schema: CouponSchema }).reply().error).toEqual({
      kind: ["Choose a percent off or an amount off in rupees"],
    });
  });

  it("allows exactly the codes checkout accepts: up to 40 characters", () => {
    const longest = "A".repeat(40);
    expect(CouponSchema.safeParse({ code: longest, kind: "percent", percentOff: 5 }).success).toBe(true);
    expect(ValidateCouponApiSchema.safeParse({ couponCode: longest, courseId: 1 }).success).toBe(true);
    expect(CouponSchema.safeParse({ code: `${longest}A`, kind: "percent", percentOff: 5 }).error?.issues[0]?.message).toBe(
      "Code must be at most 40 characters",
    );
  });
});

describe("coupon expiry dates", () => {
  it("a coupon works to the end of its expiry day in India, and findRedeemableCoupon agrees", () => {
    const expiresAt = couponExpiryFor("2026-12-31");
    expect(expiresAt.toISOString()).toBe("2026-12-31T18:30:00.000Z");
    expect(couponLastDay(expiresAt)).toBe("2026-12-31");
    const { code } = createCoupon(terms({ code: "YEAREND", expiresOn: "2026-12-31" })) as { code: string };
    expect(findRedeemableCoupon(code, new Date("2026-12-31T18:29:59.999Z"))?.code).toBe("YEAREND");
    expect(findRedeemableCoupon(code, new Date("2026-12-31T18:30:00.000Z"))).toBeNull();
  });

  it("the last day of a coupon stored with any time is the India day it stops working on", () => {
    expect(couponLastDay(new Date("2026-12-31T10:00:00Z"))).toBe("2026-12-31");
    expect(couponLastDay(new Date("2026-12-31T20:00:00Z"))).toBe("2027-01-01");
  });
});

describe("coupon admin functions", () => {
  it("creates a coupon the way checkout finds it, with no redemptions", () => {
    const created = createCoupon(terms({ code: " summer-25 ", percentOff: 25, maxRedemptions: 50 }));
    expect(created).toMatchObject({ ok: true, code: "SUMMER-25" });
    const id = created.ok ? created.id : 0;
    expect(findCouponForAdmin(String(id))).toEqual({
      id,
      code: "SUMMER-25",
      kind: "percent",
      percentOff: 25,
      amountOffPaise: null,
      minOrderPaise: null,
      perStudentLimit: null,
      scope: [],
      isActive: true,
      expiresAt: null,
      maxRedemptions: 50,
      redemptionCount: 0,
    });
    expect(findRedeemableCoupon("summer-25")).toEqual({ id, code: "SUMMER-25", discount: { kind: "percent", percentOff: 25 } });
    expect(listCouponsForAdmin().map((c) => c.code)).toContain("SUMMER-25");
  });

  it("refuses a code another coupon has, whatever its case", () => {
    createCoupon(terms({ code: "TAKEN" }));
    expect(createCoupon(terms({ code: "taken" }))).toEqual({ ok: false, reason: "code-taken", code: "TAKEN" });
    const other = createCoupon(terms({ code: "OTHER" }));
    expect(other.ok && updateCoupon(other.id, terms({ code: "Taken " }))).toEqual({ ok: false, reason: "code-taken", code: "TAKEN" });
  });

  it("updates the terms but never the redemption count, nor a limit below it", () => {
    const row = db.insert(coupons).values({ code: "USED3", percentOff: 10, redemptionCount: 3, maxRedemptions: 10 }).returning().get();
    expect(updateCoupon(row.id, terms({ code: "used3", percentOff: 20, maxRedemptions: 2 }))).toEqual({
      ok: false,
      reason: "below-used",
      used: 3,
    });
    expect(
      updateCoupon(row.id, terms({ code: "used3", percentOff: 20, maxRedemptions: 3, isActive: false, expiresOn: "2027-01-15" })),
    ).toEqual({
      ok: true,
      id: row.id,
      code: "USED3",
    });
    expect(findCouponForAdmin(row.id)).toMatchObject({
      percentOff: 20,
      maxRedemptions: 3,
      redemptionCount: 3,
      isActive: false,
      expiresAt: couponExpiryFor("2027-01-15"),
    });
    // No limit and no expiry clear them.
    updateCoupon(row.id, terms({ code: "USED3" }));
    expect(findCouponForAdmin(row.id)).toMatchObject({ maxRedemptions: null, expiresAt: null, redemptionCount: 3 });
    expect(updateCoupon(999_999, terms({ code: "NOPE" }))).toEqual({ ok: false, reason: "not-found" });
  });

  it("deletes an unused coupon", () => {
    const created = createCoupon(terms({ code: "UNUSED" }));
    const id = created.ok ? created.id : 0;
    expect(couponHasHistory({ id, redemptionCount: 0 })).toBe(false);
    expect(deleteCoupon(String(id))).toEqual({ ok: true, id, code: "UNUSED" });
    expect(findCouponForAdmin(id)).toBeNull();
    expect(deleteCoupon(id)).toEqual({ ok: false, reason: "not-found" });
    expect(deleteCoupon("x")).toEqual({ ok: false, reason: "not-found" });
  });

  it("keeps a redeemed coupon, or one an order names, and deactivates it instead", () => {
    const redeemed = db.insert(coupons).values({ code: "REDEEMED", percentOff: 10, redemptionCount: 1 }).returning().get();
    expect(couponHasHistory(redeemed)).toBe(true);
    expect(deleteCoupon(redeemed.id)).toEqual({ ok: false, reason: "has-history" });

    const named = db.insert(coupons).values({ code: "INORDER", percentOff: 10 }).returning().get();
    const user = db.insert(users).values({ email: "coupon-order@example.com" }).returning({ id: users.id }).get();
    const course = db
      .insert(courses)
      .values({ title: "C", description: "D", shortDescription: "S", pricePaise: 100_000, duration: "4 weeks", level: "beginner" })
      .returning({ id: courses.id })
      .get();
    db.insert(orders).values({ userId: user.id, courseId: course.id, couponId: named.id, amountPaise: 90_000 }).run();
    expect(couponHasHistory(named)).toBe(true);
    expect(deleteCoupon(named.id)).toEqual({ ok: false, reason: "has-history" });

    expect(deactivateCoupon(named.id)).toEqual({ ok: true, id: named.id, code: "INORDER" });
    expect(db.select({ isActive: coupons.isActive }).from(coupons).where(eq(coupons.id, named.id)).get()).toEqual({ isActive: false });
    expect(findRedeemableCoupon("INORDER")).toBeNull();
    expect(deactivateCoupon(999_999)).toEqual({ ok: false, reason: "not-found" });
  });
});

function addCourse(title: string, pricePaise: number) {
  return db
    .insert(courses)
    .values({ title, shortDescription: "s", description: "d", duration: "1 week", pricePaise })
    .returning({ id: courses.id, title: courses.title, pricePaise: courses.pricePaise })
    .get();
}

const purchaseOf = (course: { id: number; title: string; pricePaise: number }) => ({ type: "course" as const, ...course });

describe("coupon rules against the database", () => {
  it("a scoped coupon applies to its courses only, and says which course it refused", () => {
    const basics = addCourse("Scoped Basics", 499_900);
    const options = addCourse("Scoped Options", 699_900);
    const coupon = addCoupon({ code: "BASICS500", kind: "amount", percentOff: null, amountOffPaise: 50_000 });
    db.insert(couponTargets).values({ couponId: coupon.id, targetType: "course", targetId: basics.id }).run();

    expect(checkCouponCode("basics500", purchaseOf(basics), NOW)).toEqual({
      ok: true,
      coupon: { id: coupon.id, code: "BASICS500", discount: { kind: "amount", amountOffPaise: 50_000 } },
    });
    expect(checkCouponCode("BASICS500", purchaseOf(options), NOW)).toEqual({
      ok: false,
      refusal: { reason: "out-of-scope", title: "Scoped Options" },
    });
    // An event with the course's id is another thing altogether.
    expect(checkCouponCode("BASICS500", { type: "event", id: basics.id, title: "Webinar", pricePaise: 0 }, NOW).ok).toBe(false);
  });

  it("per-student limit: completed orders and live holds on other courses count; the buyer's own checkout of this course does not", () => {
    const first = addCourse("Limit First", 300_000);
    const second = addCourse("Limit Second", 300_000);
    const coupon = addCoupon({ code: "ONCEEACH", perStudentLimit: 1 });
    const student = db.insert(users).values({ email: "once-each@example.com" }).returning().get();
    const buyerFor = (course: { id: number }) => ({ userId: student.id, courseId: course.id, eventId: null });
    const hold = db
      .insert(orders)
      .values({
        userId: student.id,
        courseId: first.id,
        amountPaise: 270_000,
        couponId: coupon.id,
        couponHeldUntil: new Date(NOW.getTime() + 60_000),
      })
      .returning()
      .get();

    expect(checkCouponCode("ONCEEACH", purchaseOf(first), NOW, buyerFor(first)).ok).toBe(true);
    expect(checkCouponCode("ONCEEACH", purchaseOf(second), NOW, buyerFor(second))).toEqual({
      ok: false,
      refusal: { reason: "student-limit", perStudentLimit: 1 },
    });
    expect(couponHasRoom(db, coupon.id, NOW, buyerFor(second))).toBe(false);
    // Once the hold lapses it no longer counts; a completed order does.
    const later = new Date(NOW.getTime() + 60_000);
    expect(checkCouponCode("ONCEEACH", purchaseOf(second), later, buyerFor(second)).ok).toBe(true);
    db.update(orders).set({ paymentStatus: "completed", couponHeldUntil: null }).where(eq(orders.id, hold.id)).run();
    expect(checkCouponCode("ONCEEACH", purchaseOf(second), later, buyerFor(second)).ok).toBe(false);
    // Another student is not limited by this one's use.
    expect(checkCouponCode("ONCEEACH", purchaseOf(second), later, { userId: "someone-else", courseId: second.id }).ok).toBe(true);
  });

  it("inside the order's transaction every rule is checked against the course as it is now", () => {
    const course = addCourse("Room Course", 400_000);
    const coupon = addCoupon({ code: "MIN5000", minOrderPaise: 500_000 });
    const buyer = { userId: "room-student", courseId: course.id, eventId: null };
    expect(couponHasRoom(db, coupon.id, NOW, buyer)).toBe(false);
    db.update(courses).set({ pricePaise: 500_000 }).where(eq(courses.id, course.id)).run();
    expect(couponHasRoom(db, coupon.id, NOW, buyer)).toBe(true);
    expect(couponHasRoom(db, coupon.id, NOW, { ...buyer, courseId: 999_999 })).toBe(false);
  });
});

describe("saving an amount coupon with a scope", () => {
  it("stores the amount, minimum, per-student limit and scope, and an edit replaces them", () => {
    const course = addCourse("Saved Scope Course", 499_900);
    const event = db
      .insert(events)
      .values({ title: "Saved Scope Webinar", description: "d", eventDate: NOW })
      .returning({ id: events.id })
      .get();
    const created = createCoupon(
      terms({
        code: "flat500",
        kind: "amount",
        percentOff: 30,
        amountOff: 500,
        minOrder: 2000,
        perStudentLimit: 1,
        courseIds: [course.id],
        eventIds: [event.id],
      }),
    );
    const id = created.ok ? created.id : 0;
    expect(findCouponForAdmin(id)).toMatchObject({
      kind: "amount",
      percentOff: null,
      amountOffPaise: 50_000,
      minOrderPaise: 200_000,
      perStudentLimit: 1,
      scope: [
        { type: "course", id: course.id, title: "Saved Scope Course" },
        { type: "event", id: event.id, title: "Saved Scope Webinar" },
      ],
    });
    expect(updateCoupon(id, terms({ code: "flat500", percentOff: 10 }))).toMatchObject({ ok: true });
    expect(findCouponForAdmin(id)).toMatchObject({ kind: "percent", percentOff: 10, amountOffPaise: null, scope: [] });
  });

  it("refuses a course that no longer exists and writes nothing", () => {
    expect(createCoupon(terms({ code: "GHOST", courseIds: [999_999] }))).toEqual({ ok: false, reason: "unknown-targets", type: "course" });
    expect(listCouponsForAdmin().map((coupon) => coupon.code)).not.toContain("GHOST");
    const kept = createCoupon(terms({ code: "KEPT" }));
    const id = kept.ok ? kept.id : 0;
    expect(updateCoupon(id, terms({ code: "KEPT", percentOff: 99, eventIds: [999_999] }))).toEqual({
      ok: false,
      reason: "unknown-targets",
      type: "event",
    });
    expect(findCouponForAdmin(id)).toMatchObject({ percentOff: 15, scope: [] });
  });
});

describe("what a coupon may be limited to", () => {
  it("every course, the events still to come, and any past event the coupon already names", () => {
    const now = new Date("2026-11-20T06:00:00Z");
    const add = (title: string, at: string) =>
      db
        .insert(events)
        .values({ title, description: "d", eventDate: new Date(at), eventType: "webinar" })
        .returning()
        .get().id;
    const past = add("Scope Past Webinar", "2026-11-19T10:00:00Z");
    const coming = add("Scope Coming Webinar", "2026-11-21T10:00:00Z");
    const titles = (keepEventIds?: number[]) => listCouponScopeChoices({ now, keepEventIds }).events.map((event) => event.id);
    expect(titles()).toContain(coming);
    expect(titles()).not.toContain(past);
    expect(titles([past])).toEqual(expect.arrayContaining([past, coming]));
  });

  it("the batches not called off and not over, under their course's title, and any the coupon already names", () => {
    const now = new Date("2026-11-20T06:00:00Z");
    const course = db
      .insert(courses)
      .values({ title: "Scope Batch Course", shortDescription: "s", description: "d", duration: "1 week", pricePaise: 500_000 })
      .returning()
      .get();
    const add = (name: string, endsOn: string, cancelledAt: Date | null = null) =>
      db.insert(batches).values({ courseId: course.id, name, startsOn: "2026-11-01", endsOn, cancelledAt }).returning().get().id;
    const open = add("Open batch", "2026-12-31");
    const over = add("Over batch", "2026-11-19");
    const cancelled = add("Called off batch", "2026-12-31", now);
    const groupOf = (keepBatchIds?: number[]) =>
      listCouponScopeChoices({ now, keepBatchIds }).batches.find((group) => group.courseTitle === "Scope Batch Course");
    expect(groupOf()).toEqual({ courseTitle: "Scope Batch Course", batches: [{ id: open, title: "Open batch" }] });
    expect(
      groupOf([over, cancelled])
        ?.batches.map((batch) => batch.id)
        .sort(),
    ).toEqual([open, over, cancelled].sort());
  });
});
