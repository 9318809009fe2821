import { and, eq, isNotNull, isNull, ne, sql } from "drizzle-orm";
import { courses, orders, sessions, users } from "../../../db/schema";
import { sessionsOfStudent } from "~/models/accounts/session.server";
import { db, isUniqueViolation, type Transaction } from "~/utils/db.server";
import type { PublicAdmin } from "./admin.server";
import { recordAdminAction } from "../site/audit-log.server";
import { revokeCourseCertificate } from "../classroom/certificate.server";
import { isEnrolled } from "../orders/order.server";
import { issueUserToken } from "./user-token.server";
import { normaliseEmail, queueEmailConfirmation, type EmailConfirmationSent } from "./user.server";
import { queueMail } from "../site/outbox.server";

// What an admin changes on one student's account (/admin/users/:id). Each
// change and its audit row (the admin, the reason) commit in one
// `BEGIN IMMEDIATE` transaction, and each checks what it relies on inside it.

/** Who decided, and why: written to the audit row beside the change. */
export type AdminDecision = { admin: Pick<PublicAdmin, "adminId">; reason: string };

const inTransaction = <T>(work: (tx: Transaction) => T): T => db.transaction(work, { behavior: "immediate" });

function audit(tx: Transaction, decision: AdminDecision, action: string, subject: { type: string; id: string | number }, details = {}) {
  recordAdminAction(decision.admin, action, subject, { database: tx, details: { reason: decision.reason, ...details } });
}

// An erased account (the student deleted it) is only the owner of kept orders: nothing may change it.
const accountExists = (tx: Transaction, userId: string) =>
  tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.erasedAt)))
    .get() !== undefined;

export type StudentDetails = { firstName: string; lastName: string; email: string };
export type DetailsUpdate = { ok: true; emailChanged: boolean } | { ok: false; reason: "not-found" | "email-taken" };

/**
 * New name and email. A changed email is no longer proven: `email_verified_at`
 * is cleared and a confirmation link goes to the new address (links sent to
 * the old one stop working, as they name the address they went to).
 */
export function updateStudentDetails(userId: string, details: StudentDetails, decision: AdminDecision, now = new Date()): DetailsUpdate {
  const email = normaliseEmail(details.email);
  try {
    return inTransaction((tx): DetailsUpdate => {
      const before = tx.select({ email: users.email }).from(users).where(eq(users.id, userId)).get();
      if (!before) return { ok: false, reason: "not-found" };
      const taken = tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.email, email), ne(users.id, userId)))
        .get();
      if (taken) return { ok: false, reason: "email-taken" };
      const emailChanged = before.email !== email;
      tx.update(users)
        .set({
          firstName: details.firstName,
          lastName: details.lastName,
          email,
          updatedAt: now,
          ...(emailChanged ? { emailVerifiedAt: null } : {}),
        })
        .where(eq(users.id, userId))
        .run();
      if (emailChanged) {
        const token = issueUserToken(tx, { userId, purpose: "verify-email", email, now });
        queueMail(tx, { to: email, userId, payload: { kind: "verify-email", token } }, now);
      }
      audit(tx, decision, "user_updated", { type: "user", id: userId }, emailChanged ? { emailFrom: before.email, emailTo: email } : {});
      return { ok: true, emailChanged };
    });
  } catch (error) {
    // The unique index has the last word if another account took the address meanwhile.
    if (isUniqueViolation(error)) return { ok: false, reason: "email-taken" };
    throw error;
  }
}

/** A new confirmation link, while the address is unproven (at most one a minute, as the student's own resend). */
export function resendStudentConfirmation(userId: string, decision: AdminDecision, now = new Date()): EmailConfirmationSent | "not-found" {
  return inTransaction((tx) => {
    if (!accountExists(tx, userId)) return "not-found";
    const outcome = queueEmailConfirmation(tx, userId, now);
    if (outcome === "sent") audit(tx, decision, "user_verification_resent", { type: "user", id: userId });
    return outcome;
  });
}

/**
 * Mails the student a password reset link, as if they had asked on
 * /forgot-password (same token, same message). Refused for a deactivated
 * account: its link would open nothing, and reactivating is the admin's first step.
 */
export function sendStudentPasswordReset(userId: string, decision: AdminDecision, now = new Date()): "sent" | "deactivated" | "not-found" {
  return inTransaction((tx) => {
    const account = tx
      .select({ email: users.email, firstName: users.firstName, deactivatedAt: users.deactivatedAt })
      .from(users)
      .where(and(eq(users.id, userId), isNull(users.erasedAt)))
      .get();
    if (!account) return "not-found";
    if (account.deactivatedAt) return "deactivated";
    const token = issueUserToken(tx, { userId, purpose: "reset-password", email: account.email, now });
    queueMail(tx, { to: account.email, userId, payload: { kind: "reset-password", firstName: account.firstName, token } }, now);
    audit(tx, decision, "user_password_reset_sent", { type: "user", id: userId });
    return "sent";
  });
}

