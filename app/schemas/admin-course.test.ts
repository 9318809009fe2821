import { parseWithZod } from "@conform-to/zod";
import { describe, expect, test } from "vitest";
import { CourseApiSchema, CourseFormSchema, courseApiSchema, courseFormSchema, toCourseInput } from "./admin-course";

const formOf = (fields: Record<string, string>) => {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  return form;
};

const valid = {
  title: "Smart Money Concepts",
  shortDescription: "SMC from zero",
  description: "OVERVIEW\nAll of it.",
  price: "4,999.50",
  duration: "8 weeks",
  level: "intermediate",
  features: "Live classes\r\n\r\nRecordings\n",
  isActive: "on",
};

describe("the course form", () => {
  test("reads rupees as paise, one feature per line, and the ticked box", () => {
    const submission = parseWithZod(formOf(valid), { schema: CourseFormSchema });
    expect(submission.status).toBe("success");
    if (submission.status !== "success") return;
    expect(submission.value).toMatchObject({ price: 499_950, features: ["Live classes", "Recordings"], isActive: true });
  });

  test("names each missing required field, as the spec lists them", () => {
    const submission = parseWithZod(formOf({}), { schema: CourseFormSchema });
    expect(submission.status).toBe("error");
    const errors = submission.status === "error" ? submission.error : {};
    expect(errors).toMatchObject({
      title: ["Title is required"],
      shortDescription: ["Short description is required"],
      description: ["Description is required"],
      price: ["Price is required"],
      duration: ["Duration is required"],
      level: ["Level is required"],
    });
  });

  test("refuses a negative or malformed price, an original price not above it, and a javascript: link", () => {
    for (const [fields, field, message] of [
      [{ price: "-5" }, "price", "Price cannot be negative"],
      [{ price: "12.345" }, "price", "Price must be an amount in rupees, like 4999 or 4999.50"],
      [{ originalPrice: "4999.50" }, "originalPrice", "Original price must be more than the price"],
      [{ coverPhotoUrl: "javascript:alert(1)" }, "coverPhotoUrl", "Cover photo URL must start with https:// or /"],
      [{ brochurePdfUrl: "//evil.example/x.pdf" }, "brochurePdfUrl", "Brochure URL must start with https:// or /"],
    ] as const) {
      const submission = parseWithZod(formOf({ ...valid, ...fields }), { schema: CourseFormSchema });
      expect(submission.status === "error" ? submission.error?.[field] : null).toEqual([message]);
    }
  });
});

describe("the course API body", () => {
  test("takes JSON numbers and booleans, and applies the spec's defaults (price 0, beginner, active)", () => {
    const parsed = CourseApiSchema.parse({ title: "T", shortDescription: "S", description: "D", duration: "1 week" });
    expect(parsed).toMatchObject({ price: 0, level: "beginner", isActive: true, features: [] });
    expect(CourseApiSchema.parse({ ...parsed, price: 1499.5, isActive: false, features: ["a"] })).toMatchObject({
      price: 149_950,
      isActive: false,
      features: ["a"],
    });
  });

  test("refuses a price past decimal(10,2) and a level outside the three", () => {
    const result = CourseApiSchema.safeParse({
      title: "T",
      shortDescription: "S",
      description: "D",
      duration: "1",
      price: 100_000_000,
      level: "expert",
    });
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(result.error.flatten().fieldErrors).toMatchObject({
      price: ["Price must be at most ₹99,99,99,999.99"],
      level: ["Level must be beginner, intermediate or advanced"],
    });
  });
});

describe("a content manager's form and JSON body (prices and on-sale are the admin's)", () => {
  const { price: _price, isActive: _active, ...content } = valid;

  test("the form without price inputs is valid; what was left out stays left out (kept as stored)", () => {
    const submission = parseWithZod(formOf(content), { schema: courseFormSchema(false) });
    if (submission.status !== "success") throw new Error("expected success");
    expect(toCourseInput(submission.value, false)).toMatchObject({
      title: valid.title,
      pricePaise: undefined,
      originalPricePaise: undefined,
      isActive: undefined,
    });
    // The admin's form needs the price, and a blank original price there means none.
    const admin = parseWithZod(formOf(valid), { schema: courseFormSchema(true) });
    if (admin.status !== "success") throw new Error("expected success");
    expect(toCourseInput(admin.value, true)).toMatchObject({ pricePaise: 499_950, originalPricePaise: null, isActive: true });
    expect(parseWithZod(formOf(content), { schema: courseFormSchema(true) }).status).toBe("error");
  });

  test("posted prices are still read, for the model to compare with the stored ones", () => {
    const submission = parseWithZod(formOf(valid), { schema: courseFormSchema(false) });
    if (submission.status !== "success") throw new Error("expected success");
    expect(toCourseInput(submission.value, false)).toMatchObject({ pricePaise: 499_950, isActive: true });
  });

  test("the JSON body gets no price or isActive defaults", () => {
    const body = { title: "T", shortDescription: "S", description: "D", duration: "1 week" };
    expect(toCourseInput(courseApiSchema(false).parse(body), false)).toMatchObject({
      pricePaise: undefined,
      isActive: undefined,
      level: "beginner",
    });
    expect(toCourseInput(courseApiSchema(true).parse(body), true)).toMatchObject({
      pricePaise: 0,
      isActive: true,
      originalPricePaise: null,
    });
  });
});
