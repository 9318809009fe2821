import { and, asc, desc, eq } from "drizzle-orm";
import {
  batchStudents,
  courses,
  journalComments,
  mentors,
  paperTrades,
  replayExercises,
  replays,
  tradeSetups,
  users,
} from "../../../db/schema";
import { db } from "~/utils/db.server";
import type { PublicAdmin } from "../accounts/admin.server";
import { studentName } from "../batches/batch-roster.server";
import { teachesStudent } from "../batches/teaching.server";
import { queueMail } from "../site/outbox.server";

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

/** The trades of a batch's students in the batch's course, newest first (a mentor's review list; at most `limit`). */
export function listBatchJournals(batchId: number, courseId: number, limit = 100) {
  return db
    .select({ ...journalColumns, studentName: studentName })
    .from(paperTrades)
    .innerJoin(replays, eq(replays.id, paperTrades.replayId))
    .innerJoin(replayExercises, eq(replayExercises.id, replays.exerciseId))
    .innerJoin(courses, eq(courses.id, replayExercises.courseId))
    .leftJoin(tradeSetups, eq(tradeSetups.id, paperTrades.setupId))
    .innerJoin(batchStudents, and(eq(batchStudents.userId, paperTrades.userId), eq(batchStudents.batchId, batchId)))
    .innerJoin(users, eq(users.id, paperTrades.userId))
    .where(eq(replayExercises.courseId, courseId))
    .orderBy(desc(paperTrades.createdAt), desc(paperTrades.id))
    .limit(limit)
    .all();
}

/** The name a comment is signed with: the mentor's public name, or the institute's team for an admin without a profile. */
function commenterName(tx: Pick<typeof db, "select">, admin: Pick<PublicAdmin, "mentorId">): string {
  if (admin.mentorId === null) return "Your institute's team";
  return tx.select({ name: mentors.name }).from(mentors).where(eq(mentors.id, admin.mentorId)).get()?.name ?? "Your mentor";
}

export type CommentOutcome = { ok: true; commentId: number } | { ok: false; reason: "not-found" };

/**
 * A mentor's comment on a trade, and the mail telling the student, in one
 * transaction that checks again that `admin` teaches the student in the
 * trade's course (anyone else's trade is not found).
 */
export function addJournalComment(
  tradeId: number,
  admin: Pick<PublicAdmin, "id" | "role" | "mentorId">,
  body: string,
  now = new Date(),
): CommentOutcome {
  return db.transaction(
    (tx): CommentOutcome => {
      const trade = tx
        .select({ userId: paperTrades.userId, courseId: replayExercises.courseId, email: users.email, firstName: users.firstName })
        .from(paperTrades)
        .innerJoin(replays, eq(replays.id, paperTrades.replayId))
        .innerJoin(replayExercises, eq(replayExercises.id, replays.exerciseId))
        .innerJoin(users, eq(users.id, paperTrades.userId))
        .where(eq(paperTrades.id, tradeId))
        .get();
      if (!trade || !teachesStudent(admin, trade.userId, trade.courseId, tx)) return { ok: false, reason: "not-found" };
      const authorName = commenterName(tx, admin);
      const comment = tx
        .insert(journalComments)
        .values({ tradeId, adminId: admin.id, authorName, body, createdAt: now })
        .returning({ id: journalComments.id })
        .get();
      queueMail(
        tx,
        { to: trade.email, userId: trade.userId, payload: { kind: "journal-comment", tradeId, firstName: trade.firstName, authorName } },
        now,
      );
      return { ok: true, commentId: comment.id };
    },
    { behavior: "immediate" },
  );
}
