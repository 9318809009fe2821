import { formatIsoDateInIndia, startOfIndiaDay } from "../../app/utils/dates";
import { withDatabase } from "./database";

/** The counts the pages should show, read from the database the way an auditor would (the site's own query is not reused). */
export function instituteCountsIn(path?: string): { studentsEnrolled: number; courses: number; eventsHeld: number } {
  return withDatabase(
    (database) =>
      database
        .prepare(
          `SELECT
             (SELECT count(DISTINCT user_id) FROM orders WHERE payment_status = 'completed') AS studentsEnrolled,
             (SELECT count(*) FROM courses WHERE is_active = 1) AS courses,
             (SELECT count(*) FROM events WHERE is_active = 1 AND event_date < ?) AS eventsHeld`,
        )
        .get(startOfIndiaDay(formatIsoDateInIndia(new Date()))?.getTime()) as {
        studentsEnrolled: number;
        courses: number;
        eventsHeld: number;
      },
    path,
  );
}

/** The figures a page lists for these counts: a count still at zero is left out. */
/** "as of Nov 29, 2026": the India day a page's counts were made, as the figures say it. */
export const asOfToday = () =>
  `as of ${new Intl.DateTimeFormat("en-US", { timeZone: "Asia/Kolkata", month: "short", day: "numeric", year: "numeric" }).format(new Date())}`;

export function shownCounts(counts: { studentsEnrolled: number; courses: number; eventsHeld: number }): [string, string][] {
  const rows: [number, string][] = [
    [counts.studentsEnrolled, "Students enrolled"],
    [counts.courses, "Courses"],
    [counts.eventsHeld, "Events held"],
  ];
  return rows.filter(([count]) => count > 0).map(([count, label]) => [count.toLocaleString("en-IN"), label]);
}
