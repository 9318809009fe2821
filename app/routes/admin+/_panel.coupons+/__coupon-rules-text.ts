import { formatAmount } from "~/utils/money";

// A coupon's rules in words for the admin's list, in the order checkout
// checks them: "₹500 off · min ₹2,000 · 1 per student · Trading Basics".

export type CouponRulesInput = {
  kind: "percent" | "amount";
  percentOff: number | null;
  amountOffPaise: number | null;
  minOrderPaise: number | null;
  perStudentLimit: number | null;
  scope: { title: string }[];
};

export function couponRulesText(coupon: CouponRulesInput): string {
  const parts = [coupon.kind === "amount" ? `${formatAmount(coupon.amountOffPaise ?? 0)} off` : `${coupon.percentOff ?? 0}% off`];
  if (coupon.minOrderPaise) parts.push(`min ${formatAmount(coupon.minOrderPaise)}`);
  if (coupon.perStudentLimit !== null) parts.push(`${coupon.perStudentLimit} per student`);
  parts.push(coupon.scope.length === 0 ? "all courses and events" : coupon.scope.map((item) => item.title).join(", "));
  return parts.join(" · ");
}
