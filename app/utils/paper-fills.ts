import type { TradeExit, TradeSide } from "../../db/enums";

// When a paper trade's stop-loss or target is reached, read from the candles
// that follow its entry (docs/decisions/0064-the-practice-lab.md). A candle
// tells its open, high, low and close, not the order of what happened inside
// it, so the rules are these, in this order:
// 1. A gap: the candle opens beyond the stop (or the target), so the order
//    fills at the open, the first price there was: worse than the stop, or
//    better than the target, as a real order would.
// 2. Both inside one candle: the stop is taken first (the candle cannot say
//    which came first, and assuming the worse keeps practice honest).
// 3. Otherwise whichever the candle's range reaches, at its own price.

export type Candle = { open: number; high: number; low: number; close: number };
export type OpenTrade = { side: TradeSide; stopLoss: number | null; target: number | null };
export type Fill = { price: number; reason: Extract<TradeExit, "stop" | "target"> };

/** Where the candle closes the trade, or null when it stays open. */
export function fillOn(trade: OpenTrade, candle: Candle): Fill | null {
  const long = trade.side === "buy";
  // "Beyond" is below for a long's stop and a short's target, above for the other two.
  const stopReached = (price: number) => trade.stopLoss !== null && (long ? price <= trade.stopLoss : price >= trade.stopLoss);
  const targetReached = (price: number) => trade.target !== null && (long ? price >= trade.target : price <= trade.target);
  if (stopReached(candle.open)) return { price: candle.open, reason: "stop" };
  if (targetReached(candle.open)) return { price: candle.open, reason: "target" };
  const stopInside = stopReached(long ? candle.low : candle.high);
  const targetInside = targetReached(long ? candle.high : candle.low);
  if (stopInside && trade.stopLoss !== null) return { price: trade.stopLoss, reason: "stop" };
  if (targetInside && trade.target !== null) return { price: trade.target, reason: "target" };
  return null;
}

/** Why a stop-loss or target cannot go with an entry at `entry`: a long's stop below and target above it, a short's the other way. */
export function bracketProblem(side: TradeSide, entry: number, stopLoss: number | null, target: number | null): string | null {
  const long = side === "buy";
  if (stopLoss !== null && (long ? stopLoss >= entry : stopLoss <= entry))
    return long ? "A buy's stop-loss must be below the entry price" : "A sell's stop-loss must be above the entry price";
  if (target !== null && (long ? target <= entry : target >= entry))
    return long ? "A buy's target must be above the entry price" : "A sell's target must be below the entry price";
  return null;
}
