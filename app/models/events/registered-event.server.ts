import { eq } from "drizzle-orm";
import { events } from "../../../db/schema";
import { db } from "~/utils/db.server";

// An event as a registered student hears of it (confirmation, waitlist offer,
// reminder, calendar file): read by registrations, seats and reminders alike,
// so it lives below all three.

/** An event as its mails and calendar file describe it. */
export type RegisteredEvent = {
  id: number;
  title: string;
  eventType: string;
  eventDate: Date;
  durationMinutes: number;
  /** The admin's link for the event, absolute or a path on this site; where to join when it has no join link. */
  registrationUrl: string | null;
  /** Where it happens (an address, or "Online"). */
  venue: string | null;
  /** The online meeting's link, for registered students only. */
  joinUrl: string | null;
};

export const registeredEventColumns = {
  id: events.id,
  title: events.title,
  eventType: events.eventType,
  eventDate: events.eventDate,
  durationMinutes: events.durationMinutes,
  registrationUrl: events.registrationUrl,
  venue: events.venue,
  joinUrl: events.joinUrl,
};

/** The event as its mails describe it now; null when it has been deleted. */
export function findRegisteredEvent(eventId: number): RegisteredEvent | null {
  return db.select(registeredEventColumns).from(events).where(eq(events.id, eventId)).get() ?? null;
}
