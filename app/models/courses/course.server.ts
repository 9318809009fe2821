import { and, asc, desc, eq, or, sql, type SQL } from "drizzle-orm";
import { courses, enrollmentForms, orders } from "../../../db/schema";
import type { AdminRole, CourseLevel } from "../../../db/enums";
import type { CourseInput } from "~/schemas/admin-course";
import { allMentorsExist, replaceCourseMentors } from "./course-mentors.server";
import { db } from "~/utils/db.server";
import { paiseToDecimalString } from "~/utils/money";
import { pricingToWrite } from "~/utils/permissions";
import { escapeLike, parseId } from "~/utils/validation";
import { withProvenReferencePrices } from "../orders/reference-price.server";

export type Course = typeof courses.$inferSelect;

export const COURSE_SORTS = ["level", "title", "price-asc", "price-desc"] as const;
export type CourseSort = (typeof COURSE_SORTS)[number];

export type CourseListFilters = {
  search?: string;
  level?: CourseLevel | "all";
  sort?: CourseSort;
};

// beginner, intermediate, advanced, then anything unknown.
const titleIgnoringCase = sql`${courses.title} collate nocase`;
const levelRank = sql<number>`case ${courses.level}
  when 'beginner' then 0 when 'intermediate' then 1 when 'advanced' then 2 else 3 end`;

/** Title, short description or description contains the text (case-insensitive); undefined for no search. */
function searchMatch(search: string | undefined): SQL | undefined {
  const text = search?.trim();
  if (!text) return undefined;
  const pattern = `%${escapeLike(text)}%`;
  return or(
    sql`${courses.title} like ${pattern} escape '\\'`,
    sql`${courses.shortDescription} like ${pattern} escape '\\'`,
    sql`${courses.description} like ${pattern} escape '\\'`,
  );
}

export function listActiveCourses(filters: CourseListFilters = {}): Course[] {
  const conditions: SQL[] = [eq(courses.isActive, true)];
  const match = searchMatch(filters.search);
  if (match) conditions.push(match);
  if (filters.level && filters.level !== "all") conditions.push(eq(courses.level, filters.level));

  const order = {
    level: [asc(levelRank), asc(titleIgnoringCase)],
    title: [asc(titleIgnoringCase)],
    "price-asc": [asc(courses.pricePaise), asc(titleIgnoringCase)],
    "price-desc": [desc(courses.pricePaise), asc(titleIgnoringCase)],
  }[filters.sort ?? "level"];

  return withProvenReferencePrices(
    db
      .select()
      .from(courses)
      .where(and(...conditions))
      .orderBy(...order)
      .all(),
  );
}

export function countActiveCourses(): number {
  const row = db
    .select({ count: sql<number>`count(*)` })
    .from(courses)
    .where(eq(courses.isActive, true))
    .get();
  return row?.count ?? 0;
}

/** An active course by id, as the public sees it (its reference price only when proven); null for unknown, inactive or malformed ids. */
export function findActiveCourse(id: number | string): Course | null {
  const numericId = typeof id === "number" ? id : parseId(id);
  if (numericId === null) return null;
  const course = db
    .select()
    .from(courses)
    .where(and(eq(courses.id, numericId), eq(courses.isActive, true)))
    .get();
  return course ? withProvenReferencePrices([course])[0]! : null;
}

/** The description's OVERVIEW / CONTENT / TAKEAWAYS sections, in order. */
function splitCourseDescription(description: string) {
  const sections: { heading: string; body: string }[] = [];
  const pattern = /^(OVERVIEW|CONTENT|TAKEAWAYS)\s*:?\s*$/gm;
  const marks = [...description.matchAll(pattern)];
  marks.forEach((mark, i) => {
    const start = (mark.index ?? 0) + mark[0].length;
    const end = marks[i + 1]?.index ?? description.length;
    sections.push({ heading: mark[1] ?? "", body: description.slice(start, end).trim() });
  });
  return { lead: description.slice(0, marks[0]?.index ?? description.length).trim(), sections };
}

