import { expect, test } from "vitest";
import { couponRulesText } from "./__coupon-rules-text";

const rules = { kind: "amount" as const, percentOff: null, amountOffPaise: 50_000, minOrderPaise: null, perStudentLimit: null, scope: [] };

test("each rule in words, in the order checkout checks them", () => {
  expect(couponRulesText({ ...rules, minOrderPaise: 200_000, perStudentLimit: 1, scope: [{ title: "Trading Basics" }] })).toBe(
    "₹500 off · min ₹2,000 · 1 per student · Trading Basics",
  );
  expect(couponRulesText({ ...rules, kind: "percent", percentOff: 15, amountOffPaise: null })).toBe("15% off · all courses and events");
  expect(couponRulesText({ ...rules, amountOffPaise: 10_000_000, scope: [{ title: "Options" }, { title: "Live webinar" }] })).toBe(
    "₹1,00,000 off · Options, Live webinar",
  );
});
