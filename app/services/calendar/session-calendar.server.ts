import type { StoredOutboxAttachment } from "../../../db/schema";
import { isCalledOff, sessionPlace, type SessionView } from "~/models/batches/live-session.server";
import { readSettings } from "~/models/site/site-settings.server";
import { publicOrigin } from "~/utils/env.server";
import { liveSessionPath } from "~/utils/live-session-path";
import { calendarAttachment, calendarFilename, calendarText, calendarUid, type CalendarEntry } from "./calendar.server";

// A batch's live sessions as calendar entries: one session's file (its page's
// "Add to calendar", the mail that says it moved or was called off) and a
// student's private feed of all their classes. Every copy of a session has
// the same UID and the session's own sequence, so a calendar replaces its
// entry. The entry leads to the session's page on this site, never to the
// meeting: the link is handed out only by Join.

type CalendarSession = Pick<
  SessionView,
  | "id"
  | "courseId"
  | "courseTitle"
  | "batchName"
  | "title"
  | "description"
  | "startsAt"
  | "durationMinutes"
  | "sequence"
  | "cancelledAt"
  | "batchCancelledAt"
  | "meetingService"
  | "room"
  | "venue"
>;

function entryOf(session: CalendarSession, origin: string): CalendarEntry {
  const page = `${origin}${liveSessionPath(session.courseId, session.id)}`;
  const about = `Live class of ${session.courseTitle} (${session.batchName}).`;
  return {
    uid: calendarUid("batch-session", session.id, origin),
    sequence: session.sequence,
    title: session.title,
    description: [about, session.description.trim(), `Details, and Join from 15 minutes before the start: ${page}`]
      .filter(Boolean)
      .join("\n\n"),
    start: session.startsAt,
    durationMinutes: session.durationMinutes,
    location: sessionPlace(session),
    url: page,
    cancelled: isCalledOff(session),
  };
}

/** One session's .ics text. */
export const sessionCalendar = (session: CalendarSession, origin = publicOrigin()) => calendarText([entryOf(session, origin)]);

/** "support-and-resistance.ics". */
export const sessionCalendarFilename = (session: Pick<CalendarSession, "title">) => calendarFilename(session.title, "live-class");

/** One session's calendar file as a mail attachment. */
export function sessionCalendarAttachment(session: CalendarSession, origin = publicOrigin()): StoredOutboxAttachment {
  return calendarAttachment(sessionCalendarFilename(session), sessionCalendar(session, origin));
}

/** A student's feed: every session of their batches, past and future, called-off ones marked so. */
export function sessionsFeed(sessions: CalendarSession[], origin = publicOrigin()): string {
  return calendarText(
    sessions.map((session) => entryOf(session, origin)),
    { name: `${readSettings("institute").name}: live classes` },
  );
}