/**
 * The course page's Overview and Description, each saying its own part once: the
 * OVERVIEW section (or the text before the first section) is the Overview, and the
 * other sections (CONTENT, TAKEAWAYS) the Description. A description with no
 * sections is all Overview, shown whole: the earlier app cut it at 200 characters
 * and then printed it again in full below (docs/decisions/0055).
 */
export function courseDescriptionParts(description: string) {
  const { lead, sections } = splitCourseDescription(description);
  const overview = sections.find((section) => section.heading === "OVERVIEW")?.body ?? lead;
  return { overview, sections: sections.filter((section) => section.heading !== "OVERVIEW" && section.body) };
}

export function syllabusLines(syllabus: string | null): string[] {
  return (syllabus ?? "")
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean);
}

/** The shape the earlier app's /api/courses returned. */
export function toCourseJson(course: Course) {
  return {
    id: course.id,
    title: course.title,
    shortDescription: course.shortDescription,
    description: course.description,
    level: course.level,
    price: paiseToDecimalString(course.pricePaise),
    originalPrice: course.originalPricePaise === null ? null : paiseToDecimalString(course.originalPricePaise),
    duration: course.duration,
    imageUrl: course.imageUrl,
    coverPhotoUrl: course.coverPhotoUrl,
    brochurePdfUrl: course.brochurePdfUrl,
    features: course.features,
    syllabus: course.syllabus,
    isActive: course.isActive,
    createdAt: course.createdAt.toISOString(),
    updatedAt: course.updatedAt.toISOString(),
  };
}

/** Ids and last-change times of active courses, for the sitemap. */
export function listActiveCourseIds(): { id: number; updatedAt: Date }[] {
  return db
    .select({ id: courses.id, updatedAt: courses.updatedAt })
    .from(courses)
    .where(eq(courses.isActive, true))
    .orderBy(asc(courses.id))
    .all();
}

// ---- The admin's Courses tab ----

/** What students pay, and whether they can buy it at all: the admin's (the "pricing" permission). */
export type CoursePricing = Pick<Course, "pricePaise" | "originalPricePaise" | "isActive">;

/** A course a content manager creates: free and not on sale until an admin prices it and puts it on sale. */
export const NEW_COURSE_PRICING: CoursePricing = { pricePaise: 0, originalPricePaise: null, isActive: false };

/** Every course, active or not, title order; narrowed by a search of title and descriptions. */
export function listCoursesForAdmin(search = ""): Course[] {
  return db.select().from(courses).where(searchMatch(search)).orderBy(asc(titleIgnoringCase), asc(courses.id)).all();
}

/** A course by id, active or not; null for unknown or malformed ids. */
export function findCourse(id: number | string): Course | null {
  const numericId = typeof id === "number" ? id : parseId(id);
  if (numericId === null) return null;
  return db.select().from(courses).where(eq(courses.id, numericId)).get() ?? null;
}

function contentColumns(input: CourseInput) {
  return {
    title: input.title,
    shortDescription: input.shortDescription,
    description: input.description,
    duration: input.duration,
    level: input.level,
    imageUrl: input.imageUrl ?? null,
    coverPhotoUrl: input.coverPhotoUrl ?? null,
    brochurePdfUrl: input.brochurePdfUrl ?? null,
    syllabus: input.syllabus ?? null,
    features: input.features,
    ...input.delivery,
    ...(input.pacing ? { pacing: input.pacing } : {}),
  };
}

const postedPricing = ({ pricePaise, originalPricePaise, isActive }: CourseInput): Partial<CoursePricing> => ({
  pricePaise,
  originalPricePaise,
  isActive,
});

export type CourseSave =
  | { ok: true; course: Course }
  | { ok: false; reason: "not-found" }
  /** A role without "pricing" posted a price, original price or on-sale flag other than the stored one. */
  | { ok: false; reason: "pricing-is-admins" }
  /** A chosen mentor was deleted meanwhile. */
  | { ok: false; reason: "unknown-mentor" };

/**
 * Creates (no `id`) or updates a course as `role` may. Pricing fields left out
 * keep the stored values (a new course: `NEW_COURSE_PRICING`). A role without
 * "pricing" may send them back unchanged but never change them, and its update
 * leaves the pricing columns out of the SET, so an admin repricing at the same
 * moment is never undone. Checked in the write's own transaction.
 */
