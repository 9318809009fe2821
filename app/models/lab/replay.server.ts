import { and, asc, between, desc, eq, gt, isNull, lte } from "drizzle-orm";
import { candles, instruments, marketDatasets, paperTrades, replayExercises, replays } from "../../../db/schema";
import { fillOn } from "~/utils/paper-fills";
import { newestShowableClose, oldEnoughToShow } from "~/utils/market-age";
import { profitPaise } from "~/utils/price-units";
import { db, type Transaction } from "~/utils/db.server";

// A student's replay (docs/decisions/0064-the-practice-lab.md). The server
// keeps every candle after `revealed_seq` to itself: a step reveals the next
// one (or a few), only if it closed at least 30 days before the request, and
// settles the open paper trades on it in the same transaction. Nothing here
// ever reads a candle past what the student has been shown, except to reveal it.

export type ShownCandle = { seq: number; openAt: Date; open: number; high: number; low: number; close: number; volume: number };

export type Exercise = {
  id: number;
  courseId: number;
  lessonId: number | null;
  batchSessionId: number | null;
  datasetId: number;
  title: string;
  startSeq: number;
  historyCandles: number;
  isBlind: boolean;
};

const exerciseColumns = {
  id: replayExercises.id,
  courseId: replayExercises.courseId,
  lessonId: replayExercises.lessonId,
  batchSessionId: replayExercises.batchSessionId,
  datasetId: replayExercises.datasetId,
  title: replayExercises.title,
  startSeq: replayExercises.startSeq,
  historyCandles: replayExercises.historyCandles,
  isBlind: replayExercises.isBlind,
};

export function findExercise(courseId: number, exerciseId: number): Exercise | null {
  return (
    db
      .select(exerciseColumns)
      .from(replayExercises)
      .where(and(eq(replayExercises.id, exerciseId), eq(replayExercises.courseId, courseId)))
      .get() ?? null
  );
}

export type Replay = { id: number; exerciseId: number; userId: string; revealedSeq: number; endedAt: Date | null };
const replayColumns = {
  id: replays.id,
  exerciseId: replays.exerciseId,
  userId: replays.userId,
  revealedSeq: replays.revealedSeq,
  endedAt: replays.endedAt,
};

/** The student's replay of the exercise: the open one, else the latest ended (an open one is always the newest); null when none. */
export function currentReplay(exerciseId: number, userId: string, database: Transaction | typeof db = db): Replay | null {
  return (
    database
      .select(replayColumns)
      .from(replays)
      .where(and(eq(replays.exerciseId, exerciseId), eq(replays.userId, userId)))
      .orderBy(desc(replays.id))
      .get() ?? null
  );
}

/** One replay of the student's, by id; null when it is someone else's or none. */
export function findOwnReplay(replayId: number, userId: string, database: Transaction | typeof db = db): Replay | null {
  return (
    database
      .select(replayColumns)
      .from(replays)
      .where(and(eq(replays.id, replayId), eq(replays.userId, userId)))
      .get() ?? null
  );
}

const shownColumns = {
  seq: candles.seq,
  openAt: candles.openAt,
  open: candles.open,
  high: candles.high,
  low: candles.low,
  close: candles.close,
  volume: candles.volume,
};

/**
 * The candles a replay shows at `now`: from the exercise's history before its
 * start up to the last one revealed, and of those only the ones old enough
 * (the cut is read again at every request, never stored).
 */
export function shownCandles(exercise: Pick<Exercise, "datasetId" | "startSeq" | "historyCandles">, throughSeq: number, now: Date) {
  return candlesBetween(exercise.datasetId, exercise.startSeq - exercise.historyCandles, throughSeq, now);
}

/** A dataset's candles from `fromSeq` to `throughSeq` that are old enough to show at `now` (a journal's snapshot). */
export function candlesBetween(datasetId: number, fromSeq: number, throughSeq: number, now: Date) {
  return db
    .select(shownColumns)
    .from(candles)
    .where(
      and(
        eq(candles.datasetId, datasetId),
        between(candles.seq, Math.max(0, fromSeq), throughSeq),
        lte(candles.closeAt, newestShowableClose(now)),
      ),
    )
    .orderBy(asc(candles.seq))
    .all();
}

