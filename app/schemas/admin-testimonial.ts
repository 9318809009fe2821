import { z } from "zod";
import { checkboxField, optionalLink, optionalText, requiredText, wholeNumberField } from "./admin-fields";
import { blankToUndefined, emailField } from "./fields";
import { personName } from "./person-name";

// The testimonial form (name, content and rating required; the
// rating runs from 1 to 5 and defaults to 5), shared by the admin dialogs and
// POST /api/testimonials, PUT /api/testimonials/:id.

export const RATINGS = [5, 4, 3, 2, 1] as const;
export const DEFAULT_RATING = 5;
/** The Content tab shows this many characters of each testimonial. */
const PREVIEW_LENGTH = 50;

export const AdminTestimonialSchema = z.object({
  name: personName(requiredText("Name", 100)),
  content: requiredText("Content", 2000),
  rating: z.preprocess(blankToUndefined, wholeNumberField("Rating", { min: 1, max: 5 }).optional().default(DEFAULT_RATING)),
  profession: optionalText("Profession", 100),
  city: optionalText("City", 60),
  /**
   * The author agreed to its publication with their name and city. Without it (or a city) an approved
   * testimonial stays off the site: an unattributed one is not evidence a visitor can weigh.
   */
  publishConsent: checkboxField,
  imageUrl: optionalLink("Image URL"),
  /** Absent (an unticked box, or left out of a JSON body) is not approved, the default. */
  isApproved: checkboxField,
  /**
   * The author's student account, by its email: the public card then says they are a student
   * of a course, but only while that account holds one. Blank (or left out) links no account.
   */
  studentEmail: z.preprocess(blankToUndefined, emailField().optional()),
});

/** The studentEmail field's error when no student account has that address. */
export const UNKNOWN_STUDENT_MESSAGE = "No student account has this email. Check it on the Users tab.";

export type AdminTestimonialInput = z.infer<typeof AdminTestimonialSchema>;

export const ApproveIntentSchema = z.object({
  intent: z.enum(["approve", "unapprove"]),
  id: z.coerce.number().int().positive(),
});

/** The first 50 characters of the content, with "..." when it was cut. */
export function testimonialPreview(content: string, length = PREVIEW_LENGTH): string {
  const characters = Array.from(content);
  return characters.length > length ? `${characters.slice(0, length).join("")}...` : content;
}
