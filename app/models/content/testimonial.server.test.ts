import { beforeEach, describe, expect, test } from "vitest";
import { courses, orders, testimonials, users } from "../../../db/schema";
import { AdminTestimonialSchema } from "~/schemas/admin-testimonial";
import { db } from "~/utils/db.server";
import {
  createTestimonial,
  deleteTestimonial,
  enrollmentLabels,
  findTestimonialById,
  linkedStudentEmail,
  listApprovedTestimonialsWithEnrollment,
  listAllTestimonialsForAdmin,
  listApprovedTestimonials,
  listTestimonialsForAdmin,
  setTestimonialApproved,
  toAdminTestimonialJson,
  toPublicTestimonialJson,
  updateTestimonial,
  withStudentLink,
} from "./testimonial.server";

const start = new Date(Date.UTC(2026, 2, 1, 6, 0, 0));
const minute = (n: number) => new Date(start.getTime() + n * 60_000);

const input = (fields: Record<string, unknown> = {}) =>
  AdminTestimonialSchema.parse({
    name: "Rahul Verma",
    content: "The mentors explained risk clearly.",
    ...fields,
  });
/** What the author agreed to: publication with their name and city. */
const agreed = { city: "Pune", publishConsent: "on" };

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
      city: null,
      publishConsentAt: null,
      imageUrl: null,
      isApproved: false,
      studentUserId: null,
      createdAt: start,
    });
    expect(listApprovedTestimonials()).toEqual([]);
  });

  test("an approved one shows publicly with its author's name and city only when they agreed and gave a city", () => {
    createTestimonial(input({ isApproved: "on", name: "No consent", city: "Pune" }));
    createTestimonial(input({ isApproved: "on", name: "No city", publishConsent: "on" }));
    const saved = createTestimonial(input({ isApproved: "on", rating: "4", profession: "Engineer", ...agreed }), start);
    expect(saved.publishConsentAt).toEqual(start);
    const [shown, ...others] = listApprovedTestimonials();
    expect(others).toEqual([]);
    expect(shown?.id).toBe(saved.id);
    expect(toPublicTestimonialJson(shown!)).toMatchObject({ name: "Rahul Verma", city: "Pune" });
    expect(toPublicTestimonialJson(shown!)).not.toHaveProperty("studentUserId");
  });

  test("a consent already recorded keeps its date when saved again; unticked, it is withdrawn", () => {
    const saved = createTestimonial(input({ isApproved: "on", ...agreed }), start);
    expect(updateTestimonial(saved.id, input({ isApproved: "on", ...agreed }), minute(30))?.publishConsentAt).toEqual(start);
    expect(updateTestimonial(saved.id, input({ isApproved: "on", city: "Pune" }), minute(40))?.publishConsentAt).toBeNull();
    expect(listApprovedTestimonials()).toEqual([]);
    expect(updateTestimonial(saved.id, input({ isApproved: "on", ...agreed }), minute(50))?.publishConsentAt).toEqual(minute(50));
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
    const saved = createTestimonial(input(agreed));
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
      city: null,
      publishConsentAt: null,
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

describe("a testimonial linked to a student account", () => {
  const account = (email: string) => db.insert(users).values({ email, firstName: "Rahul" }).returning().get();
  const course = (title: string) =>
    db.insert(courses).values({ title, shortDescription: "s", description: "d", duration: "4 weeks" }).returning().get();

  test("is linked by the account's email, case aside; an unknown email links nothing and is refused", () => {
    const student = account(`Linked-${crypto.randomUUID().slice(0, 6)}@Example.com`);
    const fields = withStudentLink(input({ studentEmail: student.email.toLowerCase() }));
    expect(fields).toMatchObject({ name: "Rahul Verma", studentUserId: student.id });
    const saved = createTestimonial(fields!);
    expect(linkedStudentEmail(saved)).toBe(student.email);
    expect(withStudentLink(input({ studentEmail: "nobody-here@example.com" }))).toBeNull();
    expect(withStudentLink(input({ studentEmail: "" }))).toMatchObject({ studentUserId: null });
  });

  test("says which course only while the account holds one: none, one, several", () => {
    const first = course(`Price Action ${crypto.randomUUID().slice(0, 4)}`);
    const second = course(`Options ${crypto.randomUUID().slice(0, 4)}`);
    const [none, one, several] = ["none", "one", "several"].map((label) =>
      account(`${label}-${crypto.randomUUID().slice(0, 6)}@example.com`),
    );
    db.insert(orders).values({ userId: none!.id, courseId: first.id, paymentStatus: "refunded" }).run();
    db.insert(orders).values({ userId: one!.id, courseId: first.id, paymentStatus: "completed" }).run();
    for (const { id } of [first, second]) db.insert(orders).values({ userId: several!.id, courseId: id, paymentStatus: "completed" }).run();

    const labels = enrollmentLabels([none!.id, one!.id, several!.id, null]);
    expect(labels.get(one!.id)).toBe(`Student of ${first.title}`);
    expect(labels.get(several!.id)).toBe("Enrolled student");
    expect(labels.has(none!.id)).toBe(false);

    for (const student of [none!, one!]) createTestimonial({ ...input({ isApproved: "on", ...agreed }), studentUserId: student.id });
    createTestimonial(input({ isApproved: "on", ...agreed }));
    expect(
      listApprovedTestimonialsWithEnrollment()
        .map((shown) => shown.enrollment)
        .sort(),
    ).toEqual([`Student of ${first.title}`, null, null]);
  });
});
