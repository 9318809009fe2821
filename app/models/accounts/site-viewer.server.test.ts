import { eq } from "drizzle-orm";
import { expect, test } from "vitest";
import { courses, eventRegistrations, events, orders, users } from "../../../db/schema";
import { db } from "~/utils/db.server";
import { siteViewerFacts } from "./site-viewer.server";

// The one read behind every signed-in page view: each fact follows the rows it is about.

const NOW = new Date("2026-11-20T06:00:00Z");

test("each fact follows the student's own rows, and a closed account has none", () => {
  const student = db.insert(users).values({ email: "viewer@example.com", firstName: "Asha" }).returning().get();
  const other = db.insert(users).values({ email: "other.viewer@example.com" }).returning().get();
  const course = db
    .insert(courses)
    .values({ title: "Viewer Course", shortDescription: "s", description: "d", duration: "4 weeks" })
    .returning()
    .get();
  const event = db
    .insert(events)
    .values({ title: "Viewer Event", description: "d", eventDate: new Date("2026-11-25T10:00:00Z"), eventType: "webinar" })
    .returning()
    .get();
  const facts = (userId: string, courseId: number | null = course.id) => siteViewerFacts(userId, { now: NOW, courseId });

  expect(facts(student.id)).toEqual({
    firstName: "Asha",
    isAdmin: false,
    adultConfirmed: false,
    hasCourses: false,
    hasUpcomingRegistration: false,
    enrolledInCourse: false,
  });
  db.insert(orders).values({ userId: student.id, courseId: course.id, paymentStatus: "pending" }).run();
  expect(facts(student.id)).toMatchObject({ hasCourses: false, enrolledInCourse: false });
  db.insert(orders).values({ userId: student.id, courseId: course.id, paymentStatus: "completed" }).run();
  db.insert(eventRegistrations)
    .values({ eventId: event.id, userId: student.id, name: "Asha", email: student.email, phone: "9876543210" })
    .run();
  db.update(users).set({ adultConfirmedAt: NOW }).where(eq(users.id, student.id)).run();
  expect(facts(student.id)).toMatchObject({
    adultConfirmed: true,
    hasCourses: true,
    hasUpcomingRegistration: true,
    enrolledInCourse: true,
  });
  // Another course, another student, an event already begun, no course asked.
  expect(facts(student.id, course.id + 1000)).toMatchObject({ enrolledInCourse: false, hasCourses: true });
  expect(facts(student.id, null)).toMatchObject({ enrolledInCourse: false });
  expect(facts(other.id)).toMatchObject({ hasCourses: false, hasUpcomingRegistration: false, enrolledInCourse: false });
  expect(siteViewerFacts(student.id, { now: new Date("2026-11-26T00:00:00Z") })?.hasUpcomingRegistration).toBe(false);
  db.update(users).set({ deactivatedAt: NOW }).where(eq(users.id, student.id)).run();
  expect(facts(student.id)).toBeNull();
});
