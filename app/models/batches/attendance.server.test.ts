// Marking attendance at a live session: the batch's students only, the Join
// time kept, a mark taken back to "not marked"; a participant report's
// addresses matched to the students; the counts and the register read back.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { batchSessions } from "../../../db/schema";
import { db } from "~/utils/db.server";
import { CLASS_START, insertBatch, insertStudent, seat } from "../../../tests/support/unit-batches";
import { attendanceCountsOfBatch, attendanceOfBatch, attendanceOfSession } from "./attendance.server";
import { joinSession } from "./live-session.server";
import { markPresentFromReport, markSessionAttendance } from "./teaching.server";

const ADMIN = { role: "admin", mentorId: null } as const;

function sessionWithStudents() {
  const { course, batch, sessions } = insertBatch({ sessionMentors: [null, null] });
  const [asha, ravi] = [insertStudent("Asha"), insertStudent("Ravi")];
  seat(batch, [asha, ravi]);
  return { course, batch, session: sessions[0]!, later: sessions[1]!, asha, ravi };
}

describe("attendance marked by hand", () => {
  it("lists the batch's students with their Join time; marks are saved for them only and keep that time", () => {
    const { course, batch, session, asha, ravi } = sessionWithStudents();
    joinSession(course.id, session.id, asha.id, CLASS_START);
    expect(attendanceOfSession(session.id).map(({ name, joinedAt, attended }) => ({ name, joinedAt, attended }))).toEqual([
      { name: "Asha Rao", joinedAt: CLASS_START, attended: null },
      { name: "Ravi Rao", joinedAt: null, attended: null },
    ]);
    const outsider = insertStudent("Outsider");
    expect(
      markSessionAttendance(ADMIN, batch.id, session.id, [
        { userId: asha.id, attended: true },
        { userId: ravi.id, attended: false },
        { userId: outsider.id, attended: true },
      ]),
    ).toEqual({ ok: true, saved: 2, ignored: 1 });
    expect(attendanceOfSession(session.id).map(({ joinedAt, attended }) => ({ joinedAt, attended }))).toEqual([
      { joinedAt: CLASS_START, attended: true },
      { joinedAt: null, attended: false },
    ]);
    expect(attendanceOfSession(session.id).some((row) => row.userId === outsider.id)).toBe(false);
    // Taken back to "not marked".
    markSessionAttendance(ADMIN, batch.id, session.id, [{ userId: ravi.id, attended: null }]);
    expect(attendanceOfSession(session.id)[1]!.attended).toBeNull();
  });
});

describe("attendance from a participant report", () => {
  it("marks present the students whose address it lists (trimmed, any case), keeps their Join time, and reports the rest", () => {
    const { course, batch, session, asha, ravi } = sessionWithStudents();
    joinSession(course.id, session.id, asha.id, CLASS_START);
    const outsider = insertStudent("Outsider");
    const outcome = markPresentFromReport(ADMIN, batch.id, session.id, [
      `  ${asha.email.toUpperCase()} `,
      asha.email,
      outsider.email,
      "Guest@Example.com",
      "guest@example.com",
    ]);
    expect(outcome).toEqual({ ok: true, markedPresent: 1, unmatched: [outsider.email, "Guest@Example.com"] });
    expect(attendanceOfSession(session.id).map(({ userId, joinedAt, attended }) => ({ userId, joinedAt, attended }))).toEqual([
      { userId: asha.id, joinedAt: CLASS_START, attended: true },
      { userId: ravi.id, joinedAt: null, attended: null },
    ]);
  });

  it("leaves a student marked absent by hand as they were when the report does not list them", () => {
    const { batch, session, asha, ravi } = sessionWithStudents();
    markSessionAttendance(ADMIN, batch.id, session.id, [{ userId: ravi.id, attended: false }]);
    markPresentFromReport(ADMIN, batch.id, session.id, [asha.email]);
    expect(attendanceOfSession(session.id).map((row) => row.attended)).toEqual([true, false]);
  });

  it("refuses another batch's session and a cancelled one, and changes nothing", () => {
    const { batch, session, asha } = sessionWithStudents();
    const elsewhere = insertBatch().sessions[0]!;
    expect(markPresentFromReport(ADMIN, batch.id, elsewhere.id, [asha.email])).toEqual({ ok: false, reason: "not-found" });
    db.update(batchSessions).set({ cancelledAt: new Date() }).where(eq(batchSessions.id, session.id)).run();
    expect(markPresentFromReport(ADMIN, batch.id, session.id, [asha.email])).toEqual({ ok: false, reason: "cancelled" });
    expect(markSessionAttendance(ADMIN, batch.id, session.id, [{ userId: asha.id, attended: true }])).toEqual({
      ok: false,
      reason: "cancelled",
    });
    expect(attendanceOfSession(session.id).every((row) => row.attended === null)).toBe(true);
  });
});

describe("a batch's attendance read back", () => {
  it("counts present, absent and joined per session, and builds the register of students against sessions", () => {
    const { course, batch, session, later, asha, ravi } = sessionWithStudents();
    joinSession(course.id, session.id, ravi.id, CLASS_START);
    markSessionAttendance(ADMIN, batch.id, session.id, [{ userId: asha.id, attended: true }]);
    markSessionAttendance(ADMIN, batch.id, later.id, [
      { userId: asha.id, attended: false },
      { userId: ravi.id, attended: true },
    ]);
    expect(attendanceCountsOfBatch(batch.id)).toEqual(
      new Map([
        [session.id, { present: 1, absent: 0, joined: 1 }],
        [later.id, { present: 1, absent: 1, joined: 0 }],
      ]),
    );
    const register = attendanceOfBatch(batch.id);
    expect(register.sessions.map((row) => row.title)).toEqual(["Class 1", "Class 2"]);
    expect(register.students.map((student) => [student.name, [...student.states.entries()].sort()])).toEqual([
      [
        "Asha Rao",
        [
          [session.id, "present"],
          [later.id, "absent"],
        ],
      ],
      [
        "Ravi Rao",
        [
          [session.id, "joined"],
          [later.id, "present"],
        ],
      ],
    ]);
  });
});