export type AccountSwitch = "done" | "already" | "not-found";

/** Deactivates the account and ends every session of it: the next request of any device is signed out. */
export function deactivateStudent(userId: string, decision: AdminDecision, now = new Date()): AccountSwitch {
  return inTransaction((tx): AccountSwitch => {
    if (!accountExists(tx, userId)) return "not-found";
    const changed = tx
      .update(users)
      .set({ deactivatedAt: now, updatedAt: now })
      .where(and(eq(users.id, userId), isNull(users.deactivatedAt)))
      .run().changes;
    if (!changed) return "already";
    endStudentSessions(tx, userId);
    audit(tx, decision, "user_deactivated", { type: "user", id: userId });
    return "done";
  });
}

/** Lets a deactivated student sign in again (they sign in afresh: their sessions ended). */
export function reactivateStudent(userId: string, decision: AdminDecision, now = new Date()): AccountSwitch {
  return inTransaction((tx): AccountSwitch => {
    if (!accountExists(tx, userId)) return "not-found";
    const changed = tx
      .update(users)
      .set({ deactivatedAt: null, updatedAt: now })
      .where(and(eq(users.id, userId), sql`${users.deactivatedAt} is not null`))
      .run().changes;
    if (!changed) return "already";
    audit(tx, decision, "user_reactivated", { type: "user", id: userId });
    return "done";
  });
}

/** Student sessions keep `{ userId }` in their data (admin sessions keep `adminId`). */
function endStudentSessions(tx: Transaction, userId: string): number {
  return tx.delete(sessions).where(sessionsOfStudent(userId)).run().changes;
}

export type CourseGrant = { ok: true; enrollmentId: number } | { ok: false; reason: "not-found" | "no-course" | "already-enrolled" };

/**
 * Gives the student a course without payment: a completed order of ₹0 with no
 * payment reference, and a mail with the way into the course. Refused when
 * they are enrolled already; the unique index on paid orders holds that
 * against a payment completing at the same moment.
 */
export function grantCourse(userId: string, courseId: number, decision: AdminDecision, now = new Date()): CourseGrant {
  try {
    return inTransaction((tx): CourseGrant => {
      const student = tx
        .select({ email: users.email, firstName: users.firstName })
        .from(users)
        .where(and(eq(users.id, userId), isNull(users.erasedAt)))
        .get();
      if (!student) return { ok: false, reason: "not-found" };
      const course = tx.select({ title: courses.title }).from(courses).where(eq(courses.id, courseId)).get();
      if (!course) return { ok: false, reason: "no-course" };
      if (isEnrolled(userId, courseId, tx)) return { ok: false, reason: "already-enrolled" };
      const granted = tx
        .insert(orders)
        .values({ userId, courseId, amountPaise: 0, paymentStatus: "completed", provider: "grant", enrolledAt: now })
        .returning({ id: orders.id })
        .get();
      audit(tx, decision, "enrollment_granted", { type: "enrollment", id: granted.id }, { userId, courseId });
      // The admin's reason stays in the audit log; the mail says only that the course is open.
      queueMail(
        tx,
        {
          to: student.email,
          userId,
          payload: { kind: "course-granted", firstName: student.firstName, courseId, courseTitle: course.title },
        },
        now,
      );
      return { ok: true, enrollmentId: granted.id };
    });
  } catch (error) {
    if (isUniqueViolation(error)) return { ok: false, reason: "already-enrolled" };
    throw error;
  }
}

export type CourseRevocation = { ok: true; courseId: number } | { ok: false; reason: "not-enrolled" };

/**
 * Takes a paid (or granted) enrollment away: the order becomes `revoked`, which
 * no classroom check accepts, so the course closes at the student's next request,
 * and the course's certificate is revoked with it.
 */
export function revokeEnrollment(userId: string, enrollmentId: number, decision: AdminDecision): CourseRevocation {
  return inTransaction((tx): CourseRevocation => {
    const revoked = tx
      .update(orders)
      .set({ paymentStatus: "revoked", couponHeldUntil: null })
      .where(and(eq(orders.id, enrollmentId), eq(orders.userId, userId), eq(orders.paymentStatus, "completed"), isNotNull(orders.courseId)))
      .returning({ courseId: orders.courseId })
      .get();
    if (!revoked?.courseId) return { ok: false, reason: "not-enrolled" };
    revokeCourseCertificate(tx, userId, revoked.courseId, "access_revoked");
    audit(tx, decision, "enrollment_revoked", { type: "enrollment", id: enrollmentId }, { userId, courseId: revoked.courseId });
    return { ok: true, courseId: revoked.courseId };
  });
}
