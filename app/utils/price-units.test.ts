import { describe, expect, it } from "vitest";
import { formatMarketPrice, parseMarketPrice, profitPaise } from "./price-units";

describe("price units of ₹0.0001", () => {
  it("read a price with up to four decimals, and nothing else", () => {
    expect(parseMarketPrice("22450.35")).toBe(224_503_500);
    expect(parseMarketPrice("83.2475")).toBe(832_475);
    expect(parseMarketPrice(" 0.0025 ")).toBe(25);
    for (const bad of ["", "-5", "1e3", "12.34567", "0", "0.0000", "12,000", "₹10", "NaN", "1000000"])
      expect(parseMarketPrice(bad), bad).toBeNull();
  });

  it("show a price with its tick's decimals and Indian grouping", () => {
    expect(formatMarketPrice(224_503_500, 500)).toBe("22,450.35");
    expect(formatMarketPrice(832_475, 25)).toBe("83.2475");
    expect(formatMarketPrice(12_345_678_000, 500)).toBe("12,34,567.80");
  });
});

describe("profit and loss in paise", () => {
  it("is exact in price units and rounded once, halves away from zero", () => {
    // 1,000 USDINR at 83.2475 → 83.2500: 25 units × 1,000 = ₹2.50.
    expect(profitPaise("buy", 1000, 832_475, 832_500)).toBe(250);
    expect(profitPaise("sell", 1000, 832_475, 832_500)).toBe(-250);
    // 3 × ₹0.0025 = ₹0.0075 → 0.75 paise → 1 paisa; the loss is the same amount.
    expect(profitPaise("buy", 3, 832_475, 832_500)).toBe(1);
    expect(profitPaise("sell", 3, 832_475, 832_500)).toBe(-1);
    // 2 × ₹0.0025 = half a paisa: away from zero.
    expect(profitPaise("buy", 2, 832_475, 832_500)).toBe(1);
    expect(profitPaise("sell", 2, 832_475, 832_500)).toBe(-1);
    // 75 NIFTY at 22,450.35 → 22,512.80: ₹62.45 × 75 = ₹4,683.75.
    expect(profitPaise("buy", 75, 224_503_500, 225_128_000)).toBe(468_375);
  });

  it("stays exact at the largest trade the lab takes", () => {
    // A million units of a price just under ₹10 lakh moving by its whole value: 10^16 price units before the division.
    expect(profitPaise("buy", 1_000_000, 1, 9_999_999_999)).toBe(99_999_999_980_000);
    expect(profitPaise("sell", 1_000_000, 1, 9_999_999_999)).toBe(-99_999_999_980_000);
  });
});
