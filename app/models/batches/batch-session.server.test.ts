// A timetable's changes as the batch's students hear of them: a move, a new
// length or a new place is mailed to each, with the updated calendar entry
// (same UID, higher SEQUENCE); a cancellation too (STATUS:CANCELLED); a
// retitled or redescribed class is not; the mails are queued in the change's
// own transaction.
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, test } from "vitest";
import { batchSessions, batchStudents, batches, courses, outboxMessages, users } from "../../../db/schema";
import { db } from "~/utils/db.server";
import { publicOrigin } from "~/utils/env.server";
import { sessionInputOf, unfoldedCalendar } from "../../../tests/support/calendar";
import { writtenMail, type WrittenMail } from "../../../tests/support/unit-mail";
import { cancelBatchSession, saveBatchSession } from "./batch-session.server";

const NOW = new Date("2026-12-01T06:30:00Z");
const START = new Date("2026-12-05T13:30:00Z"); // Sat, 5 Dec 2026, 7:00 pm IST
const MEETING = "https://us02web.zoom.us/j/85512345678";

let serial = 0;

function timetable() {
  serial += 1;
  const course = db
    .insert(courses)
    .values({ title: `Price action ${serial}`, shortDescription: "s", description: "d", duration: "4 weeks", pacing: "batch" })
    .returning()
    .get();
  const batch = db
    .insert(batches)
    .values({ courseId: course.id, name: "Weekend batch", startsOn: "2026-11-30", endsOn: "2026-12-20" })
    .returning()
    .get();
  const session = db
    .insert(batchSessions)
    .values({
      batchId: batch.id,
      title: "Reading levels",
      description: "Levels from 2024.",
      startsAt: START,
      durationMinutes: 90,
      joinUrl: MEETING,
    })
    .returning()
    .get();
  const students = ["Asha", "Ravi"].map((firstName) => {
    const email = `${firstName.toLowerCase()}${serial}@example.test`;
    const user = db.insert(users).values({ email, firstName }).returning().get();
    db.insert(batchStudents).values({ batchId: batch.id, courseId: course.id, userId: user.id, joinedAt: NOW }).run();
    return email;
  });
  return { course, batch, session, students };
}

/** The attached calendar file's lines, RFC 5545 folding undone. */
function calendarLines(mail: WrittenMail): string[] {
  const [attachment] = mail.attachments;
  if (!attachment || !("contentBase64" in attachment)) throw new Error("No calendar file attached");
  expect(attachment.contentType).toMatch(/^text\/calendar/);
  return unfoldedCalendar(Buffer.from(attachment.contentBase64, "base64").toString("utf8"));
}

const sequenceOf = (id: number) =>
  db.select({ sequence: batchSessions.sequence }).from(batchSessions).where(eq(batchSessions.id, id)).get()?.sequence;

beforeEach(() => {
  db.delete(outboxMessages).run();
});

