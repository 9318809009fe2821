// Marking attendance at a live session: the batch's students only, the Join
// time kept, a mark taken back to "not marked".
import { describe, expect, it } from "vitest";
import { batchSessions, batchStudents, batches, courses, users } from "../../../db/schema";
import { db } from "~/utils/db.server";
import { attendanceOfSession, markAttendance } from "./attendance.server";
import { joinSession } from "./live-session.server";

const START = new Date("2026-12-01T13:30:00Z");
let serial = 0;

function student(firstName: string) {
  serial += 1;
  return db
    .insert(users)
    .values({ email: `attend${serial}@example.com`, firstName, lastName: "Rao" })
    .returning()
    .get();
}

function sessionWithStudents() {
  const course = db
    .insert(courses)
    .values({ title: "Replays", shortDescription: "s", description: "d", duration: "4 weeks" })
    .returning()
    .get();
  const batch = db
    .insert(batches)
    .values({ courseId: course.id, name: "Evening", startsOn: "2026-11-30", endsOn: "2026-12-20" })
    .returning()
    .get();
  const session = db
    .insert(batchSessions)
    .values({ batchId: batch.id, title: "Levels", startsAt: START, durationMinutes: 90, joinUrl: "https://meet.jit.si/x" })
    .returning()
    .get();
  const [asha, ravi] = [student("Asha"), student("Ravi")];
  db.insert(batchStudents)
    .values([
      { batchId: batch.id, courseId: course.id, userId: asha.id, joinedAt: new Date(START.getTime() - 2 * 86_400_000) },
      { batchId: batch.id, courseId: course.id, userId: ravi.id, joinedAt: new Date(START.getTime() - 86_400_000) },
    ])
    .run();
  return { course, session, asha, ravi };
}

describe("attendance", () => {
  it("lists the batch's students with their Join time; marks are saved for them only and keep that time", () => {
    const { course, session, asha, ravi } = sessionWithStudents();
    joinSession(course.id, session.id, asha.id, START);
    expect(attendanceOfSession(session.id).map(({ name, joinedAt, attended }) => ({ name, joinedAt, attended }))).toEqual([
      { name: "Asha Rao", joinedAt: START, attended: null },
      { name: "Ravi Rao", joinedAt: null, attended: null },
    ]);
    const outsider = student("Outsider");
    expect(
      markAttendance(session.id, [
        { userId: asha.id, attended: true },
        { userId: ravi.id, attended: false },
        { userId: outsider.id, attended: true },
      ]),
    ).toEqual({ saved: 2, ignored: 1 });
    expect(attendanceOfSession(session.id).map(({ joinedAt, attended }) => ({ joinedAt, attended }))).toEqual([
      { joinedAt: START, attended: true },
      { joinedAt: null, attended: false },
    ]);
    expect(attendanceOfSession(session.id).some((row) => row.userId === outsider.id)).toBe(false);
    // Taken back to "not marked".
    markAttendance(session.id, [{ userId: ravi.id, attended: null }]);
    expect(attendanceOfSession(session.id)[1]!.attended).toBeNull();
  });
});
