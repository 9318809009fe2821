import { and, desc, eq, sql } from "drizzle-orm";
import { courses, enrollmentForms, events, orders, type BillingDetails } from "../../../db/schema";
import { ENROLLMENT_MESSAGES, type CourseOrEventType, type EnrollmentFormInput } from "~/schemas/enrollment-form";
import { FORM_CONSENT } from "~/schemas/consent";
import { db } from "~/utils/db.server";
import { findActiveCourse, listActiveCourses } from "../courses/course.server";
import { findActiveEvent, listActiveEvents } from "../events/event.server";
import { matchesSearch, paginateThenJoin, type ListPage, type ListRequest } from "../site/paging.server";
import { recordConsent } from "../privacy/consent.server";
import { queueTeamNotice } from "../site/team-notice.server";
import type { CheckoutItem } from "~/utils/checkout-path";

export type EnrollmentChoices = {
  courses: { id: number; title: string }[];
  events: { id: number; title: string; eventDate: Date }[];
};

/** What the course-or-event choice offers: active courses, and active events still to come. */
export function listEnrollmentChoices(now = new Date()): EnrollmentChoices {
  return {
    courses: listActiveCourses({ sort: "title" }).map(({ id, title }) => ({ id, title })),
    events: listActiveEvents({ time: "upcoming", now }).map(({ id, title, eventDate }) => ({ id, title, eventDate })),
  };
}

/** True when the form may name this course or event: an active course, or an active event not yet held. */
export function isEnrollmentTarget(type: CourseOrEventType, id: number, now = new Date()): boolean {
  return enrollmentTargetTitle(type, id, now) !== null;
}

export type SaveEnrollmentFormResult = { ok: true; id: number } | { ok: false; errors: { courseOrEventId: string[] } };

/** The course or event the form may name, by its title: an active course, or an active event not yet held. */
function enrollmentTargetTitle(type: CourseOrEventType, id: number, now: Date): string | null {
  if (type === "course") return findActiveCourse(id)?.title ?? null;
  const event = findActiveEvent(id);
  return event !== null && event.eventDate.getTime() >= now.getTime() ? event.title : null;
}

/**
 * Stores a student's enrollment information (payment pending), with the
 * team's notice when the settings ask for one. The course or event must still
 * be one the form offers; the check and the insert share a transaction so
 * nothing can change in between.
 */
export function saveEnrollmentForm(
  userId: string,
  // With billing details when the checkout asked for them (tax invoices on).
  input: EnrollmentFormInput & { billing?: BillingDetails },
  now = new Date(),
  // The consent the form's box gave, recorded with the form: a lead's callback, or (at checkout) the order's billing.
  consent: { purpose: string; source: string } = { purpose: FORM_CONSENT.enrollment.purpose, source: "enrollment-form" },
): SaveEnrollmentFormResult {
  return db.transaction((tx) => {
    const targetTitle = enrollmentTargetTitle(input.courseOrEventType, input.courseOrEventId, now);
    if (targetTitle === null) {
      return { ok: false, errors: { courseOrEventId: [ENROLLMENT_MESSAGES.courseOrEventId] } };
    }
    const row = tx
      .insert(enrollmentForms)
      .values({
        userId,
        name: input.name,
        whatsappNumber: input.whatsappNumber,
        email: input.email ?? null,
        age: input.age ?? null,
        country: input.country ?? null,
        state: input.state,
        city: input.city,
        experienceLevel: input.experienceLevel,
        courseOrEventId: input.courseOrEventId,
        courseOrEventType: input.courseOrEventType,
        sourceOfLead: input.sourceOfLead,
        broker: input.broker ?? null,
        trainingPreference: input.trainingPreference ?? null,
        billing: input.billing ?? null,
      })
      .returning({ id: enrollmentForms.id })
      .get();
    recordConsent({ userId, ...consent, decision: "granted" }, tx, now);
    // The team's notice: the form, and the title of what it asks about.
    const { name, whatsappNumber, email, city, state, experienceLevel, sourceOfLead } = input;
    queueTeamNotice(tx, "enrolmentLeads", {
      kind: "team-enrolment-lead",
      lead: { name, whatsappNumber, email, city, state, experienceLevel, sourceOfLead, targetTitle, targetType: input.courseOrEventType },
    });
    return { ok: true, id: row.id };
  });
}

/** The id of a form this student saved for this course or event (checkout keeps it with the order); null otherwise. */
export function findStudentFormFor(userId: string, formId: number, item: CheckoutItem): number | null {
  const row = db
    .select({ id: enrollmentForms.id })
    .from(enrollmentForms)
    .where(
      and(
        eq(enrollmentForms.id, formId),
        eq(enrollmentForms.userId, userId),
        eq(enrollmentForms.courseOrEventType, item.type),
        eq(enrollmentForms.courseOrEventId, item.id),
      ),
    )
    .get();
  return row?.id ?? null;
}

