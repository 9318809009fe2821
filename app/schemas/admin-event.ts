import { z } from "zod";
import type { EventType } from "../../db/schema";
import { indiaDateTimeToUtc } from "~/utils/dates";
import {
  checkboxField,
  optionalLink,
  optionalWholeNumberField,
  requiredText,
  rupeesField,
  wholeNumberField,
} from "./admin-fields";
import { blankToUndefined } from "./fields";

// The admin event form (admin spec §3 events, §5 Event form). Two doors share
// every field rule: the page form, which takes the date and the time of day in
// India as two inputs (yyyy-mm-dd and HH:mm), and the JSON API (POST/PUT
// /api/events), which takes the spec's `eventDate` as an ISO string. Both end
// as the same `AdminEventInput`.

// Kept here rather than imported from db/schema so the browser bundle stays free of Drizzle.
export const ADMIN_EVENT_TYPES = ["webinar", "workshop", "competition"] as const satisfies readonly EventType[];

export const EVENT_TYPE_LABELS: Record<EventType, string> = {
  webinar: "Webinar",
  workshop: "Workshop",
  competition: "Competition",
};

/** "Webinar" for "webinar"; a type from older data shows as stored. */
export function eventTypeLabel(type: string): string {
  const known = ADMIN_EVENT_TYPES.find((candidate) => candidate === type);
  return known ? EVENT_TYPE_LABELS[known] : type;
}

export const DEFAULT_EVENT_DURATION = 60;
export const MAX_EVENT_DURATION = 24 * 60;
export const MAX_EVENT_PARTICIPANTS = 100_000;

const eventTypeField = z.preprocess(
  blankToUndefined,
  z.enum(ADMIN_EVENT_TYPES, {
    errorMap: (issue, ctx) => ({
      message:
        issue.code === "invalid_type" && ctx.data === undefined
          ? "Event type is required"
          : "Event type must be webinar, workshop or competition",
    }),
  }),
);

/** The fields both doors share, with the spec's defaults (duration 60, price 0). */
const sharedFields = {
  title: requiredText("Title", 200),
  description: requiredText("Description", 5000),
  eventType: eventTypeField,
  duration: z.preprocess(
    blankToUndefined,
    wholeNumberField("Duration", { min: 1, max: MAX_EVENT_DURATION }).optional().default(DEFAULT_EVENT_DURATION),
  ),
  maxParticipants: optionalWholeNumberField("Max participants", { min: 1, max: MAX_EVENT_PARTICIPANTS }),
  price: rupeesField("Price", 0),
  registrationUrl: optionalLink("Registration URL"),
};

/** The page form: date and time of day in India, and an "Active" checkbox (unticked posts nothing). */
export const AdminEventFormSchema = z.object({
  ...sharedFields,
  date: z
    .string({ required_error: "Date is required", invalid_type_error: "Date is required" })
    .trim()
    .refine((date) => indiaDateTimeToUtc(date, "00:00") !== null, "Date must be a real date, like 2026-12-05"),
  time: z
    .string({ required_error: "Time is required", invalid_type_error: "Time is required" })
    .trim()
    .refine((time) => indiaDateTimeToUtc("2000-01-01", time) !== null, "Time must be a time of day, like 19:30"),
  isActive: checkboxField,
});

const ISO_DATE_MESSAGE = "Event date must be an ISO date and time, like 2026-12-05T14:00:00.000Z";

const isoInstant = z.string().datetime({ offset: true });

/** JavaScript reads 2026-02-30 as 2 March; the API refuses such days instead. */
function isRealCalendarDay(iso: string): boolean {
  const [year, month, day] = iso.slice(0, 10).split("-").map(Number);
  if (year === undefined || month === undefined || day === undefined) return false;
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** The JSON API: `eventDate` as an ISO string with its offset; a missing `isActive` means active. */
export const AdminEventApiSchema = z.object({
  ...sharedFields,
  eventDate: z
    .string({ required_error: "Event date is required", invalid_type_error: ISO_DATE_MESSAGE })
    .refine((iso) => isoInstant.safeParse(iso).success && isRealCalendarDay(iso), ISO_DATE_MESSAGE)
    .transform((iso) => new Date(iso)),
  isActive: z.boolean({ invalid_type_error: "isActive must be true or false" }).default(true),
});

export type AdminEventFormValue = z.infer<typeof AdminEventFormSchema>;
export type AdminEventApiValue = z.infer<typeof AdminEventApiSchema>;

/** An event as both doors hand it to the model: a UTC instant, minutes, paise. */
export type AdminEventInput = {
  title: string;
  description: string;
  eventType: EventType;
  eventDate: Date;
  durationMinutes: number;
  maxParticipants: number | null;
  pricePaise: number;
  registrationUrl: string | null;
  isActive: boolean;
};

function commonInput(value: AdminEventFormValue | AdminEventApiValue): Omit<AdminEventInput, "eventDate"> {
  return {
    title: value.title,
    description: value.description,
    eventType: value.eventType,
    durationMinutes: value.duration,
    maxParticipants: value.maxParticipants ?? null,
    pricePaise: value.price,
    registrationUrl: value.registrationUrl ?? null,
    isActive: value.isActive,
  };
}

export function eventInputFromForm(value: AdminEventFormValue): AdminEventInput {
  const eventDate = indiaDateTimeToUtc(value.date, value.time);
  // The schema has checked both parts already.
  if (!eventDate) throw new Error(`Unreadable event date: ${value.date} ${value.time}`);
  return { ...commonInput(value), eventDate };
}

export function eventInputFromApi(value: AdminEventApiValue): AdminEventInput {
  return { ...commonInput(value), eventDate: value.eventDate };
}

const registrations = (count: number) => `${count} ${count === 1 ? "registration" : "registrations"}`;

/** What the Events tab and its JSON doors say, one text per outcome. */
export const ADMIN_EVENT_MESSAGES = {
  notFound: "Event not found",
  created: { title: "Event created", description: (title: string) => `“${title}” has been created.` },
  updated: { title: "Event updated", description: (title: string) => `“${title}” has been saved.` },
  deleted: { title: "Event deleted", description: (title: string) => `“${title}” has been deleted.` },
  deactivated: {
    title: "Event deactivated",
    description: (title: string) => `“${title}” is no longer shown on the site; its registrations are kept.`,
  },
  deleteQuestion: (title: string) => `Are you sure you want to delete "${title}"?`,
  /** Why an event with registrations is not deleted (the dialog, and the API's 409). */
  hasHistory: (count: number) =>
    `This event has ${registrations(count)}. Deleting it would lose who registered, so deactivate it instead: it leaves the public site and the registrations are kept.`,
  hasHistoryInactive: (count: number) =>
    `This event has ${registrations(count)}. Deleting it would lose who registered, so it is kept; it is already inactive and not shown on the site.`,
  hasHistoryApi: (count: number) =>
    `This event has ${registrations(count)}, so it cannot be deleted without losing them. Deactivate it instead (PUT with "isActive": false).`,
  notDeletedTitle: "Event not deleted",
} as const;
