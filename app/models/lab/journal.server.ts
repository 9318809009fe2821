import { asc, desc, eq } from "drizzle-orm";
import { courses, journalComments, paperTrades, replayExercises, replays, tradeSetups } from "../../../db/schema";
import { db } from "~/utils/db.server";

// A student's trade journal: every paper trade with its setup, reason,
// outcome, their notes and their mentors' comments. Private to the student
// and the mentors who teach them (docs/decisions/0064-the-practice-lab.md).

const journalColumns = {
  id: paperTrades.id,
  userId: paperTrades.userId,
  replayId: paperTrades.replayId,
  side: paperTrades.side,
  quantity: paperTrades.quantity,
  entrySeq: paperTrades.entrySeq,
  entryPrice: paperTrades.entryPrice,
  stopLoss: paperTrades.stopLoss,
  target: paperTrades.target,
  reason: paperTrades.reason,
  notes: paperTrades.notes,
  exitSeq: paperTrades.exitSeq,
  exitPrice: paperTrades.exitPrice,
  exitReason: paperTrades.exitReason,
  pnlPaise: paperTrades.pnlPaise,
  createdAt: paperTrades.createdAt,
  setup: tradeSetups.name,
  exerciseId: replayExercises.id,
  exerciseTitle: replayExercises.title,
  courseId: replayExercises.courseId,
  courseTitle: courses.title,
  revealedSeq: replays.revealedSeq,
  replayEndedAt: replays.endedAt,
};

const journalRows = () =>
  db
    .select(journalColumns)
    .from(paperTrades)
    .innerJoin(replays, eq(replays.id, paperTrades.replayId))
    .innerJoin(replayExercises, eq(replayExercises.id, replays.exerciseId))
    .innerJoin(courses, eq(courses.id, replayExercises.courseId))
    .leftJoin(tradeSetups, eq(tradeSetups.id, paperTrades.setupId));

export type JournalEntry = NonNullable<ReturnType<typeof findJournalTrade>>;

/** The student's trades, newest first. */
export function listJournal(userId: string) {
  return journalRows().where(eq(paperTrades.userId, userId)).orderBy(desc(paperTrades.createdAt), desc(paperTrades.id)).all();
}

/** One trade of the journal; the caller decides who may read it (the student, or a mentor who teaches them). */
export function findJournalTrade(tradeId: number) {
  return journalRows().where(eq(paperTrades.id, tradeId)).get() ?? null;
}

export function commentsOnTrade(tradeId: number) {
  return db
    .select({
      id: journalComments.id,
      authorName: journalComments.authorName,
      body: journalComments.body,
      createdAt: journalComments.createdAt,
    })
    .from(journalComments)
    .where(eq(journalComments.tradeId, tradeId))
    .orderBy(asc(journalComments.createdAt), asc(journalComments.id))
    .all();
}
