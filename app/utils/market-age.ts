// SEBI's circular of 8 May 2026 (HO/47/17/12(11)2025-MRD-POD3/I/11107/2026, in
// force 1 July 2026): education by anyone not registered with SEBI may not use
// market prices from the last 30 days. The practice lab shows a student a
// candle only once it closed at least this long before the request asking for
// it, computed afresh at each request, so data ages in day by day.

export const MARKET_AGE_MS = 30 * 24 * 60 * 60 * 1000;

/** The latest close a candle may have to be shown at `now`. */
export const newestShowableClose = (now: Date) => new Date(now.getTime() - MARKET_AGE_MS);

/** Whether a candle that closed at `closeAt` may be shown at `now`. */
export const oldEnoughToShow = (closeAt: Date, now: Date) => closeAt.getTime() <= now.getTime() - MARKET_AGE_MS;
