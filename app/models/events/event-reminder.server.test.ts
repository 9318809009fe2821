import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, test } from "vitest";
import { eventRegistrations, events, outboxMessages, users } from "../../../db/schema";
import { db } from "~/utils/db.server";
import { queueDueReminders } from "./event-reminder.server";
import { cancelStudentRegistration } from "./student-event-registration.server";
import { writtenMail } from "../../../tests/support/unit-mail";

// The reminder rules on fixed clocks: which registration gets which reminder, and only once.

const HOUR = 60 * 60 * 1000;
const START = new Date("2026-12-05T14:00:00Z"); // 7:30 pm IST
const before = (ms: number) => new Date(START.getTime() - ms);

function addEvent(values: Partial<typeof events.$inferInsert> = {}): number {
  return db
    .insert(events)
    .values({ title: "Live Nifty Webinar", description: "d", eventDate: START, ...values })
    .returning({ id: events.id })
    .get().id;
}

let student = 0;
function register(eventId: number, registeredAt: Date): string {
  const id = `student-${++student}`;
  db.insert(users)
    .values({ id, email: `${id}@example.test` })
    .run();
  db.insert(eventRegistrations)
    .values({ eventId, userId: id, name: "Priya Sharma", email: `${id}@example.test`, phone: "9876543210", registeredAt })
    .run();
  return id;
}

/** The queued reminders: to whom, and which reminder about which event (the payload). */
const mails = () =>
  db.select({ to: outboxMessages.toAddress, payload: outboxMessages.payload }).from(outboxMessages).orderBy(outboxMessages.id).all();
const dayBefore = (eventId: number) => ({ kind: "event-reminder-day-before", eventId });
const hourBefore = (eventId: number) => ({ kind: "event-reminder-hour-before", eventId });

beforeEach(() => {
  db.delete(outboxMessages).run();
  db.delete(eventRegistrations).run();
  db.delete(events).run();
  db.delete(users).run();
});

