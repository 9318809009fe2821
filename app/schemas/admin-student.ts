import { z } from "zod";
import { formatIsoDateInIndia, startOfIndiaDay } from "~/utils/dates";
import { checkboxField, optionalRupeesField, optionalText, requiredText, wholeNumberField } from "./admin-fields";
import { OptionalBillingDetailsSchema } from "./billing";
import { emailField } from "./fields";
import { personName } from "./person-name";
import { REFERENCE_NEEDED, ZERO_PAYMENT } from "~/content/messages/admin";

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
  "offline-payment",
  "refund",
  "unlock-lesson",
] as const;
export type StudentIntent = (typeof STUDENT_INTENTS)[number];

const REASON_MAX = 500;
const reason = requiredText("Reason", REASON_MAX);
const rowId = (label: string) => wholeNumberField(label, { min: 1, max: Number.MAX_SAFE_INTEGER });

export const StudentDetailsSchema = z.object({
  firstName: personName(requiredText("First name", 50), "First name"),
  lastName: personName(requiredText("Last name", 50), "Last name"),
  email: emailField(),
  reason,
});

/** Resend the confirmation link; send a password reset; deactivate; reactivate: nothing but the reason. */
export const StudentReasonSchema = z.object({ reason });

export const GrantCourseSchema = z.object({ courseId: rowId("Course"), reason });

/** Open a lesson before its drip release, for this student only. */
export const UnlockLessonSchema = z.object({ lessonId: rowId("Lesson"), reason });

/** Fields a form posts without showing them (the confirmation names the order it revokes). */
export const HIDDEN_FIELDS = ["enrollmentId"];

export const RevokeEnrollmentSchema = z.object({ enrollmentId: rowId("Enrollment"), reason });

/** How money paid outside the site reached the institute. */
export const OFFLINE_METHODS = ["cash", "bank_transfer", "upi"] as const;
export type OfflineMethod = (typeof OFFLINE_METHODS)[number];
export const OFFLINE_METHOD_LABELS: Record<OfflineMethod, string> = {
  cash: "Cash",
  bank_transfer: "Bank transfer (NEFT/RTGS/IMPS)",
  upi: "UPI to the institute's VPA",
};

/**
 * Money received outside the site for a course (decision 0034). The amount
 * is in rupees, the course's price when left blank (₹0 is a grant, not a payment); the reference (UTR or receipt
 * number) is what finds the money in the bank statement, so only cash may go
 * without one; the date is an India calendar day, not after today. Billing
 * details are who the tax invoice is made out to: needed (the server checks,
 * in the transaction) while invoices are issued and the student has none on
 * record; when given, they replace the ones on record for this order.
 */
export const OfflinePaymentSchema = z
  .object({
    courseId: rowId("Course"),
    amount: optionalRupeesField("Amount received").refine((paise) => paise !== 0, ZERO_PAYMENT),
    // Preprocessed so a form's default values may leave it unchosen.
    method: z.preprocess((value) => value, z.enum(OFFLINE_METHODS, { errorMap: () => ({ message: "Choose how the money was paid" }) })),
    reference: optionalText("Reference", 64),
    receivedOn: z
      .string({ required_error: "Date received is required" })
      .regex(/^\d{4}-\d{2}-\d{2}$/, "Date received must be a date, like 2026-11-27")
      .refine((day) => startOfIndiaDay(day) !== null, "Date received must be a date, like 2026-11-27")
      .refine((day) => day <= formatIsoDateInIndia(new Date()), "Date received cannot be in the future"),
    billing: OptionalBillingDetailsSchema,
    reason,
  })
  .superRefine((value, context) => {
    if (value.method !== "cash" && !value.reference) context.addIssue({ code: "custom", path: ["reference"], message: REFERENCE_NEEDED });
  });

/**
 * Refund an order (decision 0034): the amount in rupees (blank: all that is
 * left; at least ₹1, at most what is left, which the server checks against
 * the order), whether a partial refund also takes the course away (a full
 * refund always does), and for an offline order how the money went back.
 */
export const RefundOrderSchema = z.object({
  enrollmentId: rowId("Order"),
  amount: optionalRupeesField("Refund amount").refine((paise) => paise === undefined || paise >= 100, "Refund amount must be at least ₹1"),
  takeAway: checkboxField,
  method: z.preprocess(
    (value) => (value === "" ? undefined : value),
    z.enum(OFFLINE_METHODS, { errorMap: () => ({ message: "Choose how the money went back" }) }).optional(),
  ),
  reference: optionalText("Reference", 64),
  reason,
});
