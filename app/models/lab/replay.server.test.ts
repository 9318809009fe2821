// A replay reveals candles one step at a time, never one that closed less than
// 30 days before the request (the clock moves in these tests), and settles
// paper trades on what it reveals, in paise.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { candles, courses, instruments, marketDatasets, paperTrades, replayExercises, tradeSetups, users } from "../../../db/schema";
import { db } from "~/utils/db.server";
import { closeOwnTrade, placeTrade, saveTradeNotes } from "./paper-trade.server";
import { currentReplay, endReplay, findExercise, shownCandles, startReplay, stepReplay } from "./replay.server";

const DAY = 24 * 60 * 60 * 1000;
const MINUTE = 60_000;
// The last candle closes at 10:00 UTC on 1 March 2026; 30 days after it is 31 March.
const LAST_CLOSE = Date.UTC(2026, 2, 1, 10, 0);
const THIRTY_DAYS_AFTER_LAST = new Date(LAST_CLOSE + 30 * DAY);

let serial = 0;

/**
 * A student, a course with one setup, and an exercise over ten 5-minute
 * candles ending at LAST_CLOSE, starting at candle 3 with 2 before it shown.
 * Prices in rupees: every candle opens at its given price, ±1 high and low.
 */
function arrange(opens: number[] = [100, 101, 102, 103, 104, 105, 106, 107, 108, 109], bars?: [number, number, number, number][]) {
  serial += 1;
  const user = db
    .insert(users)
    .values({ email: `lab${serial}@example.com`, firstName: "Rohan" })
    .returning()
    .get();
  const course = db
    .insert(courses)
    .values({ title: `Lab ${serial}`, shortDescription: "s", description: "d", duration: "1 week" })
    .returning()
    .get();
  const setup = db.insert(tradeSetups).values({ courseId: course.id, name: "Breakout", position: 1 }).returning().get();
  const instrument = db
    .insert(instruments)
    .values({ exchange: "NSE", symbol: `TEST${serial}`, name: "Test share", kind: "equity", tickUnits: 500 })
    .returning()
    .get();
  const rows = bars ?? opens.map((open) => [open, open + 1, open - 1, open + 0.5] as [number, number, number, number]);
  const first = LAST_CLOSE - rows.length * 5 * MINUTE;
  const dataset = db
    .insert(marketDatasets)
    .values({
      instrumentId: instrument.id,
      timeframeMinutes: 5,
      source: "Generated for tests",
      isGenerated: true,
      filename: "test.csv",
      uploadedBy: "owner",
      candleCount: rows.length,
      firstOpenAt: new Date(first),
      lastCloseAt: new Date(LAST_CLOSE),
    })
    .returning()
    .get();
  const units = (rupees: number) => Math.round(rupees * 10_000);
  db.insert(candles)
    .values(
      rows.map(([open, high, low, close], seq) => ({
        datasetId: dataset.id,
        seq,
        openAt: new Date(first + seq * 5 * MINUTE),
        closeAt: new Date(first + (seq + 1) * 5 * MINUTE),
        open: units(open),
        high: units(high),
        low: units(low),
        close: units(close),
        volume: 1000,
      })),
    )
    .run();
  const exercise = db
    .insert(replayExercises)
    .values({ courseId: course.id, datasetId: dataset.id, title: "Opening range", startSeq: 3, historyCandles: 2 })
    .returning()
    .get();
  return { userId: user.id, courseId: course.id, setupId: setup.id, exerciseId: exercise.id, units };
}

const NOW = new Date(THIRTY_DAYS_AFTER_LAST.getTime() + DAY);

