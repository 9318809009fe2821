// The reminders before a batch's live session, on fixed clocks: who gets which
// one, exactly once however often the tick runs, again after a move, never
// for a called-off class, and the message with its record or neither.
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, test } from "vitest";
import { batchSessions, batchStudents, batches, courses, outboxMessages, sessionReminders, users } from "../../../db/schema";
import { db } from "~/utils/db.server";
import { sessionInputOf } from "../../../tests/support/calendar";
import { writtenMail } from "../../../tests/support/unit-mail";
import { cancelBatchSession, saveBatchSession } from "./batch-session.server";
import { queueDueSessionReminders, SESSION_REMINDERS_PER_TICK } from "./session-reminder.server";

const HOUR = 60 * 60 * 1000;
const START = new Date("2026-12-05T13:30:00Z"); // 7:00 pm IST
const before = (ms: number, start = START) => new Date(start.getTime() - ms);
const MEETING = "https://us02web.zoom.us/j/85512345678";
const NONE = { "day-before": 0, "hour-before": 0 };

let serial = 0;

function batchWithSession(session: Partial<typeof batchSessions.$inferInsert> = {}) {
  serial += 1;
  const course = db
    .insert(courses)
    .values({ title: `Options ${serial}`, shortDescription: "s", description: "d", duration: "4 weeks", pacing: "batch" })
    .returning()
    .get();
  const batch = db
    .insert(batches)
    .values({ courseId: course.id, name: `Evening batch ${serial}`, startsOn: "2026-11-30", endsOn: "2026-12-20" })
    .returning()
    .get();
  const row = db
    .insert(batchSessions)
    .values({ batchId: batch.id, title: "Reading levels", startsAt: START, durationMinutes: 90, joinUrl: MEETING, ...session })
    .returning()
    .get();
  return { course, batch, session: row };
}

/** A student seated in the batch at `joinedAt`; their address. */
function seat(batch: { id: number; courseId: number }, joinedAt: Date, values: Partial<typeof users.$inferInsert> = {}): string {
  serial += 1;
  const email = `seated${serial}@example.test`;
  const user = db
    .insert(users)
    .values({ email, firstName: "Kavya", ...values })
    .returning()
    .get();
  db.insert(batchStudents).values({ batchId: batch.id, courseId: batch.courseId, userId: user.id, joinedAt }).run();
  return email;
}

/** The queued reminders as (to, kind, session). */
const reminders = () =>
  db
    .select({ to: outboxMessages.toAddress, kind: outboxMessages.kind, payload: outboxMessages.payload })
    .from(outboxMessages)
    .orderBy(outboxMessages.id)
    .all()
    .map(({ to, kind, payload }) => ({ to, kind, sessionId: (payload as { sessionId: number } | null)?.sessionId }));

beforeEach(() => {
  db.delete(outboxMessages).run();
  db.delete(sessionReminders).run();
  db.delete(batchStudents).run();
  db.delete(batchSessions).run();
  db.delete(batches).run();
  db.delete(courses).run();
  db.delete(users).run();
});

