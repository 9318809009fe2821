import { describe, expect, it } from "vitest";
import { coupons } from "../../db/schema";
import { db } from "~/utils/db.server";
import { findRedeemableCoupon, normaliseCouponCode } from "./coupon.server";

const NOW = new Date("2026-11-21T10:00:00Z");

function addCoupon(values: Partial<typeof coupons.$inferInsert> & { code: string }) {
  return db.insert(coupons).values({ percentOff: 10, ...values }).returning().get();
}

describe("findRedeemableCoupon", () => {
  it("finds an active coupon whatever the case and spacing typed", () => {
    const coupon = addCoupon({ code: "WELCOME10", percentOff: 10 });
    for (const typed of ["WELCOME10", "welcome10", "  Welcome10 "]) {
      expect(findRedeemableCoupon(typed, NOW)).toEqual({ id: coupon.id, code: "WELCOME10", percentOff: 10 });
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

  it("stores codes upper-cased (the table refuses anything else)", () => {
    expect(normaliseCouponCode(" summer25 ")).toBe("SUMMER25");
    expect(() => addCoupon({ code: "lower" })).toThrow(/CHECK constraint/);
  });
});
