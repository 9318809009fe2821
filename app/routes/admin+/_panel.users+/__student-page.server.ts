import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { data } from "@remix-run/node";
import type { z } from "zod";
import type { PublicAdmin } from "~/models/accounts/admin.server";
import { progressPercent, studentCourseProgress } from "~/models/courses/course-figures.server";
import {
  deactivateStudent,
  grantCourse,
  reactivateStudent,
  resendStudentConfirmation,
  revokeEnrollment,
  sendStudentPasswordReset,
  updateStudentDetails,
  type AdminDecision,
} from "~/models/accounts/student-admin.server";
import { listStudentOrders, type StudentOrder } from "~/models/orders/order-receipt.server";
import { findRefundableOrder } from "~/models/orders/order-refund.server";
import { listStudentTaxDocuments } from "~/models/orders/tax-document.server";
import { DELETED_ACCOUNT } from "~/models/privacy/personal-data.server";
import {
  findStudentAccount,
  listGrantableCourses,
  listStudentMessages,
  listStudentRegistrations,
  type StudentAccount,
} from "~/models/accounts/student-record.server";
import {
  GrantCourseSchema,
  HIDDEN_FIELDS,
  OfflinePaymentSchema,
  RefundOrderSchema,
  RevokeEnrollmentSchema,
  StudentDetailsSchema,
  StudentReasonSchema,
  UnlockLessonSchema,
  type StudentIntent,
} from "~/schemas/admin-student";
import { STUDENT_MESSAGES } from "~/content/messages/admin";
import { formatIndiaDateTime, formatIsoDateInIndia, formatShortCalendarDay, formatShortDate } from "~/utils/dates";
import { lockedLessonsOf, unlockLessonEarly } from "~/models/classroom/lesson-release.server";
import { lateCreditNoteFlag } from "~/utils/late-credit-note";
import { formatPrice, paiseToDecimalString } from "~/utils/money";
import { paidByLabel, paymentFlags, paymentStatusLabel } from "~/utils/payment-status";
import { redirectWithToast } from "~/utils/toast.server";
import { studentPath } from "./__student-records";

// The admin's page for one student: what the loader shows, and what each of
// the action's intents does. Every intent reads its own form (one zod schema
// each), writes its change with an audit row, and answers with a toast on
// the same page; bad input re-renders that form with its messages (400).

import { notFound, offlinePaymentBilling, offlinePaymentIntent, refundIntent, type Refusal } from "./__student-money.server";

export function studentOr404(id: string | undefined): StudentAccount {
  const student = findStudentAccount(id ?? "");
  if (!student) throw notFound();
  return student;
}

const studentName = (student: Pick<StudentAccount, "firstName" | "lastName" | "email" | "erasedAt">) =>
  student.erasedAt ? DELETED_ACCOUNT : [student.firstName, student.lastName].filter(Boolean).join(" ") || student.email;

/** The confirmation a GET asks for (?confirm=deactivate, ?confirm=revoke&enrollment=…), or none. */
function confirmationAsked(request: Request, orders: StudentOrder[], student: StudentAccount) {
  const params = new URL(request.url).searchParams;
  const step = params.get("confirm");
  if (step === "deactivate" && !student.deactivatedAt) return { kind: "deactivate" as const };
  if (step === "refund") {
    const order = findRefundableOrder(student.id, Number(params.get("enrollment")));
    if (order)
      return {
        kind: "refund" as const,
        enrollmentId: order.id,
        courseTitle: order.courseTitle,
        paid: formatPrice(order.amountPaise),
        left: formatPrice(order.leftPaise),
        leftRupees: paiseToDecimalString(order.leftPaise),
        offline: order.provider === "offline",
      };
  }
  if (step === "revoke") {
    const order = orders.find((row) => String(row.orderId) === params.get("enrollment") && row.paymentStatus === "completed");
    if (order) return { kind: "revoke" as const, enrollmentId: order.orderId, courseTitle: order.courseTitle };
  }
  return null;
}

