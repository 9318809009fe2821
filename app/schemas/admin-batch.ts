import { z } from "zod";
import { indiaDateTimeToUtc } from "~/utils/dates";
import { meetingServiceOf } from "~/utils/meeting-services";
import { checkboxField, optionalRupeesField, optionalText, optionalWholeNumberField, requiredText, wholeNumberField } from "./admin-fields";
import { videoLinkOf } from "./admin-curriculum";
import { deliveryField, deliveryOfValue } from "./delivery";
import { blankToUndefined } from "./fields";

// The admin forms of a course's batches and their timetables
// (docs/decisions/0059-batches-and-live-classes.md). Days and times are typed
// in India's time, as the course page and the timetable show them.

export const MAX_BATCH_SEATS = 10_000;
export const MAX_SESSION_MINUTES = 720;

const indiaDay = (label: string) =>
  z
    .string({ required_error: `${label} is required`, invalid_type_error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .refine((day) => indiaDateTimeToUtc(day, "00:00") !== null, `${label} must be a real date, like 2027-01-04`);

const optionalId = (label: string) =>
  z.preprocess(
    blankToUndefined,
    z
      .string({ invalid_type_error: `Choose a ${label}` })
      .regex(/^[1-9]\d{0,9}$/, `Choose a ${label} from the list`)
      .transform(Number)
      .optional(),
  );

export const BatchSchema = z
  .object({
    name: requiredText("Name", 120),
    startsOn: indiaDay("First day"),
    endsOn: indiaDay("Last day"),
    delivery: deliveryField,
    venue: optionalText("Venue address", 300),
    seats: optionalWholeNumberField("Seats", { min: 1, max: MAX_BATCH_SEATS }),
    price: optionalRupeesField("Price"),
    leadMentorId: optionalId("mentor"),
  })
  .superRefine((value, ctx) => {
    if (value.endsOn < value.startsOn)
      ctx.addIssue({ code: "custom", path: ["endsOn"], message: "Last day must be on or after the first day" });
    if (value.delivery !== undefined && value.delivery !== "online" && !value.venue)
      ctx.addIssue({ code: "custom", path: ["venue"], message: "Venue address is required for a batch taught in person" });
  });

export type BatchFormValue = z.infer<typeof BatchSchema>;

/**
 * The form's value as the model takes it: blank seats are unlimited, no
 * delivery is online, a blank price is the course's. `canSetPrices` false (a
 * role without "pricing", whose form has no price) leaves the price out.
 */
export function batchInputOf(value: BatchFormValue, canSetPrices: boolean) {
  return {
    name: value.name,
    startsOn: value.startsOn,
    endsOn: value.endsOn,
    delivery: deliveryOfValue(value.delivery) ?? { deliveryMode: "online" as const, venueStateCode: null },
    venue: value.venue ?? null,
    seats: value.seats ?? null,
    pricePaise: canSetPrices ? (value.price ?? null) : undefined,
    leadMentorId: value.leadMentorId ?? null,
  };
}

const MEETING_LINK_MESSAGE = "Join link must be an https:// link to Zoom, Google Meet, YouTube Live or Jitsi (meet.jit.si)";

/** Whether `value` is an https address on a meeting service. */
export const isMeetingLink = (value: string) => meetingServiceOf(value) !== null;

export const BatchSessionSchema = z
  .object({
    title: requiredText("Title", 200),
    description: z.preprocess((value) => value ?? "", z.string().trim().max(5000, "Description must be at most 5000 characters")),
    date: indiaDay("Date"),
    time: z
      .string({ required_error: "Time is required", invalid_type_error: "Time is required" })
      .trim()
      .refine((time) => indiaDateTimeToUtc("2000-01-01", time) !== null, "Time must be a time of day, like 19:30"),
    duration: wholeNumberField("Duration", { min: 1, max: MAX_SESSION_MINUTES }),
    mentorId: optionalId("mentor"),
    joinUrl: z.preprocess(
      blankToUndefined,
      z.string().trim().max(2000, "Join link must be at most 2000 characters").refine(isMeetingLink, MEETING_LINK_MESSAGE).optional(),
    ),
    room: optionalText("Room", 200),
    pricesAtLeast30DaysOld: checkboxField.refine(
      (ticked) => ticked,
      "Confirm that every market example in this class uses prices at least 30 days old",
    ),
  })
  .superRefine((value, ctx) => {
    if (!value.joinUrl && !value.room)
      ctx.addIssue({ code: "custom", path: ["joinUrl"], message: "Give a join link for an online class, or a room for one in person" });
  });

export type BatchSessionFormValue = z.infer<typeof BatchSessionSchema>;

/** The form's value as the model takes it: the IST day and time as one instant. */
export function batchSessionInputOf(value: BatchSessionFormValue) {
  const startsAt = indiaDateTimeToUtc(value.date, value.time);
  // The schema has checked both; a null here is a bug, not bad input.
  if (!startsAt) throw new Error(`Unreadable session time ${value.date} ${value.time}`);
  return {
    title: value.title,
    description: value.description,
    startsAt,
    durationMinutes: value.duration,
    mentorId: value.mentorId ?? null,
    joinUrl: value.joinUrl ?? null,
    room: value.room ?? null,
    pricesAtLeast30DaysOld: value.pricesAtLeast30DaysOld,
  };
}

/** The admin's reason, kept in the audit row beside a cancellation or a move. */
const reason = requiredText("Reason", 500);

/** Calling a batch off: its students are refunded and everyone is told (decision 0062). */
export const BatchCancelSchema = z.object({ reason });

/** Moving a student to another batch of the same course (decision 0062). */
export const BatchMoveSchema = z.object({
  toBatchId: z
    .string({ required_error: "Choose the batch to move to", invalid_type_error: "Choose the batch to move to" })
    .regex(/^[1-9]\d{0,9}$/, "Choose the batch to move to from the list")
    .transform(Number),
  reason,
});

/**
 * Where a class's recording plays from: an uploaded file behind the
 * enrolment check, or Vimeo with its embedding restricted to this site's
 * domain. Never YouTube: an unlisted video plays for anyone with its link
 * (decision 0024).
 */
export const RECORDING_SOURCES = ["upload", "vimeo"] as const;

export const RecordingSchema = z
  .object({
    title: requiredText("Title", 200),
    videoSource: z.enum(RECORDING_SOURCES, { errorMap: () => ({ message: "Choose where the recording plays from" }) }),
    videoUrl: optionalText("Vimeo link", 2000),
    vimeoDomainOnly: checkboxField,
    // The file input: streamed to disk before this schema runs (app/services/classroom/lesson-files.server.ts).
    videoFile: z.unknown().optional(),
  })
  .transform((form, context) => {
    if (form.videoSource === "upload") return { title: form.title, videoSource: "upload" as const, videoUrl: null };
    const link = videoLinkOf("vimeo", form.videoUrl);
    if (!link.ok) {
      context.addIssue({ code: "custom", path: ["videoUrl"], message: link.message });
      return z.NEVER;
    }
    if (!form.vimeoDomainOnly) {
      context.addIssue({
        code: "custom",
        path: ["vimeoDomainOnly"],
        message: "Restrict the video's embedding to this site's domain in Vimeo first: otherwise its link plays for anyone",
      });
      return z.NEVER;
    }
    return { title: form.title, videoSource: "vimeo" as const, videoUrl: link.embedUrl };
  });

export type RecordingInput = z.output<typeof RecordingSchema>;
