import { expect, test } from "vitest";
import type { OrderReceipt } from "~/models/orders/order-receipt.server";
import { formatPrice } from "./money";
import { receiptLines } from "./receipt-lines";

const receipt: OrderReceipt = {
  orderId: 42,
  student: { email: "asha@example.com", firstName: "Asha", lastName: null },
  course: { id: 3, title: "Trading Basics" },
  kind: "course",
  listPricePaise: 499_950,
  discountPaise: 50_000,
  coupon: { code: "FLAT500", percentOff: null, amountOffPaise: 50_000 },
  amountPaise: 449_950,
  paidAt: new Date("2026-11-21T10:00:00Z"),
  paymentReference: "pi_1",
};
const valueOf = (lines: { label: string; value: string }[], label: string) => lines.find((line) => line.label === label)?.value;

test("the printed receipt keeps the exact paise; the mail shows whole rupees", () => {
  const printed = receiptLines(receipt);
  expect(valueOf(printed, "Course price")).toBe("₹4,999.50");
  expect(valueOf(printed, "Coupon")).toBe("FLAT500 (₹500 off)");
  expect(valueOf(printed, "Amount paid")).toBe("₹4,499.50");
  const mailed = receiptLines(receipt, formatPrice);
  expect(valueOf(mailed, "Course price")).toBe("₹5,000");
  expect(valueOf(mailed, "Discount")).toBe("−₹500");
  expect(valueOf(mailed, "Amount paid")).toBe("₹4,500");
  expect(valueOf(receiptLines({ ...receipt, amountPaise: 0 }, formatPrice), "Amount paid")).toBe("Free");
});
