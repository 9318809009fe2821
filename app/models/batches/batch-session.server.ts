import { and, asc, eq, isNull, sql } from "drizzle-orm";
import { batchSessions, batchStudents, batches, mentors, users } from "../../../db/schema";
import { db, type Transaction } from "~/utils/db.server";
import { parseId } from "~/utils/validation";
import type { OutboxPayload, SessionChange } from "../site/outbox-payload";
import { queueMail } from "../site/outbox.server";

// A batch's timetable: its live sessions. A change a calendar must pick up (the
// time, the length, the place, the title, a cancellation) raises the
// session's sequence, so a calendar feed's copy of it is replaced, not added
// beside (RFC 5545, SEQUENCE). A change a student would notice (the time, the
// length, where it meets, a cancellation) is also mailed to every student of
// the batch, queued in the transaction that makes the change.

export type BatchSessionInput = {
  title: string;
  description: string;
  startsAt: Date;
  durationMinutes: number;
  mentorId: number | null;
  joinUrl: string | null;
  room: string | null;
  pricesAtLeast30DaysOld: boolean;
};

export type BatchSession = typeof batchSessions.$inferSelect;

/** The fields whose change a student's calendar must show. */
const CALENDAR_FIELDS = ["title", "startsAt", "durationMinutes", "joinUrl", "room"] as const;

/** The fields whose change is mailed to the students, by what the mail calls it; a retitled class keeps its slot. */
const NOTICED_FIELDS: Record<SessionChange["changed"][number], (keyof BatchSessionInput)[]> = {
  time: ["startsAt"],
  length: ["durationMinutes"],
  place: ["joinUrl", "room"],
};

const differs = (stored: BatchSession, input: BatchSessionInput, field: keyof BatchSessionInput & keyof BatchSession) => {
  const before = stored[field];
  const after = input[field];
  return before instanceof Date && after instanceof Date ? before.getTime() !== after.getTime() : before !== after;
};

const changesCalendar = (stored: BatchSession, input: BatchSessionInput) => CALENDAR_FIELDS.some((field) => differs(stored, input, field));

const noticedChanges = (stored: BatchSession, input: BatchSessionInput): SessionChange["changed"] =>
  (Object.keys(NOTICED_FIELDS) as SessionChange["changed"]).filter((name) =>
    NOTICED_FIELDS[name].some((field) => differs(stored, input, field)),
  );

const endOf = (session: Pick<BatchSession, "startsAt" | "durationMinutes">) =>
  session.startsAt.getTime() + session.durationMinutes * 60_000;

/**
 * Queues one mail to each student of the batch, unless the batch is called off
 * (its students hear of that instead) or the class was over before and after
 * the change (a record put right, not news). Returns how many were told.
 */
function tellStudents(
  tx: Transaction,
  session: { batchId: number; times: Pick<BatchSession, "startsAt" | "durationMinutes">[] },
  payload: (firstName: string | null) => OutboxPayload,
  now: Date,
): number {
  if (session.times.every((times) => endOf(times) <= now.getTime())) return 0;
  const students = tx
    .select({ userId: users.id, email: users.email, firstName: users.firstName })
    .from(batchStudents)
    .innerJoin(batches, eq(batches.id, batchStudents.batchId))
    .innerJoin(users, eq(users.id, batchStudents.userId))
    .where(
      and(eq(batchStudents.batchId, session.batchId), isNull(batches.cancelledAt), isNull(users.deactivatedAt), isNull(users.erasedAt)),
    )
    .orderBy(batchStudents.id)
    .all();
  for (const student of students) queueMail(tx, { to: student.email, userId: student.userId, payload: payload(student.firstName) }, now);
  return students.length;
}

export type BatchSessionSave =
  | { ok: true; session: BatchSession; calendarChanged: boolean; studentsTold: number }
  | { ok: false; reason: "not-found" | "unknown-mentor" | "cancelled" };

