import { and, desc, eq, inArray, isNotNull, isNull, sql, type SQL } from "drizzle-orm";
import { courses, orders, testimonials, users } from "../../../db/schema";
import type { AdminTestimonialInput } from "~/schemas/admin-testimonial";
import { db } from "~/utils/db.server";
import { escapeLike } from "~/utils/validation";

export type Testimonial = typeof testimonials.$inferSelect;

/**
 * What the public sees: approved testimonials whose author agreed to them being published with
 * their name and city, newest first; the public never sees the rest.
 */
export function listApprovedTestimonials(limit?: number): Testimonial[] {
  const query = db
    .select()
    .from(testimonials)
    .where(and(eq(testimonials.isApproved, true), isNotNull(testimonials.publishConsentAt), sql`coalesce(${testimonials.city}, '') <> ''`))
    .orderBy(desc(testimonials.createdAt), desc(testimonials.id));
  return limit === undefined ? query.all() : query.limit(limit).all();
}

/** Approved testimonials with what each card may say of its author's enrollment (null: nothing). */
export function listApprovedTestimonialsWithEnrollment(limit?: number): (Testimonial & { enrollment: string | null })[] {
  const shown = listApprovedTestimonials(limit);
  const labels = enrollmentLabels(shown.map((testimonial) => testimonial.studentUserId));
  return shown.map((testimonial) => ({
    ...testimonial,
    enrollment: testimonial.studentUserId === null ? null : (labels.get(testimonial.studentUserId) ?? null),
  }));
}

// A published testimonial names its author and city, as they agreed; nothing else of the record leaves.
export function toPublicTestimonialJson(testimonial: Testimonial) {
  return {
    id: testimonial.id,
    name: testimonial.name,
    city: testimonial.city,
    rating: testimonial.rating,
    content: testimonial.content,
    profession: testimonial.profession,
    createdAt: testimonial.createdAt.toISOString(),
  };
}

// ---------------------------------------------------------------------------
// Admin: approved or not.
// ---------------------------------------------------------------------------

const newestFirst = [desc(testimonials.createdAt), desc(testimonials.id)];

function adminSearch(search: string | undefined): SQL | undefined {
  const text = search?.trim();
  if (!text) return undefined;
  const pattern = `%${escapeLike(text)}%`;
  return sql`(
    ${testimonials.name} like ${pattern} escape '\\'
    or ${testimonials.content} like ${pattern} escape '\\'
    or ${testimonials.profession} like ${pattern} escape '\\'
  )`;
}

/** One page of every testimonial, newest first, narrowed by a search of name, content and profession. */
export function listTestimonialsForAdmin({ search, limit, offset }: { search?: string; limit: number; offset: number }): {
  testimonials: Testimonial[];
  total: number;
} {
  const where = adminSearch(search);
  return {
    testimonials: db
      .select()
      .from(testimonials)
      .where(where)
      .orderBy(...newestFirst)
      .limit(limit)
      .offset(offset)
      .all(),
    total:
      db
        .select({ count: sql<number>`count(*)` })
        .from(testimonials)
        .where(where)
        .get()?.count ?? 0,
  };
}

/** Every testimonial, for an admin's GET /api/testimonials. */
export function listAllTestimonialsForAdmin(): Testimonial[] {
  return db
    .select()
    .from(testimonials)
    .orderBy(...newestFirst)
    .all();
}

export function findTestimonialById(id: number): Testimonial | null {
  return db.select().from(testimonials).where(eq(testimonials.id, id)).get() ?? null;
}

/** What is stored: the form's fields, with the student's email already turned into their account id. */
export type TestimonialFields = Omit<AdminTestimonialInput, "studentEmail"> & { studentUserId?: string | null };

function storedFields(input: TestimonialFields) {
  return {
    name: input.name,
    content: input.content,
    rating: input.rating,
    profession: input.profession ?? null,
    city: input.city ?? null,
    imageUrl: input.imageUrl ?? null,
    isApproved: input.isApproved,
    studentUserId: input.studentUserId ?? null,
  };
}

