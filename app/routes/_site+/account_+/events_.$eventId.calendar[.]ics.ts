import type { LoaderFunctionArgs } from "@remix-run/node";
import { findStudentRegisteredEvent } from "~/models/events/student-event-registration.server";
import { calendarDownload } from "~/services/calendar/calendar.server";
import { eventCalendar, eventCalendarFilename } from "~/services/calendar/event-calendar.server";
import { requireUser } from "~/services/accounts/sessions/student-session.server";
import { SIGN_IN_TO_SEE_EVENTS } from "./__account-events";

// "Add to calendar" on /account/events: the event of the signed-in student's
// own registration as an .ics file. Anyone else's event, or one they are not
// registered for, is 404: the address says nothing about other students.

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request, { redirectTo: "/account/events", whenSignedOut: SIGN_IN_TO_SEE_EVENTS });
  const event = findStudentRegisteredEvent(params.eventId ?? "", user.id);
  if (!event) throw new Response("Not Found", { status: 404 });
  return calendarDownload(eventCalendarFilename(event), eventCalendar(event));
}
