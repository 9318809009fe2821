import { z } from "zod";
import type { CourseInput } from "~/models/course.server";
import { COURSE_LEVELS } from "../../db/schema";
import {
  checkboxField,
  linesListField,
  optionalLink,
  optionalRupeesField,
  optionalText,
  requiredText,
  rupeesField,
} from "./admin-fields";
import { uploadField, type UploadKind } from "./uploads";

// The Course form (admin spec §5): title, description, short description,
// price, duration and level are required; price defaults to 0, level to
// beginner, active to yes. The page form and the JSON API share these rules.

/** The form's file inputs and the kind each takes. */
export const COURSE_UPLOADS = { coverPhoto: "image", brochure: "pdf" } as const satisfies Record<string, UploadKind>;

export const COURSE_DEFAULTS = { price: "0", level: "beginner", isActive: "on" } as const;

const courseFields = {
  title: requiredText("Title", 200),
  shortDescription: requiredText("Short description", 300),
  description: requiredText("Description", 20_000),
  price: rupeesField("Price"),
  originalPrice: optionalRupeesField("Original price"),
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
  isActive: checkboxField,
};

type CourseFields = { price: number; originalPrice?: number | undefined };

/** A struck-through original price only makes sense above the price. */
function checkOriginalPrice(course: CourseFields, context: z.RefinementCtx) {
  if (course.originalPrice !== undefined && course.originalPrice <= course.price)
    context.addIssue({ code: "custom", path: ["originalPrice"], message: "Original price must be more than the price" });
}

/** The admin page's form: the fields, plus a cover photo and a brochure to upload. */
export const CourseFormSchema = z
  .object({
    ...courseFields,
    coverPhoto: uploadField("Cover photo", COURSE_UPLOADS.coverPhoto),
    brochure: uploadField("Brochure", COURSE_UPLOADS.brochure),
  })
  .superRefine(checkOriginalPrice);

/** The JSON API's body: the same fields, with the spec's defaults for the ones left out. */
export const CourseApiSchema = z
  .object({
    ...courseFields,
    price: rupeesField("Price", 0),
    level: courseFields.level.default("beginner"),
    isActive: z.boolean({ invalid_type_error: "isActive must be true or false" }).default(true),
  })
  .superRefine(checkOriginalPrice);

export type CourseFormValues = z.infer<typeof CourseApiSchema>;

/** The form's values in the model's terms (prices in paise). */
export function toCourseInput(values: CourseFormValues): CourseInput {
  return {
    title: values.title,
    shortDescription: values.shortDescription,
    description: values.description,
    pricePaise: values.price,
    originalPricePaise: values.originalPrice,
    duration: values.duration,
    level: values.level,
    imageUrl: values.imageUrl,
    coverPhotoUrl: values.coverPhotoUrl,
    brochurePdfUrl: values.brochurePdfUrl,
    syllabus: values.syllabus,
    features: values.features,
    isActive: values.isActive,
  };
}