export function loadStudentPage(request: Request, student: StudentAccount) {
  const orders = listStudentOrders(student.id);
  const taxDocuments = listStudentTaxDocuments(student.id);
  const progressRows = studentCourseProgress(student.id);
  const now = new Date();
  return {
    student: {
      id: student.id,
      name: studentName(student),
      firstName: student.firstName ?? "",
      lastName: student.lastName ?? "",
      email: student.erasedAt
        ? `Erased by the student on ${formatIndiaDateTime(student.erasedAt)}: only the orders the GST law keeps remain.`
        : student.email,
      joined: formatIndiaDateTime(student.createdAt),
      emailConfirmed: student.emailVerifiedAt ? formatIndiaDateTime(student.emailVerifiedAt) : null,
      deactivated: student.deactivatedAt ? formatIndiaDateTime(student.deactivatedAt) : null,
    },
    confirm: confirmationAsked(request, orders, student),
    orders: orders.map((order) => ({
      id: order.orderId,
      course: order.courseTitle,
      status: paymentStatusLabel(order.paymentStatus),
      flags: paymentFlags(order),
      revocable: order.paymentStatus === "completed",
      refundable: findRefundableOrder(student.id, order.orderId) !== null,
      amount: formatPrice(order.amountPaise),
      refunded: order.refundedPaise > 0 ? formatPrice(order.refundedPaise) : null,
      paidBy: paidByLabel(order),
      coupon: order.couponCode,
      date: formatIndiaDateTime(order.orderedAt),
      // Its GST invoice and any credit notes, oldest first (decision 0031).
      taxDocuments: taxDocuments
        .filter((document) => document.orderId === order.orderId)
        .reverse()
        .map((document) => (document.kind === "invoice" ? document.number : `${document.number} (credit note)`)),
      // Credit notes issued after their CGST s.34(2) deadline, and what to do instead (decision 0050).
      lateCreditNotes: taxDocuments.flatMap((document) =>
        document.orderId === order.orderId && document.missedDeadline
          ? [{ number: document.number, flag: lateCreditNoteFlag(formatShortCalendarDay(document.missedDeadline)) }]
          : [],
      ),
    })),
    progress: progressRows.map((row) => ({
      courseId: row.courseId,
      title: row.courseTitle,
      done: row.done,
      required: row.required,
      percent: progressPercent(row),
      lastActivity: row.lastActivityMs === null ? "Not started" : formatIndiaDateTime(new Date(row.lastActivityMs)),
      certificate: row.certificateNumber,
    })),
    registrations: listStudentRegistrations(student.id).map((registration) => ({
      id: registration.id,
      eventId: registration.eventId,
      event: registration.eventTitle ?? "(deleted event)",
      eventDate: registration.eventDate ? formatIndiaDateTime(registration.eventDate) : "",
      registered: formatIndiaDateTime(registration.registeredAt),
    })),
    messages: listStudentMessages(student).map((message) => ({
      id: message.id,
      subject: message.subject,
      to: message.toAddress,
      state: message.state,
      attempts: message.attempts,
      queued: formatIndiaDateTime(message.createdAt),
    })),
    // Each course's lessons still locked for the student (drip release), which an admin may open early.
    lockedLessons: progressRows.flatMap((row) => {
      const locked = row.courseId === null ? [] : lockedLessonsOf(student.id, row.courseId, now);
      return locked.length === 0
        ? []
        : [
            {
              label: row.courseTitle,
              options: locked.map((lesson) => ({
                value: String(lesson.lessonId),
                label: `${lesson.title} (opens ${formatShortDate(lesson.opensAt)})`,
              })),
            },
          ];
    }),
    grantable: listGrantableCourses(student.id).map((course) => ({ ...course, price: formatPrice(course.pricePaise) })),
    offlineBilling: offlinePaymentBilling(student.id),
    today: formatIsoDateInIndia(new Date()),
  };
}

/** A form refused: the page again with that form's messages (400 unless said), nothing changed. */
const refused = (intent: StudentIntent, result: SubmissionResult<string[]>, status = 400) => data({ intent, result }, { status });

/**
 * Reads the intent's form with its schema; `apply` makes the change and
 * answers, or names what to refuse with (a message for the form or a field).
 */
async function withForm<Schema extends z.ZodTypeAny>(
  intent: StudentIntent,
  formData: FormData,
  schema: Schema,
  apply: (value: z.output<Schema>) => Response | Refusal | Promise<Response | Refusal>,
) {
  const submission = parseWithZod(formData, { schema });
  if (submission.status !== "success") {
    // A hidden field's message has no place beside it: the form shows it at its top.
    const hidden = Object.entries(submission.error ?? {}).flatMap(([name, messages]) =>
      HIDDEN_FIELDS.includes(name) ? (messages ?? []) : [],
    );
    return refused(intent, submission.reply(hidden.length > 0 ? { formErrors: hidden } : undefined));
  }
  const outcome = await apply(submission.value);
  if (outcome instanceof Response) return outcome;
  return refused(
    intent,
    submission.reply({ formErrors: outcome.formError ? [outcome.formError] : undefined, fieldErrors: outcome.fieldErrors }),
    outcome.status ?? 409,
  );
}

