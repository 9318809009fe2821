import { z } from "zod";
import { checkboxField, linesListField, optionalLink, optionalText, requiredText, wholeNumberField } from "./admin-fields";
import { blankToUndefined } from "./fields";
import { personName } from "./person-name";

// The Add Mentor / Edit Mentor form (the mentors shown on the About page had
// no admin screen before this one). The social links are flat fields here and
// one JSON object (`socialLinks`) in the table.

/** A profile link on another site: https only, since it opens from the public About page. */
const socialLink = (label: string) =>
  z.preprocess(
    blankToUndefined,
    z
      .string({ invalid_type_error: `${label} must be a web address` })
      .trim()
      .max(500, `${label} must be at most 500 characters`)
      .refine((value) => {
        try {
          return new URL(value).protocol === "https:" && value.toLowerCase().startsWith("https://");
        } catch {
          return false;
        }
      }, `${label} must be a link starting with https://`)
      .optional(),
  );

export const MentorSchema = z.object({
  name: personName(requiredText("Name", 100)),
  title: requiredText("Title", 150),
  bio: requiredText("Bio", 5000),
  imageUrl: optionalLink("Image URL"),
  experience: optionalText("Experience", 100),
  specialization: linesListField("Specialization", { maxItems: 20, maxLength: 80 }),
  linkedin: socialLink("LinkedIn"),
  twitter: socialLink("Twitter/X"),
  youtube: socialLink("YouTube"),
  isActive: checkboxField,
  // Lower numbers come first on the About page; blank means 0, the table's default.
  displayOrder: z.preprocess(blankToUndefined, wholeNumberField("Display order", { min: 0, max: 10_000 }).optional().default(0)),
});

export type MentorInput = z.infer<typeof MentorSchema>;
