import { findCalendarFeed, hasBatchSeat, renewCalendarFeed } from "~/models/batches/calendar-feed.server";
import { formatIndiaDateTime } from "~/utils/dates";
import { publicOrigin } from "~/utils/env.server";
import { redirectWithToast } from "~/utils/toast.server";

// The account page's "Calendar feed": the student's private address for their
// live classes, and a new one on request (the old one stops working).

export const calendarFeedAddress = (token: string) => `${publicOrigin()}/calendar/${token}.ics`;

/** What the section shows: nothing for a student in no batch who never asked for a feed. */
export function loadCalendarFeed(userId: string) {
  const feed = findCalendarFeed(userId);
  if (!feed && !hasBatchSeat(userId)) return null;
  return feed ? { address: calendarFeedAddress(feed.token), since: formatIndiaDateTime(feed.createdAt) } : { address: null, since: null };
}

export function renewCalendarAddress(userId: string) {
  const hadOne = findCalendarFeed(userId) !== null;
  renewCalendarFeed(userId);
  return redirectWithToast(
    "/account#calendar-feed-heading",
    hadOne
      ? {
          title: "New calendar address",
          description: "The old address no longer works: add the new one to your calendar app in its place.",
        }
      : { title: "Your calendar address is ready", description: "Add it to your calendar app: your live classes will appear there." },
  );
}
