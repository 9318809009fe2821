import { and, asc, eq, isNull } from "drizzle-orm";
import { candles, paperTrades, replayExercises, tradeSetups } from "../../../db/schema";
import type { TradeSide } from "../../../db/enums";
import { bracketProblem } from "~/utils/paper-fills";
import { db, type Transaction } from "~/utils/db.server";
import { closeTrade, findOwnReplay } from "./replay.server";

// Paper trades in a replay (docs/decisions/0064-the-practice-lab.md): entered
// at the close of the last candle the student has seen, and only there; the
// stop-loss and target settle as later candles are revealed (replay.server.ts).

export type TradeInput = {
  side: TradeSide;
  quantity: number;
  stopLoss: number | null;
  target: number | null;
  setupId: number | null;
  reason: string;
};

/** The replay's exercise and the last candle it revealed (where a trade enters or is closed by hand). */
function revealedCandle(tx: Transaction, replay: { exerciseId: number; revealedSeq: number }) {
  const exercise = tx
    .select({ courseId: replayExercises.courseId, datasetId: replayExercises.datasetId })
    .from(replayExercises)
    .where(eq(replayExercises.id, replay.exerciseId))
    .get();
  const candle =
    exercise &&
    tx
      .select({ close: candles.close })
      .from(candles)
      .where(and(eq(candles.datasetId, exercise.datasetId), eq(candles.seq, replay.revealedSeq)))
      .get();
  return { exercise, candle };
}

export type TradeOutcome =
  | { ok: true; tradeId: number; entryPrice: number }
  | { ok: false; reason: "not-found" | "ended" | "moved-on" | "setup" | "tick"; message?: string }
  | { ok: false; reason: "bracket"; message: string };

/**
 * Places a paper trade at the candle the student's page showed last
 * (`atSeq`): a post naming any other candle (a stale page, a forged one, a
 * candle not revealed) changes nothing. The setup must be one of the course's.
 */
export function placeTrade(replayId: number, userId: string, atSeq: number, input: TradeInput, now = new Date()): TradeOutcome {
  return db.transaction(
    (tx): TradeOutcome => {
      const replay = findOwnReplay(replayId, userId, tx);
      if (!replay) return { ok: false, reason: "not-found" };
      if (replay.endedAt) return { ok: false, reason: "ended" };
      if (replay.revealedSeq !== atSeq) return { ok: false, reason: "moved-on" };
      const { exercise, candle } = revealedCandle(tx, replay);
      if (!exercise || !candle) return { ok: false, reason: "not-found" };
      if (input.setupId !== null) {
        const setup = tx
          .select({ id: tradeSetups.id })
          .from(tradeSetups)
          .where(and(eq(tradeSetups.id, input.setupId), eq(tradeSetups.courseId, exercise.courseId)))
          .get();
        if (!setup) return { ok: false, reason: "setup" };
      }
      const problem = bracketProblem(input.side, candle.close, input.stopLoss, input.target);
      if (problem) return { ok: false, reason: "bracket", message: problem };
      const trade = tx
        .insert(paperTrades)
        .values({
          replayId: replay.id,
          userId,
          setupId: input.setupId,
          side: input.side,
          quantity: input.quantity,
          entrySeq: replay.revealedSeq,
          entryPrice: candle.close,
          stopLoss: input.stopLoss,
          target: input.target,
          reason: input.reason,
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: paperTrades.id })
        .get();
      return { ok: true, tradeId: trade.id, entryPrice: candle.close };
    },
    { behavior: "immediate" },
  );
}

/** Closes an open trade at the close of the last candle the student saw (`atSeq`, as their page showed it). */
export function closeOwnTrade(
  tradeId: number,
  userId: string,
  atSeq: number,
  now = new Date(),
): "closed" | "not-found" | "moved-on" | "already" {
  return db.transaction(
    (tx) => {
      const trade = tx
        .select({
          id: paperTrades.id,
          replayId: paperTrades.replayId,
          side: paperTrades.side,
          quantity: paperTrades.quantity,
          entryPrice: paperTrades.entryPrice,
          exitSeq: paperTrades.exitSeq,
        })
        .from(paperTrades)
        .where(and(eq(paperTrades.id, tradeId), eq(paperTrades.userId, userId)))
        .get();
      const replay = trade && findOwnReplay(trade.replayId, userId, tx);
      if (!trade || !replay) return "not-found";
      if (trade.exitSeq !== null) return "already";
      if (replay.endedAt || replay.revealedSeq !== atSeq) return "moved-on";
      const { candle } = revealedCandle(tx, replay);
      if (!candle) return "not-found";
      closeTrade(tx, trade, { seq: atSeq, price: candle.close, reason: "closed" }, now);
      return "closed";
    },
    { behavior: "immediate" },
  );
}

/** The student's own notes on a trade, for their journal; false when it is not theirs. */
export function saveTradeNotes(tradeId: number, userId: string, notes: string, now = new Date()): boolean {
  return (
    db
      .update(paperTrades)
      .set({ notes, updatedAt: now })
      .where(and(eq(paperTrades.id, tradeId), eq(paperTrades.userId, userId)))
      .run().changes === 1
  );
}

export type TradeRow = typeof paperTrades.$inferSelect;

/** The trades of a replay, in the order they were placed. */
export function tradesOfReplay(replayId: number): TradeRow[] {
  return db.select().from(paperTrades).where(eq(paperTrades.replayId, replayId)).orderBy(asc(paperTrades.id)).all();
}

/** Open trades of a replay (still waiting for a stop, a target or the student). */
export function openTradesOfReplay(replayId: number): TradeRow[] {
  return db
    .select()
    .from(paperTrades)
    .where(and(eq(paperTrades.replayId, replayId), isNull(paperTrades.exitSeq)))
    .orderBy(asc(paperTrades.id))
    .all();
}
