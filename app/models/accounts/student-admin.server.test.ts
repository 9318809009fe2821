// An admin's changes to one student: each commits with its audit row, and
// each checks inside its transaction what it relies on.
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLog, courses, orders, outboxMessages, sessions, users } from "../../../db/schema";
import { db } from "~/utils/db.server";
import { getOptionalUser, signIn } from "~/services/accounts/sessions/student-session.server";
import { writtenMail } from "../../../tests/support/unit-mail";
import { isEnrolled } from "../orders/order.server";
import {
  deactivateStudent,
  grantCourse,
  reactivateStudent,
  resendStudentConfirmation,
  revokeEnrollment,
  sendStudentPasswordReset,
  updateStudentDetails,
} from "./student-admin.server";

const decision = { admin: { adminId: "ADM-1" }, reason: "asked by phone" };
function arrange() {
  const tag = crypto.randomUUID().slice(0, 8);
  const student = db
    .insert(users)
    .values({ email: `s-${tag}@example.test`, firstName: "Asha", lastName: "Rao", passwordHash: "x", emailVerifiedAt: new Date() })
    .returning({ id: users.id, email: users.email })
    .get();
  const course = db
    .insert(courses)
    .values({ title: `Options ${tag}`, shortDescription: "s", description: "d", duration: "4 weeks", pricePaise: 999_900 })
    .returning({ id: courses.id })
    .get();
  return { student, course };
}

const auditRows = (entityId: string | number) =>
  db
    .select({ action: auditLog.action, actorId: auditLog.actorId, details: auditLog.details })
    .from(auditLog)
    .where(eq(auditLog.entityId, String(entityId)))
    .all();

const ordersOf = (userId: string, courseId: number) =>
  db
    .select({ status: orders.paymentStatus, amount: orders.amountPaise, reference: orders.providerPaymentId })
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.courseId, courseId)))
    .all();

const cookieOf = (response: Response) => (response.headers.get("Set-Cookie") ?? "").split(";")[0] ?? "";
const asRequest = (cookie: string) => new Request("http://localhost/", { headers: { Cookie: cookie } });

describe("granting and revoking a course", () => {
  it("grants once: a second grant is refused and leaves one free completed order", () => {
    const { student, course } = arrange();
    const first = grantCourse(student.id, course.id, decision);
    expect(first.ok).toBe(true);
    expect(grantCourse(student.id, course.id, decision)).toEqual({ ok: false, reason: "already-enrolled" });
    expect(ordersOf(student.id, course.id)).toEqual([{ status: "completed", amount: 0, reference: null }]);
    expect(isEnrolled(student.id, course.id)).toBe(true);
    // One mail with the way into the course, for the one grant that happened.
    expect(
      writtenMail(student.email).map(({ kind, text }) => ({ kind, learn: text.includes(`https://institute.example/learn/${course.id}`) })),
    ).toEqual([{ kind: "course-granted", learn: true }]);
    if (!first.ok) throw new Error("unreachable");
    expect(auditRows(first.enrollmentId)).toEqual([
      { action: "enrollment_granted", actorId: "ADM-1", details: { reason: "asked by phone", userId: student.id, courseId: course.id } },
    ]);
  });

  it("refuses a course that does not exist", () => {
    const { student } = arrange();
    expect(grantCourse(student.id, 987_654_321, decision)).toEqual({ ok: false, reason: "no-course" });
  });

  it("revokes: the order reads revoked, access is gone at once, and a second revoke finds nothing", () => {
    const { student, course } = arrange();
    const granted = grantCourse(student.id, course.id, decision);
    if (!granted.ok) throw new Error("grant failed");
    expect(revokeEnrollment(student.id, granted.enrollmentId, { ...decision, reason: "chargeback by bank transfer" })).toEqual({
      ok: true,
      courseId: course.id,
    });
    expect(isEnrolled(student.id, course.id)).toBe(false);
    expect(ordersOf(student.id, course.id)).toEqual([{ status: "revoked", amount: 0, reference: null }]);
    expect(revokeEnrollment(student.id, granted.enrollmentId, decision)).toEqual({ ok: false, reason: "not-enrolled" });
    expect(auditRows(granted.enrollmentId).map((row) => [row.action, row.details?.reason])).toEqual([
      ["enrollment_granted", "asked by phone"],
      ["enrollment_revoked", "chargeback by bank transfer"],
    ]);
    // Granted again later: a new order, the revoked one kept as history.
    expect(grantCourse(student.id, course.id, decision).ok).toBe(true);
    expect(
      ordersOf(student.id, course.id)
        .map((row) => row.status)
        .sort(),
    ).toEqual(["completed", "revoked"]);
  });

  it("does not revoke another student's order", () => {
    const { student, course } = arrange();
    const other = arrange().student;
    const granted = grantCourse(student.id, course.id, decision);
    if (!granted.ok) throw new Error("grant failed");
    expect(revokeEnrollment(other.id, granted.enrollmentId, decision)).toEqual({ ok: false, reason: "not-enrolled" });
    expect(isEnrolled(student.id, course.id)).toBe(true);
  });
});

