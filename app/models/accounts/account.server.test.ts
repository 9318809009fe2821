// A student's own changes: name and phone, password, and which sessions stay.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { sessions, users } from "../../../db/schema";
import { db } from "~/utils/db.server";
import { changePassword, endOtherSessions, getProfile, listStudentSessions, updateProfile } from "./account.server";
import { insertSession } from "./session.server";

const DAY = 24 * 60 * 60 * 1000;

function makeStudent() {
  const tag = crypto.randomUUID().slice(0, 8);
  return db
    .insert(users)
    .values({ email: `a-${tag}@example.test`, firstName: "Asha", lastName: "Rao", passwordHash: "old-hash" })
    .returning({ id: users.id })
    .get();
}

function sessionFor(userId: string, data: Record<string, unknown> = {}, expires = new Date(Date.now() + DAY)) {
  const sid = crypto.randomUUID();
  insertSession(sid, { userId, ...data }, expires);
  return sid;
}

const sidsOf = (userId: string) =>
  db
    .select({ sid: sessions.sid, sess: sessions.sess })
    .from(sessions)
    .all()
    .filter((row) => row.sess.userId === userId)
    .map((row) => row.sid)
    .sort();

describe("name and phone", () => {
  it("are saved for the student alone", () => {
    const student = makeStudent();
    const other = makeStudent();
    expect(updateProfile(student.id, { firstName: "Asha", lastName: "Iyer", phone: "+919876543210" })).toBe(true);
    expect(getProfile(student.id)).toEqual({ firstName: "Asha", lastName: "Iyer", phone: "+919876543210" });
    expect(getProfile(other.id)).toEqual({ firstName: "Asha", lastName: "Rao", phone: null });
    expect(updateProfile(student.id, { firstName: "Asha", lastName: "Iyer", phone: null })).toBe(true);
    expect(getProfile(student.id)?.phone).toBeNull();
  });
});

describe("signed-in devices", () => {
  it("lists the student's live sessions, newest sign-in first, and nobody else's", () => {
    const student = makeStudent();
    const other = makeStudent();
    const older = sessionFor(student.id, { device: "Chrome on Android", signedInAt: Date.UTC(2026, 0, 1) });
    const newer = sessionFor(student.id, { device: "Safari on iPhone", signedInAt: Date.UTC(2026, 5, 1) });
    const planted = sessionFor(student.id);
    sessionFor(student.id, { device: "Expired" }, new Date(Date.now() - 1000));
    sessionFor(other.id, { device: "Firefox on Windows" });
    expect(
      listStudentSessions(student.id).map((session) => [session.sid, session.device, session.signedInAt?.toISOString() ?? null]),
    ).toEqual([
      [newer, "Safari on iPhone", "2026-06-01T00:00:00.000Z"],
      [older, "Chrome on Android", "2026-01-01T00:00:00.000Z"],
      [planted, null, null],
    ]);
  });

  it("signing out everywhere else keeps only the current session, and touches no other student's", () => {
    const student = makeStudent();
    const other = makeStudent();
    const current = sessionFor(student.id);
    sessionFor(student.id);
    sessionFor(student.id);
    const bystander = sessionFor(other.id);
    expect(endOtherSessions(student.id, current)).toBe(2);
    expect(sidsOf(student.id)).toEqual([current]);
    expect(sidsOf(other.id)).toEqual([bystander]);
    expect(endOtherSessions(student.id, current)).toBe(0);
  });
});

describe("changing the password", () => {
  const hashOf = (id: string) => db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, id)).get()?.hash;

  it("sets the new hash and ends every other session, keeping this one", () => {
    const student = makeStudent();
    const current = sessionFor(student.id);
    sessionFor(student.id);
    expect(changePassword(student.id, { newHash: "new-hash", expectedHash: "old-hash", keepSid: current })).toBe(true);
    expect(hashOf(student.id)).toBe("new-hash");
    expect(sidsOf(student.id)).toEqual([current]);
  });

  it("changes nothing when the password changed meanwhile (the hash checked is no longer the stored one)", () => {
    const student = makeStudent();
    const current = sessionFor(student.id);
    const other = sessionFor(student.id);
    expect(changePassword(student.id, { newHash: "new-hash", expectedHash: "stale-hash", keepSid: current })).toBe(false);
    expect(hashOf(student.id)).toBe("old-hash");
    expect(sidsOf(student.id)).toEqual([current, other].sort());
  });
});