/** Runs one intent of the student page's action. */
export async function runStudentIntent(
  request: Request,
  admin: PublicAdmin,
  student: StudentAccount,
  intent: StudentIntent,
  formData: FormData,
) {
  const done = (title: string, description: string, analyticsEvent: string) =>
    redirectWithToast(studentPath(student.id), { title, description, analyticsEvent });
  const decide = (reason: string): AdminDecision => ({ admin, reason });
  const name = studentName(student);

  switch (intent) {
    case "details":
      return withForm(intent, formData, StudentDetailsSchema, (value) => {
        const outcome = updateStudentDetails(student.id, value, decide(value.reason));
        if (!outcome.ok) {
          if (outcome.reason === "not-found") throw notFound();
          return { fieldErrors: { email: [STUDENT_MESSAGES.emailTaken(value.email)] }, status: 400 };
        }
        const also = outcome.emailChanged ? ` A confirmation link went to ${value.email.toLowerCase()}.` : "";
        return done("Student updated", `${value.firstName} ${value.lastName} has been saved.${also}`, "user_updated");
      });
    case "resend-confirmation":
      return withForm(intent, formData, StudentReasonSchema, (value) => {
        const outcome = resendStudentConfirmation(student.id, decide(value.reason));
        if (outcome === "not-found") throw notFound();
        if (outcome === "already-confirmed") return { formError: STUDENT_MESSAGES.alreadyConfirmed };
        if (outcome === "just-sent") return { formError: STUDENT_MESSAGES.justSent, status: 429 };
        return done("Confirmation link sent", `A new link went to ${student.email}.`, "user_verification_resent");
      });
    case "send-password-reset":
      return withForm(intent, formData, StudentReasonSchema, (value) => {
        const outcome = sendStudentPasswordReset(student.id, decide(value.reason));
        if (outcome === "not-found") throw notFound();
        if (outcome === "deactivated") return { formError: STUDENT_MESSAGES.resetDeactivated };
        return done(
          "Password reset sent",
          `A link to choose a new password went to ${student.email}. It works for 1 hour.`,
          "user_password_reset_sent",
        );
      });
    case "deactivate":
      return withForm(intent, formData, StudentReasonSchema, (value) => {
        if (deactivateStudent(student.id, decide(value.reason)) === "not-found") throw notFound();
        return done("Student deactivated", `${name} is signed out everywhere and cannot sign in.`, "user_deactivated");
      });
    case "reactivate":
      return withForm(intent, formData, StudentReasonSchema, (value) => {
        if (reactivateStudent(student.id, decide(value.reason)) === "not-found") throw notFound();
        return done("Student reactivated", `${name} can sign in again.`, "user_reactivated");
      });
    case "grant":
      return withForm(intent, formData, GrantCourseSchema, (value) => {
        const outcome = grantCourse(student.id, value.courseId, decide(value.reason));
        if (outcome.ok) return done("Course granted", `${name} can open the course now.`, "enrollment_granted");
        if (outcome.reason === "not-found") throw notFound();
        return { formError: outcome.reason === "no-course" ? STUDENT_MESSAGES.noCourse : STUDENT_MESSAGES.alreadyEnrolled };
      });
    case "revoke":
      return withForm(intent, formData, RevokeEnrollmentSchema, (value) => {
        const outcome = revokeEnrollment(student.id, value.enrollmentId, decide(value.reason));
        if (!outcome.ok) return { formError: STUDENT_MESSAGES.notEnrolled };
        return done("Enrollment revoked", `${name} can no longer open the course.`, "enrollment_revoked");
      });
    case "refund":
      return withForm(intent, formData, RefundOrderSchema, (value) => refundIntent(student.id, value, decide(value.reason), done, name));
    case "offline-payment":
      return withForm(intent, formData, OfflinePaymentSchema, (value) =>
        offlinePaymentIntent(student.id, value, decide(value.reason), done, name),
      );
    case "unlock-lesson":
      return withForm(intent, formData, UnlockLessonSchema, (value) => {
        const outcome = unlockLessonEarly(student.id, value.lessonId, decide(value.reason));
        if (outcome === "not-found")
          return { fieldErrors: { lessonId: ["That lesson is no longer there. Reload the page."] }, status: 404 };
        if (outcome === "not-enrolled") return { formError: `${name} is not enrolled in that lesson's course.` };
        return done("Lesson opened", `${name} can open the lesson now, before the day it was due.`, "lesson_unlocked");
      });
  }
}
