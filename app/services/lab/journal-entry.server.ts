import { commentsOnTrade, type JournalEntry } from "~/models/lab/journal.server";
import { candlesBetween, findExercise, instrumentOfExercise } from "~/models/lab/replay.server";
import { formatIndiaDateTime } from "~/utils/dates";
import { formatProfit } from "~/utils/money";
import { formatMarketPrice } from "~/utils/price-units";

// One journal entry as its page shows it, to the student and to a mentor who
// teaches them: the chart around the trade (while the replay is open, only
// the candles the student has seen; once it ends, those after the exit too),
// the reason, the outcome, the notes and the comments.

/** Candles shown before the entry, and after the exit once the replay has ended. */
const CONTEXT_CANDLES = 40;

export type JournalEntryView = ReturnType<typeof journalEntryView>;

export function journalEntryView(entry: JournalEntry, now = new Date()) {
  const exercise = findExercise(entry.courseId, entry.exerciseId);
  const instrument = exercise && instrumentOfExercise(exercise);
  const ended = entry.replayEndedAt !== null;
  const through = ended ? Math.max(entry.revealedSeq, entry.exitSeq ?? 0) + CONTEXT_CANDLES : entry.revealedSeq;
  const candles = exercise ? candlesBetween(exercise.datasetId, entry.entrySeq - CONTEXT_CANDLES, through, now) : [];
  const tick = instrument?.tickUnits ?? 1;
  const price = (units: number) => `₹${formatMarketPrice(units, tick)}`;
  const revealed = !!exercise && (!exercise.isBlind || ended);
  return {
    id: entry.id,
    courseId: entry.courseId,
    exercise: { id: entry.exerciseId, title: entry.exerciseTitle },
    instrument: revealed && instrument ? `${instrument.exchange}:${instrument.symbol} · ${instrument.name}` : null,
    generated: instrument?.isGenerated ?? false,
    side: entry.side,
    quantity: entry.quantity,
    entry: price(entry.entryPrice),
    stopLoss: entry.stopLoss === null ? null : price(entry.stopLoss),
    target: entry.target === null ? null : price(entry.target),
    exit: entry.exitPrice === null ? null : price(entry.exitPrice),
    exitReason: entry.exitReason,
    profit: entry.pnlPaise === null ? null : formatProfit(entry.pnlPaise),
    setup: entry.setup,
    reason: entry.reason,
    notes: entry.notes,
    placed: formatIndiaDateTime(entry.createdAt),
    candles: candles.map(({ seq, open, high, low, close }) => ({ seq, open, high, low, close })),
    tickUnits: tick,
    marks: [
      { price: entry.entryPrice, label: "Entry", tone: "entry" as const },
      ...(entry.exitPrice !== null
        ? [{ price: entry.exitPrice, label: "Exit", tone: (entry.pnlPaise ?? 0) >= 0 ? ("target" as const) : ("stop" as const) }]
        : []),
    ],
    comments: commentsOnTrade(entry.id).map((comment) => ({ ...comment, createdAt: formatIndiaDateTime(comment.createdAt) })),
  };
}