/** Adds a session to a batch's timetable, or changes one (a cancelled one stays as it is). */
export function saveBatchSession(batchId: number, input: BatchSessionInput, id?: number, now = new Date()): BatchSessionSave {
  return db.transaction(
    (tx): BatchSessionSave => {
      if (!tx.select({ id: batches.id }).from(batches).where(eq(batches.id, batchId)).get()) return { ok: false, reason: "not-found" };
      if (input.mentorId !== null && !tx.select({ id: mentors.id }).from(mentors).where(eq(mentors.id, input.mentorId)).get())
        return { ok: false, reason: "unknown-mentor" };
      if (id === undefined) {
        const session = tx
          .insert(batchSessions)
          .values({ ...input, batchId, createdAt: now, updatedAt: now })
          .returning()
          .get();
        return { ok: true, session, calendarChanged: false, studentsTold: 0 };
      }
      const stored = tx
        .select()
        .from(batchSessions)
        .where(and(eq(batchSessions.id, id), eq(batchSessions.batchId, batchId)))
        .get();
      if (!stored) return { ok: false, reason: "not-found" };
      if (stored.cancelledAt) return { ok: false, reason: "cancelled" };
      const calendarChanged = changesCalendar(stored, input);
      const session = tx
        .update(batchSessions)
        .set({ ...input, sequence: calendarChanged ? sql`${batchSessions.sequence} + 1` : stored.sequence, updatedAt: now })
        .where(eq(batchSessions.id, id))
        .returning()
        .get();
      const changed = noticedChanges(stored, input);
      const change = { changed, previousStartsAt: stored.startsAt.toISOString() };
      const studentsTold =
        changed.length === 0
          ? 0
          : tellStudents(
              tx,
              { batchId, times: [stored, session] },
              (firstName) => ({ kind: "batch-session-changed", sessionId: id, firstName, change }),
              now,
            );
      return { ok: true, session, calendarChanged, studentsTold };
    },
    { behavior: "immediate" },
  );
}

export type BatchSessionCancel =
  { ok: true; session: BatchSession; studentsTold: number } | { ok: false; reason: "not-found" | "cancelled" };

/** Calls a session off: it stays on the timetable, marked cancelled, calendars are told (its sequence rises) and so are its students, by mail. */
export function cancelBatchSession(batchId: number, id: number, now = new Date()): BatchSessionCancel {
  return db.transaction(
    (tx): BatchSessionCancel => {
      const stored = tx
        .select({
          cancelledAt: batchSessions.cancelledAt,
          startsAt: batchSessions.startsAt,
          durationMinutes: batchSessions.durationMinutes,
        })
        .from(batchSessions)
        .where(and(eq(batchSessions.id, id), eq(batchSessions.batchId, batchId)))
        .get();
      if (!stored) return { ok: false, reason: "not-found" };
      if (stored.cancelledAt) return { ok: false, reason: "cancelled" };
      const session = tx
        .update(batchSessions)
        .set({ cancelledAt: now, sequence: sql`${batchSessions.sequence} + 1`, updatedAt: now })
        .where(eq(batchSessions.id, id))
        .returning()
        .get();
      const studentsTold = tellStudents(
        tx,
        { batchId, times: [stored] },
        (firstName) => ({ kind: "batch-session-cancelled", sessionId: id, firstName }),
        now,
      );
      return { ok: true, session, studentsTold };
    },
    { behavior: "immediate" },
  );
}

export type TimetableRow = BatchSession & { mentorName: string | null };

/** A batch's timetable in order of time, cancelled sessions included (marked). */
export function listBatchSessions(batchId: number): TimetableRow[] {
  return db
    .select({ session: batchSessions, mentorName: mentors.name })
    .from(batchSessions)
    .leftJoin(mentors, eq(mentors.id, batchSessions.mentorId))
    .where(eq(batchSessions.batchId, batchId))
    .orderBy(asc(batchSessions.startsAt), asc(batchSessions.id))
    .all()
    .map(({ session, mentorName }) => ({ ...session, mentorName }));
}

/** One session of a batch, or null. */
export function findBatchSession(batchId: number, id: string | number | undefined): BatchSession | null {
  const numericId = typeof id === "number" ? id : parseId(id ?? "");
  if (numericId === null) return null;
  return (
    db
      .select()
      .from(batchSessions)
      .where(and(eq(batchSessions.id, numericId), eq(batchSessions.batchId, batchId)))
      .get() ?? null
  );
}