describe("a session moved, or its place or length changed", () => {
  test("each student gets one mail: the new time in IST, the place, the old time, the class's page (not the meeting) and the updated entry", () => {
    const { course, batch, session, students } = timetable();
    const later = new Date("2026-12-06T14:30:00Z"); // Sun, 6 Dec 2026, 8:00 pm IST
    expect(saveBatchSession(batch.id, sessionInputOf(session, { startsAt: later }), session.id, NOW)).toMatchObject({
      ok: true,
      calendarChanged: true,
    });

    for (const [index, student] of students.entries()) {
      const mails = writtenMail(student, "batch-session-changed");
      expect(mails).toHaveLength(1);
      const [mail] = mails as [WrittenMail];
      expect(mail.subject).toBe("Class moved: Reading levels, now Sun, 6 Dec 2026, 8:00 pm IST");
      expect(mail.text).toContain(index === 0 ? "Hello Asha," : "Hello Ravi,");
      expect(mail.text).toContain(`Your live class of ${course.title} (Weekend batch) has moved to a new time.`);
      expect(mail.text).toContain("When: Sun, 6 Dec 2026, 8:00 pm IST (90 minutes)");
      expect(mail.text).toContain("Where: Online, on Zoom");
      expect(mail.text).toContain("It was on Sat, 5 Dec 2026, 7:00 pm IST.");
      expect(mail.text).toContain(`/learn/${course.id}/sessions/${session.id}`);
      expect(mail.text + mail.html).not.toContain("zoom.us");
      const lines = calendarLines(mail);
      expect(lines).toContain(`UID:batch-session-${session.id}@${new URL(publicOrigin()).hostname}`);
      expect(lines).toContain("SEQUENCE:1");
      expect(lines).toContain("DTSTART:20261206T143000Z");
      expect(lines).toContain("STATUS:CONFIRMED");
      expect(lines.join("\n")).not.toContain("zoom.us");
    }
  });

  test("a new room is said; a new meeting link is told without the link", () => {
    const { batch, session, students } = timetable();
    saveBatchSession(batch.id, sessionInputOf(session, { joinUrl: "https://meet.google.com/abc-defg-hij" }), session.id, NOW);
    const [online] = writtenMail(students[0]!, "batch-session-changed");
    expect(online!.subject).toBe("Class changed: Reading levels");
    expect(online!.text).toContain("Where: Online, on Google Meet");
    expect(online!.text).toContain("Where it meets online has changed: use Join on the class's page as usual.");
    expect(online!.text).not.toContain("meet.google.com");

    db.update(batches).set({ venue: "TradeMaster Pune, FC Road" }).where(eq(batches.id, batch.id)).run();
    const moved = db.select().from(batchSessions).where(eq(batchSessions.id, session.id)).get()!;
    saveBatchSession(batch.id, sessionInputOf(moved, { joinUrl: null, room: "Room 2" }), session.id, NOW);
    const inRoom = writtenMail(students[0]!, "batch-session-changed").at(-1)!;
    expect(inRoom.text).toContain("It now meets at: Room 2, TradeMaster Pune, FC Road.");
    expect(inRoom.text).toContain("The class meets in person, at the place above.");
  });

  test("a new title or description raises no mail (the title still updates calendars)", () => {
    const { batch, session, students } = timetable();
    saveBatchSession(batch.id, sessionInputOf(session, { description: "Levels from 2024, with a typo fixed." }), session.id, NOW);
    expect(sequenceOf(session.id)).toBe(0);
    saveBatchSession(batch.id, sessionInputOf(session, { title: "Reading support and resistance" }), session.id, NOW);
    expect(sequenceOf(session.id)).toBe(1);
    expect(writtenMail(students[0]!)).toEqual([]);
  });

  test("a class over before and after the change (a record put right) and a called-off batch's class mail nobody", () => {
    const { batch, session, students } = timetable();
    const afterIt = new Date(START.getTime() + 3 * 60 * 60 * 1000);
    saveBatchSession(batch.id, sessionInputOf(session, { durationMinutes: 120 }), session.id, afterIt);
    expect(writtenMail(students[0]!)).toEqual([]);

    const called = timetable();
    db.update(batches).set({ cancelledAt: NOW }).where(eq(batches.id, called.batch.id)).run();
    saveBatchSession(
      called.batch.id,
      sessionInputOf(called.session, { startsAt: new Date("2026-12-07T13:30:00Z") }),
      called.session.id,
      NOW,
    );
    expect(cancelBatchSession(called.batch.id, called.session.id, NOW).ok).toBe(true);
    expect(writtenMail(called.students[0]!)).toEqual([]);
  });

  test("the mails and the change are one transaction: a failing mail leaves the session as it was", () => {
    const { batch, session, students } = timetable();
    db.$client.exec("CREATE TEMP TRIGGER refuse_mail BEFORE INSERT ON outbox_messages BEGIN SELECT RAISE(ABORT, 'outbox broke'); END");
    try {
      expect(() => saveBatchSession(batch.id, sessionInputOf(session, { durationMinutes: 60 }), session.id, NOW)).toThrow("outbox broke");
      expect(() => cancelBatchSession(batch.id, session.id, NOW)).toThrow("outbox broke");
    } finally {
      db.$client.exec("DROP TRIGGER refuse_mail");
    }
    expect(db.select().from(batchSessions).where(eq(batchSessions.id, session.id)).get()).toEqual(session);
    expect(writtenMail(students[0]!)).toEqual([]);
  });
});

describe("a session cancelled", () => {
  test("each student is told which class will not take place, with the entry marked cancelled", () => {
    const { course, batch, session, students } = timetable();
    expect(cancelBatchSession(batch.id, session.id, NOW).ok).toBe(true);
    for (const student of students) {
      const [mail, ...more] = writtenMail(student, "batch-session-cancelled");
      expect(more).toEqual([]);
      expect(mail!.subject).toBe("Class cancelled: Reading levels, Sat, 5 Dec 2026, 7:00 pm IST");
      expect(mail!.text).toContain(`Your live class of ${course.title} (Weekend batch) is cancelled. It will not take place:`);
      expect(mail!.text).toContain("When: Sat, 5 Dec 2026, 7:00 pm IST (90 minutes)");
      expect(mail!.text).toContain(`/learn/${course.id}/sessions/${session.id}`);
      expect(mail!.text + mail!.html).not.toContain("zoom.us");
      const lines = calendarLines(mail!);
      expect(lines).toContain(`UID:batch-session-${session.id}@${new URL(publicOrigin()).hostname}`);
      expect(lines).toContain("SEQUENCE:1");
      expect(lines).toContain("STATUS:CANCELLED");
    }
    // Cancelling again tells nobody twice.
    expect(cancelBatchSession(batch.id, session.id, NOW)).toEqual({ ok: false, reason: "cancelled" });
    expect(writtenMail(students[0]!, "batch-session-cancelled")).toHaveLength(1);
  });
});