describe("deactivating a student", () => {
  it("ends every session of theirs at once, refuses new ones, and leaves other students signed in", async () => {
    const { student } = arrange();
    const bystander = arrange().student;
    const laptop = cookieOf(await signIn(asRequest(""), student.id, "/"));
    const phone = cookieOf(await signIn(asRequest(""), student.id, "/"));
    const other = cookieOf(await signIn(asRequest(""), bystander.id, "/"));
    expect(await getOptionalUser(asRequest(laptop))).toMatchObject({ id: student.id });

    expect(deactivateStudent(student.id, decision)).toBe("done");
    expect(await getOptionalUser(asRequest(laptop))).toBeNull();
    expect(await getOptionalUser(asRequest(phone))).toBeNull();
    expect(await getOptionalUser(asRequest(other))).toMatchObject({ id: bystander.id });
    const left = db.select({ sess: sessions.sess }).from(sessions).all();
    expect(left.filter((row) => row.sess.userId === student.id)).toEqual([]);

    const again = await signIn(asRequest(""), student.id, "/");
    expect(again.headers.get("Location")).toBe("/login?notice=deactivated");
    expect(again.headers.get("Set-Cookie")).toBeNull();
    expect(deactivateStudent(student.id, decision)).toBe("already");
    expect(auditRows(student.id).map((row) => row.action)).toEqual(["user_deactivated"]);
  });

  it("reactivates: the student may sign in again", async () => {
    const { student } = arrange();
    deactivateStudent(student.id, decision);
    expect(reactivateStudent(student.id, decision)).toBe("done");
    expect(reactivateStudent(student.id, decision)).toBe("already");
    const cookie = cookieOf(await signIn(asRequest(""), student.id, "/"));
    expect(await getOptionalUser(asRequest(cookie))).toMatchObject({ id: student.id });
    expect(auditRows(student.id).map((row) => row.action)).toEqual(["user_deactivated", "user_reactivated"]);
  });
});

describe("name, email and the confirmation link", () => {
  it("a new email is unproven again and gets a confirmation link; a taken one is refused and nothing changes", () => {
    const { student } = arrange();
    const other = arrange().student;
    const newEmail = `new-${crypto.randomUUID().slice(0, 8)}@example.test`;
    expect(updateStudentDetails(student.id, { firstName: "Asha", lastName: "Rao", email: other.email.toUpperCase() }, decision)).toEqual({
      ok: false,
      reason: "email-taken",
    });
    expect(
      updateStudentDetails(student.id, { firstName: "Asha", lastName: "Menon", email: ` ${newEmail.toUpperCase()} ` }, decision),
    ).toEqual({
      ok: true,
      emailChanged: true,
    });
    const row = db.select().from(users).where(eq(users.id, student.id)).get();
    expect(row).toMatchObject({ email: newEmail, lastName: "Menon", emailVerifiedAt: null });
    expect(db.select({ to: outboxMessages.toAddress }).from(outboxMessages).where(eq(outboxMessages.userId, student.id)).all()).toEqual([
      { to: newEmail },
    ]);
    expect(auditRows(student.id)).toEqual([
      { action: "user_updated", actorId: "ADM-1", details: { reason: "asked by phone", emailFrom: student.email, emailTo: newEmail } },
    ]);
  });

  it("resends only while unconfirmed, at most one a minute", () => {
    const { student } = arrange();
    expect(resendStudentConfirmation(student.id, decision)).toBe("already-confirmed");
    db.update(users).set({ emailVerifiedAt: null }).where(eq(users.id, student.id)).run();
    expect(resendStudentConfirmation(student.id, decision)).toBe("sent");
    expect(resendStudentConfirmation(student.id, decision)).toBe("just-sent");
    expect(auditRows(student.id).map((row) => row.action)).toEqual(["user_verification_resent"]);
  });
});

describe("sending a password reset", () => {
  const resetRows = (userId: string) =>
    db
      .select({ kind: outboxMessages.kind, to: outboxMessages.toAddress })
      .from(outboxMessages)
      .where(and(eq(outboxMessages.userId, userId), eq(outboxMessages.kind, "reset-password")))
      .all();

  it("queues the reset message with its audit row", () => {
    const { student } = arrange();
    expect(sendStudentPasswordReset(student.id, decision)).toBe("sent");
    expect(resetRows(student.id)).toEqual([{ kind: "reset-password", to: student.email }]);
    expect(auditRows(student.id).map((row) => row.action)).toEqual(["user_password_reset_sent"]);
  });

  it("is refused for a deactivated account, and nothing is written", () => {
    const { student } = arrange();
    deactivateStudent(student.id, decision);
    expect(sendStudentPasswordReset(student.id, decision)).toBe("deactivated");
    expect(resetRows(student.id)).toEqual([]);
    expect(auditRows(student.id).map((row) => row.action)).toEqual(["user_deactivated"]);
    expect(sendStudentPasswordReset("no-such-student", decision)).toBe("not-found");
  });

  it("finds no account to send to once the student erased it", () => {
    const { student } = arrange();
    db.update(users).set({ erasedAt: new Date() }).where(eq(users.id, student.id)).run();
    expect(sendStudentPasswordReset(student.id, decision)).toBe("not-found");
    expect(resetRows(student.id)).toEqual([]);
  });
});
