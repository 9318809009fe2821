import { describe, expect, test } from "vitest";
import { enrollmentForms, orders, users } from "../../../db/schema";
import { db } from "~/utils/db.server";
import { deactivateCourse, deleteCourse, findActiveCourse, findCourse, listCoursesForAdmin, saveCourse } from "./course.server";
import type { CourseInput } from "~/schemas/admin-course";

// The admin's Courses tab: every course (active or not), create, edit, and a
// delete that never loses orders or enrollment forms. Prices and the on-sale
// flag are the admin's: a content manager saves the content only.

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

/** A course an admin saved (the test fails here if the save did not succeed). */
function createCourse(course: CourseInput) {
  const saved = saveCourse("admin", course);
  if (!saved.ok) throw new Error(`not saved: ${saved.reason}`);
  return saved.course;
}

const content = (overrides: Partial<CourseInput> = {}): CourseInput => {
  const { pricePaise: _price, originalPricePaise: _original, isActive: _active, ...rest } = input(overrides);
  return { ...rest, ...overrides };
};

describe("admin course functions", () => {
  test("create, then update every field; an inactive course is listed for the admin but hidden from the site", () => {
    const created = createCourse(input({ originalPricePaise: 799_900 }));
    expect(findCourse(created.id)).toMatchObject({ title: "Order Flow Basics", pricePaise: 499_900, originalPricePaise: 799_900 });

    const updated = saveCourse(
      "admin",
      input({ title: "Order Flow Advanced", level: "advanced", isActive: false, originalPricePaise: null, features: [] }),
      created.id,
    );
    expect(updated).toMatchObject({
      ok: true,
      course: { title: "Order Flow Advanced", level: "advanced", isActive: false, originalPricePaise: null, features: [] },
    });
    expect(updated.ok && updated.course.updatedAt.getTime()).toBeGreaterThanOrEqual(created.updatedAt.getTime());
    expect(findActiveCourse(created.id)).toBeNull();
    expect(listCoursesForAdmin("FLOW ADV").map((c) => c.id)).toEqual([created.id]);
    expect(listCoursesForAdmin("no such words").map((c) => c.id)).toEqual([]);
    expect(saveCourse("admin", input(), 999_999)).toEqual({ ok: false, reason: "not-found" });
  });

  test("a content manager's edit saves the content and keeps the price, original price and on-sale flag", () => {
    const priced = createCourse(input({ pricePaise: 499_900, originalPricePaise: 799_900, isActive: true }));
    expect(saveCourse("content_manager", content({ title: "Retitled", features: [] }), priced.id)).toMatchObject({
      ok: true,
      course: { title: "Retitled", features: [], pricePaise: 499_900, originalPricePaise: 799_900, isActive: true },
    });
    // Sent back as stored they are accepted; any other value is refused and nothing is saved.
    expect(saveCourse("content_manager", input({ title: "Same prices", originalPricePaise: 799_900 }), priced.id)).toMatchObject({
      ok: true,
    });
    for (const change of [{ pricePaise: 100 }, { originalPricePaise: 999_900 }, { isActive: false }])
      expect(saveCourse("content_manager", content({ title: "Sneaky", ...change }), priced.id)).toEqual({
        ok: false,
        reason: "pricing-is-admins",
      });
    expect(findCourse(priced.id)).toMatchObject({ title: "Same prices", pricePaise: 499_900, originalPricePaise: 799_900, isActive: true });
  });

  test("a content manager's new course is ₹0 and not on sale; asking for a price or for it on sale is refused", () => {
    expect(saveCourse("content_manager", content({ title: "Draft course" }))).toMatchObject({
      ok: true,
      course: { title: "Draft course", pricePaise: 0, originalPricePaise: null, isActive: false },
    });
    expect(saveCourse("content_manager", content({ pricePaise: 0, isActive: false }))).toMatchObject({ ok: true });
    expect(saveCourse("content_manager", content({ title: "Priced draft", pricePaise: 99_900 }))).toEqual({
      ok: false,
      reason: "pricing-is-admins",
    });
    expect(saveCourse("content_manager", content({ title: "On sale draft", isActive: true }))).toEqual({
      ok: false,
      reason: "pricing-is-admins",
    });
    expect(listCoursesForAdmin("draft").map((course) => course.title)).toEqual(["Draft course"]);
  });

  test("a content manager's update leaves the pricing columns out of the SET, so an admin's reprice at that moment stands", () => {
    const priced = createCourse(input());
    // SQLite fires an "UPDATE OF <columns>" trigger whenever one is in the SET list, even with the same value.
    db.$client.exec(
      "CREATE TEMP TRIGGER pricing_written BEFORE UPDATE OF price_paise, original_price_paise, is_active ON courses BEGIN SELECT RAISE(ABORT, 'pricing written'); END",
    );
    try {
      expect(saveCourse("content_manager", input({ title: "Content only" }), priced.id)).toMatchObject({ ok: true });
      expect(() => saveCourse("admin", input(), priced.id)).toThrow("pricing written");
    } finally {
      db.$client.exec("DROP TRIGGER pricing_written");
    }
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
    db.insert(orders).values({ userId: user.id, courseId: ordered.id, paymentStatus: "failed" }).run();
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
