import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, test } from "vitest";
import { consentRecords, courses, enrollmentForms, events, outboxMessages, users } from "../../../db/schema";
import type { EnrollmentFormInput } from "~/schemas/enrollment-form";
import { db } from "~/utils/db.server";
import {
  isEnrollmentTarget,
  listEnrollmentChoices,
  selectAdminEnrollmentForms,
  saveEnrollmentForm as storeEnrollmentForm,
} from "./enrollment-form.server";
import { writeQueuedMail } from "~/services/mail/writer.server";
import { saveSettings } from "../site/site-settings.server";

const saveEnrollmentForm = (userId: string, form: EnrollmentFormInput, now: Date) => storeEnrollmentForm(userId, form, now);
/** Every team lead notice, to any address, as the mail writer wrote it. */
const teamMail = () => {
  writeQueuedMail();
  return db
    .select({ to: outboxMessages.toAddress, subject: outboxMessages.subject })
    .from(outboxMessages)
    .where(eq(outboxMessages.kind, "team-enrolment-lead"))
    .orderBy(outboxMessages.id)
    .all();
};

const NOW = new Date("2026-03-10T06:30:00Z");
const DAY = 24 * 60 * 60 * 1000;
const USER_ID = "user-1";

beforeAll(() => {
  db.insert(users).values({ id: USER_ID, email: "priya@example.com", firstName: "Priya" }).run();
  const course = { shortDescription: "s", description: "d", duration: "4 weeks" };
  db.insert(courses)
    .values([
      { ...course, id: 1, title: "Options Basics" },
      { ...course, id: 2, title: "Retired Course", isActive: false },
      { ...course, id: 3, title: "Currency Trading" },
    ])
    .run();
  const event = { description: "d", durationMinutes: 60, eventType: "webinar" as const };
  db.insert(events)
    .values([
      { ...event, id: 10, title: "Later webinar", eventDate: new Date(NOW.getTime() + 9 * DAY) },
      { ...event, id: 11, title: "Past webinar", eventDate: new Date(NOW.getTime() - DAY) },
      { ...event, id: 12, title: "Cancelled webinar", eventDate: new Date(NOW.getTime() + DAY), isActive: false },
      { ...event, id: 13, title: "Soon webinar", eventDate: new Date(NOW.getTime() + DAY) },
    ])
    .run();
});

const input: EnrollmentFormInput = {
  name: "Priya Sharma",
  whatsappNumber: "+91 98765 43210",
  email: "priya@example.com",
  age: 27,
  country: "India",
  state: "Maharashtra",
  city: "Pune",
  experienceLevel: "Beginner",
  courseOrEventId: 3,
  courseOrEventType: "course",
  sourceOfLead: "Referral",
  broker: "Zerodha",
  trainingPreference: "online",
  consent: true,
};

const rowById = (id: number) => db.select().from(enrollmentForms).where(eq(enrollmentForms.id, id)).get();

describe("listEnrollmentChoices", () => {
  test("active courses by title, and active upcoming events by date", () => {
    const choices = listEnrollmentChoices(NOW);
    expect(choices.courses).toEqual([
      { id: 3, title: "Currency Trading" },
      { id: 1, title: "Options Basics" },
    ]);
    expect(choices.events.map(({ id, title }) => ({ id, title }))).toEqual([
      { id: 13, title: "Soon webinar" },
      { id: 10, title: "Later webinar" },
    ]);
    expect(choices.events[0]?.eventDate).toEqual(new Date(NOW.getTime() + DAY));
  });
});

