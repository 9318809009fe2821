// The one home for time in India. Times are stored as UTC instants and shown
// in India time whatever the server's (or the browser's) zone; every India
// calendar day, month and wall clock is computed here, by @date-fns/tz, never
// by adding an offset by hand.
import { TZDate } from "@date-fns/tz";
import { addDays, addMonths, format, parseISO, startOfDay, startOfWeek } from "date-fns";

import { INDIA_TIME_ZONE } from "./india-time-zone";

/** The instant as a date whose fields (day, hour…) are India's. */
const inIndia = (date: Date) => new TZDate(date.getTime(), INDIA_TIME_ZONE);

const shortDate = new Intl.DateTimeFormat("en-US", {
  timeZone: INDIA_TIME_ZONE,
  month: "short",
  day: "numeric",
  year: "numeric",
});
const timeOfDay = new Intl.DateTimeFormat("en-IN", {
  timeZone: INDIA_TIME_ZONE,
  hour: "numeric",
  minute: "2-digit",
  hour12: true,
});
const tickerDate = new Intl.DateTimeFormat("en-US", {
  timeZone: INDIA_TIME_ZONE,
  month: "short",
  day: "numeric",
});

/** "Dec 5, 2026" — short month, day, year. */
export const formatShortDate = (date: Date) => shortDate.format(date);
/** "7:30 pm IST" */
export const formatIndiaTime = (date: Date) => `${timeOfDay.format(date)} IST`;
/** "Dec 5, 2026" for a calendar day written "2026-12-05" (a day, not an instant: no zone applies). */
export const formatShortCalendarDay = (isoDate: string) => format(parseISO(isoDate), "MMM d, yyyy");
/** "Dec 5" for the events ticker. */
export const formatTickerDate = (date: Date) => tickerDate.format(date);
/** "2026-12-05" in India time, for <time dateTime> and date inputs. */
export const formatIsoDateInIndia = (date: Date) => format(inIndia(date), "yyyy-MM-dd");

export type EventTimeWindow = "all" | "upcoming" | "this-week" | "this-month";

/**
 * The [from, to) window a time filter means, counted in India time so that
 * "this month" is one calendar month ahead on the Indian calendar.
 */
export function timeWindowBounds(window: EventTimeWindow, now: Date): { from?: Date; to?: Date } {
  const indiaNow = inIndia(now);
  switch (window) {
    case "all":
      return {};
    case "upcoming":
      return { from: now };
    case "this-week":
      return { from: now, to: new Date(addDays(indiaNow, 7).getTime()) };
    case "this-month":
      return { from: now, to: new Date(addMonths(indiaNow, 1).getTime()) };
  }
}

/** "19:30" in India time, for time inputs. */
export const formatIsoTimeInIndia = (date: Date) => format(inIndia(date), "HH:mm");

/**
 * "Sat, 12 Dec 2026, 7:00 pm IST": when an event happens, as people in India write it
 * (weekday, day before month, 12-hour clock). Every page that shows an event's time uses this.
 */
export const formatEventWhen = (date: Date) => `${format(inIndia(date), "EEE, d MMM yyyy")}, ${formatIndiaTime(date)}`;

/** "Dec 5, 2026, 7:30 pm IST": a date and time as the admin lists show them. */
export const formatIndiaDateTime = (date: Date) => `${formatShortDate(date)}, ${formatIndiaTime(date)}`;

/**
 * The instant a wall-clock date ("2026-12-05") and time ("19:30", seconds
 * optional) in India mean; null when either is malformed or not a real day
 * (2026-02-30) or time.
 */
export function indiaDateTimeToUtc(date: string, time: string): Date | null {
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const clock = /^(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(time);
  if (!day || !clock) return null;
  const [year, month, dayOfMonth] = [Number(day[1]), Number(day[2]), Number(day[3])];
  const [hours, minutes, seconds] = [Number(clock[1]), Number(clock[2]), Number(clock[3] ?? 0)];
  if (hours > 23 || minutes > 59 || seconds > 59) return null;
  const india = new TZDate(year, month - 1, dayOfMonth, hours, minutes, seconds, INDIA_TIME_ZONE);
  // Out-of-range parts roll over (30 February becomes 2 March): refuse those.
  if (india.getFullYear() !== year || india.getMonth() !== month - 1 || india.getDate() !== dayOfMonth) return null;
  return new Date(india.getTime());
}

/** The first instant of an India calendar day ("2026-12-05" → 18:30 UTC on 4 December); null when not a real day. */
export const startOfIndiaDay = (isoDate: string) => indiaDateTimeToUtc(isoDate, "00:00");

/**
 * The first instant after an India calendar day: midnight at its end, so a
 * thing valid "until 5 December" is valid while `now < endOfIndiaDay("2026-12-05")`.
 */
export function endOfIndiaDay(isoDate: string): Date | null {
  const start = startOfIndiaDay(isoDate);
  return start && new Date(addDays(inIndia(start), 1).getTime());
}

/** The calendar day `days` after a day written "2026-12-05" (a day, not an instant: no zone applies). */
export const calendarDayAfter = (isoDate: string, days: number) => format(addDays(parseISO(isoDate), days), "yyyy-MM-dd");

/** Midnight that began today in India. */
export const startOfIndiaToday = (now: Date) => new Date(startOfDay(inIndia(now)).getTime());

/** Midnight that began this week in India, on Monday. */
export const startOfIndiaWeek = (now: Date) => new Date(startOfWeek(inIndia(now), { weekStartsOn: 1 }).getTime());

/** The India calendar day `days` after today's (negative: before), at a wall-clock time ("19:30"). */
export function indiaDayAt(now: Date, days: number, time: string): Date {
  const day = formatIsoDateInIndia(addDays(inIndia(now), days));
  const instant = indiaDateTimeToUtc(day, time);
  if (!instant) throw new Error(`Not a time of day: ${time}`);
  return instant;
}

/** One calendar month in India: "2026-11" and the UTC range [from, to) it covers. */
export type IndiaMonth = { key: string; from: Date; to: Date };

/** The last `count` calendar months in India, the current one included, oldest first. */
export function lastIndiaMonths(now: Date, count: number): IndiaMonth[] {
  const india = inIndia(now);
  const firstOfThisMonth = new TZDate(india.getFullYear(), india.getMonth(), 1, INDIA_TIME_ZONE);
  return Array.from({ length: count }, (_, i) => {
    const from = addMonths(firstOfThisMonth, i - (count - 1));
    return { key: format(from, "yyyy-MM"), from: new Date(from.getTime()), to: new Date(addMonths(from, 1).getTime()) };
  });
}

/**
 * India's wall clock written as if it were UTC. A spreadsheet has no time
 * zones: a date cell is a wall-clock date and time, and exceljs writes a Date's
 * UTC fields, so this is how a sheet shows the times the admin lists show.
 */
export function indiaWallClockAsUtc(date: Date): Date {
  const d = inIndia(date);
  return new Date(Date.UTC(d.getFullYear(), d.getMonth(), d.getDate(), d.getHours(), d.getMinutes(), d.getSeconds(), d.getMilliseconds()));
}

const longDate = new Intl.DateTimeFormat("en-IN", {
  timeZone: INDIA_TIME_ZONE,
  day: "numeric",
  month: "long",
  year: "numeric",
});

/** "5 December 2026": the India calendar day, day first, as printed on documents. */
export const formatLongDateInIndia = (date: Date) => longDate.format(date);
