// Money is integer paise everywhere inside the app.

const wholeRupees = new Intl.NumberFormat("en-IN", { maximumFractionDigits: 0 });
const rupeesAndPaise = new Intl.NumberFormat("en-IN", { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** "₹4,999" or "₹1,23,456.50": Indian digit grouping, paise only when present. */
export function formatRupees(paise: number): string {
  const format = paise % 100 === 0 ? wholeRupees : rupeesAndPaise;
  return `₹${format.format(paise / 100)}`;
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
