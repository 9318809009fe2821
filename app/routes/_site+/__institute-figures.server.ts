import { instituteCounts } from "~/models/institute-figures.server";
import { readSettings } from "~/models/site-settings.server";
import { formatShortCalendarDay } from "~/utils/dates";
import type { ShownFigure } from "~/components/institute-figures";

/**
 * The figures a page may say about the institute: the counts the site knows
 * (a count still at zero is left out) and the figures an admin entered at
 * /admin/settings, each with the day it was true. Nothing else: no figure of
 * returns, success or rating is written into the pages (docs/decisions/0032).
 */
export function instituteFigures(now = new Date()): ShownFigure[] {
  const counts = instituteCounts(now);
  const known = [
    { count: counts.studentsEnrolled, label: "Students enrolled" },
    { count: counts.courses, label: "Courses" },
    { count: counts.eventsHeld, label: "Events held" },
  ]
    .filter((figure) => figure.count > 0)
    .map((figure) => ({ value: figure.count.toLocaleString("en-IN"), label: figure.label, asOf: null }));
  const entered = readSettings("figures").figures.map((figure) => ({
    value: figure.value,
    label: figure.label,
    asOf: `as of ${formatShortCalendarDay(figure.asOf)}`,
  }));
  return [...known, ...entered];
}
