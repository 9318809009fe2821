import { and, asc, eq, gt, isNull, sql } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import { batchSessions, batchStudents, batches, courses, mentors, sessionAttendance } from "../../../db/schema";
import { db, type Transaction } from "~/utils/db.server";
import { meetingServiceOf, type MeetingService } from "~/utils/meeting-services";

// A batch's live session as its students meet it (decision 0059): its page
// is theirs alone, its meeting link is handed out only by "Join" (a POST that
// records "joined" once and redirects), from 15 minutes before the start
// until the end. Membership is read on every request and again inside the
// transaction that records the join.

/** How long before the start the Join button opens. */
export const JOIN_OPENS_MS = 15 * 60_000;

export type JoinWindow = "not-yet" | "open" | "over" | "cancelled";

/** Where the session stands for joining at `now`. */
export function joinWindow(session: { startsAt: Date; durationMinutes: number; cancelledAt: Date | null }, now: Date): JoinWindow {
  if (session.cancelledAt !== null) return "cancelled";
  const start = session.startsAt.getTime();
  if (now.getTime() < start - JOIN_OPENS_MS) return "not-yet";
  return now.getTime() < start + session.durationMinutes * 60_000 ? "open" : "over";
}

type Reader = Pick<Transaction, "select">;

/** Whether the student holds a seat in the batch. */
const inBatch = (tx: Reader, batchId: number, userId: string) =>
  tx
    .select({ id: batchStudents.id })
    .from(batchStudents)
    .where(and(eq(batchStudents.batchId, batchId), eq(batchStudents.userId, userId)))
    .get() !== undefined;

const sessionColumns = {
  id: batchSessions.id,
  batchId: batchSessions.batchId,
  title: batchSessions.title,
  description: batchSessions.description,
  startsAt: batchSessions.startsAt,
  durationMinutes: batchSessions.durationMinutes,
  cancelledAt: batchSessions.cancelledAt,
  joinUrl: batchSessions.joinUrl,
  room: batchSessions.room,
  sequence: batchSessions.sequence,
  mentorName: mentors.name,
  batchName: batches.name,
  venue: batches.venue,
  batchCancelledAt: batches.cancelledAt,
  courseId: batches.courseId,
  courseTitle: courses.title,
};

/** A session as its page, its mails and calendar entries describe it: never its meeting link. */
export type SessionView = {
  id: number;
  batchId: number;
  title: string;
  description: string;
  startsAt: Date;
  durationMinutes: number;
  cancelledAt: Date | null;
  /** The meeting's service ("Zoom"), never its link; null for a class in a room. */
  meetingService: MeetingService | null;
  room: string | null;
  /** iCalendar's SEQUENCE: raised by each change a calendar must pick up. */
  sequence: number;
  mentorName: string | null;
  batchName: string;
  venue: string | null;
  /** Set when the whole batch was called off: its sessions will not happen either. */
  batchCancelledAt: Date | null;
  courseId: number;
  courseTitle: string;
};

export type LiveSessionView = SessionView & {
  /** When the student pressed Join; null if they have not. */
  joinedAt: Date | null;
};

/** Where a session meets, in words: the meeting service ("Online, on Zoom") or the room and the venue; never the link. */
export function sessionPlace(session: Pick<SessionView, "meetingService" | "room" | "venue">): string {
  if (session.meetingService) return `Online, on ${session.meetingService}`;
  return [session.room, session.venue].filter(Boolean).join(", ") || "To be announced";
}

/** Whether the session will not take place: called off itself, or with its whole batch. */
export const isCalledOff = (session: Pick<SessionView, "cancelledAt" | "batchCancelledAt">) =>
  session.cancelledAt !== null || session.batchCancelledAt !== null;

/** The row as it may be shown: the link traded for its service's name. */
function viewOf<Row extends { joinUrl: string | null }>({
  joinUrl,
  ...shown
}: Row): Omit<Row, "joinUrl"> & { meetingService: MeetingService | null } {
  return { ...shown, meetingService: joinUrl ? meetingServiceOf(joinUrl) : null };
}

/** The rows behind a session's view, each with its batch, course and mentor. */
const sessionRows = () =>
  db
    .select(sessionColumns)
    .from(batchSessions)
    .innerJoin(batches, eq(batches.id, batchSessions.batchId))
    .innerJoin(courses, eq(courses.id, batches.courseId))
    .leftJoin(mentors, eq(mentors.id, batchSessions.mentorId));

/** A session as mails describe it now, whoever reads it; null when it has been deleted. */
export function findSessionForMail(sessionId: number): SessionView | null {
  const row = sessionRows().where(eq(batchSessions.id, sessionId)).get();
  return row ? viewOf(row) : null;
}

/** Every session of every batch the student is in, past and future, called-off ones included, in order of time. */
export function sessionsOfStudent(userId: string): SessionView[] {
  return sessionRows()
    .innerJoin(batchStudents, and(eq(batchStudents.batchId, batchSessions.batchId), eq(batchStudents.userId, userId)))
    .orderBy(asc(batchSessions.startsAt), asc(batchSessions.id))
    .all()
    .map(viewOf);
}

