import { parseWithZod } from "@conform-to/zod";
import { describe, expect, test } from "vitest";
import { NewsletterFormSchema, NewsletterSchema } from "./newsletter";

describe("NewsletterSchema", () => {
  test("accepts a valid address, trimmed", () => {
    expect(NewsletterSchema.parse({ email: "  Reader@Example.com " })).toEqual({ email: "Reader@Example.com" });
  });

  test("refuses a missing or invalid address with one clear message", () => {
    for (const email of [undefined, "", "reader", "reader@", "@example.com", "a b@example.com"]) {
      const result = NewsletterSchema.safeParse({ email });
      expect(result.success, String(email)).toBe(false);
      expect(result.error?.flatten().fieldErrors.email).toEqual(["Please enter a valid email address"]);
    }
  });

  test("the page form carries where to return to", () => {
    const formData = new FormData();
    formData.set("email", "reader@example.com");
    formData.set("redirectTo", "/blog?q=risk");
    const submission = parseWithZod(formData, { schema: NewsletterFormSchema });
    expect(submission.status).toBe("success");
    expect(submission.status === "success" && submission.value).toEqual({ email: "reader@example.com", redirectTo: "/blog?q=risk" });
  });
});
