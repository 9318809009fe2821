import { describe, expect, test } from "vitest";
import type { OrderReceipt } from "~/models/orders/order-receipt.server";
import type { OutboxDraft } from "~/models/site/outbox.server";
import { contactAcknowledgement } from "./contact.server";
import { orderMail } from "./order.server";

const ORIGIN = "https://institute.example";

/** Each text in both the plain-text and the HTML part: a client showing either reads the same. */
function expectInBothParts(draft: OutboxDraft, texts: string[]) {
  for (const part of [draft.text, draft.html ?? ""]) for (const text of texts) expect(part).toContain(text);
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
    const draft = orderMail(receipt);
    expect(draft).toMatchObject({
      kind: "order-confirmation",
      to: "asha@example.com",
      subject: "You are enrolled in Price Action Basics (order TMA-000007)",
    });
    expectInBothParts(draft, ["TradeMaster Academy", `${ORIGIN}/learn/3`, "Dec 5, 2026, 12:00 am IST", "₹12,500", "not a tax invoice"]);
    expect(draft.html).toContain(`href="${ORIGIN}/learn/3"`);
    expect(draft.text).not.toMatch(/Coupon|Discount/);
  });
});

describe("the contact acknowledgement", () => {
  test("goes to the sender, says when to expect an answer and how to reach the institute, and repeats nothing they typed", () => {
    const typed = { name: "Win a prize at scam.example", email: "priya@example.com", subject: "Claim your reward: scam.example/now" };
    const draft = contactAcknowledgement(typed);
    expect(draft).toMatchObject({
      kind: "contact-acknowledgement",
      to: "priya@example.com",
      subject: "We have received your message to TradeMaster Academy",
    });
    expectInBothParts(draft, ["Hello,", "We have received the message", "within 24 hours", "+91 98765 43210", `${ORIGIN}/contact`]);
    for (const part of [draft.subject, draft.text, draft.html ?? ""])
      expect(part).not.toMatch(/scam\.example|Win a prize|Claim your reward/);
  });
});