describe("isEnrollmentTarget", () => {
  test("only what the choice lists, of the type given", () => {
    expect(isEnrollmentTarget("course", 1, NOW)).toBe(true);
    expect(isEnrollmentTarget("course", 2, NOW)).toBe(false); // inactive
    expect(isEnrollmentTarget("course", 99, NOW)).toBe(false); // unknown
    expect(isEnrollmentTarget("course", 10, NOW)).toBe(false); // an event's id, not a course's
    expect(isEnrollmentTarget("event", 10, NOW)).toBe(true);
    expect(isEnrollmentTarget("event", 11, NOW)).toBe(false); // already held
    expect(isEnrollmentTarget("event", 12, NOW)).toBe(false); // inactive
    expect(isEnrollmentTarget("event", 3, NOW)).toBe(false); // a course's id, not an event's
  });
});

describe("saveEnrollmentForm", () => {
  test("stores every field for the student, payment pending, and returns the id; the consent is recorded with it", () => {
    const result = saveEnrollmentForm(USER_ID, input, NOW);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const { consent: _consent, ...fields } = input;
    expect(rowById(result.id)).toMatchObject({ ...fields, userId: USER_ID });
    // No order was made with it yet: the admin's list shows its payment pending.
    expect(selectAdminEnrollmentForms().where(eq(enrollmentForms.id, result.id)).get()).toMatchObject({
      paymentStatus: "pending",
      paymentIntentId: null,
    });
    expect(
      db
        .select({ purpose: consentRecords.purpose, source: consentRecords.source })
        .from(consentRecords)
        .where(eq(consentRecords.userId, USER_ID))
        .all(),
    ).toContainEqual({ purpose: "enrolment-callback", source: "enrollment-form" });
  });

  test("leaves optional fields empty when not given", () => {
    const { email: _e, age: _a, country: _c, broker: _b, trainingPreference: _t, ...required } = input;
    const result = saveEnrollmentForm(USER_ID, { ...required, courseOrEventType: "event", courseOrEventId: 13 }, NOW);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(rowById(result.id)).toMatchObject({
      email: null,
      age: null,
      country: null,
      broker: null,
      trainingPreference: null,
      courseOrEventType: "event",
      courseOrEventId: 13,
    });
  });

  test("refuses a course or event the form does not offer, and stores nothing", () => {
    const before = db.select({ id: enrollmentForms.id }).from(enrollmentForms).all().length;
    for (const target of [
      { courseOrEventType: "course", courseOrEventId: 2 },
      { courseOrEventType: "course", courseOrEventId: 13 },
      { courseOrEventType: "event", courseOrEventId: 11 },
      { courseOrEventType: "event", courseOrEventId: 1 },
    ] as const) {
      expect(saveEnrollmentForm(USER_ID, { ...input, ...target }, NOW)).toEqual({
        ok: false,
        errors: { courseOrEventId: ["Please select a course or event"] },
      });
    }
    expect(db.select({ id: enrollmentForms.id }).from(enrollmentForms).all()).toHaveLength(before);
  });
});

describe("the team's notice of a new lead", () => {
  test("goes to the settings' address with the course's title while switched on, and not once switched off", () => {
    const admin = { adminId: "admin-1" };
    const settings = { notifyAddress: "team@example.com", contactMessages: true, enrolmentLeads: true };
    saveSettings("notifications", settings, admin);
    const before = teamMail().length;
    expect(saveEnrollmentForm(USER_ID, input, NOW).ok).toBe(true);
    expect(teamMail().slice(before)).toEqual([
      { to: "team@example.com", subject: "New enrollment lead: Priya Sharma for Currency Trading" },
    ]);

    saveSettings("notifications", { ...settings, enrolmentLeads: false }, admin);
    expect(saveEnrollmentForm(USER_ID, input, NOW).ok).toBe(true);
    expect(teamMail()).toHaveLength(before + 1);
  });

  test("is not sent for a form that is refused", () => {
    saveSettings(
      "notifications",
      { notifyAddress: "team@example.com", contactMessages: true, enrolmentLeads: true },
      { adminId: "admin-1" },
    );
    const before = teamMail().length;
    expect(saveEnrollmentForm(USER_ID, { ...input, courseOrEventId: 2 }, NOW).ok).toBe(false);
    expect(teamMail()).toHaveLength(before);
  });
});
