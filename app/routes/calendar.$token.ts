import type { LoaderFunctionArgs } from "@remix-run/node";
import { calendarFeedOwner } from "~/models/batches/calendar-feed.server";
import { sessionsOfStudent } from "~/models/batches/live-session.server";
import { CALENDAR_CONTENT_TYPE } from "~/services/calendar/calendar.server";
import { sessionsFeed } from "~/services/calendar/session-calendar.server";

/**
 * GET /calendar/:token.ics: a student's private calendar feed, fetched by
 * their calendar app with no cookie, so the token (32 random bytes) is the
 * only key. Every session of the student's batches, past and future, called-off
 * ones marked so. An unknown, revoked or malformed token, or an account that
 * can no longer sign in, is a 404 like any other. Nothing is cached on the way
 * and the address is never sent on as a Referer.
 */
const PRIVATE_HEADERS = {
  "Cache-Control": "private, no-store",
  "Referrer-Policy": "no-referrer",
  "X-Robots-Tag": "noindex",
  "Content-Security-Policy": "default-src 'none'; sandbox",
};

const notFound = () =>
  new Response("Not Found", { status: 404, headers: { ...PRIVATE_HEADERS, "Content-Type": "text/plain; charset=utf-8" } });

export function loader({ params }: LoaderFunctionArgs) {
  const token = /^(.*)\.ics$/.exec(params.token ?? "")?.[1];
  const userId = token ? calendarFeedOwner(token) : null;
  if (!userId) return notFound();
  return new Response(sessionsFeed(sessionsOfStudent(userId)), {
    headers: { ...PRIVATE_HEADERS, "Content-Type": CALENDAR_CONTENT_TYPE, "Content-Disposition": 'inline; filename="live-classes.ics"' },
  });
}
