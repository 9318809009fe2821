import { describe, expect, test } from "vitest";
import {
  discountPercent,
  formatAmount,
  formatExactRupees,
  formatPrice,
  paiseToDecimalString,
  parseRupeesToPaise,
  roundToRupee,
  shownSavingPaise,
} from "./money";

describe("formatPrice", () => {
  test("whole rupees with Indian digit grouping, no paise", () => {
    expect(formatPrice(99900)).toBe("₹999");
    expect(formatPrice(499900)).toBe("₹4,999");
    expect(formatPrice(10000000)).toBe("₹1,00,000");
    expect(formatPrice(12345600)).toBe("₹1,23,456");
    expect(formatPrice(1000000000)).toBe("₹1,00,00,000");
  });
  test("Free, never ₹0", () => {
    expect(formatPrice(0)).toBe("Free");
  });
  test("paise round to the rupee, halves up", () => {
    expect(formatPrice(424915)).toBe("₹4,249");
    expect(formatPrice(424950)).toBe("₹4,250");
    expect(formatPrice(499999)).toBe("₹5,000");
    expect(formatPrice(12345650)).toBe("₹1,23,457");
  });
  test("an amount under half a rupee keeps its paise rather than read as nothing", () => {
    expect(formatPrice(30)).toBe("₹0.30");
    expect(formatPrice(50)).toBe("₹1");
  });
});

describe("formatAmount", () => {
  test("a sum reads ₹0, and a negative one has a minus sign", () => {
    expect(formatAmount(0)).toBe("₹0");
    expect(formatAmount(-50000)).toBe("−₹500");
    expect(formatAmount(-10000000)).toBe("−₹1,00,000");
  });
});

test("roundToRupee rounds halves away from zero", () => {
  expect(roundToRupee(150)).toBe(2);
  expect(roundToRupee(149)).toBe(1);
  expect(roundToRupee(-150)).toBe(-2);
});

test("shownSavingPaise is the shown price less the shown total, so the summary adds up", () => {
  // ₹4,999.00 less 15% (₹749.85) is ₹4,249.15: shown ₹4,999 − ₹4,249 = ₹750.
  expect(shownSavingPaise(499900, 424915)).toBe(75000);
  // ₹4,999.50 less ₹500: shown ₹5,000 − ₹4,500 = ₹500.
  expect(shownSavingPaise(499950, 449950)).toBe(50000);
  expect(shownSavingPaise(499900, 0)).toBe(499900);
  // A saving too small to show in rupees keeps its paise.
  expect(shownSavingPaise(10020, 10000)).toBe(20);
});

describe("formatExactRupees (receipts and tax documents)", () => {
  test("whole rupees with Indian digit grouping", () => {
    expect(formatExactRupees(0)).toBe("₹0");
    expect(formatExactRupees(99900)).toBe("₹999");
    expect(formatExactRupees(499900)).toBe("₹4,999");
    expect(formatExactRupees(10000000)).toBe("₹1,00,000");
    expect(formatExactRupees(12345600)).toBe("₹1,23,456");
    expect(formatExactRupees(1000000000)).toBe("₹1,00,00,000");
  });
  test("paise only when present, always two digits", () => {
    expect(formatExactRupees(12345650)).toBe("₹1,23,456.50");
    expect(formatExactRupees(499905)).toBe("₹4,999.05");
    expect(formatExactRupees(1)).toBe("₹0.01");
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
