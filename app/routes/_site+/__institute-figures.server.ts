import { instituteCounts } from "~/models/content/institute-figures.server";
import { readSettings } from "~/models/site/site-settings.server";
import { formatIsoDateInIndia, formatShortCalendarDay } from "~/utils/dates";
import { figureNumber, type ShownFigure } from "~/components/institute-figures";

/** A figure a page would like to show: a count the site made now, or one an admin entered with its day. */
export type CandidateFigure = { value: number | string; label: string; asOf: string };

/**
 * The figures a page may show, each with the day it was true ("as of Nov 28,
 * 2026"): a figure whose number is below the smallest the admin allows at
 * /admin/settings is left out, and so is a count still at zero. Every page
 * that speaks of the institute in numbers passes through here (decision 0032).
 */
export function figuresShown(candidates: CandidateFigure[]): ShownFigure[] {
  const minimum = Math.max(1, readSettings("figures").minimumShown ?? 0);
  return candidates
    .map((figure) => ({
      value: typeof figure.value === "number" ? figure.value.toLocaleString("en-IN") : figure.value,
      label: figure.label,
      asOf: `as of ${formatShortCalendarDay(figure.asOf)}`,
    }))
    .filter((figure) => (figureNumber(figure.value) ?? minimum) >= minimum);
}

/** The site's own counts of the institute, as of today in India. */
export function countedFigures(now = new Date()) {
  const counts = instituteCounts(now);
  const today = formatIsoDateInIndia(now);
  return {
    studentsEnrolled: { value: counts.studentsEnrolled, label: "Students enrolled", asOf: today },
    courses: { value: counts.courses, label: "Courses", asOf: today },
    eventsHeld: { value: counts.eventsHeld, label: "Events held", asOf: today },
  } satisfies Record<string, CandidateFigure>;
}

/**
 * The figures the home, about and testimonials pages show: the counts the site
 * knows, then the figures an admin entered. Nothing else: no figure of
 * returns, success or rating is written into the pages.
 */
export function instituteFigures(now = new Date()): ShownFigure[] {
  const counted = countedFigures(now);
  return figuresShown([counted.studentsEnrolled, counted.courses, counted.eventsHeld, ...readSettings("figures").figures]);
}