function candleAt(tx: Transaction, datasetId: number, seq: number) {
  return tx
    .select({ ...shownColumns, closeAt: candles.closeAt })
    .from(candles)
    .where(and(eq(candles.datasetId, datasetId), eq(candles.seq, seq)))
    .get();
}

function exerciseOf(tx: Transaction, exerciseId: number): Exercise | undefined {
  return tx.select(exerciseColumns).from(replayExercises).where(eq(replayExercises.id, exerciseId)).get();
}

export type StartOutcome = { ok: true; replay: Replay } | { ok: false; reason: "not-found" | "not-old-enough" };

/**
 * Begins the student's replay of an exercise at its first candle, or returns
 * the one they have open. Refused while that candle is less than 30 days old.
 */
export function startReplay(exerciseId: number, userId: string, now = new Date()): StartOutcome {
  return db.transaction(
    (tx): StartOutcome => {
      const exercise = exerciseOf(tx, exerciseId);
      if (!exercise) return { ok: false, reason: "not-found" };
      const open = tx
        .select(replayColumns)
        .from(replays)
        .where(and(eq(replays.exerciseId, exerciseId), eq(replays.userId, userId), isNull(replays.endedAt)))
        .get();
      if (open) return { ok: true, replay: open };
      const start = candleAt(tx, exercise.datasetId, exercise.startSeq);
      if (!start || !oldEnoughToShow(start.closeAt, now)) return { ok: false, reason: "not-old-enough" };
      const replay = tx
        .insert(replays)
        .values({ exerciseId, userId, revealedSeq: exercise.startSeq, createdAt: now, updatedAt: now })
        .returning(replayColumns)
        .get();
      return { ok: true, replay };
    },
    { behavior: "immediate" },
  );
}

export type StepOutcome =
  | { ok: true; revealed: ShownCandle[]; closedTrades: number[] }
  | { ok: false; reason: "not-found" | "ended" | "moved-on" | "end-of-data" | "not-old-enough" };

/** At most this many candles a step; "play" asks for one at a time. */
export const MAX_STEP = 20;

/**
 * Reveals the next `count` candles of the student's open replay, settling its
 * open trades on each in turn. `fromSeq` is the last candle the student's page
 * showed: a step from anywhere else (a second tab, a replayed or forged post)
 * changes nothing. Stops early at a candle not yet 30 days old or at the
 * data's end; refused when not even one can be revealed.
 */
export function stepReplay(replayId: number, userId: string, fromSeq: number, count: number, now = new Date()): StepOutcome {
  return db.transaction(
    (tx): StepOutcome => {
      const replay = findOwnReplay(replayId, userId, tx);
      if (!replay) return { ok: false, reason: "not-found" };
      if (replay.endedAt) return { ok: false, reason: "ended" };
      if (replay.revealedSeq !== fromSeq) return { ok: false, reason: "moved-on" };
      const exercise = exerciseOf(tx, replay.exerciseId);
      if (!exercise) return { ok: false, reason: "not-found" };
      const next = tx
        .select({ ...shownColumns, closeAt: candles.closeAt })
        .from(candles)
        .where(and(eq(candles.datasetId, exercise.datasetId), gt(candles.seq, replay.revealedSeq)))
        .orderBy(asc(candles.seq))
        .limit(Math.max(1, Math.min(MAX_STEP, count)))
        .all();
      const revealable = [];
      for (const candle of next) {
        if (!oldEnoughToShow(candle.closeAt, now)) break;
        revealable.push(candle);
      }
      if (revealable.length === 0) return { ok: false, reason: next.length === 0 ? "end-of-data" : "not-old-enough" };
      const closedTrades = settleOpenTrades(tx, replay.id, revealable, now);
      const last = revealable[revealable.length - 1]!;
      tx.update(replays).set({ revealedSeq: last.seq, updatedAt: now }).where(eq(replays.id, replay.id)).run();
      return { ok: true, revealed: revealable.map(({ closeAt: _closeAt, ...candle }) => candle), closedTrades };
    },
    { behavior: "immediate" },
  );
}