/** What the student last told us, to fill in the checkout's form again. */
export function findLatestStudentForm(userId: string) {
  return (
    db
      .select({
        name: enrollmentForms.name,
        whatsappNumber: enrollmentForms.whatsappNumber,
        email: enrollmentForms.email,
        age: enrollmentForms.age,
        country: enrollmentForms.country,
        state: enrollmentForms.state,
        city: enrollmentForms.city,
        experienceLevel: enrollmentForms.experienceLevel,
        sourceOfLead: enrollmentForms.sourceOfLead,
        broker: enrollmentForms.broker,
        trainingPreference: enrollmentForms.trainingPreference,
      })
      .from(enrollmentForms)
      .where(eq(enrollmentForms.userId, userId))
      .orderBy(desc(enrollmentForms.id))
      .get() ?? null
  );
}

// ---- Admin (Users tab: Enrollment Forms, and GET /api/enrollment-forms) ----

export type AdminEnrollmentFormRow = {
  id: number;
  name: string;
  whatsappNumber: string;
  email: string | null;
  age: number | null;
  country: string | null;
  state: string;
  city: string;
  experienceLevel: string;
  courseOrEventType: CourseOrEventType;
  courseOrEventId: number;
  /** The course's or event's title; null when that row no longer exists. */
  courseOrEventTitle: string | null;
  sourceOfLead: string;
  broker: string | null;
  trainingPreference: string | null;
  /** The status of the latest order made with the form; pending when none was. */
  paymentStatus: string;
  /** That order's Stripe PaymentIntent, when Stripe took it. */
  paymentIntentId: string | null;
  createdAt: Date;
};

/** The latest order made with the form, as a correlated subquery's tail (the form's orders are few, and indexed). */
const latestOrderOfForm = sql`from ${orders} where ${orders.enrollmentFormId} = ${enrollmentForms.id} order by ${orders.id} desc limit 1`;

const namedCourse = and(eq(enrollmentForms.courseOrEventType, "course"), eq(courses.id, enrollmentForms.courseOrEventId));
const namedEvent = and(eq(enrollmentForms.courseOrEventType, "event"), eq(events.id, enrollmentForms.courseOrEventId));

/** Enrollment forms as the admin sees them (the table and the export): every field and the title of what each names. */
export const selectAdminEnrollmentForms = () =>
  db
    .select({
      id: enrollmentForms.id,
      name: enrollmentForms.name,
      whatsappNumber: enrollmentForms.whatsappNumber,
      email: enrollmentForms.email,
      age: enrollmentForms.age,
      country: enrollmentForms.country,
      state: enrollmentForms.state,
      city: enrollmentForms.city,
      experienceLevel: enrollmentForms.experienceLevel,
      courseOrEventType: enrollmentForms.courseOrEventType,
      courseOrEventId: enrollmentForms.courseOrEventId,
      courseOrEventTitle: sql<string | null>`coalesce(${courses.title}, ${events.title})`,
      sourceOfLead: enrollmentForms.sourceOfLead,
      broker: enrollmentForms.broker,
      trainingPreference: enrollmentForms.trainingPreference,
      paymentStatus: sql<string>`coalesce((select ${orders.paymentStatus} ${latestOrderOfForm}), 'pending')`,
      paymentIntentId: sql<
        string | null
      >`(select case when ${orders.provider} = 'stripe' then ${orders.providerPaymentId} end ${latestOrderOfForm})`,
      createdAt: enrollmentForms.createdAt,
    })
    .from(enrollmentForms)
    .leftJoin(courses, namedCourse)
    .leftJoin(events, namedEvent);

/** Every word of the search is in the name, WhatsApp number, email, city or state. */
const formSearch = (q: string | null | undefined) =>
  matchesSearch(q, {
    table: enrollmentForms,
    index: "enrollment_forms_search",
    columns: [enrollmentForms.name, enrollmentForms.whatsappNumber, enrollmentForms.email, enrollmentForms.city, enrollmentForms.state],
  });

/**
 * Every enrollment form, newest first, with the title of what it names, a
 * page at a time. The page is found in enrollment_forms alone (walking
 * enrollment_forms_created_at_idx); only its rows are joined to the titles.
 */
export function listEnrollmentFormsForAdmin(request: ListRequest = {}): ListPage<AdminEnrollmentFormRow> {
  const where = formSearch(request.q);
  const newestFirst = [desc(enrollmentForms.createdAt), desc(enrollmentForms.id)];
  return paginateThenJoin(request, { table: enrollmentForms, time: enrollmentForms.createdAt, id: enrollmentForms.id, where }, (onPage) =>
    selectAdminEnrollmentForms()
      .where(onPage)
      .orderBy(...newestFirst)
      .all(),
  );
}
