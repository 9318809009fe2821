import { describe, expect, test } from "vitest";
import { actualTexts, readPdf } from "../../../tests/support/pdf-text";
import type { OrderReceipt } from "~/models/orders/order-receipt.server";
import { saveSettings } from "~/models/site/site-settings.server";
import { DEFAULT_INSTITUTE } from "~/utils/institute";
import { receiptFilename, receiptPdf } from "./receipt.server";

// 20:00 UTC on 4 December is 1:30 am on 5 December in India.
const PAID = new Date("2026-12-04T20:00:00Z");

const paid: OrderReceipt = {
  orderId: 42,
  student: { email: "ananya@example.com", firstName: "अनन्या", lastName: "Iyer" },
  course: { id: 7, title: "SMC & ICT Courses" },
  kind: "course",
  listPricePaise: 12_345_600,
  discountPaise: 2_469_120,
  coupon: { code: "WELCOME20", percentOff: 20 },
  amountPaise: 9_876_480,
  paidAt: PAID,
  paymentReference: "pi_3Receipt42",
};

describe("receiptPdf", () => {
  test("prints the order number, IST date, course, price, coupon, amount and payment reference", async () => {
    const bytes = await receiptPdf(paid);
    const pdf = await readPdf(bytes);
    expect(pdf.pages).toHaveLength(1);
    for (const line of [
      "Payment receipt",
      "This is a payment receipt, not a tax invoice.",
      "TMA-000042",
      "Dec 5, 2026, 1:30 am IST",
      "SMC & ICT Courses",
      "₹1,23,456",
      "WELCOME20 (20% off)",
      "−₹24,691.20",
      "₹98,764.80",
      "pi_3Receipt42",
      "ananya@example.com",
    ])
      expect(pdf.text).toContain(line);
    // The name in Devanagari is drawn with its own embedded face, and copies out as written.
    expect(actualTexts(bytes).join("")).toContain("अनन्या Iyer");
    expect(pdf.info.Title).toBe("Receipt TMA-000042");
    expect(receiptFilename(42)).toBe("receipt-TMA-000042.pdf");
  });

  test("says Free for an order that cost nothing, with no payment reference", async () => {
    const pdf = await readPdf(
      await receiptPdf({
        ...paid,
        listPricePaise: 500_000,
        discountPaise: 500_000,
        coupon: { code: "FULL", percentOff: 100 },
        amountPaise: 0,
        paymentReference: null,
      }),
    );
    expect(pdf.text).toContain("Free");
    expect(pdf.text).toContain("None: no payment was needed");
    expect(pdf.text).not.toContain("pi_3Receipt42");
  });

  test("is the same file when printed again", async () => {
    expect((await receiptPdf(paid)).equals(await receiptPdf(paid))).toBe(true);
  });

  test("names the institute as the settings call it when the file is made", async () => {
    const before = (await readPdf(await receiptPdf(paid))).text;
    expect(before).toContain("TradeMaster Academy");
    const renamed = { ...DEFAULT_INSTITUTE, name: "Nifty Lane School", email: "hello@niftylane.example", phone1: "+91 91234 56789" };
    saveSettings("institute", renamed, { adminId: "admin-1" });
    const pdf = await readPdf(await receiptPdf(paid));
    expect(pdf.text).toContain("Nifty Lane School");
    expect(pdf.text).toContain("hello@niftylane.example · +91 91234 56789");
    expect(pdf.text).not.toContain("TradeMaster");
    expect(pdf.info.Author).toBe("Nifty Lane School");
  });
});
