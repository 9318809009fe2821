import { describe, expect, it } from "vitest";
import { priceOrder } from "./pricing";

describe("priceOrder", () => {
  it("charges the course price when there is no coupon, with no processing fee", () => {
    expect(priceOrder(499900)).toEqual({
      originalPaise: 499900,
      discountPercent: 0,
      discountPaise: 0,
      processingFeePaise: 0,
      totalPaise: 499900,
    });
  });

  it("takes the coupon's percent off the price", () => {
    expect(priceOrder(449900, 10)).toMatchObject({ discountPaise: 44990, totalPaise: 404910 });
  });

  it("rounds the discount to the nearest paisa, halves up", () => {
    // 15% of ₹4,999.99 is ₹749.9985 → ₹750.00 off.
    expect(priceOrder(499999, 15)).toMatchObject({ discountPaise: 75000, totalPaise: 424999 });
    // 50% of 1 paisa is half a paisa → rounds up to 1 off.
    expect(priceOrder(1, 50)).toMatchObject({ discountPaise: 1, totalPaise: 0 });
    // 33% of ₹2,999 is ₹989.67.
    expect(priceOrder(299900, 33)).toMatchObject({ discountPaise: 98967, totalPaise: 200933 });
  });

  it("makes a 100% coupon free and never goes below zero", () => {
    expect(priceOrder(399900, 100).totalPaise).toBe(0);
    expect(priceOrder(399900, 250).totalPaise).toBe(0);
    expect(priceOrder(0, 10).totalPaise).toBe(0);
  });

  it("refuses a price that is not whole paise", () => {
    expect(() => priceOrder(-1)).toThrow(RangeError);
    expect(() => priceOrder(10.5)).toThrow(RangeError);
  });
});