describe("queueDueReminders", () => {
  test("a day before: the day reminder, recorded; an hour before: the hour reminder", () => {
    const eventId = addEvent();
    const student = register(eventId, before(72 * HOUR));
    expect(queueDueReminders(before(25 * HOUR))).toEqual({ "day-before": 0, "hour-before": 0 });

    expect(queueDueReminders(before(24 * HOUR))).toEqual({ "day-before": 1, "hour-before": 0 });
    expect(mails()).toEqual([{ to: `${student}@example.test`, payload: dayBefore(eventId) }]);
    const [row] = db.select().from(eventRegistrations).all();
    expect(row).toMatchObject({ remindedDayBeforeAt: before(24 * HOUR), remindedHourBeforeAt: null });

    expect(queueDueReminders(before(2 * HOUR))).toEqual({ "day-before": 0, "hour-before": 0 });
    expect(queueDueReminders(before(HOUR))).toEqual({ "day-before": 0, "hour-before": 1 });
    expect(mails().map((mail) => mail.payload)).toEqual([dayBefore(eventId), hourBefore(eventId)]);
    // Written, each names the event.
    expect(writtenMail(`${student}@example.test`).map((mail) => mail.subject)).toEqual([
      expect.stringMatching(/^Reminder: Live Nifty Webinar/),
      expect.stringMatching(/^Starting soon: Live Nifty Webinar/),
    ]);
  });

  test("twice in a row, or after a restart: each reminder once", () => {
    const eventId = addEvent();
    register(eventId, before(72 * HOUR));
    queueDueReminders(before(20 * HOUR));
    queueDueReminders(before(20 * HOUR));
    queueDueReminders(before(19 * HOUR));
    queueDueReminders(before(30 * 60 * 1000));
    queueDueReminders(before(30 * 60 * 1000));
    queueDueReminders(before(10 * 60 * 1000));
    expect(mails().map((mail) => mail.payload)).toEqual([dayBefore(eventId), hourBefore(eventId)]);
  });

  test("registered 2 hours before: only the hour reminder", () => {
    const eventId = addEvent();
    register(eventId, before(2 * HOUR));
    expect(queueDueReminders(before(2 * HOUR))).toEqual({ "day-before": 0, "hour-before": 0 });
    expect(queueDueReminders(before(90 * 60 * 1000))).toEqual({ "day-before": 0, "hour-before": 0 });
    expect(queueDueReminders(before(HOUR))).toEqual({ "day-before": 0, "hour-before": 1 });
    expect(mails().map((mail) => mail.payload)).toEqual([hourBefore(eventId)]);
  });

  test("a server back after the day reminder's window sends only the hour reminder", () => {
    const eventId = addEvent();
    register(eventId, before(72 * HOUR));
    expect(queueDueReminders(before(45 * 60 * 1000))).toEqual({ "day-before": 0, "hour-before": 1 });
    expect(mails().map((mail) => mail.payload)).toEqual([hourBefore(eventId)]);
  });

  test("none for a cancelled registration", () => {
    const eventId = addEvent();
    const student = register(eventId, before(72 * HOUR));
    expect(cancelStudentRegistration(eventId, student, before(30 * HOUR))).toEqual({ ok: true, eventTitle: "Live Nifty Webinar" });
    expect(queueDueReminders(before(20 * HOUR))).toEqual({ "day-before": 0, "hour-before": 0 });
    expect(queueDueReminders(before(HOUR / 2))).toEqual({ "day-before": 0, "hour-before": 0 });
    expect(mails()).toEqual([]);
  });

  test("none for an event that has started or is inactive", () => {
    const started = addEvent({ title: "Started" });
    register(started, before(72 * HOUR));
    expect(queueDueReminders(START)).toEqual({ "day-before": 0, "hour-before": 0 });
    expect(queueDueReminders(new Date(START.getTime() + HOUR))).toEqual({ "day-before": 0, "hour-before": 0 });

    const nextWeek = new Date(START.getTime() + 7 * 24 * HOUR);
    const inactive = addEvent({ title: "Inactive", isActive: false, eventDate: nextWeek });
    register(inactive, START);
    expect(queueDueReminders(new Date(nextWeek.getTime() - 20 * HOUR))).toEqual({ "day-before": 0, "hour-before": 0 });
    expect(queueDueReminders(new Date(nextWeek.getTime() - HOUR / 2))).toEqual({ "day-before": 0, "hour-before": 0 });
    expect(mails()).toEqual([]);
  });

  test("the message and its record are one transaction: a failing mail leaves the reminder due", () => {
    const eventId = addEvent();
    register(eventId, before(72 * HOUR));
    // The outbox refuses the message, as a full disk would.
    db.$client.exec("CREATE TEMP TRIGGER refuse_mail BEFORE INSERT ON outbox_messages BEGIN SELECT RAISE(ABORT, 'outbox broke'); END");
    try {
      expect(() => queueDueReminders(before(20 * HOUR))).toThrow("outbox broke");
    } finally {
      db.$client.exec("DROP TRIGGER refuse_mail");
    }
    expect(db.select().from(eventRegistrations).where(eq(eventRegistrations.eventId, eventId)).get()?.remindedDayBeforeAt).toBeNull();
    expect(queueDueReminders(before(20 * HOUR))).toEqual({ "day-before": 1, "hour-before": 0 });
  });
});

describe("cancelStudentRegistration", () => {
  test("refused once the event has started, and for someone not registered", () => {
    const eventId = addEvent();
    const student = register(eventId, before(72 * HOUR));
    expect(cancelStudentRegistration(eventId, "someone-else", before(HOUR))).toEqual({ ok: false, reason: "not-registered" });
    expect(cancelStudentRegistration(eventId, student, START)).toEqual({ ok: false, reason: "started" });
    expect(db.select().from(eventRegistrations).all()).toHaveLength(1);
  });
});
