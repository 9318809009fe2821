import { z } from "zod";
import { checkboxField, optionalLink, requiredText } from "./admin-fields";
import { blankToUndefined } from "./fields";
import { BLOG_MESSAGES } from "~/content/messages/admin";

// The blog post form (title, slug, content, excerpt and category
// required), shared by the admin dialogs and POST /api/blog, PUT /api/blog/:id.

/** The categories the public blog files posts under (its filter and badges). */
export const BLOG_CATEGORIES = ["education", "psychology", "risk management", "strategy"] as const;

export const MAX_SLUG_LENGTH = 200;
const MAX_TAGS = 20;
const MAX_TAG_LENGTH = 50;

/** Why the server refused a valid-looking post, as the field error to show. */
export function blogWriteFieldErrors(reason: "duplicate-slug" | "empty-content"): { slug: string[] } | { content: string[] } {
  return reason === "duplicate-slug" ? { slug: [BLOG_MESSAGES.slugTaken] } : { content: [BLOG_MESSAGES.contentEmpty] };
}

const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** A slug suggested from a title: "Risk & Reward: 101" → "risk-reward-101". */
export function slugify(title: string): string {
  return title
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, MAX_SLUG_LENGTH)
    .replace(/-+$/, "");
}

/** Tags typed separated by commas or one per line, or sent as a JSON array; blanks and repeats dropped. */
const tagsField = z.preprocess(
  (value) => {
    if (value === undefined || value === null) return [];
    const items = typeof value === "string" ? value.split(/[,\n]/) : value;
    // Blank items are dropped here, before Conform would read them as missing values.
    return Array.isArray(items)
      ? items.map((item) => (typeof item === "string" ? item.trim() : item)).filter((item) => item !== "")
      : items;
  },
  z
    .array(z.string({ invalid_type_error: "Tags must be text" }).trim(), {
      invalid_type_error: "Tags must be a list of text",
    })
    // Checked on the list, not on each item, so the form shows it under the Tags field.
    .refine((tags) => tags.every((tag) => tag.length <= MAX_TAG_LENGTH), `Each tag must be at most ${MAX_TAG_LENGTH} characters`)
    .transform((tags) => {
      const seen = new Set<string>();
      return tags.filter((tag) => {
        const key = tag.toLowerCase();
        if (seen.has(key)) return false;
        seen.add(key);
        return true;
      });
    })
    .refine((tags) => tags.length <= MAX_TAGS, `At most ${MAX_TAGS} tags`),
);

export const AdminBlogPostSchema = z.object({
  title: requiredText("Title", 200),
  slug: z.preprocess(
    blankToUndefined,
    z
      .string({
        required_error: "Slug is required",
        invalid_type_error: "Slug is required",
      })
      .trim()
      .max(MAX_SLUG_LENGTH, `Slug must be at most ${MAX_SLUG_LENGTH} characters`)
      .regex(SLUG_PATTERN, BLOG_MESSAGES.slugFormat),
  ),
  excerpt: requiredText("Excerpt", 500),
  content: requiredText("Content", 100_000),
  category: z.preprocess(
    (value) => (typeof value === "string" ? blankToUndefined(value.trim().toLowerCase()) : blankToUndefined(value)),
    z.enum(BLOG_CATEGORIES, {
      errorMap: (issue, context) => ({
        message: issue.code === "invalid_type" && context.data === undefined ? "Category is required" : BLOG_MESSAGES.category,
      }),
    }),
  ),
  imageUrl: optionalLink("Image URL"),
  tags: tagsField,
  /** Absent (an unticked box, or left out of a JSON body) is a draft. */
  isPublished: checkboxField,
});

export type AdminBlogPostInput = z.infer<typeof AdminBlogPostSchema>;

/** The intents of the small publish/unpublish forms on the lists. */
export const PublishIntentSchema = z.object({
  intent: z.enum(["publish", "unpublish"]),
  id: z.coerce.number().int().positive(),
});
