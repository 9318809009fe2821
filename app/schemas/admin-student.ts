import { z } from "zod";
import { requiredText, wholeNumberField } from "./admin-fields";
import { emailField } from "./fields";

// The forms of the admin's page for one student (/admin/users/:id). Each posts
// an `intent` to the page's own action (decision 0018) and carries the
// admin's reason, which the audit row keeps beside the change.

export const STUDENT_INTENTS = [
  "details",
  "resend-confirmation",
  "send-password-reset",
  "deactivate",
  "reactivate",
  "grant",
  "revoke",
] as const;
export type StudentIntent = (typeof STUDENT_INTENTS)[number];

const REASON_MAX = 500;
const reason = requiredText("Reason", REASON_MAX);
const rowId = (label: string) => wholeNumberField(label, { min: 1, max: Number.MAX_SAFE_INTEGER });

export const StudentDetailsSchema = z.object({
  firstName: requiredText("First name", 50),
  lastName: requiredText("Last name", 50),
  email: emailField(),
  reason,
});

/** Resend the confirmation link; send a password reset; deactivate; reactivate: nothing but the reason. */
export const StudentReasonSchema = z.object({ reason });

export const GrantCourseSchema = z.object({ courseId: rowId("Course"), reason });

/** Fields a form posts without showing them (the confirmation names the order it revokes). */
export const HIDDEN_FIELDS = ["enrollmentId"];

export const RevokeEnrollmentSchema = z.object({ enrollmentId: rowId("Enrolment"), reason });

export const STUDENT_MESSAGES = {
  emailTaken: (email: string) => `${email} is already used by another account. Choose another address.`,
  alreadyEnrolled: "This student is already enrolled in that course.",
  noCourse: "That course no longer exists. Reload the page and choose another.",
  notEnrolled: "That enrolment is no longer active, so there is nothing to revoke. Reload the page to see the orders as they are now.",
  alreadyConfirmed: "This student has already confirmed their email address.",
  resetDeactivated: "This account is deactivated: reactivate it before sending a password reset.",
  justSent: "A confirmation link went to this student less than a minute ago. Wait a minute before sending another.",
} as const;
