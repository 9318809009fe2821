// The fixed lists of values some columns allow. Kept apart from the tables so
// forms and pages in the browser can use them without bundling Drizzle.

export const COURSE_LEVELS = ["beginner", "intermediate", "advanced"] as const;
export type CourseLevel = (typeof COURSE_LEVELS)[number];
/** How a course is taken: at the student's own pace, in a dated batch with live classes, or either (decision 0059). */
export const COURSE_PACINGS = ["self_paced", "batch", "both"] as const;
export type CoursePacing = (typeof COURSE_PACINGS)[number];
export const EVENT_TYPES = ["webinar", "workshop", "competition"] as const;
export type EventType = (typeof EVENT_TYPES)[number];
export const EVENT_TYPE_LABELS: Record<EventType, string> = { webinar: "Webinar", workshop: "Workshop", competition: "Competition" };
/** "Webinar" for "webinar"; undefined for a type older data may hold and the table no longer allows. */
export function eventTypeLabel(type: string): string | undefined {
  const known = EVENT_TYPES.find((candidate) => candidate === type);
  return known && EVENT_TYPE_LABELS[known];
}
// refunded: a second payment for a course the student already had, returned by
// the server (docs/decisions/0006-checkout-and-payments.md).
// charged_back: the bank took the money back after a dispute the institute lost.
// revoked: an admin took the course away (the reason is in the audit log); final, like a refund.
export const PAYMENT_STATUSES = ["pending", "completed", "failed", "refunded", "charged_back", "revoked"] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
/** "mentor": a teacher's account, linked to their public profile, that sees only the batches they teach. */
export const ADMIN_ROLES = ["admin", "content_manager", "mentor"] as const;
export type AdminRole = (typeof ADMIN_ROLES)[number];
/** A card dispute (chargeback) on a paid order, as the payment provider reports it. */
export const DISPUTE_STATUSES = ["open", "won", "lost"] as const;
export type DisputeStatus = (typeof DISPUTE_STATUSES)[number];
export const OUTBOX_STATES = ["queued", "sending", "sent", "failed"] as const;
export type OutboxState = (typeof OUTBOX_STATES)[number];
export const USER_TOKEN_PURPOSES = ["verify-email", "reset-password", "change-email"] as const;
export type UserTokenPurpose = (typeof USER_TOKEN_PURPOSES)[number];
/** What a lesson is: each type shows and completes in its own way (docs/decisions/0022-classroom.md). */
export const LESSON_TYPES = ["video", "article", "download", "live", "quiz"] as const;
export type LessonType = (typeof LESSON_TYPES)[number];
/** Where a video lesson plays from: an uploaded file behind the enrollment check, or an embed. */
export const VIDEO_SOURCES = ["upload", "youtube", "vimeo"] as const;
export type VideoSource = (typeof VIDEO_SOURCES)[number];
/** A lesson's file: its video, or an attachment to download. */
export const LESSON_FILE_KINDS = ["video", "attachment"] as const;
export type LessonFileKind = (typeof LESSON_FILE_KINDS)[number];
/** Who took an order's money: a card/UPI provider, the institute itself (cash, bank transfer, UPI to its VPA), or nobody (a free grant). */
export const PAYMENT_PROVIDERS = ["stripe", "razorpay", "offline", "grant"] as const;
export type PaymentProvider = (typeof PAYMENT_PROVIDERS)[number];
/** A GST document: a tax invoice (CGST rule 46) or a credit note against one (rule 53), each its own numbered series. */
export const TAX_DOCUMENT_KINDS = ["invoice", "credit_note"] as const;
export type TaxDocumentKind = (typeof TAX_DOCUMENT_KINDS)[number];
/** What a coupon takes off: a percent of the price, or a fixed amount in paise. */
export const COUPON_KINDS = ["percent", "amount"] as const;
export type CouponKind = (typeof COUPON_KINDS)[number];
/** What a coupon may be scoped to (no scope rows: everything); a batch scopes it to a course bought in that batch only. */
export const COUPON_TARGET_TYPES = ["course", "event", "batch"] as const;
export type CouponTargetType = (typeof COUPON_TARGET_TYPES)[number];
/** Where a student's review of a course stands: shown on the course only once an admin approves it. */
export const REVIEW_STATUSES = ["pending", "approved", "rejected"] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];
/** A recorded yes or no to one purpose of processing personal data (DPDP Act s.6). */
export const CONSENT_DECISIONS = ["granted", "withdrawn"] as const;
export type ConsentDecision = (typeof CONSENT_DECISIONS)[number];
/** An uploaded image's encoding into its responsive sizes, done by the background worker. */
export const IMAGE_STATES = ["pending", "ready", "failed"] as const;
export type ImageState = (typeof IMAGE_STATES)[number];
/** A place on a full event's waitlist: waiting; offered a freed seat (for a while); took it; let the offer lapse; left. */
export const WAITLIST_STATES = ["waiting", "offered", "taken", "lapsed", "left"] as const;
export type WaitlistState = (typeof WAITLIST_STATES)[number];
/** Why a certificate no longer stands: the course's payment came back (refund, lost chargeback) or an admin took the course away. */
export const CERTIFICATE_REVOCATION_REASONS = ["refund", "chargeback", "access_revoked"] as const;
export type CertificateRevocationReason = (typeof CERTIFICATE_REVOCATION_REASONS)[number];
/** A PDF the site renders once and keeps under the data folder: a certificate, an order's receipt, a GST document. */
export const STORED_PDF_KINDS = ["certificate", "receipt", "tax_document"] as const;
export type StoredPdfKind = (typeof STORED_PDF_KINDS)[number];

/** How a course or event is delivered, which decides the place of supply of its sale (IGST Act s.12; decision 0031). */
export const DELIVERY_MODES = ["online", "venue"] as const;
export type DeliveryMode = (typeof DELIVERY_MODES)[number];
/**
 * When a lesson opens to a student (drip release): a number of days after their
 * enrolment, after their batch's first day, or on a date in India. Null: at once.
 */
export const LESSON_RELEASES = ["after_enrolment", "after_batch_start", "on_date"] as const;
export type LessonRelease = (typeof LESSON_RELEASES)[number];
/** The reminders before a live session, a day and an hour ahead. */
export const SESSION_REMINDER_KINDS = ["day-before", "hour-before"] as const;
export type SessionReminderKind = (typeof SESSION_REMINDER_KINDS)[number];
/** Where an instrument of the practice lab trades. */
export const EXCHANGES = ["NSE", "BSE"] as const;
export type Exchange = (typeof EXCHANGES)[number];
/** What it is: a share, an index, or an exchange-traded currency pair (USDINR). */
export const INSTRUMENT_KINDS = ["equity", "index", "currency"] as const;
export type InstrumentKind = (typeof INSTRUMENT_KINDS)[number];
export const TRADE_SIDES = ["buy", "sell"] as const;
export type TradeSide = (typeof TRADE_SIDES)[number];
/** How a paper trade ended: its stop-loss or target was reached, the student closed it, or the replay ended with it open. */
export const TRADE_EXITS = ["stop", "target", "closed", "replay-end"] as const;
export type TradeExit = (typeof TRADE_EXITS)[number];
