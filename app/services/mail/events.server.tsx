import { eventTypeLabel } from "../../../db/enums";
import type { RegisteredEvent } from "~/models/events/registered-event.server";
import type { ReminderKind } from "~/models/events/event-reminder.server";
import { publicOrigin } from "~/utils/env.server";
import { formatEventWhen, formatIndiaTime } from "~/utils/dates";
import { eventCalendarAttachment, eventLink } from "../calendar/event-calendar.server";
import { composeMail } from "./compose.server";
import { greeting, MailLink, type MailContent } from "./layout";
import { instituteNow, mailSignature } from "./institute.server";

// The messages about a student's event: the confirmation of a registration
// (with the event as a calendar file) and the reminders a day and an hour
// before it starts. Times are India time, written out with "IST". They go to
// the address typed in the registration, which may be anyone's, so they greet
// nobody by the name typed beside it: nothing the visitor wrote is carried.

/** The registration's confirmation, the calendar file attached; links lead to this site. */
export const writeEventRegistered = (event: RegisteredEvent) =>
  composeMail(registeredMail(detailsOf(event)), { attachments: [eventCalendarAttachment(event)] });

/** A reminder of the given kind; links lead to this site. */
export const writeEventReminder = (kind: ReminderKind, event: RegisteredEvent) => composeMail(reminderMail(kind, detailsOf(event)));

type EventDetails = {
  event: RegisteredEvent;
  /** "Dec 5, 2026, 7:30 pm IST (60 minutes)" */
  when: string;
  /** The event's own link, to join it; null when the admin gave none. */
  link: string | null;
  eventsPage: string;
};

function detailsOf(event: RegisteredEvent): EventDetails {
  return {
    event,
    when: `${formatEventWhen(event.eventDate)} (${event.durationMinutes} minutes)`,
    link: eventLink(event),
    eventsPage: `${publicOrigin()}/account/events`,
  };
}

/** "Where:" is the venue when the admin gave one, else the link to join; a venue with a link adds "Join online:". */
const whereLines = ({ event, link }: Pick<EventDetails, "event" | "link">): { where: string; join: string | null } => {
  if (event.venue) return { where: event.venue, join: link };
  return { where: link ?? `we will send you the joining details. Questions? Write to ${instituteNow().email}.`, join: null };
};

/** The lines every event message shares: what, when, where. */
function EventFacts({ details }: { details: EventDetails }) {
  const kind = eventTypeLabel(details.event.eventType);
  return (
    <p>
      <strong>{details.event.title}</strong>
      {kind ? ` (${kind})` : null}
      <br />
      When: {details.when}
      <br />
      {details.link && !details.event.venue ? (
        <>
          Where: <a href={details.link}>{details.link}</a>
        </>
      ) : (
        `Where: ${whereLines(details).where}`
      )}
      {details.link && details.event.venue ? (
        <>
          <br />
          Join online: <a href={details.link}>{details.link}</a>
        </>
      ) : null}
    </p>
  );
}

const factsText = (details: EventDetails) => {
  const kind = eventTypeLabel(details.event.eventType);
  const { where, join } = whereLines(details);
  return `${details.event.title}${kind ? ` (${kind})` : ""}\nWhen: ${details.when}\nWhere: ${where}${join ? `\nJoin online: ${join}` : ""}`;
};

function registeredMail(details: EventDetails): MailContent {
  const intro = `Thank you for registering. Your seat at this ${instituteNow().name} event is booked:`;
  const calendar = "The calendar file attached to this message adds the event to your calendar.";
  const manage = "You can see your events, or cancel this registration before it starts, here:";
  return {
    subject: `You are registered: ${details.event.title}`,
    text: `${greeting(null)}\n\n${intro}\n\n${factsText(details)}\n\n${calendar}\n\n${manage}\n${details.eventsPage}\n\n${mailSignature()}\n`,
    body: (
      <>
        <p>{greeting(null)}</p>
        <p>{intro}</p>
        <EventFacts details={details} />
        <p>{calendar}</p>
        <p>{manage}</p>
        <MailLink href={details.eventsPage}>Your events</MailLink>
      </>
    ),
  };
}

const REMINDER_LEADS: Record<ReminderKind, { subject: (event: RegisteredEvent) => string; intro: string }> = {
  "day-before": {
    subject: (event) => `Reminder: ${event.title}, ${formatEventWhen(event.eventDate)}`,
    intro: "A reminder: your event starts within a day.",
  },
  "hour-before": {
    subject: (event) => `Starting soon: ${event.title} at ${formatIndiaTime(event.eventDate)}`,
    intro: "A reminder: your event starts within the hour.",
  },
};

function reminderMail(kind: ReminderKind, details: EventDetails): MailContent {
  const { subject, intro } = REMINDER_LEADS[kind];
  const cannotCome = "Cannot make it? Please cancel your registration, so that someone else can have the seat:";
  return {
    subject: subject(details.event),
    text: `${greeting(null)}\n\n${intro}\n\n${factsText(details)}\n\n${cannotCome}\n${details.eventsPage}\n\n${mailSignature()}\n`,
    body: (
      <>
        <p>{greeting(null)}</p>
        <p>{intro}</p>
        <EventFacts details={details} />
        <p>{cannotCome}</p>
        <MailLink href={details.eventsPage}>Your events</MailLink>
      </>
    ),
  };
}