describe("the 30-day cut", () => {
  it("holds back every candle that closed less than 30 days before the request, and lets them in as the clock moves", () => {
    const { userId, exerciseId } = arrange();
    // Candle 3 closes 30 min before LAST_CLOSE: 29 days later it is too new to begin with.
    expect(startReplay(exerciseId, userId, new Date(LAST_CLOSE + 29 * DAY))).toEqual({ ok: false, reason: "not-old-enough" });
    // 30 days after candle 5 closed, but not after candle 6: the replay begins and steps up to 5, then waits.
    const at = new Date(LAST_CLOSE - 4 * 5 * MINUTE + 30 * DAY);
    const started = startReplay(exerciseId, userId, at);
    expect(started.ok).toBe(true);
    if (!started.ok) return;
    const step = stepReplay(started.replay.id, userId, 3, 5, at);
    expect(step.ok && step.revealed.map((candle) => candle.seq)).toEqual([4, 5]);
    expect(stepReplay(started.replay.id, userId, 5, 1, at)).toEqual({ ok: false, reason: "not-old-enough" });
    // Five minutes later candle 6 has aged in.
    const later = new Date(at.getTime() + 5 * MINUTE);
    expect(stepReplay(started.replay.id, userId, 5, 1, later)).toMatchObject({ ok: true, revealed: [{ seq: 6 }] });
  });

  it("never shows a candle that is too new, even one already revealed when the clock is put back", () => {
    const { userId, exerciseId, courseId } = arrange();
    const started = startReplay(exerciseId, userId, NOW);
    if (!started.ok) throw new Error("did not start");
    stepReplay(started.replay.id, userId, 3, 6, NOW);
    const exercise = findExercise(courseId, exerciseId)!;
    expect(shownCandles(exercise, 9, NOW).map((candle) => candle.seq)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    const before = new Date(LAST_CLOSE - 3 * 5 * MINUTE + 30 * DAY);
    expect(shownCandles(exercise, 9, before).map((candle) => candle.seq)).toEqual([1, 2, 3, 4, 5, 6]);
  });
});

describe("stepping", () => {
  it("shows the history and the candles revealed so far, nothing after; a step from a stale or forged position changes nothing", () => {
    const { userId, exerciseId, courseId } = arrange();
    const started = startReplay(exerciseId, userId, NOW);
    if (!started.ok) throw new Error("did not start");
    const exercise = findExercise(courseId, exerciseId)!;
    expect(shownCandles(exercise, started.replay.revealedSeq, NOW).map((candle) => candle.seq)).toEqual([1, 2, 3]);
    expect(stepReplay(started.replay.id, userId, 7, 1, NOW)).toEqual({ ok: false, reason: "moved-on" });
    expect(stepReplay(started.replay.id, "someone-else", 3, 1, NOW)).toEqual({ ok: false, reason: "not-found" });
    expect(stepReplay(started.replay.id, userId, 3, 1, NOW)).toMatchObject({ ok: true, revealed: [{ seq: 4 }] });
    expect(stepReplay(started.replay.id, userId, 3, 1, NOW)).toEqual({ ok: false, reason: "moved-on" });
    expect(currentReplay(exerciseId, userId)?.revealedSeq).toBe(4);
    expect(stepReplay(started.replay.id, userId, 4, 100, NOW)).toMatchObject({ ok: true });
    expect(stepReplay(started.replay.id, userId, 9, 1, NOW)).toEqual({ ok: false, reason: "end-of-data" });
    // Starting again while one is open returns the same replay.
    expect(startReplay(exerciseId, userId, NOW)).toMatchObject({ ok: true, replay: { id: started.replay.id } });
  });
});

describe("paper trades", () => {
  it("enter at the last revealed close, refuse any other candle, and close on the stop inside a later candle, in paise", () => {
    const { userId, exerciseId, setupId, units } = arrange();
    const started = startReplay(exerciseId, userId, NOW);
    if (!started.ok) throw new Error("did not start");
    const replayId = started.replay.id;
    const trade = { side: "buy" as const, quantity: 40, stopLoss: units(101.5), target: units(110), setupId, reason: "Broke the range" };
    expect(placeTrade(replayId, userId, 4, trade, NOW)).toEqual({ ok: false, reason: "moved-on" });
    expect(placeTrade(replayId, userId, 3, { ...trade, stopLoss: units(104) }, NOW)).toEqual({
      ok: false,
      reason: "bracket",
      message: "A buy's stop-loss must be below the entry price",
    });
    const placed = placeTrade(replayId, userId, 3, trade, NOW);
    // Candle 3 closes at 103.50.
    expect(placed).toEqual({ ok: true, tradeId: expect.any(Number), entryPrice: units(103.5) });
    if (!placed.ok) return;
    // Candles 4–9 rise: the target (110) is reached by candle 9's high (110).
    const step = stepReplay(replayId, userId, 3, 10, NOW);
    expect(step).toMatchObject({ ok: true, closedTrades: [placed.tradeId] });
    const row = db.select().from(paperTrades).where(eq(paperTrades.id, placed.tradeId)).get()!;
    // 40 × (110.00 − 103.50) = ₹260.00.
    expect(row).toMatchObject({ exitSeq: 9, exitPrice: units(110), exitReason: "target", pnlPaise: 26_000 });
  });

  it("a gap through the stop fills at the open; both reached inside one candle takes the stop", () => {
    const bars: [number, number, number, number][] = [
      [100, 101, 99, 100],
      [100, 101, 99, 100],
      [100, 101, 99, 100],
      [100, 101, 99, 100],
      // Gaps down through a long's stop at 98: filled at 95.
      [95, 96, 94, 95.5],
      [95.5, 110, 90, 100],
      [100, 101, 99, 100],
    ];
    const { userId, exerciseId, setupId, units } = arrange([], bars);
    const started = startReplay(exerciseId, userId, NOW);
    if (!started.ok) throw new Error("did not start");
    const replayId = started.replay.id;
    const long = placeTrade(
      replayId,
      userId,
      3,
      { side: "buy", quantity: 10, stopLoss: units(98), target: null, setupId, reason: "r" },
      NOW,
    );
    stepReplay(replayId, userId, 3, 1, NOW);
    // At candle 4's close (95.50) a short with its stop at 105 and target at 92: candle 5 reaches both.
    const short = placeTrade(
      replayId,
      userId,
      4,
      { side: "sell", quantity: 10, stopLoss: units(105), target: units(92), setupId, reason: "r" },
      NOW,
    );
    stepReplay(replayId, userId, 4, 1, NOW);
    const exit = (outcome: typeof long) => outcome.ok && db.select().from(paperTrades).where(eq(paperTrades.id, outcome.tradeId)).get();
    expect(exit(long)).toMatchObject({ exitSeq: 4, exitPrice: units(95), exitReason: "stop", pnlPaise: -5_000 });
    expect(exit(short)).toMatchObject({ exitSeq: 5, exitPrice: units(105), exitReason: "stop", pnlPaise: -9_500 });
  });

  it("the student closes one by hand at the revealed close; ending the replay closes the rest; notes are theirs alone", () => {
    const { userId, exerciseId, setupId, units } = arrange();
    const other = arrange();
    const started = startReplay(exerciseId, userId, NOW);
    if (!started.ok) throw new Error("did not start");
    const replayId = started.replay.id;
    const base = { quantity: 5, stopLoss: null, target: null, setupId, reason: "Practice" };
    const first = placeTrade(replayId, userId, 3, { ...base, side: "buy" }, NOW);
    const second = placeTrade(replayId, userId, 3, { ...base, side: "sell" }, NOW);
    expect(placeTrade(replayId, userId, 3, { ...base, side: "buy", setupId: other.setupId }, NOW)).toEqual({ ok: false, reason: "setup" });
    if (!first.ok || !second.ok) throw new Error("not placed");
    stepReplay(replayId, userId, 3, 2, NOW);
    expect(closeOwnTrade(first.tradeId, userId, 4, NOW)).toBe("moved-on");
    expect(closeOwnTrade(first.tradeId, other.userId, 5, NOW)).toBe("not-found");
    expect(closeOwnTrade(first.tradeId, userId, 5, NOW)).toBe("closed");
    expect(closeOwnTrade(first.tradeId, userId, 5, NOW)).toBe("already");
    expect(endReplay(replayId, userId, NOW)).toBe("ended");
    expect(stepReplay(replayId, userId, 5, 1, NOW)).toEqual({ ok: false, reason: "ended" });
    const rows = db.select().from(paperTrades).where(eq(paperTrades.replayId, replayId)).all();
    // Entered at 103.50; candle 5 closes at 105.50: +₹2 × 5 long by hand, −₹2 × 5 short at the end.
    expect(rows.map((row) => [row.exitReason, row.exitPrice, row.pnlPaise])).toEqual([
      ["closed", units(105.5), 1_000],
      ["replay-end", units(105.5), -1_000],
    ]);
    expect(saveTradeNotes(first.tradeId, other.userId, "mine now")).toBe(false);
    expect(saveTradeNotes(first.tradeId, userId, "Entered late; waited for the close.")).toBe(true);
    // A new replay of the same exercise can begin once the last ended.
    expect(startReplay(exerciseId, userId, NOW)).toMatchObject({ ok: true, replay: { revealedSeq: 3, endedAt: null } });
  });
});
