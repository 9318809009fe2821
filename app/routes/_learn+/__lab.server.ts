import type { Params } from "@remix-run/react";
import { findSessionForStudent } from "~/models/batches/live-session.server";
import { findLesson } from "~/models/classroom/curriculum.server";
import { listTradeSetups } from "~/models/lab/exercise.server";
import { tradesOfReplay } from "~/models/lab/paper-trade.server";
import { currentReplay, findExercise, instrumentOfExercise, shownCandles, type Exercise } from "~/models/lab/replay.server";
import { formatIndiaDateTime } from "~/utils/dates";
import { formatProfit } from "~/utils/money";
import { formatMarketPrice } from "~/utils/price-units";
import { parseId } from "~/utils/validation";
import { courseOr404, lessonLock, lockedResponse, notFound, requireClassroomAccess, type ClassroomDoor } from "./__classroom.server";

// The practice lab's door and page data (docs/decisions/0064-the-practice-lab.md).
// A replay is an enrolled student's: the exercise's lesson must be open to them
// (drip release), and an exercise of a live class is for that class's batch
// alone. What the page carries is only what the student has been shown.

export type LabDoor = { course: { id: number; title: string }; door: ClassroomDoor; exercise: Exercise };

export async function labDoor(request: Request, params: Params): Promise<LabDoor> {
  const course = courseOr404(params.courseId);
  const door = await requireClassroomAccess(request, { courseId: course.id, isFreePreview: false });
  const exerciseId = parseId(params.exerciseId);
  const exercise = exerciseId === null ? null : findExercise(course.id, exerciseId);
  if (!exercise) throw notFound();
  if (door.access === "enrolled" && door.userId) {
    if (exercise.lessonId !== null) {
      const lesson = findLesson(course.id, exercise.lessonId);
      if (!lesson) throw notFound();
      const opensAt = lessonLock(door, lesson);
      if (opensAt) throw lockedResponse(opensAt);
    }
    if (exercise.batchSessionId !== null && !findSessionForStudent(course.id, exercise.batchSessionId, door.userId)) throw notFound();
  }
  return { course, door, exercise };
}

/** The page: the exercise, the student's replay with the candles shown so far, their trades, and the setups to name. */
export function labPageData({ course, door, exercise }: LabDoor, now = new Date()) {
  const instrument = instrumentOfExercise(exercise);
  if (!instrument) throw notFound();
  const replay = door.userId && door.access === "enrolled" ? currentReplay(exercise.id, door.userId) : null;
  const ended = replay?.endedAt != null;
  // A blind replay hides what it is and when until the student ends it.
  const revealed = !exercise.isBlind || ended;
  const candles = replay ? shownCandles(exercise, replay.revealedSeq, now) : [];
  const last = candles.at(-1) ?? null;
  const price = (units: number) => `₹${formatMarketPrice(units, instrument.tickUnits)}`;
  const trades = replay
    ? tradesOfReplay(replay.id).map((trade) => ({
        id: trade.id,
        side: trade.side,
        quantity: trade.quantity,
        entry: price(trade.entryPrice),
        stopLoss: trade.stopLoss === null ? null : price(trade.stopLoss),
        target: trade.target === null ? null : price(trade.target),
        open: trade.exitSeq === null,
        exit: trade.exitPrice === null ? null : price(trade.exitPrice),
        exitReason: trade.exitReason,
        profit: trade.pnlPaise === null ? null : formatProfit(trade.pnlPaise),
        marks: [
          { price: trade.entryPrice, label: `Entry ${price(trade.entryPrice)}`, tone: "entry" as const },
          ...(trade.exitSeq === null && trade.stopLoss !== null
            ? [{ price: trade.stopLoss, label: "Stop-loss", tone: "stop" as const }]
            : []),
          ...(trade.exitSeq === null && trade.target !== null ? [{ price: trade.target, label: "Target", tone: "target" as const }] : []),
        ],
      }))
    : [];
  return {
    course,
    exercise: { id: exercise.id, title: exercise.title, isBlind: exercise.isBlind },
    isPreview: door.access === "admin",
    instrument: revealed
      ? {
          label: `${instrument.exchange}:${instrument.symbol} · ${instrument.name}`,
          generated: instrument.isGenerated,
          source: instrument.source,
        }
      : null,
    replay: replay && {
      id: replay.id,
      ended,
      atSeq: replay.revealedSeq,
      step: candles.length,
      lastClose: last ? price(last.close) : null,
      lastTime: revealed && last ? formatIndiaDateTime(last.openAt) : null,
    },
    candles: candles.map(({ seq, open, high, low, close }) => ({ seq, open, high, low, close })),
    tickUnits: instrument.tickUnits,
    trades,
    setups: listTradeSetups(course.id).map((setup) => ({ value: String(setup.id), label: setup.name })),
  };
}
