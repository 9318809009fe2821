import { and, asc, count, eq, gte, lt, sql, sum } from "drizzle-orm";
import { contactMessages, courses, enrollmentForms, eventRegistrations, events, lessons, orders, outboxMessages } from "../../../db/schema";
import { db } from "~/utils/db.server";

// What the owner opens the dashboard for: the money and orders of today and
// this week, what waits for someone (leads, messages, failed mail, disputes),
// and the next live sessions. Each figure is one indexed read: counts over a
// date range or a flag, never a walk over every order.

/** Paid orders (courses and event seats) in a time range and the money they brought, less what was refunded. */
export type OrderTally = { orders: number; revenuePaise: number };

export function orderTally(from: Date, to: Date): OrderTally {
  const row = db
    .select({ orders: count(), revenue: sum(sql`${orders.amountPaise} - ${orders.refundedPaise}`).mapWith(Number) })
    .from(orders)
    .where(and(gte(orders.enrolledAt, from), lt(orders.enrolledAt, to), eq(orders.paymentStatus, "completed")))
    .get();
  return { orders: row?.orders ?? 0, revenuePaise: row?.revenue ?? 0 };
}

export type WaitingCounts = { newLeads: number; unreadMessages: number; failedMails: number; openDisputes: number };

/** What waits for someone: enrollment forms since `leadsSince`, unread messages, mail that failed, charge-backs to answer. */
export function waitingCounts(leadsSince: Date): WaitingCounts {
  const countOf = (query: { get(): { n: number } | undefined }) => query.get()?.n ?? 0;
  return {
    newLeads: countOf(db.select({ n: count() }).from(enrollmentForms).where(gte(enrollmentForms.createdAt, leadsSince))),
    unreadMessages: countOf(db.select({ n: count() }).from(contactMessages).where(eq(contactMessages.isRead, false))),
    failedMails: countOf(db.select({ n: count() }).from(outboxMessages).where(eq(outboxMessages.state, "failed"))),
    openDisputes: countOf(db.select({ n: count() }).from(orders).where(eq(orders.disputeStatus, "open"))),
  };
}

export type NextSession = {
  kind: "event" | "live-lesson";
  id: number;
  title: string;
  /** The course of a live lesson. */
  courseId: number | null;
  courseTitle: string | null;
  startsAt: Date;
  /** Seats taken and the limit (events); null for a live lesson, open to every enrolled student. */
  seatsTaken: number | null;
  seatLimit: number | null;
};

/** The next `limit` active events and live lessons that have not started, soonest first. */
export function nextSessions(now: Date, limit: number): NextSession[] {
  const upcomingEvents = db
    .select({
      id: events.id,
      title: events.title,
      startsAt: events.eventDate,
      seatLimit: events.maxParticipants,
      seatsTaken: count(eventRegistrations.id),
    })
    .from(events)
    .leftJoin(eventRegistrations, eq(eventRegistrations.eventId, events.id))
    .where(and(eq(events.isActive, true), gte(events.eventDate, now)))
    .groupBy(events.id)
    .orderBy(asc(events.eventDate))
    .limit(limit)
    .all()
    .map((event): NextSession => ({ kind: "event", courseId: null, courseTitle: null, ...event }));
  const liveLessons = db
    .select({
      id: lessons.id,
      title: lessons.title,
      courseId: lessons.courseId,
      courseTitle: courses.title,
      startsAt: sql<Date>`${lessons.liveStartsAt}`.mapWith(lessons.liveStartsAt),
    })
    .from(lessons)
    .innerJoin(courses, eq(courses.id, lessons.courseId))
    .where(and(eq(lessons.type, "live"), gte(lessons.liveStartsAt, now)))
    .orderBy(asc(lessons.liveStartsAt))
    .limit(limit)
    .all()
    .map((lesson): NextSession => ({ kind: "live-lesson", seatsTaken: null, seatLimit: null, ...lesson }));
  return [...upcomingEvents, ...liveLessons].sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime()).slice(0, limit);
}
