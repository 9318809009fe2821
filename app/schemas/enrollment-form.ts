import { z } from "zod";
import { requiredTick } from "./consent";
import { blankToUndefined, phoneField } from "./fields";
import { personName } from "./person-name";

// The enrollment information form. Two doors share every
// field rule: the page form, whose one course-or-event select carries both the
// type and the id ("course:3"), and POST /api/enrollment-forms, which takes the
// API's payload (courseOrEventId + courseOrEventType). Both parse to the same
// `EnrollmentFormInput`.

export const EXPERIENCE_LEVELS = ["Beginner", "Intermediate", "Expert"] as const;
export const LEAD_SOURCES = ["Facebook", "Instagram", "Referral", "YouTube", "WhatsApp group", "Seminar"] as const;
const TRAINING_PREFERENCES = ["online", "offline"] as const;
const COURSE_OR_EVENT_TYPES = ["course", "event"] as const;
export type CourseOrEventType = (typeof COURSE_OR_EVENT_TYPES)[number];

// A contract with someone under 18 is void (Indian Contract Act 1872, s.11), and
// their data needs a parent's verifiable consent (DPDP Act 2023, s.9), which the
// site cannot take: the form refuses them, whatever door it comes through.
const ADULT_AGE = 18;
const AGE_MAX = 100;

export const ENROLLMENT_MESSAGES = {
  name: "Name is required",
  whatsappNumber: "Valid mobile number is required",
  email: "Please enter a valid email address",
  age: `Age must be a whole number from ${ADULT_AGE} to ${AGE_MAX}`,
  underAge: "You must be 18 or older to enrol: a contract with someone under 18 is void in India, and we cannot take a parent's consent.",
  state: "State is required",
  city: "City is required",
  experienceLevel: "Experience level is required",
  courseOrEventId: "Please select a course or event",
  courseOrEventType: "Type is required",
  sourceOfLead: "Source of lead is required",
  trainingPreference: "Please choose online or offline training",
  saveFailed: "Failed to save enrollment information. Please try again.",
} as const;

const tooLong = (label: string, max: number) => `${label} must be at most ${max} characters`;

const requiredText = (message: string, label: string, max: number) =>
  z.string({ required_error: message, invalid_type_error: message }).trim().min(1, message).max(max, tooLong(label, max));

const optionalText = (label: string, max: number) =>
  z.preprocess(
    blankToUndefined,
    z
      .string({ invalid_type_error: `${label} must be text` })
      .trim()
      .max(max, tooLong(label, max))
      .optional(),
  );

/** One of the listed options, matched without regard to case and stored as listed. */
const option = <T extends string>(options: readonly [T, ...T[]], message: string) =>
  z.preprocess(
    (value) =>
      typeof value === "string" ? (options.find((candidate) => candidate.toLowerCase() === value.trim().toLowerCase()) ?? value) : value,
    z.enum(options, { errorMap: () => ({ message }) }),
  );

const fieldsShape = {
  name: personName(requiredText(ENROLLMENT_MESSAGES.name, "Name", 100)),
  // A JSON client may send the number as a number.
  whatsappNumber: z.preprocess(
    (value) => (typeof value === "number" ? String(value) : value),
    phoneField(ENROLLMENT_MESSAGES.whatsappNumber),
  ),
  email: z.preprocess(
    blankToUndefined,
    z
      .string({ invalid_type_error: ENROLLMENT_MESSAGES.email })
      .trim()
      .max(254, ENROLLMENT_MESSAGES.email)
      .email(ENROLLMENT_MESSAGES.email)
      .optional(),
  ),
  // The form's text arrives as a number already (Conform coerces it); a JSON
  // client may send either.
  age: z.preprocess(
    (value) => {
      const given = blankToUndefined(value);
      return typeof given === "string" && /^\s*\d+(\.\d+)?\s*$/.test(given) ? Number(given) : given;
    },
    z
      .number({ invalid_type_error: ENROLLMENT_MESSAGES.age })
      .int(ENROLLMENT_MESSAGES.age)
      .nonnegative(ENROLLMENT_MESSAGES.age)
      .max(AGE_MAX, ENROLLMENT_MESSAGES.age)
      // A negative age is a typing slip, not a minor: it keeps the range message alone.
      .refine((age) => age < 0 || age >= ADULT_AGE, ENROLLMENT_MESSAGES.underAge)
      .optional(),
  ),
  country: optionalText("Country", 100),
  state: requiredText(ENROLLMENT_MESSAGES.state, "State", 100),
  city: requiredText(ENROLLMENT_MESSAGES.city, "City", 100),
  experienceLevel: option(EXPERIENCE_LEVELS, ENROLLMENT_MESSAGES.experienceLevel),
  sourceOfLead: option(LEAD_SOURCES, ENROLLMENT_MESSAGES.sourceOfLead),
  broker: optionalText("Broker", 100),
  trainingPreference: z.preprocess(blankToUndefined, option(TRAINING_PREFERENCES, ENROLLMENT_MESSAGES.trainingPreference).optional()),
  consent: requiredTick(),
};

const ID_PATTERN = /^[1-9]\d{0,9}$/;

/** POST /api/enrollment-forms: the API's payload. */
export const EnrollmentFormApiSchema = z.object({
  ...fieldsShape,
  courseOrEventId: z.preprocess(
    (value) => (typeof value === "string" && ID_PATTERN.test(value.trim()) ? Number(value) : value),
    z
      .number({
        required_error: ENROLLMENT_MESSAGES.courseOrEventId,
        invalid_type_error: ENROLLMENT_MESSAGES.courseOrEventId,
      })
      .int(ENROLLMENT_MESSAGES.courseOrEventId)
      .positive(ENROLLMENT_MESSAGES.courseOrEventId)
      .max(2 ** 31 - 1, ENROLLMENT_MESSAGES.courseOrEventId),
  ),
  courseOrEventType: option(COURSE_OR_EVENT_TYPES, ENROLLMENT_MESSAGES.courseOrEventType),
});

export type EnrollmentFormInput = z.output<typeof EnrollmentFormApiSchema>;

/** The select's value for a course or an event: "course:3", "event:7". */
export const choiceValue = (type: CourseOrEventType, id: number) => `${type}:${id}`;

/** The page form's fields: one select names both the type and the id, so they cannot disagree. */
export const enrollmentPageShape = {
  ...fieldsShape,
  courseOrEvent: z
    .string({ required_error: ENROLLMENT_MESSAGES.courseOrEventId })
    .regex(/^(course|event):[1-9]\d{0,9}$/, ENROLLMENT_MESSAGES.courseOrEventId),
};

/** The page form's values as the API's: the select's "course:3" split into type and id. */
export function toEnrollmentInput({ courseOrEvent, ...fields }: z.output<z.ZodObject<typeof enrollmentPageShape>>): EnrollmentFormInput {
  const [type, id] = courseOrEvent.split(":");
  return {
    ...fields,
    courseOrEventType: type === "event" ? "event" : "course",
    courseOrEventId: Number(id),
  };
}

/** The page form. */
export const EnrollmentFormSchema = z.object(enrollmentPageShape).transform(toEnrollmentInput);
