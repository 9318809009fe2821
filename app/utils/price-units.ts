import type { TradeSide } from "../../db/enums";

// Market prices in the practice lab are whole "price units" of ₹0.0001: fine
// enough for every instrument's tick (₹0.05 on shares and indices, ₹0.0025 on
// NSE's currency pairs), and whole numbers, so no sum drifts. Money that
// changes hands (profit and loss) is paise, as everywhere else.

/** Price units in one rupee. */
export const UNITS_PER_RUPEE = 10_000;
/** Price units in one paisa. */
const UNITS_PER_PAISA = 100;

/**
 * "1234.5" or "0.0025" → price units; null for anything else (a sign, an
 * exponent, more than 4 decimals, zero, ₹10 lakh or more: no listed price is
 * near it (MRF, the dearest share, trades near ₹1.5 lakh), and the cap keeps
 * every profit of a million units an exact number of paise).
 */
export function parseMarketPrice(text: string): number | null {
  const match = /^(\d{1,6})(?:\.(\d{1,4}))?$/.exec(text.trim());
  if (!match) return null;
  const units = Number(match[1]) * UNITS_PER_RUPEE + Number((match[2] ?? "").padEnd(4, "0"));
  return units > 0 ? units : null;
}

/** Price units → "1,234.55" with the decimals the tick needs (2 for ₹0.05, 4 for ₹0.0025), Indian grouping. */
export function formatMarketPrice(units: number, tickUnits: number): string {
  const decimals = tickUnits % 100 === 0 ? 2 : 4;
  return (units / UNITS_PER_RUPEE).toLocaleString("en-IN", { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
}

/**
 * A trade's profit (negative: loss) in paise: the price difference times the
 * quantity, exact in price units, then rounded once to the nearest paisa,
 * halves away from zero (₹0.005 is a paisa either way).
 */
export function profitPaise(side: TradeSide, quantity: number, entry: number, exit: number): number {
  // In BigInt: a price near ₹10 lakh times a million units passes 2^53 before it is divided.
  const units = BigInt(side === "buy" ? exit - entry : entry - exit) * BigInt(quantity);
  const magnitude = units < 0n ? -units : units;
  const paise = Number((magnitude + BigInt(UNITS_PER_PAISA / 2)) / BigInt(UNITS_PER_PAISA));
  return units < 0n ? -paise : paise;
}
