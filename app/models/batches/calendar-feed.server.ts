import { and, eq, isNull } from "drizzle-orm";
import { batchStudents, calendarFeeds, users } from "../../../db/schema";
import { db } from "~/utils/db.server";
import { newUrlToken, URL_TOKEN_PATTERN } from "~/utils/url-token.server";

// A student's private calendar feed: one secret address per student that a
// calendar app (Google Calendar, Apple Calendar, Outlook) fetches on its own,
// with no cookie, so the address itself is the key. It is revoked by giving
// the student a new one: the row keeps one token, and the old address then
// finds nothing.

export type CalendarFeed = { token: string; createdAt: Date };

/** The student's feed, or null when they have not asked for one. */
export function findCalendarFeed(userId: string): CalendarFeed | null {
  return (
    db
      .select({ token: calendarFeeds.token, createdAt: calendarFeeds.createdAt })
      .from(calendarFeeds)
      .where(eq(calendarFeeds.userId, userId))
      .get() ?? null
  );
}

/** A new address for the student's feed; the one before it (if any) stops working in the same write. */
export function renewCalendarFeed(userId: string, now = new Date()): CalendarFeed {
  const feed = { token: newUrlToken(), createdAt: now };
  db.insert(calendarFeeds)
    .values({ userId, ...feed })
    .onConflictDoUpdate({ target: calendarFeeds.userId, set: feed })
    .run();
  return feed;
}

/** Whose feed the token opens: an account that may still sign in; null for anything else. */
export function calendarFeedOwner(token: string): string | null {
  if (!URL_TOKEN_PATTERN.test(token)) return null;
  return (
    db
      .select({ userId: calendarFeeds.userId })
      .from(calendarFeeds)
      .innerJoin(users, eq(users.id, calendarFeeds.userId))
      .where(and(eq(calendarFeeds.token, token), isNull(users.deactivatedAt), isNull(users.erasedAt)))
      .get()?.userId ?? null
  );
}

/** Whether the student holds a seat in any batch: the account page offers the feed to them. */
export const hasBatchSeat = (userId: string) =>
  db.select({ id: batchStudents.id }).from(batchStudents).where(eq(batchStudents.userId, userId)).limit(1).get() !== undefined;
