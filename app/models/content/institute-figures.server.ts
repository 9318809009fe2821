import { and, eq, lt, sql } from "drizzle-orm";
import { courses, events, siteTallies } from "../../../db/schema";
import { formatIsoDateInIndia, startOfIndiaDay } from "~/utils/dates";
import { db } from "~/utils/db.server";

/** What the site itself knows about the institute, counted now: never a claim, always true. */
export type InstituteCounts = {
  /** Students with at least one paid or granted course. */
  studentsEnrolled: number;
  /** Courses on offer. */
  courses: number;
  /**
   * Events held before today (India time). A day's boundary, not this instant,
   * so a shared page (rendered once per data version, decision 0017) never
   * disagrees with a fresh one because an event started in between.
   */
  eventsHeld: number;
};

export function instituteCounts(now = new Date()): InstituteCounts {
  const students =
    db.select({ count: siteTallies.value }).from(siteTallies).where(eq(siteTallies.name, "students_with_courses")).get()?.count ?? 0;
  const offered =
    db
      .select({ count: sql<number>`count(*)` })
      .from(courses)
      .where(eq(courses.isActive, true))
      .get()?.count ?? 0;
  const held =
    db
      .select({ count: sql<number>`count(*)` })
      .from(events)
      .where(and(eq(events.isActive, true), lt(events.eventDate, startOfIndiaDay(formatIsoDateInIndia(now)) ?? now)))
      .get()?.count ?? 0;
  return { studentsEnrolled: students, courses: offered, eventsHeld: held };
}
