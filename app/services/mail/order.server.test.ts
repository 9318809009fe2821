import { describe, expect, test } from "vitest";
import type { OrderReceipt } from "~/models/orders/order-receipt.server";
import type { WrittenMessage } from "~/models/site/outbox.server";
import { writeContactAcknowledgement } from "./contact.server";
import { writeOrderConfirmation } from "./order.server";

const ORIGIN = "https://institute.example";

/** Each text in both the plain-text and the HTML part: a client showing either reads the same. */
function expectInBothParts(draft: WrittenMessage, texts: string[]) {
  for (const part of [draft.text, draft.html]) for (const text of texts) expect(part).toContain(text);
}
// 18:30 UTC is midnight in India: the receipt's date is the next day.
const receipt: OrderReceipt = {
  orderId: 7,
  student: { email: "asha@example.com", firstName: "Asha", lastName: "Rao" },
  course: { id: 3, title: "Price Action Basics" },
  kind: "course",
  listPricePaise: 1_250_000,
  discountPaise: null,
  coupon: null,
  amountPaise: 1_250_000,
  paidAt: new Date("2026-12-04T18:30:00Z"),
  paymentReference: "pi_html",
};

describe("the enrollment mail", () => {
  test("names the institute, links into the course in HTML and as plain text, and carries the receipt in IST and rupees", () => {
    const draft = writeOrderConfirmation(receipt);
    expect(draft).toMatchObject({ subject: "You are enrolled in Price Action Basics (order TMA-000007)", attachments: [] });
    expectInBothParts(draft, ["TradeMaster Academy", `${ORIGIN}/learn/3`, "Dec 5, 2026, 12:00 am IST", "₹12,500", "not a tax invoice"]);
    expect(draft.html).toContain(`href="${ORIGIN}/learn/3"`);
    expect(draft.text).not.toMatch(/Coupon|Discount/);
  });
});

describe("the contact acknowledgement", () => {
  // What the visitor typed never reaches the writer: the acknowledgement's payload carries nothing of it.
  test("says when to expect an answer and how to reach the institute, from nothing the sender typed", () => {
    const draft = writeContactAcknowledgement();
    expect(draft).toMatchObject({ subject: "We have received your message to TradeMaster Academy" });
    expectInBothParts(draft, ["Hello,", "We have received the message", "within 24 hours", "+91 98765 43210", `${ORIGIN}/contact`]);
  });
});
