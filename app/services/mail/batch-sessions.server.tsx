import type { SessionReminderKind } from "../../../db/enums";
import { sessionPlace, type SessionView } from "~/models/batches/live-session.server";
import type { PayloadOf, SessionChange } from "~/models/site/outbox-payload";
import { formatEventWhen, formatIndiaTime } from "~/utils/dates";
import { publicOrigin } from "~/utils/env.server";
import { liveSessionPath } from "~/utils/live-session-path";
import { sessionCalendarAttachment } from "../calendar/session-calendar.server";
import { composeMail } from "./compose.server";
import { greeting, MailLink, type MailContent } from "./layout";
import { instituteNow, mailSignature } from "./institute.server";

// The messages about a batch's live session, to each student of the batch:
// the reminders a day and an hour before, and word that the class moved,
// changed where it meets, or was called off (with the updated calendar
// entry). Times are India time, written out with "IST". Every link leads to
// the session's page on this site, never to the meeting: the page's Join
// hands the link out, from 15 minutes before the start, to the batch alone.

type SessionDetails = {
  session: SessionView;
  /** "Sun, 6 Jan 2031, 7:00 pm IST (90 minutes)" */
  when: string;
  where: string;
  page: string;
};

function detailsOf(session: SessionView): SessionDetails {
  return {
    session,
    when: `${formatEventWhen(session.startsAt)} (${session.durationMinutes} minutes)`,
    where: sessionPlace(session),
    page: `${publicOrigin()}${liveSessionPath(session.courseId, session.id)}`,
  };
}

const ofBatch = ({ session }: SessionDetails) => `${session.courseTitle} (${session.batchName})`;

/** What, when, where: the lines every session message shares. */
const factsText = (details: SessionDetails) => `${details.session.title}\nWhen: ${details.when}\nWhere: ${details.where}`;

function SessionFacts({ details }: { details: SessionDetails }) {
  return (
    <p>
      <strong>{details.session.title}</strong>
      <br />
      When: {details.when}
      <br />
      Where: {details.where}
    </p>
  );
}

/** How the student gets in: through the page's Join for a class online, at the room for one in person. */
const pageLead = ({ session }: SessionDetails) =>
  session.meetingService
    ? "Join from the class's page, from 15 minutes before the start:"
    : "The class meets in person, at the place above. The class's page:";

/** A message of some lines, then the session's facts, then the page's lead and link. */
function sessionMail(
  details: SessionDetails,
  {
    subject,
    firstName,
    before,
    after = [],
    lead = pageLead(details),
  }: { subject: string; firstName: string | null; before: string[]; after?: string[]; lead?: string },
): MailContent {
  return {
    subject,
    text: [greeting(firstName), ...before, factsText(details), ...after, `${lead}\n${details.page}`, mailSignature()].join("\n\n") + "\n",
    body: (
      <>
        <p>{greeting(firstName)}</p>
        {before.map((line) => (
          <p key={line}>{line}</p>
        ))}
        <SessionFacts details={details} />
        {after.map((line) => (
          <p key={line}>{line}</p>
        ))}
        <p>{lead}</p>
        <MailLink href={details.page}>The class&apos;s page</MailLink>
      </>
    ),
  };
}

const REMINDER_LEADS: Record<
  SessionReminderKind,
  { subject: (session: SessionView) => string; intro: (details: SessionDetails) => string }
> = {
  "day-before": {
    subject: (session) => `Reminder: ${session.title}, ${formatEventWhen(session.startsAt)}`,
    intro: (details) => `A reminder: your live class of ${ofBatch(details)} is within a day.`,
  },
  "hour-before": {
    subject: (session) => `Starting soon: ${session.title} at ${formatIndiaTime(session.startsAt)}`,
    intro: (details) => `A reminder: your live class of ${ofBatch(details)} starts within the hour.`,
  },
};

/** A reminder of the given kind. */
export function writeSessionReminder(kind: SessionReminderKind, { firstName }: { firstName: string | null }, session: SessionView) {
  const details = detailsOf(session);
  const { subject, intro } = REMINDER_LEADS[kind];
  return composeMail(sessionMail(details, { subject: subject(session), firstName, before: [intro(details)] }));
}

const CALENDAR_LINE = "The calendar file attached to this message updates the class in your calendar.";

/** What changed, in a line each: the time it was, and that where it meets is new. */
function changeLines(change: SessionChange, details: SessionDetails): string[] {
  const lines: string[] = [];
  if (change.changed.includes("time")) lines.push(`It was on ${formatEventWhen(new Date(change.previousStartsAt))}.`);
  if (change.changed.includes("length")) lines.push(`It now lasts ${details.session.durationMinutes} minutes.`);
  if (change.changed.includes("place"))
    lines.push(
      details.session.meetingService
        ? "Where it meets online has changed: use Join on the class's page as usual."
        : `It now meets at: ${details.where}.`,
    );
  return lines;
}

/** The class moved, or changed its length or where it meets: its new facts, and the updated calendar entry. */
export function writeSessionChanged({ firstName, change }: PayloadOf<"batch-session-changed">, session: SessionView) {
  const details = detailsOf(session);
  const moved = change.changed.includes("time");
  const subject = moved ? `Class moved: ${session.title}, now ${formatEventWhen(session.startsAt)}` : `Class changed: ${session.title}`;
  const intro = `Your live class of ${ofBatch(details)} has ${moved ? "moved to a new time" : "changed"}. Here it is as it now stands:`;
  return composeMail(
    sessionMail(details, { subject, firstName, before: [intro], after: [...changeLines(change, details), CALENDAR_LINE] }),
    {
      attachments: [sessionCalendarAttachment(session)],
    },
  );
}

/** The class is called off: which one, and the calendar entry marked cancelled. */
export function writeSessionCancelled({ firstName }: PayloadOf<"batch-session-cancelled">, session: SessionView) {
  const details = detailsOf(session);
  const content = sessionMail(details, {
    subject: `Class cancelled: ${session.title}, ${formatEventWhen(session.startsAt)}`,
    firstName,
    before: [`Your live class of ${ofBatch(details)} is cancelled. It will not take place:`],
    after: [
      "The calendar file attached to this message marks the class cancelled in your calendar.",
      `Questions? Write to us at ${instituteNow().email}.`,
    ],
    lead: "Your batch's other classes are on the course's pages, as before. This class's page:",
  });
  return composeMail(content, { attachments: [sessionCalendarAttachment(session)] });
}