export function saveCourse(role: AdminRole, input: CourseInput, id?: number): CourseSave {
  return db.transaction(
    (tx): CourseSave => {
      const stored =
        id === undefined
          ? NEW_COURSE_PRICING
          : tx
              .select({ pricePaise: courses.pricePaise, originalPricePaise: courses.originalPricePaise, isActive: courses.isActive })
              .from(courses)
              .where(eq(courses.id, id))
              .get();
      if (!stored) return { ok: false, reason: "not-found" };
      const pricing = pricingToWrite(role, postedPricing(input), stored);
      if (!pricing) return { ok: false, reason: "pricing-is-admins" };
      // Checked in the transaction that links them: a mentor deleted meanwhile leaves the course as it was.
      if (input.mentorIds !== undefined && !allMentorsExist(tx, input.mentorIds)) return { ok: false, reason: "unknown-mentor" };
      const course =
        id === undefined
          ? tx
              .insert(courses)
              .values({ ...contentColumns(input), ...stored, ...pricing })
              .returning()
              .get()
          : tx
              .update(courses)
              .set({ ...contentColumns(input), ...pricing, updatedAt: new Date() })
              .where(eq(courses.id, id))
              .returning()
              .get();
      if (!course) return { ok: false, reason: "not-found" };
      if (input.mentorIds !== undefined) replaceCourseMentors(tx, course.id, input.mentorIds);
      return { ok: true, course };
    },
    { behavior: "immediate" },
  );
}

/** Orders (any payment status) and enrollment forms that name the course: its history. */
export function courseHistory(id: number): { orders: number; forms: number } {
  const ordered = db
    .select({ count: sql<number>`count(*)` })
    .from(orders)
    .where(eq(orders.courseId, id))
    .get();
  const forms = db
    .select({ count: sql<number>`count(*)` })
    .from(enrollmentForms)
    .where(and(eq(enrollmentForms.courseOrEventType, "course"), eq(enrollmentForms.courseOrEventId, id)))
    .get();
  return { orders: ordered?.count ?? 0, forms: forms?.count ?? 0 };
}

export type CourseDeletion =
  | { ok: true; course: Course }
  | { ok: false; reason: "not-found" }
  | { ok: false; reason: "has-history"; history: { orders: number; forms: number } };

/** Deletes a course nobody has ordered or asked about; one with history stays (deactivate it instead). */
export function deleteCourse(id: number): CourseDeletion {
  return db.transaction((tx) => {
    const course = tx.select().from(courses).where(eq(courses.id, id)).get();
    if (!course) return { ok: false, reason: "not-found" } as const;
    const history = courseHistory(id);
    if (history.orders > 0 || history.forms > 0) return { ok: false, reason: "has-history", history } as const;
    tx.delete(courses).where(eq(courses.id, id)).run();
    return { ok: true, course } as const;
  });
}

/** Hides a course from the site; its orders and forms stay. */
export function deactivateCourse(id: number): Course | null {
  return db.update(courses).set({ isActive: false, updatedAt: new Date() }).where(eq(courses.id, id)).returning().get() ?? null;
}

// ---- The chat assistant ----

export type ChatCourse = Pick<
  Course,
  "id" | "title" | "shortDescription" | "level" | "pricePaise" | "originalPricePaise" | "duration" | "features"
>;

/** Active courses with just what the chat assistant tells visitors, beginner first. */
export function listCoursesForChat(): ChatCourse[] {
  const rows = db
    .select({
      id: courses.id,
      title: courses.title,
      shortDescription: courses.shortDescription,
      level: courses.level,
      pricePaise: courses.pricePaise,
      originalPricePaise: courses.originalPricePaise,
      duration: courses.duration,
      features: courses.features,
    })
    .from(courses)
    .where(eq(courses.isActive, true))
    .orderBy(asc(levelRank), asc(titleIgnoringCase))
    .all();
  return withProvenReferencePrices(rows);
}
