import { z } from "zod";
import { EVENT_TYPES, type EventType } from "../../db/enums";
import { indiaDateTimeToUtc } from "~/utils/dates";
import {
  checkboxField,
  optionalLink,
  optionalText,
  optionalRupeesField,
  optionalWholeNumberField,
  requiredText,
  rupeesField,
  wholeNumberField,
} from "./admin-fields";
import { blankToUndefined } from "./fields";
import { uploadField, type UploadKind } from "./uploads";
import { deliveryField, deliveryOfValue, type Delivery } from "./delivery";

// The admin event form. Two doors share
// every field rule: the page form, which takes the date and the time of day in
// India as two inputs (yyyy-mm-dd and HH:mm), and the JSON API (POST/PUT
// /api/events), which takes `eventDate` as an ISO string. Both end
// as the same `AdminEventInput`.

/** The types the admin form offers: every type the table allows. */
export const ADMIN_EVENT_TYPES = EVENT_TYPES;

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

/** The fields both doors share, with their defaults (duration 60, price 0). A content manager's doors read the price only to tell "left out" (kept as stored) from "sent" (refused by the model unless unchanged). */
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
  venue: optionalText("Venue", 300),
  delivery: deliveryField,
  joinUrl: optionalLink("Join link"),
};

const postedPrice = { price: optionalRupeesField("Price") };

/** The form's file input: a banner image, taken like a course's cover photo (decision 0038). */
export const EVENT_UPLOADS = { banner: "image" } as const satisfies Record<string, UploadKind>;
export const EVENT_UPLOAD_LABELS = { banner: "Banner" } as const;

const pageFields = {
  date: z
    .string({ required_error: "Date is required", invalid_type_error: "Date is required" })
    .trim()
    .refine((date) => indiaDateTimeToUtc(date, "00:00") !== null, "Date must be a real date, like 2026-12-05"),
  time: z
    .string({ required_error: "Time is required", invalid_type_error: "Time is required" })
    .trim()
    .refine((time) => indiaDateTimeToUtc("2000-01-01", time) !== null, "Time must be a time of day, like 19:30"),
  isActive: checkboxField,
  banner: uploadField(EVENT_UPLOAD_LABELS.banner, EVENT_UPLOADS.banner),
  removeBanner: checkboxField,
};

/** The page form: date and time of day in India, and an "Active" checkbox (unticked posts nothing). */
export const AdminEventFormSchema = z.object({ ...sharedFields, ...pageFields });
/** A content manager's page form: no price input (the price is the admin's). */
const AdminEventContentFormSchema = z.object({ ...sharedFields, ...pageFields, ...postedPrice });

const ISO_DATE_MESSAGE = "Event date must be an ISO date and time, like 2026-12-05T14:00:00.000Z";

const isoInstant = z.string().datetime({ offset: true });

/** JavaScript reads 2026-02-30 as 2 March; the API refuses such days instead. */
function isRealCalendarDay(iso: string): boolean {
  const [year, month, day] = iso.slice(0, 10).split("-").map(Number);
  if (year === undefined || month === undefined || day === undefined) return false;
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

const apiFields = {
  eventDate: z
    .string({ required_error: "Event date is required", invalid_type_error: ISO_DATE_MESSAGE })
    .refine((iso) => isoInstant.safeParse(iso).success && isRealCalendarDay(iso), ISO_DATE_MESSAGE)
    .transform((iso) => new Date(iso)),
  isActive: z.boolean({ invalid_type_error: "isActive must be true or false" }).default(true),
};

/** The JSON API: `eventDate` as an ISO string with its offset; a missing `isActive` means active. */
export const AdminEventApiSchema = z.object({ ...sharedFields, ...apiFields });
/** A content manager's JSON body: a price left out is kept as stored, not defaulted to 0. */
const AdminEventContentApiSchema = z.object({ ...sharedFields, ...apiFields, ...postedPrice });

/** The schema of the form (or JSON body) a role fills in: with the price for an admin, without for a content manager. */
export const eventFormSchema = (canSetPrices: boolean) => (canSetPrices ? AdminEventFormSchema : AdminEventContentFormSchema);
export const eventApiSchema = (canSetPrices: boolean) => (canSetPrices ? AdminEventApiSchema : AdminEventContentApiSchema);

export type AdminEventFormValue = z.infer<typeof AdminEventContentFormSchema>;
export type AdminEventApiValue = z.infer<typeof AdminEventContentApiSchema>;

/** An event as both doors hand it to the model: a UTC instant, minutes, paise (undefined: left out, kept as stored). */
export type AdminEventInput = {
  title: string;
  description: string;
  eventType: EventType;
  eventDate: Date;
  durationMinutes: number;
  maxParticipants: number | null;
  pricePaise?: number | undefined;
  registrationUrl: string | null;
  venue: string | null;
  /** Left out: online for a new event, as stored for an edit. */
  delivery?: Delivery | undefined;
  joinUrl: string | null;
  isActive: boolean;
  /** "/uploads/…" for a new banner, null to remove it; undefined keeps the stored one. */
  bannerUrl?: string | null | undefined;
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
    venue: value.venue ?? null,
    delivery: deliveryOfValue(value.delivery),
    joinUrl: value.joinUrl ?? null,
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
