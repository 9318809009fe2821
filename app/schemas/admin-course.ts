import { z } from "zod";
import { COURSE_LEVELS, COURSE_PACINGS, type CourseLevel, type CoursePacing } from "../../db/enums";
import {
  checkboxField,
  idList,
  idListField,
  linesListField,
  optionalCheckboxField,
  optionalLink,
  optionalRupeesField,
  optionalText,
  requiredText,
  rupeesField,
} from "./admin-fields";
import { uploadField, type UploadKind } from "./uploads";
import { deliveryField, deliveryOfValue, type Delivery } from "./delivery";
import { blankToUndefined } from "./fields";

// The Course form: title, description, short description,
// price, duration and level are required; price defaults to 0, level to
// beginner, active to yes. The page form and the JSON API share these rules.
//
// Prices and "on sale" (isActive) are the admin's (the "pricing" permission).
// A content manager's form has no inputs for them: its schemas read them only
// to tell "left out" (kept as stored) from "sent" (the model refuses a value
// that differs from the stored one).

/** The course's content, and the pricing fields posted (a field left out keeps the stored value). */
export type CourseInput = {
  title: string;
  shortDescription: string;
  description: string;
  duration: string;
  level: CourseLevel;
  imageUrl?: string | undefined;
  coverPhotoUrl?: string | undefined;
  brochurePdfUrl?: string | undefined;
  syllabus?: string | undefined;
  features: string[];
  /** Left out: online for a new course, as stored for an edit. */
  delivery?: Delivery | undefined;
  /** Left out: self-paced for a new course, as stored for an edit. */
  pacing?: CoursePacing | undefined;
  /** The mentors who teach it, in order; left out (the JSON API): none for a new course, as stored for an edit. */
  mentorIds?: number[] | undefined;
} & Partial<{ pricePaise: number; originalPricePaise: number | null; isActive: boolean }>;

/** The form's file inputs and the kind each takes. */
export const COURSE_UPLOADS = { coverPhoto: "image", brochure: "pdf" } as const satisfies Record<string, UploadKind>;

export const COURSE_DEFAULTS = { price: "0", level: "beginner", delivery: "online", pacing: "self_paced", isActive: "on" } as const;

export const PACING_OPTIONS: { value: CoursePacing; label: string }[] = [
  { value: "self_paced", label: "Self-paced" },
  { value: "batch", label: "In batches only (live classes on a timetable)" },
  { value: "both", label: "Self-paced or in a batch, as the student chooses" },
];

const contentFields = {
  title: requiredText("Title", 200),
  shortDescription: requiredText("Short description", 300),
  description: requiredText("Description", 20_000),
  duration: requiredText("Duration", 100),
  level: z.enum(COURSE_LEVELS, {
    errorMap: (_issue, context) => ({
      message: context.data === undefined || context.data === "" ? "Level is required" : "Level must be beginner, intermediate or advanced",
    }),
  }),
  imageUrl: optionalLink("Image URL"),
  coverPhotoUrl: optionalLink("Cover photo URL"),
  brochurePdfUrl: optionalLink("Brochure URL"),
  syllabus: optionalText("Syllabus", 20_000),
  features: linesListField("Features", { maxItems: 30, maxLength: 200 }),
  delivery: deliveryField,
  pacing: z.preprocess(
    blankToUndefined,
    z.enum(COURSE_PACINGS, { errorMap: () => ({ message: "Taught must be self-paced, in batches, or both" }) }).optional(),
  ),
};

/** Mentors a course names; a course page with more would not be read. */
const MAX_MENTORS = 10;

const uploadFields = {
  coverPhoto: uploadField("Cover photo", COURSE_UPLOADS.coverPhoto),
  brochure: uploadField("Brochure", COURSE_UPLOADS.brochure),
};

const originalPrice = optionalRupeesField("Original price");

type CourseFields = { price: number; originalPrice?: number | undefined };

/** A struck-through original price only makes sense above the price. */
function checkOriginalPrice(course: CourseFields, context: z.RefinementCtx) {
  if (course.originalPrice !== undefined && course.originalPrice <= course.price)
    context.addIssue({ code: "custom", path: ["originalPrice"], message: "Original price must be more than the price" });
}

/** The admin page's form: the fields, plus a cover photo and a brochure to upload. */
export const CourseFormSchema = z
  .object({
    ...contentFields,
    mentorIds: idListField("mentors", MAX_MENTORS),
    price: rupeesField("Price"),
    originalPrice,
    isActive: checkboxField,
    ...uploadFields,
  })
  .superRefine(checkOriginalPrice);

/** A content manager's page form: the content; prices, if posted at all, only as read. */
const CourseContentFormSchema = z.object({
  ...contentFields,
  mentorIds: idListField("mentors", MAX_MENTORS),
  price: optionalRupeesField("Price"),
  originalPrice,
  isActive: optionalCheckboxField,
  ...uploadFields,
});

/** The JSON API's body: the same fields, with the defaults for the ones left out. */
export const CourseApiSchema = z
  .object({
    ...contentFields,
    mentorIds: idList("mentors", MAX_MENTORS).optional(),
    level: contentFields.level.default("beginner"),
    price: rupeesField("Price", 0),
    originalPrice,
    isActive: z.boolean({ invalid_type_error: "isActive must be true or false" }).default(true),
  })
  .superRefine(checkOriginalPrice);

/** A content manager's JSON body: a price or isActive left out is kept as stored, not defaulted. */
const CourseContentApiSchema = z.object({
  ...contentFields,
  mentorIds: idList("mentors", MAX_MENTORS).optional(),
  level: contentFields.level.default("beginner"),
  price: optionalRupeesField("Price"),
  originalPrice,
  isActive: z.boolean({ invalid_type_error: "isActive must be true or false" }).optional(),
});

/** The page form a role fills in: the admin's with the prices, or the content manager's without. */
export const courseFormSchema = (canSetPrices: boolean) => (canSetPrices ? CourseFormSchema : CourseContentFormSchema);
export const courseApiSchema = (canSetPrices: boolean) => (canSetPrices ? CourseApiSchema : CourseContentApiSchema);

export type CourseFormValues = z.infer<typeof CourseContentApiSchema>;

/**
 * The form's values in the model's terms (prices in paise). The admin's form
 * always holds the prices, so a blank original price there means "none";
 * in a content manager's, anything left out keeps its stored value.
 */
export function toCourseInput(values: CourseFormValues, canSetPrices: boolean): CourseInput {
  return {
    title: values.title,
    shortDescription: values.shortDescription,
    description: values.description,
    pricePaise: values.price,
    originalPricePaise: canSetPrices ? (values.originalPrice ?? null) : values.originalPrice,
    duration: values.duration,
    level: values.level,
    imageUrl: values.imageUrl,
    coverPhotoUrl: values.coverPhotoUrl,
    brochurePdfUrl: values.brochurePdfUrl,
    syllabus: values.syllabus,
    features: values.features,
    delivery: deliveryOfValue(values.delivery),
    pacing: values.pacing,
    mentorIds: values.mentorIds,
    isActive: values.isActive,
  };
}
