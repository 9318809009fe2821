import type { LoaderFunctionArgs } from "@remix-run/node";
import { calendarDownload } from "~/services/calendar/calendar.server";
import { sessionCalendar, sessionCalendarFilename } from "~/services/calendar/session-calendar.server";
import { sessionOr404 } from "./__live-session.server";

// "Add to calendar" on a live session's page: the session as an .ics file,
// with the same UID and sequence as the student's feed and the mails, so
// adding it twice keeps one entry. Only the batch's students find it; anyone
// else gets the same 404 as for the page.

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { session } = await sessionOr404(request, params);
  return calendarDownload(sessionCalendarFilename(session), sessionCalendar(session));
}
