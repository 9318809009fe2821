import type { OrderReceipt } from "~/models/orders/order-receipt.server";
import { formatIndiaDateTime } from "./dates";
import { formatExactRupees } from "./money";
import { orderNumber } from "./order-number";

// The lines of an order's receipt, in the order they are printed: the same in
// the enrollment mail and the PDF, so the two never disagree.

export type ReceiptLine = { label: string; value: string };

/** What the receipt says it is: GST invoices are a separate document. */
export const RECEIPT_NOTICE = "This is a payment receipt, not a tax invoice.";

/** How a receipt writes money: exact paise on the PDF (the default), whole rupees in mail (formatPrice). */
export type MoneyText = (paise: number) => string;

/** "₹4,999.50", or "Free" for an order that cost nothing: exact, as a printed receipt needs. */
const exactPrice: MoneyText = (paise) => (paise === 0 ? "Free" : formatExactRupees(paise));

/** "WELCOME20 (20% off)" or "FLAT500 (₹500 off)". */
function couponText(coupon: NonNullable<OrderReceipt["coupon"]>, money: MoneyText): string {
  const off = coupon.percentOff !== null ? `${coupon.percentOff}%` : money(coupon.amountOffPaise ?? 0);
  return `${coupon.code} (${off} off)`;
}

export function receiptLines(receipt: OrderReceipt, money: MoneyText = exactPrice): ReceiptLine[] {
  const lines: ReceiptLine[] = [
    { label: "Order number", value: orderNumber(receipt.orderId) },
    { label: "Date", value: formatIndiaDateTime(receipt.paidAt) },
    { label: receipt.kind === "event" ? "Event" : "Course", value: receipt.course.title },
  ];
  if (receipt.listPricePaise !== null) lines.push({ label: "Course price", value: money(receipt.listPricePaise) });
  if (receipt.coupon) lines.push({ label: "Coupon", value: couponText(receipt.coupon, money) });
  if (receipt.discountPaise !== null) lines.push({ label: "Discount", value: `−${money(receipt.discountPaise)}` });
  lines.push(
    { label: "Amount paid", value: money(receipt.amountPaise) },
    { label: "Payment reference", value: receipt.paymentReference ?? "None: no payment was needed" },
  );
  return lines;
}