/**
 * A session of the course as the student sees it, or null when it is not one
 * of the course's or the student is not in its batch. The meeting link is not
 * part of it: only Join hands it out.
 */
export function findSessionForStudent(courseId: number, sessionId: number, userId: string): LiveSessionView | null {
  const session = db
    .select({ ...sessionColumns, joinedAt: sessionAttendance.joinedAt })
    .from(batchSessions)
    .innerJoin(batches, eq(batches.id, batchSessions.batchId))
    .innerJoin(courses, eq(courses.id, batches.courseId))
    .leftJoin(mentors, eq(mentors.id, batchSessions.mentorId))
    .leftJoin(sessionAttendance, and(eq(sessionAttendance.sessionId, batchSessions.id), eq(sessionAttendance.userId, userId)))
    .where(and(eq(batchSessions.id, sessionId), eq(batches.courseId, courseId)))
    .get();
  if (!session || !inBatch(db, session.batchId, userId)) return null;
  return viewOf(session);
}

export type JoinOutcome = { ok: true; joinUrl: string } | { ok: false; reason: "not-found" | "no-link" | Exclude<JoinWindow, "open"> };

/**
 * Join: inside one write transaction, the student's seat in the batch and the
 * join window are read, "joined" is recorded once (the first press's time is
 * kept, whatever comes after), and the meeting link is handed back.
 */
export function joinSession(courseId: number, sessionId: number, userId: string, now = new Date()): JoinOutcome {
  return db.transaction(
    (tx): JoinOutcome => {
      const session = tx
        .select({
          batchId: batchSessions.batchId,
          startsAt: batchSessions.startsAt,
          durationMinutes: batchSessions.durationMinutes,
          cancelledAt: batchSessions.cancelledAt,
          joinUrl: batchSessions.joinUrl,
        })
        .from(batchSessions)
        .innerJoin(batches, eq(batches.id, batchSessions.batchId))
        .where(and(eq(batchSessions.id, sessionId), eq(batches.courseId, courseId)))
        .get();
      if (!session || !inBatch(tx, session.batchId, userId)) return { ok: false, reason: "not-found" };
      const window = joinWindow(session, now);
      if (window !== "open") return { ok: false, reason: window };
      if (!session.joinUrl) return { ok: false, reason: "no-link" };
      tx.insert(sessionAttendance)
        .values({ sessionId, userId, joinedAt: now })
        .onConflictDoUpdate({
          target: [sessionAttendance.sessionId, sessionAttendance.userId],
          set: { joinedAt: sql`coalesce(${sessionAttendance.joinedAt}, excluded.joined_at)` },
        })
        .run();
      return { ok: true, joinUrl: session.joinUrl };
    },
    { behavior: "immediate" },
  );
}

export type NextSession = {
  batchId: number;
  batchName: string;
  courseId: number;
  courseTitle: string;
  session: { id: number; title: string; startsAt: Date; durationMinutes: number } | null;
};

/** The id of the batch's next session not yet over at `now` (one under way counts), as a subquery on the batch id column given. */
export const nextSessionIdOf = (batchId: SQLiteColumn, now: Date) =>
  sql`(${db
    .select({ id: batchSessions.id })
    .from(batchSessions)
    .where(
      and(
        eq(batchSessions.batchId, batchId),
        isNull(batchSessions.cancelledAt),
        gt(sql`${batchSessions.startsAt} + ${batchSessions.durationMinutes} * 60000`, now.getTime()),
      ),
    )
    .orderBy(asc(batchSessions.startsAt), asc(batchSessions.id))
    .limit(1)})`;

/** Each batch the student is in, with its next session not yet over (none when its timetable is done), soonest first. */
export function nextSessionsOfStudent(userId: string, now = new Date()): NextSession[] {
  const rows = db
    .select({
      batchId: batches.id,
      batchName: batches.name,
      courseId: courses.id,
      courseTitle: courses.title,
      sessionId: batchSessions.id,
      title: batchSessions.title,
      startsAt: batchSessions.startsAt,
      durationMinutes: batchSessions.durationMinutes,
    })
    .from(batchStudents)
    .innerJoin(batches, eq(batches.id, batchStudents.batchId))
    .innerJoin(courses, eq(courses.id, batches.courseId))
    .leftJoin(batchSessions, eq(batchSessions.id, nextSessionIdOf(batchStudents.batchId, now)))
    .where(eq(batchStudents.userId, userId))
    .all();
  return rows
    .map((row) => ({
      batchId: row.batchId,
      batchName: row.batchName,
      courseId: row.courseId,
      courseTitle: row.courseTitle,
      session:
        row.sessionId === null || row.title === null || row.startsAt === null || row.durationMinutes === null
          ? null
          : { id: row.sessionId, title: row.title, startsAt: row.startsAt, durationMinutes: row.durationMinutes },
    }))
    .sort((a, b) => (a.session?.startsAt.getTime() ?? Infinity) - (b.session?.startsAt.getTime() ?? Infinity));
}
