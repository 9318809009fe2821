import { and, eq, gte, isNotNull, isNull, sql } from "drizzle-orm";
import { eventRegistrations, events, orders, users } from "../../../db/schema";
import { db } from "~/utils/db.server";

// What every signed-in page view needs to know of the student beyond who they
// are (the header's greeting and "My Courses", the page cache's choice of
// copy, the classroom's door), asked in one prepared statement: on a page
// served from a stored copy, this read is most of the request's work.

export type SiteViewerFacts = {
  firstName: string | null;
  isAdmin: boolean;
  /** Has stated they are 18 or older. */
  adultConfirmed: boolean;
  /** Holds a paid or granted place in some course. */
  hasCourses: boolean;
  /** Is registered for an event that has not yet started. */
  hasUpcomingRegistration: boolean;
  /** Holds a paid or granted place in `courseId` (false when none was asked). */
  enrolledInCourse: boolean;
};

const paidCourse = (courseId: ReturnType<typeof sql.placeholder> | null) =>
  and(
    eq(orders.userId, users.id),
    eq(orders.paymentStatus, "completed"),
    courseId === null ? isNotNull(orders.courseId) : eq(orders.courseId, courseId),
  );

let viewerQuery: ReturnType<typeof prepareViewer> | undefined;
const prepareViewer = () =>
  db
    .select({
      firstName: users.firstName,
      isAdmin: users.isAdmin,
      adultConfirmed: sql<boolean>`${users.adultConfirmedAt} is not null`.mapWith(Boolean),
      hasCourses: sql<boolean>`exists ${db
        .select({ one: sql`1` })
        .from(orders)
        .where(paidCourse(null))}`.mapWith(Boolean),
      hasUpcomingRegistration: sql<boolean>`exists ${db
        .select({ one: sql`1` })
        .from(eventRegistrations)
        .innerJoin(events, eq(events.id, eventRegistrations.eventId))
        .where(and(eq(eventRegistrations.userId, users.id), gte(events.eventDate, sql.placeholder("now"))))}`.mapWith(Boolean),
      enrolledInCourse: sql<boolean>`exists ${db
        .select({ one: sql`1` })
        .from(orders)
        .where(paidCourse(sql.placeholder("courseId")))}`.mapWith(Boolean),
    })
    .from(users)
    .where(and(eq(users.id, sql.placeholder("id")), isNull(users.deactivatedAt), isNull(users.erasedAt)))
    .prepare();

/** The facts of an active student's account; null for a deactivated, erased or unknown one. */
export function siteViewerFacts(userId: string, { now = new Date(), courseId = null }: { now?: Date; courseId?: number | null } = {}) {
  viewerQuery ??= prepareViewer();
  return viewerQuery.get({ id: userId, now: now.getTime(), courseId: courseId ?? -1 }) ?? null;
}
