import type { OrderReceipt } from "~/models/order-receipt.server";
import { formatIndiaDateTime } from "./dates";
import { formatRupees } from "./money";
import { orderNumber } from "./order-number";

// The lines of an order's receipt, in the order they are printed: the same in
// the enrolment mail and the PDF, so the two never disagree.

export type ReceiptLine = { label: string; value: string };

/** What the receipt says it is: GST invoices are a separate document. */
export const RECEIPT_NOTICE = "This is a payment receipt, not a tax invoice.";

/** "₹4,999", or "Free" for an order that cost nothing. */
export const amountPaidText = (paise: number) => (paise === 0 ? "Free" : formatRupees(paise));

export function receiptLines(receipt: OrderReceipt): ReceiptLine[] {
  const lines: ReceiptLine[] = [
    { label: "Order number", value: orderNumber(receipt.orderId) },
    { label: "Date", value: formatIndiaDateTime(receipt.paidAt) },
    { label: "Course", value: receipt.course.title },
  ];
  if (receipt.listPricePaise !== null) lines.push({ label: "Course price", value: formatRupees(receipt.listPricePaise) });
  if (receipt.coupon) lines.push({ label: "Coupon", value: `${receipt.coupon.code} (${receipt.coupon.percentOff}% off)` });
  if (receipt.discountPaise !== null) lines.push({ label: "Discount", value: `−${formatRupees(receipt.discountPaise)}` });
  lines.push(
    { label: "Amount paid", value: amountPaidText(receipt.amountPaise) },
    { label: "Payment reference", value: receipt.paymentIntentId ?? "None: no payment was needed" },
  );
  return lines;
}
