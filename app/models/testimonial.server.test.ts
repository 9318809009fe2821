import { beforeEach, describe, expect, test } from "vitest";
import { testimonials } from "../../db/schema";
import { AdminTestimonialSchema } from "~/schemas/admin-testimonial";
import { db } from "~/utils/db.server";
import {
  createTestimonial,
  deleteTestimonial,
  findTestimonialById,
  listAllTestimonialsForAdmin,
  listApprovedTestimonials,
  listTestimonialsForAdmin,
  setTestimonialApproved,
  toAdminTestimonialJson,
  toPublicTestimonialJson,
  updateTestimonial,
} from "./testimonial.server";

const start = new Date(Date.UTC(2026, 2, 1, 6, 0, 0));
const minute = (n: number) => new Date(start.getTime() + n * 60_000);

const input = (fields: Record<string, unknown> = {}) =>
  AdminTestimonialSchema.parse({
    name: "Rahul Verma",
    content: "The mentors explained risk clearly.",
    ...fields,
  });

beforeEach(() => {
  db.delete(testimonials).run();
});

describe("createTestimonial", () => {
  test("stores a pending testimonial with the default rating 5", () => {
    const saved = createTestimonial(input(), start);
    expect(findTestimonialById(saved.id)).toEqual({
      id: saved.id,
      name: "Rahul Verma",
      content: "The mentors explained risk clearly.",
      rating: 5,
      profession: null,
      imageUrl: null,
      isApproved: false,
      createdAt: start,
    });
    expect(listApprovedTestimonials()).toEqual([]);
  });

  test("an approved one shows publicly, without its name", () => {
    const saved = createTestimonial(input({ isApproved: "on", rating: "4", profession: "Engineer" }));
    const [shown] = listApprovedTestimonials();
    expect(shown?.id).toBe(saved.id);
    expect(toPublicTestimonialJson(shown!)).not.toHaveProperty("name");
  });
});

describe("updateTestimonial", () => {
  test("saves every field, clearing the optional ones; unknown is null", () => {
    const saved = createTestimonial(input({ profession: "Engineer", imageUrl: "/uploads/a.png" }));
    const updated = updateTestimonial(saved.id, input({ name: "Rahul V.", rating: 3, isApproved: true }));
    expect(updated).toMatchObject({
      name: "Rahul V.",
      rating: 3,
      isApproved: true,
      profession: null,
      imageUrl: null,
    });
    expect(updated?.createdAt).toEqual(saved.createdAt);
    expect(updateTestimonial(9999, input())).toBeNull();
  });
});

describe("setTestimonialApproved and deleteTestimonial", () => {
  test("approve, withdraw, delete; unknown ids are null", () => {
    const saved = createTestimonial(input());
    expect(setTestimonialApproved(saved.id, true)).toEqual({
      name: "Rahul Verma",
    });
    expect(listApprovedTestimonials().map((t) => t.id)).toEqual([saved.id]);
    expect(setTestimonialApproved(saved.id, false)).toEqual({
      name: "Rahul Verma",
    });
    expect(listApprovedTestimonials()).toEqual([]);
    expect(setTestimonialApproved(9999, true)).toBeNull();
    expect(deleteTestimonial(saved.id)).toEqual({ name: "Rahul Verma" });
    expect(findTestimonialById(saved.id)).toBeNull();
    expect(deleteTestimonial(saved.id)).toBeNull();
  });
});

describe("admin lists", () => {
  test("newest first, pending included; the latest list stops at the limit", () => {
    for (let n = 1; n <= 7; n++) createTestimonial(input({ name: `Student ${n}`, isApproved: n === 3 }), minute(n));
    expect(listTestimonialsForAdmin({ limit: 5, offset: 0 }).testimonials.map((t) => t.name)).toEqual([
      "Student 7",
      "Student 6",
      "Student 5",
      "Student 4",
      "Student 3",
    ]);
    expect(listAllTestimonialsForAdmin()).toHaveLength(7);
  });

  test("the admin JSON carries the name and the approval flag", () => {
    const saved = createTestimonial(input({ profession: "Trader" }), start);
    expect(toAdminTestimonialJson(saved)).toEqual({
      id: saved.id,
      name: "Rahul Verma",
      content: "The mentors explained risk clearly.",
      rating: 5,
      profession: "Trader",
      imageUrl: null,
      isApproved: false,
      createdAt: start.toISOString(),
    });
  });
});

describe("listTestimonialsForAdmin", () => {
  test("pages newest first and searches name, content and profession", () => {
    for (let n = 1; n <= 23; n++) createTestimonial(input({ name: `Student ${n}` }), minute(n));
    createTestimonial(
      input({
        name: "Meera",
        content: "Loved the 100% practical approach",
        profession: "Doctor",
      }),
      minute(30),
    );
    const first = listTestimonialsForAdmin({ limit: 20, offset: 0 });
    expect(first.total).toBe(24);
    expect(first.testimonials[0]?.name).toBe("Meera");
    expect(listTestimonialsForAdmin({ limit: 20, offset: 20 }).testimonials.map((t) => t.name)).toEqual([
      "Student 4",
      "Student 3",
      "Student 2",
      "Student 1",
    ]);
    expect(listTestimonialsForAdmin({ search: "doctor", limit: 20, offset: 0 }).total).toBe(1);
    expect(listTestimonialsForAdmin({ search: "0%", limit: 20, offset: 0 }).total).toBe(1);
    expect(listTestimonialsForAdmin({ search: "student 2", limit: 20, offset: 0 }).total).toBe(5);
  });
});