describe("queueDueSessionReminders", () => {
  test("a day before: the day reminder; an hour before: the hour reminder; each recorded, each linking the class's page and never the meeting", () => {
    const { batch, session, course } = batchWithSession();
    const student = seat(batch, before(72 * HOUR));
    expect(queueDueSessionReminders(before(25 * HOUR))).toEqual(NONE);

    expect(queueDueSessionReminders(before(24 * HOUR))).toEqual({ "day-before": 1, "hour-before": 0 });
    expect(queueDueSessionReminders(before(2 * HOUR))).toEqual(NONE);
    expect(queueDueSessionReminders(before(HOUR))).toEqual({ "day-before": 0, "hour-before": 1 });
    expect(reminders()).toEqual([
      { to: student, kind: "batch-session-reminder-day-before", sessionId: session.id },
      { to: student, kind: "batch-session-reminder-hour-before", sessionId: session.id },
    ]);
    expect(db.select({ kind: sessionReminders.kind, startsAt: sessionReminders.startsAt }).from(sessionReminders).all()).toEqual([
      { kind: "day-before", startsAt: START },
      { kind: "hour-before", startsAt: START },
    ]);

    const [dayBefore, hourBefore] = writtenMail(student);
    expect(dayBefore!.subject).toBe("Reminder: Reading levels, Sat, 5 Dec 2026, 7:00 pm IST");
    expect(hourBefore!.subject).toBe("Starting soon: Reading levels at 7:00 pm IST");
    for (const mail of [dayBefore!, hourBefore!]) {
      expect(mail.text).toContain("Hello Kavya,");
      expect(mail.text).toContain("When: Sat, 5 Dec 2026, 7:00 pm IST (90 minutes)");
      expect(mail.text).toContain("Where: Online, on Zoom");
      expect(mail.text).toContain(`/learn/${course.id}/sessions/${session.id}`);
      expect(mail.text + mail.html).not.toContain("zoom.us");
    }
  });

  test("ticks repeated, or a restart: each reminder once", () => {
    const { batch } = batchWithSession();
    seat(batch, before(72 * HOUR));
    seat(batch, before(72 * HOUR));
    for (const at of [20 * HOUR, 20 * HOUR, 19 * HOUR, HOUR / 2, HOUR / 2, HOUR / 6]) queueDueSessionReminders(before(at));
    expect(reminders().map((reminder) => reminder.kind)).toEqual([
      "batch-session-reminder-day-before",
      "batch-session-reminder-day-before",
      "batch-session-reminder-hour-before",
      "batch-session-reminder-hour-before",
    ]);
  });

  test("less than an hour left when the tick first runs: only the hour reminder", () => {
    const { batch } = batchWithSession();
    seat(batch, before(72 * HOUR));
    expect(queueDueSessionReminders(before(45 * 60 * 1000))).toEqual({ "day-before": 0, "hour-before": 1 });
    expect(queueDueSessionReminders(before(HOUR / 6))).toEqual(NONE);
  });

  test("a student seated 2 hours before the start gets only the hour reminder", () => {
    const { batch } = batchWithSession();
    seat(batch, before(2 * HOUR));
    expect(queueDueSessionReminders(before(2 * HOUR))).toEqual(NONE);
    expect(queueDueSessionReminders(before(HOUR))).toEqual({ "day-before": 0, "hour-before": 1 });
  });

  test("a session moved to a new time is reminded of again, at the new time; the old time reminds nobody", () => {
    const { batch, session } = batchWithSession();
    const student = seat(batch, before(72 * HOUR));
    expect(queueDueSessionReminders(before(20 * HOUR))).toEqual({ "day-before": 1, "hour-before": 0 });
    const later = new Date(START.getTime() + 48 * HOUR);
    expect(saveBatchSession(batch.id, sessionInputOf(session, { startsAt: later }), session.id, before(19 * HOUR)).ok).toBe(true);

    expect(queueDueSessionReminders(before(HOUR / 2))).toEqual(NONE);
    expect(queueDueSessionReminders(before(20 * HOUR, later))).toEqual({ "day-before": 1, "hour-before": 0 });
    expect(queueDueSessionReminders(before(HOUR / 2, later))).toEqual({ "day-before": 0, "hour-before": 1 });
    expect(
      reminders()
        .filter((reminder) => reminder.kind.startsWith("batch-session-reminder"))
        .map((reminder) => reminder.to),
    ).toEqual([student, student, student]);
  });

  test("none for a cancelled session or a session of a cancelled batch", () => {
    const { batch, session } = batchWithSession();
    seat(batch, before(72 * HOUR));
    expect(cancelBatchSession(batch.id, session.id, before(30 * HOUR)).ok).toBe(true);
    const called = batchWithSession();
    seat(called.batch, before(72 * HOUR));
    db.update(batches)
      .set({ cancelledAt: before(30 * HOUR) })
      .where(eq(batches.id, called.batch.id))
      .run();

    expect(queueDueSessionReminders(before(20 * HOUR))).toEqual(NONE);
    expect(queueDueSessionReminders(before(HOUR / 2))).toEqual(NONE);
    expect(reminders().filter((reminder) => reminder.kind.startsWith("batch-session-reminder"))).toEqual([]);
  });

  test("none once the session has started, and none for an account that can no longer sign in", () => {
    const { batch } = batchWithSession();
    seat(batch, before(72 * HOUR), { deactivatedAt: before(72 * HOUR) });
    expect(queueDueSessionReminders(before(HOUR / 2))).toEqual(NONE);
    seat(batch, before(72 * HOUR));
    expect(queueDueSessionReminders(START)).toEqual(NONE);
  });

  test("more students than one tick takes: the next tick queues the rest, each once", () => {
    const { batch } = batchWithSession();
    const students = SESSION_REMINDERS_PER_TICK + 5;
    for (let n = 0; n < students; n++) seat(batch, before(72 * HOUR));
    expect(queueDueSessionReminders(before(HOUR / 2))).toEqual({ "day-before": 0, "hour-before": SESSION_REMINDERS_PER_TICK });
    expect(queueDueSessionReminders(before(HOUR / 3))).toEqual({ "day-before": 0, "hour-before": 5 });
    expect(queueDueSessionReminders(before(HOUR / 4))).toEqual(NONE);
    expect(new Set(reminders().map((reminder) => reminder.to)).size).toBe(students);
  });

  test("the message and its record are one transaction: a failing mail leaves the reminder due", () => {
    const { batch } = batchWithSession();
    seat(batch, before(72 * HOUR));
    // The outbox refuses the message, as a full disk would.
    db.$client.exec("CREATE TEMP TRIGGER refuse_mail BEFORE INSERT ON outbox_messages BEGIN SELECT RAISE(ABORT, 'outbox broke'); END");
    try {
      expect(() => queueDueSessionReminders(before(20 * HOUR))).toThrow("outbox broke");
    } finally {
      db.$client.exec("DROP TRIGGER refuse_mail");
    }
    expect(db.select().from(sessionReminders).all()).toEqual([]);
    expect(queueDueSessionReminders(before(20 * HOUR))).toEqual({ "day-before": 1, "hour-before": 0 });
  });
});
