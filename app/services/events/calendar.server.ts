import { createEvent } from "ics";
import type { StoredOutboxAttachment } from "../../../db/schema";
import type { RegisteredEvent } from "~/models/events/registered-event.server";
import { readSettings } from "~/models/site/site-settings.server";
import { publicOrigin } from "~/utils/env.server";

// One event as an iCalendar file (RFC 5545), built by the `ics` library: the
// same file is attached to the registration mail and downloaded from
// /account/events. Times are written in UTC (DTSTART:…Z), so every calendar
// shows the event at the right moment in its own zone.

export const CALENDAR_CONTENT_TYPE = "text/calendar; charset=utf-8";

/**
 * Where a registered student joins: the join link, else the event's own link,
 * made absolute (an admin may give a path on this site); null when it has neither.
 */
export function eventLink(event: Pick<RegisteredEvent, "registrationUrl" | "joinUrl">, origin = publicOrigin()): string | null {
  const link = event.joinUrl ?? event.registrationUrl;
  if (!link) return null;
  // Older rows were saved before the admin form checked links: one that is no URL is no link.
  return URL.parse(link, `${origin}/`)?.toString() ?? null;
}

/** The .ics text of one event; the UID is the event's, so adding it again updates the same entry. */
export function eventCalendar(event: RegisteredEvent, origin = publicOrigin()): string {
  const link = eventLink(event, origin);
  const instituteName = readSettings("institute").name;
  const { error, value } = createEvent({
    productId: `-//${instituteName.replace(/[/\n\r]/g, "")}//Events//EN`,
    uid: `event-${event.id}@${new URL(origin).hostname}`,
    title: event.title,
    description: `${instituteName}: ${event.title}. Your registration: ${origin}/account/events`,
    start: event.eventDate.getTime(),
    startInputType: "utc",
    startOutputType: "utc",
    duration: { minutes: event.durationMinutes },
    ...(event.venue || link ? { location: event.venue ?? link ?? undefined } : {}),
    url: link ?? `${origin}/account/events`,
    status: "CONFIRMED",
    organizer: { name: instituteName },
  });
  if (error || !value) throw error ?? new Error("The calendar file could not be made.");
  return value;
}

/** "live-nifty-webinar.ics": the title in lower case, letters and digits only. */
export function calendarFilename(event: Pick<RegisteredEvent, "title">): string {
  const stem = event.title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60);
  return `${stem || "event"}.ics`;
}

/** The event's calendar file as a mail attachment. */
export function eventCalendarAttachment(event: RegisteredEvent, origin = publicOrigin()): StoredOutboxAttachment {
  return {
    filename: calendarFilename(event),
    contentType: CALENDAR_CONTENT_TYPE,
    contentBase64: Buffer.from(eventCalendar(event, origin), "utf8").toString("base64"),
  };
}
