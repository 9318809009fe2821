// Times are stored as UTC instants and shown in India time whatever the
// server's (or the browser's) zone.
import { TZDate } from "@date-fns/tz";
import { addDays, addMonths } from "date-fns";

export const INDIA_TIME_ZONE = "Asia/Kolkata";

const shortDate = new Intl.DateTimeFormat("en-US", {
  timeZone: INDIA_TIME_ZONE,
  month: "short",
  day: "numeric",
  year: "numeric",
});
const longDate = new Intl.DateTimeFormat("en-IN", {
  timeZone: INDIA_TIME_ZONE,
  day: "numeric",
  month: "long",
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

/** "Dec 5, 2026" — the spec's short month, day, year. */
export const formatShortDate = (date: Date) => shortDate.format(date);
/** "5 December 2026" */
export const formatLongDate = (date: Date) => longDate.format(date);
/** "7:30 pm IST" */
export const formatIndiaTime = (date: Date) => `${timeOfDay.format(date)} IST`;
/** "Dec 5" for the events ticker. */
export const formatTickerDate = (date: Date) => tickerDate.format(date);
/** "2026-12-05" in India time, for <time dateTime> and date inputs. */
export function formatIsoDateInIndia(date: Date): string {
  const d = new TZDate(date.getTime(), INDIA_TIME_ZONE);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;
}

export type EventTimeWindow = "all" | "upcoming" | "this-week" | "this-month";

/**
 * The [from, to) window a time filter means, counted in India time so that
 * "this month" is one calendar month ahead on the Indian calendar.
 */
export function timeWindowBounds(window: EventTimeWindow, now: Date): { from?: Date; to?: Date } {
  const indiaNow = new TZDate(now.getTime(), INDIA_TIME_ZONE);
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
export function formatIsoTimeInIndia(date: Date): string {
  const d = new TZDate(date.getTime(), INDIA_TIME_ZONE);
  return `${String(d.getHours()).padStart(2, "0")}:${String(d.getMinutes()).padStart(2, "0")}`;
}

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
