import { describe, expect, test } from "vitest";
import { discountPercent, formatRupees, paiseToDecimalString, parseRupeesToPaise } from "./money";

describe("formatRupees", () => {
  test("whole rupees with Indian digit grouping", () => {
    expect(formatRupees(0)).toBe("₹0");
    expect(formatRupees(99900)).toBe("₹999");
    expect(formatRupees(499900)).toBe("₹4,999");
    expect(formatRupees(10000000)).toBe("₹1,00,000");
    expect(formatRupees(12345600)).toBe("₹1,23,456");
    expect(formatRupees(1000000000)).toBe("₹1,00,00,000");
  });
  test("paise only when present, always two digits", () => {
    expect(formatRupees(12345650)).toBe("₹1,23,456.50");
    expect(formatRupees(499905)).toBe("₹4,999.05");
    expect(formatRupees(1)).toBe("₹0.01");
  });
});

test("paiseToDecimalString gives the API's price strings", () => {
  expect(paiseToDecimalString(499900)).toBe("4999.00");
  expect(paiseToDecimalString(0)).toBe("0.00");
  expect(paiseToDecimalString(5)).toBe("0.05");
  expect(paiseToDecimalString(12345650)).toBe("123456.50");
  expect(paiseToDecimalString(-150)).toBe("-1.50");
});

describe("parseRupeesToPaise", () => {
  test("accepts plain, grouped and symbol-prefixed prices", () => {
    expect(parseRupeesToPaise("4999")).toBe(499900);
    expect(parseRupeesToPaise("4,999.5")).toBe(499950);
    expect(parseRupeesToPaise("₹4,999.50")).toBe(499950);
    expect(parseRupeesToPaise("₹1,23,456")).toBe(12345600);
    expect(parseRupeesToPaise(" 0.05 ")).toBe(5);
    expect(parseRupeesToPaise("0")).toBe(0);
  });
  test("refuses anything that is not a price", () => {
    for (const input of ["", "abc", "-5", "4999.999", "1e5", "4.", ".5", "₹", "12 34x"])
      expect(parseRupeesToPaise(input), input).toBeNull();
  });
});

describe("discountPercent", () => {
  test("is the rounded price ratio", () => {
    expect(discountPercent(499900, 799900)).toBe(38); // 37.5 → 38
    expect(discountPercent(299900, 599900)).toBe(50); // 50.008 → 50
    expect(discountPercent(449900, 799900)).toBe(44); // 43.76 → 44
    expect(discountPercent(399900, 699900)).toBe(43); // 42.86 → 43
    expect(discountPercent(100, 300)).toBe(67); // 66.67 → 67
    expect(discountPercent(0, 100)).toBe(100);
  });
  test("is null without a higher original price", () => {
    expect(discountPercent(499900, null)).toBeNull();
    expect(discountPercent(499900, 499900)).toBeNull();
    expect(discountPercent(499900, 299900)).toBeNull();
    expect(discountPercent(0, 0)).toBeNull();
  });
});
