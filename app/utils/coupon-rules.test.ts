import { describe, expect, test } from "vitest";
import { couponRefusalText } from "~/content/messages/checkout";
import { couponCovers, couponDiscount, couponRefusal, type CouponTerms } from "./coupon-rules";

const NOW = new Date("2026-11-21T10:00:00Z");
const BASICS = { type: "course" as const, id: 7, title: "Trading Basics", pricePaise: 499900 };

const coupon = (overrides: Partial<CouponTerms> = {}): CouponTerms => ({
  kind: "amount",
  percentOff: null,
  amountOffPaise: 50000,
  isActive: true,
  expiresAt: null,
  maxRedemptions: null,
  redemptionCount: 0,
  minOrderPaise: null,
  perStudentLimit: null,
  targets: [],
  ...overrides,
});
const unused = { heldByOthers: 0, usedByStudent: 0 };

describe("couponRefusal", () => {
  test("a coupon with no rules applies to any course", () => {
    expect(couponRefusal(coupon(), BASICS, unused, NOW)).toBeNull();
  });

  test("scope: only the chosen courses and events; none chosen means all", () => {
    const scoped = coupon({
      targets: [
        { type: "course", id: 8 },
        { type: "event", id: 7 },
      ],
    });
    expect(couponRefusal(scoped, BASICS, unused, NOW)).toEqual({ reason: "out-of-scope", title: "Trading Basics" });
    expect(couponRefusal(scoped, { ...BASICS, id: 8 }, unused, NOW)).toBeNull();
    expect(couponRefusal(scoped, { type: "event", id: 7, title: "Live webinar", pricePaise: 99900 }, unused, NOW)).toBeNull();
    expect(couponCovers([], { type: "event", id: 1 })).toBe(true);
  });

  test("scope: a batch covers its course bought in that batch only; a course covers it in any batch", () => {
    const batchOnly = coupon({ targets: [{ type: "batch", id: 3 }] });
    expect(couponRefusal(batchOnly, { ...BASICS, batchId: 3 }, unused, NOW)).toBeNull();
    expect(couponRefusal(batchOnly, { ...BASICS, batchId: 4 }, unused, NOW)).toMatchObject({ reason: "out-of-scope" });
    expect(couponRefusal(batchOnly, BASICS, unused, NOW)).toMatchObject({ reason: "out-of-scope" });
    // An event never matches a batch target, whatever its id.
    expect(couponCovers([{ type: "batch", id: 3 }], { type: "event", id: 3 })).toBe(false);
    expect(couponCovers([{ type: "course", id: 7 }], { type: "course", id: 7, batchId: 4 })).toBe(true);
  });

  test("minimum order: the price before the coupon must reach it", () => {
    const minimum = coupon({ minOrderPaise: 500000 });
    expect(couponRefusal(minimum, BASICS, unused, NOW)).toEqual({ reason: "below-minimum", minOrderPaise: 500000 });
    expect(couponRefusal(minimum, { ...BASICS, pricePaise: 500000 }, unused, NOW)).toBeNull();
  });

  test("per-student limit: the student's orders and live holds count; with no buyer named it is not judged", () => {
    const once = coupon({ perStudentLimit: 1 });
    expect(couponRefusal(once, BASICS, { heldByOthers: 0, usedByStudent: 1 }, NOW)).toEqual({
      reason: "student-limit",
      perStudentLimit: 1,
    });
    expect(couponRefusal(coupon({ perStudentLimit: 2 }), BASICS, { heldByOthers: 0, usedByStudent: 1 }, NOW)).toBeNull();
    expect(couponRefusal(once, BASICS, { heldByOthers: 0, usedByStudent: null }, NOW)).toBeNull();
  });

  test("switched off, expired or used up: the general refusal", () => {
    expect(couponRefusal(coupon({ isActive: false }), BASICS, unused, NOW)).toEqual({ reason: "unavailable" });
    expect(couponRefusal(coupon({ expiresAt: NOW }), BASICS, unused, NOW)).toEqual({ reason: "unavailable" });
    expect(couponRefusal(coupon({ maxRedemptions: 3, redemptionCount: 2 }), BASICS, { heldByOthers: 1, usedByStudent: 0 }, NOW)).toEqual({
      reason: "unavailable",
    });
  });

  test("the rules are checked in order: usable, scope, minimum, per student, then uses left", () => {
    const everything = coupon({
      targets: [{ type: "course", id: 8 }],
      minOrderPaise: 900000,
      perStudentLimit: 1,
      maxRedemptions: 1,
      redemptionCount: 1,
    });
    const used = { heldByOthers: 0, usedByStudent: 1 };
    expect(couponRefusal({ ...everything, isActive: false }, BASICS, used, NOW)?.reason).toBe("unavailable");
    expect(couponRefusal(everything, BASICS, used, NOW)?.reason).toBe("out-of-scope");
    expect(couponRefusal({ ...everything, targets: [] }, BASICS, used, NOW)?.reason).toBe("below-minimum");
    expect(couponRefusal({ ...everything, targets: [], minOrderPaise: null }, BASICS, used, NOW)?.reason).toBe("student-limit");
    expect(couponRefusal({ ...everything, targets: [], minOrderPaise: null, perStudentLimit: null }, BASICS, used, NOW)?.reason).toBe(
      "unavailable",
    );
  });
});

test("couponDiscount gives pricing the coupon's kind", () => {
  expect(couponDiscount(coupon())).toEqual({ kind: "amount", amountOffPaise: 50000 });
  expect(couponDiscount({ kind: "percent", percentOff: 15, amountOffPaise: null })).toEqual({ kind: "percent", percentOff: 15 });
});

test("each refusal says what the order needs", () => {
  expect(couponRefusalText({ reason: "out-of-scope", title: "Trading Basics" })).toBe("This coupon does not apply to Trading Basics.");
  expect(couponRefusalText({ reason: "below-minimum", minOrderPaise: 500000 })).toBe("This coupon needs an order of at least ₹5,000.");
  expect(couponRefusalText({ reason: "student-limit", perStudentLimit: 1 })).toBe(
    "This coupon is limited to 1 order per student, and you have already used it. A checkout left unfinished keeps it for 35 minutes.",
  );
  expect(couponRefusalText({ reason: "student-limit", perStudentLimit: 3 })).toMatch(
    /^This coupon is limited to 3 orders per student, and you have already used it on 3 orders\./,
  );
});
