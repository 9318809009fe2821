import { describe, expect, test } from "vitest";
import { enrollmentForms, enrollments, users } from "../../db/schema";
import { db } from "~/utils/db.server";
import {
  createCourse,
  deactivateCourse,
  deleteCourse,
  findActiveCourse,
  findCourse,
  listCoursesForAdmin,
  updateCourse,
  type CourseInput,
} from "./course.server";

// The admin's Courses tab: every course (active or not), create, edit, and a
// delete that never loses orders or enrollment forms.

const input = (overrides: Partial<CourseInput> = {}): CourseInput => ({
  title: "Order Flow Basics",
  shortDescription: "Read the tape",
  description: "OVERVIEW\nLearn order flow.",
  pricePaise: 499_900,
  duration: "6 weeks",
  level: "beginner",
  features: ["Live sessions"],
  isActive: true,
  ...overrides,
});

describe("admin course functions", () => {
  test("create, then update every field; an inactive course is listed for the admin but hidden from the site", () => {
    const created = createCourse(input({ originalPricePaise: 799_900 }));
    expect(findCourse(created.id)).toMatchObject({ title: "Order Flow Basics", pricePaise: 499_900, originalPricePaise: 799_900 });

    const updated = updateCourse(created.id, input({ title: "Order Flow Advanced", level: "advanced", isActive: false, features: [] }));
    expect(updated).toMatchObject({ title: "Order Flow Advanced", level: "advanced", isActive: false, originalPricePaise: null, features: [] });
    expect(updated && updated.updatedAt.getTime()).toBeGreaterThanOrEqual(created.updatedAt.getTime());
    expect(findActiveCourse(created.id)).toBeNull();
    expect(listCoursesForAdmin("FLOW ADV").map((c) => c.id)).toEqual([created.id]);
    expect(listCoursesForAdmin("no such words").map((c) => c.id)).toEqual([]);
    expect(updateCourse(999_999, input())).toBeNull();
  });

  test("search treats % and _ as text", () => {
    const percent = createCourse(input({ title: "Save 50% today" }));
    createCourse(input({ title: "Save 50 today" }));
    expect(listCoursesForAdmin("50%").map((c) => c.id)).toEqual([percent.id]);
  });

  test("a course without history is deleted; unknown ids are not-found", () => {
    const course = createCourse(input({ title: "Short-lived" }));
    expect(deleteCourse(course.id)).toMatchObject({ ok: true });
    expect(findCourse(course.id)).toBeNull();
    expect(deleteCourse(course.id)).toEqual({ ok: false, reason: "not-found" });
  });

  test("a course with an order or an enrollment form keeps its history: it can only be deactivated", () => {
    const ordered = createCourse(input({ title: "Ordered" }));
    const asked = createCourse(input({ title: "Asked about" }));
    const user = db.insert(users).values({ email: "buyer@example.com" }).returning().get();
    db.insert(enrollments).values({ userId: user.id, courseId: ordered.id, paymentStatus: "failed" }).run();
    db.insert(enrollmentForms)
      .values({
        name: "Asha",
        whatsappNumber: "9876543210",
        state: "Kerala",
        city: "Kochi",
        experienceLevel: "beginner",
        courseOrEventId: asked.id,
        courseOrEventType: "course",
        sourceOfLead: "Instagram",
      })
      .run();

    expect(deleteCourse(ordered.id)).toEqual({ ok: false, reason: "has-history", history: { orders: 1, forms: 0 } });
    expect(deleteCourse(asked.id)).toEqual({ ok: false, reason: "has-history", history: { orders: 0, forms: 1 } });
    expect(deactivateCourse(ordered.id)?.isActive).toBe(false);
    expect(findCourse(ordered.id)).not.toBeNull();
  });
});
