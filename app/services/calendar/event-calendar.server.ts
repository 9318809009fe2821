import type { StoredOutboxAttachment } from "../../../db/schema";
import type { RegisteredEvent } from "~/models/events/registered-event.server";
import { readSettings } from "~/models/site/site-settings.server";
import { publicOrigin } from "~/utils/env.server";
import { calendarAttachment, calendarFilename, calendarText, calendarUid } from "./calendar.server";

// One event as a calendar entry: the same file is attached to the
// registration mail and downloaded from /account/events. An event has no
// sequence of its own, so its entry stays at 0 (a changed event is not yet
// re-sent to calendars).

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
  return calendarText([
    {
      uid: calendarUid("event", event.id, origin),
      sequence: 0,
      title: event.title,
      description: `${instituteName}: ${event.title}. Your registration: ${origin}/account/events`,
      start: event.eventDate,
      durationMinutes: event.durationMinutes,
      location: event.venue ?? link,
      url: link ?? `${origin}/account/events`,
      cancelled: false,
    },
  ]);
}

/** "live-nifty-webinar.ics". */
export const eventCalendarFilename = (event: Pick<RegisteredEvent, "title">) => calendarFilename(event.title);

/** The event's calendar file as a mail attachment. */
export function eventCalendarAttachment(event: RegisteredEvent, origin = publicOrigin()): StoredOutboxAttachment {
  return calendarAttachment(eventCalendarFilename(event), eventCalendar(event, origin));
}
