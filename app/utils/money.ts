// Money is integer paise everywhere inside the app. On screen (pages, admin
// lists, mail) it is whole rupees with Indian digit grouping; only tax
// documents and receipt PDFs print the exact paise
// (docs/decisions/0029-coupons-and-money-display.md).

const wholeRupees = new Intl.NumberFormat("en-IN", { maximumFractionDigits: 0 });
const rupeesAndPaise = new Intl.NumberFormat("en-IN", { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** Paise to the nearest whole rupee, halves up (₹4,249.50 → ₹4,250), for what a screen shows. */
export function roundToRupee(paise: number): number {
  return Math.sign(paise) * Math.floor((Math.abs(paise) + 50) / 100);
}

/**
 * An amount as a screen shows it: "₹4,999", "₹1,00,000", "₹0", "−₹500".
 * Whole rupees, rounded half up. An amount below half a rupee that is not
 * zero keeps its paise ("₹0.30"), so something owed never reads as nothing.
 */
export function formatAmount(paise: number): string {
  const sign = paise < 0 ? "−" : "";
  const abs = Math.abs(paise);
  const text = abs > 0 && abs < 50 ? rupeesAndPaise.format(abs / 100) : wholeRupees.format(roundToRupee(abs));
  return `${sign}₹${text}`;
}

/**
 * The saving a screen shows beside a price and a total: the shown price less
 * the shown total, so the lines on screen add up whatever the paise did. The
 * exact paise when that difference rounds to nothing.
 */
export function shownSavingPaise(originalPaise: number, totalPaise: number): number {
  const shown = (roundToRupee(originalPaise) - roundToRupee(totalPaise)) * 100;
  return shown > 0 ? shown : Math.max(0, originalPaise - totalPaise);
}

/** A price as a student or admin sees it: "Free" for nothing, otherwise `formatAmount` ("₹4,999"). */
export function formatPrice(paise: number): string {
  return paise === 0 ? "Free" : formatAmount(paise);
}

/** Beside a price a GST-registered institute shows: the tax is in it, not added later. */
export const GST_INCLUDED_NOTE = "incl. GST";

/** "₹4,999 incl. GST" when the prices include GST, "₹4,999" when not, "Free" either way. */
export function formatPriceWithGst(paise: number, includesGst: boolean): string {
  return paise > 0 && includesGst ? `${formatAmount(paise)} ${GST_INCLUDED_NOTE}` : formatPrice(paise);
}

/** "₹4,999" or "₹1,23,456.50": exact to the paisa, for receipts and tax documents (PDFs). */
export function formatExactRupees(paise: number): string {
  const format = paise % 100 === 0 ? wholeRupees : rupeesAndPaise;
  return `₹${format.format(paise / 100)}`;
}

/** A profit or loss to the paisa, signed: "+₹2.50", "−₹1,200", "₹0" (the practice lab's paper trades). */
export function formatProfit(paise: number): string {
  const sign = paise > 0 ? "+" : paise < 0 ? "−" : "";
  return `${sign}${formatExactRupees(Math.abs(paise))}`;
}

/** The JSON API shows prices as the earlier app did: "4999.00". */
export function paiseToDecimalString(paise: number): string {
  const sign = paise < 0 ? "-" : "";
  const abs = Math.abs(paise);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

/** Parses "4999", "4,999.5" or "₹4,999.50" into paise; null when it is not a price. */
export function parseRupeesToPaise(input: string): number | null {
  const cleaned = input.replace(/[₹,\s]/g, "");
  if (!/^\d+(\.\d{1,2})?$/.test(cleaned)) return null;
  const [whole = "0", fraction = ""] = cleaned.split(".");
  return Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
}

/** Discount as the rounded price ratio, e.g. 4999 of 7999 → 38; null when no discount. */
export function discountPercent(pricePaise: number, originalPricePaise: number | null): number | null {
  if (originalPricePaise === null || originalPricePaise <= pricePaise || originalPricePaise <= 0) return null;
  return Math.round((1 - pricePaise / originalPricePaise) * 100);
}
