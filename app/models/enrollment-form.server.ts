import { enrollmentForms } from "../../db/schema";
import { ENROLLMENT_MESSAGES, type CourseOrEventType, type EnrollmentFormInput } from "~/schemas/enrollment-form";
import { db } from "~/utils/db.server";
import { findActiveCourse, listActiveCourses } from "./course.server";
import { findActiveEvent, listActiveEvents } from "./event.server";

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
  if (type === "course") return findActiveCourse(id) !== null;
  const event = findActiveEvent(id);
  return event !== null && event.eventDate.getTime() >= now.getTime();
}

export type SaveEnrollmentFormResult =
  | { ok: true; id: number }
  | { ok: false; errors: { courseOrEventId: string[] } };

/**
 * Stores a student's enrollment information (payment pending). The course or
 * event must still be one the form offers; the check and the insert share a
 * transaction so nothing can change in between.
 */
export function saveEnrollmentForm(
  userId: string,
  input: EnrollmentFormInput,
  now = new Date(),
): SaveEnrollmentFormResult {
  return db.transaction((tx) => {
    if (!isEnrollmentTarget(input.courseOrEventType, input.courseOrEventId, now)) {
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
        paymentStatus: "pending",
      })
      .returning({ id: enrollmentForms.id })
      .get();
    return { ok: true, id: row.id };
  });
}
