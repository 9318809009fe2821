import type { PaymentProvider } from "../../../db/enums";
import type { BreachNotice } from "~/schemas/breach-notice";
import type { ContactInput } from "~/schemas/contact";
import type { CourseOrEventType, EnrollmentFormInput } from "~/schemas/enrollment-form";

// What a queued message is about, as the transaction that queued it saw it.
// The transaction stores this and nothing else; the mail writer
// (app/services/mail/writer.server.ts) turns it into subject and bodies once the
// transaction has committed, with the site's configured address for links.
// Only JSON lives here: times are ISO strings, and what the writer can read
// back by id (an order, an event) is named by its id.
//
// Each kind is stored on the outbox row and shown in the admin's outbox, so a
// kind keeps its first spelling ("team-enrolment-lead").

export type OutboxPayload =
  // Accounts
  | { kind: "verify-email"; token: string }
  | { kind: "account-exists"; firstName: string | null }
  | { kind: "reset-password"; firstName: string | null; token: string }
  | { kind: "welcome"; firstName: string | null }
  | { kind: "change-email"; firstName: string | null; token: string }
  | { kind: "change-email-notice"; firstName: string | null; newEmail: string }
  | { kind: "change-email-taken" }
  | { kind: "course-granted"; firstName: string | null; courseId: number; courseTitle: string }
  // Content
  | { kind: "contact-acknowledgement" }
  | { kind: "team-contact-message"; message: TeamContactMessage }
  | { kind: "team-enrolment-lead"; lead: TeamEnrollmentLead }
  | { kind: "newsletter-confirm"; confirmToken: string; unsubscribeToken: string }
  // Events
  | { kind: "event-registered"; eventId: number }
  | { kind: "event-reminder-day-before"; eventId: number }
  | { kind: "event-reminder-hour-before"; eventId: number }
  | { kind: "event-waitlist-offer"; name: string; eventId: number; expiresAt: string }
  | { kind: "event-seat-gone"; firstName: string | null; eventTitle: string; amountPaise: number }
  // Batches
  | { kind: "batch-waitlist-offer"; name: string; courseId: number; batchId: number; expiresAt: string }
  | { kind: "batch-seat-gone"; firstName: string | null; courseTitle: string; batchName: string; courseId: number; amountPaise: number }
  | { kind: "batch-session-reminder-day-before"; sessionId: number; firstName: string | null }
  | { kind: "batch-session-reminder-hour-before"; sessionId: number; firstName: string | null }
  | { kind: "batch-session-changed"; sessionId: number; firstName: string | null; change: SessionChange }
  | { kind: "batch-session-cancelled"; sessionId: number; firstName: string | null }
  | { kind: "batch-cancelled"; cancelled: BatchCancelledNotice }
  | { kind: "batch-moved"; moved: BatchMovedNotice }
  // The practice lab: a mentor commented on a trade in the student's journal.
  | { kind: "journal-comment"; tradeId: number; firstName: string | null; authorName: string }
  // Orders
  | { kind: "order-confirmation"; orderId: number }
  | { kind: "order-refunded"; refund: RefundNotice }
  | { kind: "team-late-credit-note"; late: LateCreditNote }
  // Privacy
  | { kind: "breach-notice"; notice: BreachNotice; contact: { email: string; phone: string } };

export type OutboxKind = OutboxPayload["kind"];
export type PayloadOf<Kind extends OutboxKind> = Extract<OutboxPayload, { kind: Kind }>;

export type TeamContactMessage = Pick<ContactInput, "name" | "email" | "phone" | "subject" | "message">;

export type TeamEnrollmentLead = Pick<
  EnrollmentFormInput,
  "name" | "whatsappNumber" | "email" | "city" | "state" | "experienceLevel" | "sourceOfLead"
> & { targetTitle: string; targetType: CourseOrEventType };

/** What a student would notice of a session's change, and how it stood before. */
export type SessionChange = {
  /** Which of these changed: the start, the length, where it meets (the room, or the meeting's link). */
  changed: ("time" | "length" | "place")[];
  /** The start before the change, ISO. */
  previousStartsAt: string;
};

/** The student's refund, as the refund's transaction recorded it. */
export type RefundNotice = {
  firstName: string | null;
  courseTitle: string;
  amountPaise: number;
  creditNoteNumber: string | null;
  provider: PaymentProvider;
  courseTakenAway: boolean;
};

/** A batch called off, as told to one of its students or one on its waitlist: what they get back. */
export type BatchCancelledNotice = {
  firstName: string | null;
  courseId: number;
  courseTitle: string;
  batchName: string;
  money:
    /**
     * Returned through the payment provider (`amountPaise` now, of `paidPaise` paid: less when part was
     * refunded before), with the credit note that reduces the invoice (none without GST).
     */
    | { kind: "refunded"; amountPaise: number; paidPaise: number; creditNoteNumber: string | null }
    /** Paid to the institute directly: returned by the institute the same way. */
    | { kind: "returned-directly"; amountPaise: number }
    | { kind: "nothing-paid" }
    | { kind: "waitlisted" };
};

/** A student moved from one batch of a course to another, with the tax documents the move issued. */
export type BatchMovedNotice = {
  firstName: string | null;
  courseId: number;
  courseTitle: string;
  fromBatchName: string;
  to: { name: string; startsOn: string; endsOn: string; where: string };
  /** When the move changed the place of supply: the credit note for the old invoice, and the new invoice. */
  documents: { creditNote: { id: number; number: string }; invoice: { id: number; number: string } } | null;
};

/** A credit note issued after the last day it could reduce GST, for the team. */
export type LateCreditNote = {
  orderId: number;
  studentId: string;
  studentName: string;
  creditNote: { number: string; totalPaise: number; description: string };
  invoiceNumber: string;
  /** The last day it could have reduced GST, "2027-11-30". */
  deadline: string;
};
