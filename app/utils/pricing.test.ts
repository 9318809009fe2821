import { describe, expect, it } from "vitest";
import { priceOrder } from "./pricing";

const percent = (percentOff: number) => ({ kind: "percent" as const, percentOff });
const amount = (amountOffPaise: number) => ({ kind: "amount" as const, amountOffPaise });

describe("priceOrder", () => {
  it("charges the course price when there is no coupon, with no processing fee", () => {
    expect(priceOrder(499900)).toEqual({
      originalPaise: 499900,
      discountPercent: null,
      discountPaise: 0,
      processingFeePaise: 0,
      totalPaise: 499900,
    });
  });

  it("takes the coupon's percent off the price", () => {
    expect(priceOrder(449900, percent(10))).toMatchObject({ discountPaise: 44990, totalPaise: 404910 });
  });

  it("rounds the discount to the nearest paisa, halves up", () => {
    // 15% of ₹4,999.99 is ₹749.9985 → ₹750.00 off.
    expect(priceOrder(499999, percent(15))).toMatchObject({ discountPaise: 75000, totalPaise: 424999 });
    // 50% of 1 paisa is half a paisa → rounds up to 1 off.
    expect(priceOrder(1, percent(50))).toMatchObject({ discountPaise: 1, totalPaise: 0 });
    // 33% of ₹2,999 is ₹989.67.
    expect(priceOrder(299900, percent(33))).toMatchObject({ discountPaise: 98967, totalPaise: 200933 });
  });

  it("makes a 100% coupon free and never goes below zero", () => {
    expect(priceOrder(399900, percent(100)).totalPaise).toBe(0);
    expect(priceOrder(399900, percent(250)).totalPaise).toBe(0);
    expect(priceOrder(0, percent(10)).totalPaise).toBe(0);
  });

  it("takes an amount coupon's rupees off, and names no percent", () => {
    expect(priceOrder(499900, amount(50000))).toEqual({
      originalPaise: 499900,
      discountPercent: null,
      discountPaise: 50000,
      processingFeePaise: 0,
      totalPaise: 449900,
    });
    expect(priceOrder(499950, amount(100))).toMatchObject({ discountPaise: 100, totalPaise: 499850 });
  });

  it("stops an amount coupon at Free: it never takes more than the price", () => {
    expect(priceOrder(299900, amount(500000))).toMatchObject({ discountPaise: 299900, totalPaise: 0 });
    expect(priceOrder(50000, amount(50000))).toMatchObject({ discountPaise: 50000, totalPaise: 0 });
    expect(priceOrder(0, amount(50000))).toMatchObject({ discountPaise: 0, totalPaise: 0 });
  });

  it("names the percent of a percent coupon", () => {
    expect(priceOrder(499900, percent(20)).discountPercent).toBe(20);
  });

  it("refuses a price that is not whole paise", () => {
    expect(() => priceOrder(-1)).toThrow(RangeError);
    expect(() => priceOrder(10.5)).toThrow(RangeError);
  });
});