/**
 * The fields to store, the student's email looked up (case aside) among
 * accounts that are not erased; null when no account has it.
 */
export function withStudentLink({ studentEmail, ...input }: AdminTestimonialInput): TestimonialFields | null {
  if (studentEmail === undefined) return { ...input, studentUserId: null };
  const student = db
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${users.email}) = ${studentEmail.toLowerCase()}`, isNull(users.erasedAt)))
    .get();
  return student ? { ...input, studentUserId: student.id } : null;
}

/** The linked student's email, for the edit form; "" when none is linked. */
export function linkedStudentEmail(testimonial: Pick<Testimonial, "studentUserId">): string {
  if (testimonial.studentUserId === null) return "";
  return db.select({ email: users.email }).from(users).where(eq(users.id, testimonial.studentUserId)).get()?.email ?? "";
}

/**
 * What each linked account's card may say, in one query: "Student of <course>"
 * for one completed order, "Enrolled student" for several; an account with
 * none is absent, and its card says nothing about it.
 */
export function enrollmentLabels(studentUserIds: readonly (string | null)[]): Map<string, string> {
  const ids = [...new Set(studentUserIds.filter((id): id is string => id !== null))];
  if (ids.length === 0) return new Map();
  const rows = db
    .selectDistinct({ userId: orders.userId, title: courses.title })
    .from(orders)
    .innerJoin(courses, eq(courses.id, orders.courseId))
    .where(and(inArray(orders.userId, ids), eq(orders.paymentStatus, "completed")))
    .all();
  const titles = new Map<string, string[]>();
  for (const row of rows) titles.set(row.userId, [...(titles.get(row.userId) ?? []), row.title]);
  return new Map([...titles].map(([userId, held]) => [userId, held.length === 1 ? `Student of ${held[0]}` : "Enrolled student"]));
}

export function createTestimonial(input: TestimonialFields, now = new Date()): Testimonial {
  return db
    .insert(testimonials)
    .values({ ...storedFields(input), publishConsentAt: input.publishConsent ? now : null, createdAt: now })
    .returning()
    .get();
}

/** The saved testimonial, or null when it does not exist. */
export function updateTestimonial(id: number, input: TestimonialFields, now = new Date()): Testimonial | null {
  // A consent already recorded keeps its date; a new one is dated now.
  const publishConsentAt = input.publishConsent ? sql`coalesce(${testimonials.publishConsentAt}, ${now.getTime()})` : null;
  return (
    db
      .update(testimonials)
      .set({ ...storedFields(input), publishConsentAt })
      .where(eq(testimonials.id, id))
      .returning()
      .get() ?? null
  );
}

/** Approves or withdraws approval; the name for the toast, or null when it does not exist. */
export function setTestimonialApproved(id: number, isApproved: boolean): { name: string } | null {
  return db.update(testimonials).set({ isApproved }).where(eq(testimonials.id, id)).returning({ name: testimonials.name }).get() ?? null;
}

/** Deletes a testimonial; its name, or null when it does not exist. Nothing else refers to one. */
export function deleteTestimonial(id: number): { name: string } | null {
  return db.delete(testimonials).where(eq(testimonials.id, id)).returning({ name: testimonials.name }).get() ?? null;
}

/** The admin's JSON view: every stored field, the name included. */
export function toAdminTestimonialJson(testimonial: Testimonial) {
  return {
    id: testimonial.id,
    name: testimonial.name,
    content: testimonial.content,
    rating: testimonial.rating,
    profession: testimonial.profession,
    city: testimonial.city,
    publishConsentAt: testimonial.publishConsentAt?.toISOString() ?? null,
    imageUrl: testimonial.imageUrl,
    isApproved: testimonial.isApproved,
    createdAt: testimonial.createdAt.toISOString(),
  };
}
