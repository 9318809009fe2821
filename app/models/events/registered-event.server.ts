import { events } from "../../../db/schema";
import type { OutboxDraft } from "../site/outbox.server";

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

/** Whom a registration's message goes to, and about which event. */
export type RegistrationRecipient = { name: string; email: string; event: RegisteredEvent };

/** Makes a registration's confirmation message (a route passes it in: models never import the mail service). */
export type RegistrationMail = (registration: RegistrationRecipient) => OutboxDraft;

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
