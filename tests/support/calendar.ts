import type { batchSessions } from "../../db/schema";
import type { BatchSessionInput } from "~/models/batches/batch-session.server";

// For tests of calendar files and the timetable that makes them.

/** An .ics text's lines with RFC 5545 folding undone (a long line continues after CRLF and a space or tab). */
export const unfoldedCalendar = (ics: string) => ics.replace(/\r\n[ \t]/g, "").split("\r\n");

/** The form's input that would save the stored session as it is, with `change` applied. */
export const sessionInputOf = (session: typeof batchSessions.$inferSelect, change: Partial<BatchSessionInput> = {}): BatchSessionInput => ({
  title: session.title,
  description: session.description,
  startsAt: session.startsAt,
  durationMinutes: session.durationMinutes,
  mentorId: session.mentorId,
  joinUrl: session.joinUrl,
  room: session.room,
  pricesAtLeast30DaysOld: session.pricesAtLeast30DaysOld,
  ...change,
});
