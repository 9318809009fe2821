// A batch's live session for its students: when Join opens and closes, who
// may join, "joined" recorded once, and each batch's next session.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { batchSessions, batchStudents, batches, courses, sessionAttendance, users } from "../../../db/schema";
import { db } from "~/utils/db.server";
import { findSessionForStudent, joinSession, joinWindow, nextSessionsOfStudent } from "./live-session.server";

// 2026-12-01 19:00 IST.
const START = new Date("2026-12-01T13:30:00Z");
const MINUTE = 60_000;
const at = (minutes: number) => new Date(START.getTime() + minutes * MINUTE);

let serial = 0;

function student() {
  serial += 1;
  return db
    .insert(users)
    .values({ email: `live${serial}@example.com`, firstName: `Student${serial}`, adultConfirmedAt: START })
    .returning()
    .get();
}

function batchWithSession(session: Partial<typeof batchSessions.$inferInsert> = {}) {
  serial += 1;
  const course = db
    .insert(courses)
    .values({ title: `Replays ${serial}`, shortDescription: "s", description: "d", duration: "4 weeks", pacing: "both" })
    .returning()
    .get();
  const batch = db
    .insert(batches)
    .values({ courseId: course.id, name: `Evening ${serial}`, startsOn: "2026-11-30", endsOn: "2026-12-20" })
    .returning()
    .get();
  const row = db
    .insert(batchSessions)
    .values({
      batchId: batch.id,
      title: "Reading levels",
      startsAt: START,
      durationMinutes: 90,
      joinUrl: "https://meet.jit.si/replays",
      pricesAtLeast30DaysOld: true,
      ...session,
    })
    .returning()
    .get();
  const member = student();
  db.insert(batchStudents).values({ batchId: batch.id, courseId: course.id, userId: member.id, joinedAt: START }).run();
  return { course, batch, session: row, member };
}

describe("joinWindow", () => {
  it("opens 15 minutes before the start and closes at the end; a cancelled session never opens", () => {
    const session = { startsAt: START, durationMinutes: 90, cancelledAt: null };
    expect(joinWindow(session, at(-15.01))).toBe("not-yet");
    expect(joinWindow(session, at(-15))).toBe("open");
    expect(joinWindow(session, at(89.99))).toBe("open");
    expect(joinWindow(session, at(90))).toBe("over");
    expect(joinWindow({ ...session, cancelledAt: at(-600) }, at(0))).toBe("cancelled");
  });
});

describe("joinSession", () => {
  it("hands the link to the batch's student while it is open, and records 'joined' once, at the first press", () => {
    const { course, session, member } = batchWithSession();
    expect(joinSession(course.id, session.id, member.id, at(-20))).toEqual({ ok: false, reason: "not-yet" });
    expect(joinSession(course.id, session.id, member.id, at(-10))).toEqual({ ok: true, joinUrl: "https://meet.jit.si/replays" });
    expect(joinSession(course.id, session.id, member.id, at(30))).toEqual({ ok: true, joinUrl: "https://meet.jit.si/replays" });
    expect(db.select().from(sessionAttendance).where(eq(sessionAttendance.sessionId, session.id)).all()).toEqual([
      { sessionId: session.id, userId: member.id, joinedAt: at(-10), attended: null, markedAt: null },
    ]);
    expect(joinSession(course.id, session.id, member.id, at(90))).toEqual({ ok: false, reason: "over" });
  });

  it("refuses anyone not in the batch, another course's address, and a class in a room (no link); records nothing", () => {
    const { course, session } = batchWithSession();
    const other = batchWithSession();
    const outsider = student();
    expect(joinSession(course.id, session.id, outsider.id, at(0))).toEqual({ ok: false, reason: "not-found" });
    expect(joinSession(other.course.id, session.id, other.member.id, at(0))).toEqual({ ok: false, reason: "not-found" });
    const room = batchWithSession({ joinUrl: null, room: "Classroom 1" });
    expect(joinSession(room.course.id, room.session.id, room.member.id, at(0))).toEqual({ ok: false, reason: "no-link" });
    expect(db.select().from(sessionAttendance).where(eq(sessionAttendance.userId, outsider.id)).all()).toEqual([]);
  });
});

describe("findSessionForStudent", () => {
  it("shows the session to its batch's students without its link; nobody else finds it", () => {
    const { course, session, member } = batchWithSession();
    const seen = findSessionForStudent(course.id, session.id, member.id);
    expect(seen).toMatchObject({ title: "Reading levels", meetingService: "Jitsi", joinedAt: null, courseTitle: course.title });
    expect(JSON.stringify(seen)).not.toContain("meet.jit.si");
    expect(findSessionForStudent(course.id, session.id, student().id)).toBeNull();
    expect(findSessionForStudent(course.id + 1_000_000, session.id, member.id)).toBeNull();
  });
});

describe("nextSessionsOfStudent", () => {
  it("gives each batch's next session not yet over (one under way counts), skipping cancelled ones; none once the timetable is done", () => {
    const { batch, session, member } = batchWithSession();
    db.insert(batchSessions)
      .values([
        { batchId: batch.id, title: "Cancelled", startsAt: at(60 * 24), durationMinutes: 90, cancelledAt: START },
        { batchId: batch.id, title: "Next week", startsAt: at(60 * 24 * 7), durationMinutes: 90 },
      ])
      .run();
    const next = (now: Date) => nextSessionsOfStudent(member.id, now).map((row) => row.session?.title ?? null);
    expect(next(at(-60))).toEqual(["Reading levels"]);
    expect(next(at(45))).toEqual(["Reading levels"]);
    expect(next(at(91))).toEqual(["Next week"]);
    expect(next(at(60 * 24 * 8))).toEqual([null]);
    expect(nextSessionsOfStudent(member.id, at(-60))[0]).toMatchObject({ batchId: batch.id, session: { id: session.id } });
  });
});
