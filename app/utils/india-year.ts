import { INDIA_TIME_ZONE } from "./india-time-zone";

// The year in India, for the footer on every page: the platform's Intl, so the
// pages' shared JavaScript does not carry date-fns (app/utils/dates.ts) for it.

const year = new Intl.DateTimeFormat("en-IN", { timeZone: INDIA_TIME_ZONE, year: "numeric" });

/** This year in India: the footer's copyright line. */
export const currentIndiaYear = (now = new Date()) => Number(year.format(now));
