// Who teaches which batch: a mentor's account the batches it leads or has a
// session of, the admin every batch, a content manager none; and a write
// outside that scope refused inside its transaction.
import { describe, expect, it } from "vitest";
import { CLASS_START, insertBatch, insertMentor, insertStudent, seat } from "../../../tests/support/unit-batches";
import { attendanceOfSession } from "./attendance.server";
import { findTaughtBatch, findTaughtSession, listTaughtBatches, markPresentFromReport, markSessionAttendance } from "./teaching.server";

const mentorAccount = (mentorId: number | null) => ({ role: "mentor", mentorId }) as const;

describe("the batches someone teaches", () => {
  it("a mentor teaches the batches they lead and those with a session of theirs, and no other", () => {
    const meera = insertMentor("Meera");
    const other = insertMentor("Other");
    const led = insertBatch({ leadMentorId: meera.id, name: "Led" });
    const guest = insertBatch({ leadMentorId: other.id, sessionMentors: [other.id, meera.id], name: "Guest class" });
    const notHers = insertBatch({ leadMentorId: other.id, sessionMentors: [other.id], name: "Not hers" });
    const teacher = mentorAccount(meera.id);

    const taught = listTaughtBatches(teacher, CLASS_START).map((batch) => batch.id);
    expect(taught).toContain(led.batch.id);
    expect(taught).toContain(guest.batch.id);
    expect(taught).not.toContain(notHers.batch.id);
    expect(findTaughtBatch(teacher, led.batch.id)?.name).toBe("Led");
    expect(findTaughtBatch(teacher, String(guest.batch.id))?.name).toBe("Guest class");
    expect(findTaughtBatch(teacher, notHers.batch.id)).toBeNull();
    // A session is found only under its own batch, and only in a taught one.
    expect(findTaughtSession(teacher, guest.batch.id, String(guest.sessions[1]!.id))?.title).toBe("Class 2");
    expect(findTaughtSession(teacher, led.batch.id, String(guest.sessions[1]!.id))).toBeNull();
    expect(findTaughtSession(teacher, notHers.batch.id, String(notHers.sessions[0]!.id))).toBeNull();
  });

  it("the admin teaches every batch; a content manager, and a mentor's account whose profile is gone, none", () => {
    const { batch } = insertBatch({ leadMentorId: insertMentor().id });
    expect(findTaughtBatch({ role: "admin", mentorId: null }, batch.id)?.id).toBe(batch.id);
    expect(listTaughtBatches({ role: "admin", mentorId: null }).map((row) => row.id)).toContain(batch.id);
    for (const nobody of [{ role: "content_manager", mentorId: null } as const, mentorAccount(null)]) {
      expect(findTaughtBatch(nobody, batch.id)).toBeNull();
      expect(listTaughtBatches(nobody)).toEqual([]);
    }
  });

  it("lists each batch with its next class not yet over: one under way counts, a cancelled one does not", () => {
    const meera = insertMentor();
    const { batch, sessions } = insertBatch({ leadMentorId: meera.id, sessionMentors: [null, null, null] });
    const [first, second] = sessions;
    const duringTheFirst = new Date(CLASS_START.getTime() + 30 * 60_000);
    expect(listTaughtBatches(mentorAccount(meera.id), duringTheFirst).find((row) => row.id === batch.id)?.nextSession).toEqual({
      id: first!.id,
      title: "Class 1",
      startsAt: first!.startsAt,
    });
    const afterTheFirst = new Date(CLASS_START.getTime() + 2 * 60 * 60_000);
    expect(listTaughtBatches(mentorAccount(meera.id), afterTheFirst).find((row) => row.id === batch.id)?.nextSession?.id).toBe(second!.id);
    const afterAll = new Date(CLASS_START.getTime() + 10 * 86_400_000);
    expect(listTaughtBatches(mentorAccount(meera.id), afterAll).find((row) => row.id === batch.id)?.nextSession).toBeNull();
  });

  it("a mentor's marks and reports for a batch they do not teach are refused in the transaction, and change nothing", () => {
    const meera = insertMentor();
    const { batch, sessions } = insertBatch({ leadMentorId: insertMentor("Other").id });
    const asha = insertStudent("Asha");
    seat(batch, [asha]);
    const session = sessions[0]!;
    expect(markSessionAttendance(mentorAccount(meera.id), batch.id, session.id, [{ userId: asha.id, attended: true }])).toEqual({
      ok: false,
      reason: "not-found",
    });
    expect(markPresentFromReport(mentorAccount(meera.id), batch.id, session.id, [asha.email])).toEqual({ ok: false, reason: "not-found" });
    expect(attendanceOfSession(session.id).map((row) => row.attended)).toEqual([null]);
  });
});
