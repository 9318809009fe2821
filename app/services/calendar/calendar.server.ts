import { createEvents, type EventAttributes } from "ics";
import type { StoredOutboxAttachment } from "../../../db/schema";
import { readSettings } from "~/models/site/site-settings.server";
import { publicOrigin } from "~/utils/env.server";

// The one home of iCalendar files (RFC 5545), built by the `ics` library: an
// event's entry, a live class's entry and a student's feed of classes are all
// made here. Times are written in UTC (DTSTART:…Z), so every calendar shows
// the entry at the right moment in its own zone. An entry's UID stays the same
// for its whole life and its SEQUENCE rises with each change (RFC 5545
// §3.8.4.7, §3.8.7.4): adding it again replaces the copy a calendar holds
// instead of putting a second one beside it.

export const CALENDAR_CONTENT_TYPE = "text/calendar; charset=utf-8";

/** What one calendar entry says. */
export type CalendarEntry = {
  uid: string;
  /** 0 for the first version; raised by every change a calendar should show. */
  sequence: number;
  title: string;
  description: string;
  start: Date;
  durationMinutes: number;
  /** Where it happens, in words; null when there is nothing to say. */
  location: string | null;
  /** The page on this site that tells more (never a meeting's link when the entry is a paid class). */
  url: string;
  /** Called off: STATUS:CANCELLED (RFC 5545 §3.8.1.11), kept so calendars strike it out. */
  cancelled: boolean;
};

/** "batch-session-12@institute.example": unique to the thing and to this site, the same every time it is written. */
export function calendarUid(kind: "event" | "batch-session", id: number, origin = publicOrigin()): string {
  return `${kind}-${id}@${new URL(origin).hostname}`;
}

function attributesOf(entry: CalendarEntry): EventAttributes {
  return {
    uid: entry.uid,
    sequence: entry.sequence,
    title: entry.title,
    description: entry.description,
    start: entry.start.getTime(),
    startInputType: "utc",
    startOutputType: "utc",
    duration: { minutes: entry.durationMinutes },
    ...(entry.location ? { location: entry.location } : {}),
    url: entry.url,
    status: entry.cancelled ? "CANCELLED" : "CONFIRMED",
  };
}

/**
 * The .ics text of the entries (none is a valid, empty calendar). `name` is
 * the calendar's title where a calendar app shows one (a subscribed feed).
 */
export function calendarText(entries: CalendarEntry[], { name }: { name?: string } = {}): string {
  const instituteName = readSettings("institute").name.replace(/[/\n\r]/g, "");
  const { error, value } = createEvents(entries.map(attributesOf), {
    productId: `-//${instituteName}//Calendar//EN`,
    ...(name ? { calName: name } : {}),
  });
  if (error || !value) throw error ?? new Error("The calendar file could not be made.");
  return value;
}

/** "live-nifty-webinar.ics": the title in lower case, letters and digits only. */
export function calendarFilename(title: string, fallback = "event"): string {
  const stem = title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60);
  return `${stem || fallback}.ics`;
}

/** A calendar file as a mail attachment. */
export function calendarAttachment(filename: string, text: string): StoredOutboxAttachment {
  return { filename, contentType: CALENDAR_CONTENT_TYPE, contentBase64: Buffer.from(text, "utf8").toString("base64") };
}

/** The answer that downloads a calendar file: never cached, since it changes with its entries. */
export function calendarDownload(filename: string, text: string): Response {
  return new Response(text, {
    headers: {
      "Content-Type": CALENDAR_CONTENT_TYPE,
      "Content-Disposition": `attachment; filename="${filename}"`,
      "Cache-Control": "private, no-store",
    },
  });
}