/** Each open trade of the replay checked against each new candle in order; the ids of those it closed. */
function settleOpenTrades(tx: Transaction, replayId: number, revealed: ShownCandle[], now: Date): number[] {
  const open = tx
    .select({
      id: paperTrades.id,
      side: paperTrades.side,
      quantity: paperTrades.quantity,
      entryPrice: paperTrades.entryPrice,
      stopLoss: paperTrades.stopLoss,
      target: paperTrades.target,
    })
    .from(paperTrades)
    .where(and(eq(paperTrades.replayId, replayId), isNull(paperTrades.exitSeq)))
    .all();
  const closed: number[] = [];
  for (const trade of open) {
    for (const candle of revealed) {
      const fill = fillOn(trade, candle);
      if (!fill) continue;
      closeTrade(tx, trade, { seq: candle.seq, price: fill.price, reason: fill.reason }, now);
      closed.push(trade.id);
      break;
    }
  }
  return closed;
}

/** Writes a trade's exit and its profit in paise, rounded once. */
export function closeTrade(
  tx: Transaction,
  trade: { id: number; side: "buy" | "sell"; quantity: number; entryPrice: number },
  exit: { seq: number; price: number; reason: "stop" | "target" | "closed" | "replay-end" },
  now: Date,
): void {
  tx.update(paperTrades)
    .set({
      exitSeq: exit.seq,
      exitPrice: exit.price,
      exitReason: exit.reason,
      pnlPaise: profitPaise(trade.side, trade.quantity, trade.entryPrice, exit.price),
      closedAt: now,
      updatedAt: now,
    })
    .where(and(eq(paperTrades.id, trade.id), isNull(paperTrades.exitSeq)))
    .run();
}

/**
 * Ends the student's replay: its open trades close at the last revealed
 * candle's close, and from then on the instrument and dates of a blind
 * exercise may be shown. A second press changes nothing.
 */
export function endReplay(replayId: number, userId: string, now = new Date()): "ended" | "not-found" {
  return db.transaction(
    (tx) => {
      const replay = findOwnReplay(replayId, userId, tx);
      if (!replay) return "not-found";
      if (replay.endedAt) return "ended";
      const exercise = exerciseOf(tx, replay.exerciseId);
      const last = exercise && candleAt(tx, exercise.datasetId, replay.revealedSeq);
      if (last) {
        const open = tx
          .select({ id: paperTrades.id, side: paperTrades.side, quantity: paperTrades.quantity, entryPrice: paperTrades.entryPrice })
          .from(paperTrades)
          .where(and(eq(paperTrades.replayId, replay.id), isNull(paperTrades.exitSeq)))
          .all();
        for (const trade of open) closeTrade(tx, trade, { seq: last.seq, price: last.close, reason: "replay-end" }, now);
      }
      tx.update(replays).set({ endedAt: now, updatedAt: now }).where(eq(replays.id, replay.id)).run();
      return "ended";
    },
    { behavior: "immediate" },
  );
}

export type InstrumentFacts = { exchange: string; symbol: string; name: string; tickUnits: number; isGenerated: boolean; source: string };

/** The instrument and dataset an exercise replays (what a blind one hides until its replay ends). */
export function instrumentOfExercise(exercise: Pick<Exercise, "datasetId">): InstrumentFacts | null {
  return (
    db
      .select({
        exchange: instruments.exchange,
        symbol: instruments.symbol,
        name: instruments.name,
        tickUnits: instruments.tickUnits,
        isGenerated: marketDatasets.isGenerated,
        source: marketDatasets.source,
      })
      .from(marketDatasets)
      .innerJoin(instruments, eq(instruments.id, marketDatasets.instrumentId))
      .where(eq(marketDatasets.id, exercise.datasetId))
      .get() ?? null
  );
}
