import { parseWithZod } from "@conform-to/zod";
import { describe, expect, test } from "vitest";
import { AdminBlogPostSchema, slugify } from "./admin-blog";
import { BLOG_MESSAGES } from "~/content/messages/admin";
import { AdminTestimonialSchema, testimonialPreview } from "./admin-testimonial";

// The Content tab's two forms, as the dialogs (FormData) and
// the JSON API (objects) send them.

function formData(entries: Record<string, string>) {
  const data = new FormData();
  for (const [name, value] of Object.entries(entries)) data.append(name, value);
  return data;
}

function fieldErrors(data: FormData, schema: typeof AdminBlogPostSchema | typeof AdminTestimonialSchema) {
  const submission = parseWithZod(data, { schema });
  return submission.status === "success" ? {} : submission.reply().error;
}

describe("AdminBlogPostSchema", () => {
  const valid = {
    title: "  Reading Candles ",
    slug: "reading-candles-101",
    excerpt: "What a candle says.",
    content: "<p>Body</p>",
    category: "risk management",
  };

  test("an empty form names each required field", () => {
    expect(
      fieldErrors(
        formData({
          title: "",
          slug: "",
          excerpt: "",
          content: "",
          category: "",
        }),
        AdminBlogPostSchema,
      ),
    ).toEqual({
      title: ["Title is required"],
      slug: ["Slug is required"],
      excerpt: ["Excerpt is required"],
      content: ["Content is required"],
      category: ["Category is required"],
    });
  });

  test("a valid form: trimmed text, a draft, tags split on commas and lines without blanks or repeats", () => {
    const submission = parseWithZod(formData({ ...valid, tags: "SMC, Risk\nsmc\n\n  Psychology ," }), {
      schema: AdminBlogPostSchema,
    });
    expect(submission.status).toBe("success");
    expect(submission.status === "success" && submission.value).toEqual({
      ...valid,
      title: "Reading Candles",
      tags: ["SMC", "Risk", "Psychology"],
      isPublished: false,
      imageUrl: undefined,
    });
  });

  test("slugs: lowercase letters, digits and single dashes only", () => {
    for (const slug of ["Reading-Candles", "reading candles", "-reading", "reading--candles", "reading_candles", "résumé"])
      expect(fieldErrors(formData({ ...valid, slug }), AdminBlogPostSchema)).toEqual({ slug: [BLOG_MESSAGES.slugFormat] });
  });

  test("an unknown category and an unsafe image link are refused", () => {
    expect(
      fieldErrors(
        formData({
          ...valid,
          category: "gossip",
          imageUrl: "javascript:alert(1)",
        }),
        AdminBlogPostSchema,
      ),
    ).toEqual({
      category: [BLOG_MESSAGES.category],
      imageUrl: ["Image URL must start with https:// or /"],
    });
  });

  test("JSON: arrays of tags, boolean flags, a category in any case", () => {
    const result = AdminBlogPostSchema.safeParse({
      ...valid,
      category: "Strategy",
      tags: ["A", "b"],
      isPublished: true,
      imageUrl: null,
    });
    expect(result.success && result.data).toMatchObject({
      category: "strategy",
      tags: ["A", "b"],
      isPublished: true,
      imageUrl: undefined,
    });
    const wrong = AdminBlogPostSchema.safeParse({
      ...valid,
      tags: "x".repeat(51),
      isPublished: "yes",
    });
    expect(wrong.success).toBe(false);
  });
});

describe("slugify", () => {
  test("suggests a slug from a title", () => {
    expect(slugify("Risk & Reward: 101 Basics!")).toBe("risk-reward-101-basics");
    expect(slugify("  Café Trading  ")).toBe("cafe-trading");
    expect(slugify("!!!")).toBe("");
  });
});

describe("AdminTestimonialSchema", () => {
  test("name and content are required; the rating defaults to 5", () => {
    expect(fieldErrors(formData({ name: " ", content: "", rating: "" }), AdminTestimonialSchema)).toEqual({
      name: ["Name is required"],
      content: ["Content is required"],
    });
    const result = AdminTestimonialSchema.parse({
      name: "Asha",
      content: "Great.",
    });
    expect(result).toEqual({
      name: "Asha",
      content: "Great.",
      rating: 5,
      isApproved: false,
      profession: undefined,
      city: undefined,
      publishConsent: false,
      imageUrl: undefined,
    });
  });

  test("the rating runs from 1 to 5, whole numbers only", () => {
    const base = { name: "Asha", content: "Great." };
    expect(fieldErrors(formData({ ...base, rating: "0" }), AdminTestimonialSchema)).toEqual({
      rating: ["Rating must be at least 1"],
    });
    expect(fieldErrors(formData({ ...base, rating: "6" }), AdminTestimonialSchema)).toEqual({
      rating: ["Rating must be at most 5"],
    });
    expect(fieldErrors(formData({ ...base, rating: "4.5" }), AdminTestimonialSchema)).toEqual({
      rating: ["Rating must be a whole number"],
    });
    expect(AdminTestimonialSchema.parse({ ...base, rating: 3, isApproved: true })).toMatchObject({ rating: 3, isApproved: true });
  });
});

describe("testimonialPreview", () => {
  test("the first 50 characters, with '...' only when cut", () => {
    const fifty = "a".repeat(50);
    expect(testimonialPreview(fifty)).toBe(fifty);
    expect(testimonialPreview(`${fifty}b`)).toBe(`${fifty}...`);
    expect(testimonialPreview("Short.")).toBe("Short.");
    // Characters, not UTF-16 units: an emoji is one.
    expect(testimonialPreview(`${"😀".repeat(51)}`)).toBe(`${"😀".repeat(50)}...`);
  });
});
