import { and, asc, eq, sql } from "drizzle-orm";
import { batchSessions, batches, mentors } from "../../../db/schema";
import { db } from "~/utils/db.server";
import { parseId } from "~/utils/validation";

// A batch's timetable: its live sessions. A change a calendar must pick up (the
// time, the length, the place, the title, a cancellation) raises the
// session's sequence, so a calendar feed's copy of it is replaced, not added
// beside (RFC 5545, SEQUENCE).

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

const changesCalendar = (stored: BatchSession, input: BatchSessionInput) =>
  CALENDAR_FIELDS.some((field) => {
    const before = stored[field];
    const after = input[field];
    return before instanceof Date && after instanceof Date ? before.getTime() !== after.getTime() : before !== after;
  });

export type BatchSessionSave =
  { ok: true; session: BatchSession; calendarChanged: boolean } | { ok: false; reason: "not-found" | "unknown-mentor" | "cancelled" };

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
        return { ok: true, session, calendarChanged: false };
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
      return { ok: true, session, calendarChanged };
    },
    { behavior: "immediate" },
  );
}

export type BatchSessionCancel = { ok: true; session: BatchSession } | { ok: false; reason: "not-found" | "cancelled" };

/** Calls a session off: it stays on the timetable, marked cancelled, and calendars are told (its sequence rises). */
export function cancelBatchSession(batchId: number, id: number, now = new Date()): BatchSessionCancel {
  return db.transaction(
    (tx): BatchSessionCancel => {
      const stored = tx
        .select({ cancelledAt: batchSessions.cancelledAt })
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
      return { ok: true, session };
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
