import { MarketDataUploadSchema } from "~/schemas/market-data";
import { ExerciseSchema, TradeSetupSchema } from "~/schemas/lab";
import { z } from "zod";
import { exportsAction, routeFiles } from "./route-files";
import { AdminBlogPostSchema, PublishIntentSchema } from "../../../app/schemas/admin-blog";
import { CouponSchema } from "../../../app/schemas/admin-coupon";
import { LessonFormSchema, SectionSchema } from "../../../app/schemas/admin-curriculum";
import { BatchCancelSchema, BatchMoveSchema, BatchSchema, BatchSessionSchema, RecordingSchema } from "../../../app/schemas/admin-batch";
import { AttendanceReportSchema, REPORT_INTENT } from "../../../app/schemas/attendance";
import { CourseApiSchema, CourseFormSchema } from "../../../app/schemas/admin-course";
import { AdminEventApiSchema, AdminEventFormSchema } from "../../../app/schemas/admin-event";
import { AdminLoginSchema } from "../../../app/schemas/admin-login";
import { ACCOUNT_INTENTS, ChangeEmailSchema, ChangePasswordSchema, ConfirmAdultSchema, ProfileSchema } from "../../../app/schemas/account";
import {
  GrantCourseSchema,
  OfflinePaymentSchema,
  RefundOrderSchema,
  RevokeEnrollmentSchema,
  STUDENT_INTENTS,
  StudentDetailsSchema,
} from "../../../app/schemas/admin-student";
import { MentorSchema } from "../../../app/schemas/admin-mentor";
import { AdminTestimonialSchema, ApproveIntentSchema } from "../../../app/schemas/admin-testimonial";
import { LoginSchema, SignupSchema } from "../../../app/schemas/auth";
import { ChatQuestionSchema } from "../../../app/schemas/chat";
import {
  ApplyCouponSchema,
  ConfirmCardPaymentSchema,
  CreatePaymentIntentApiSchema,
  StartPaymentApiSchema,
  EnrollCourseApiSchema,
  PayFormSchema,
  PaymentReturnSchema,
  ValidateCouponApiSchema,
} from "../../../app/schemas/checkout";
import { DeleteAccountSchema } from "../../../app/schemas/account-privacy";
import { AnalyticsChoiceSchema } from "../../../app/schemas/consent";
import { ContactSchema } from "../../../app/schemas/contact";
import { CourseReviewSchema, ReviewDecisionSchema } from "../../../app/schemas/course-review";
import { EnrollmentFormApiSchema, EnrollmentFormSchema } from "../../../app/schemas/enrollment-form";
import { CancelRegistrationSchema, EventRegistrationSchema } from "../../../app/schemas/event-registration";
import { NewsletterFormSchema, NewsletterSchema } from "../../../app/schemas/newsletter";
import { BreachNoticeSchema } from "../../../app/schemas/breach-notice";
import { ForgotPasswordSchema, ResetPasswordSchema } from "../../../app/schemas/password-reset";
import { CertificateSettingsFormSchema, SETTINGS_SCHEMAS } from "../../../app/schemas/site-settings";

// Every state-changing route and every /api endpoint, with the field names its
// zod schema reads. The test fails when app/routes holds an action (or an /api
// file) this catalogue does not name, so a new form cannot dodge the fuzzer.

export type Identity = "anonymous" | "student" | "admin";
export type Method = "GET" | "POST" | "PUT" | "DELETE";

/** Rows of the seeded site the URLs point at (read from its database at test time). */
export type SiteIds = {
  courseId: number;
  eventId: string;
  postId: number;
  testimonialId: number;
  mentorId: number;
  couponId: number;
  messageId: number;
  enrollmentFormId: number;
  /** A section and a lesson of `courseId` (the curriculum editor). */
  sectionId: number;
  lessonId: number;
  /** A batch of `courseId` and a session of its timetable (the batches' admin forms). */
  batchId: number;
  batchSessionId: number;
  /** A practice-lab replay of `courseId`, and a paper trade of the fuzzing student's in it (their journal). */
  exerciseId: number;
  tradeId: number;
  /** An account of its own for the admin's student page, whose intents may deactivate or rename it. */
  accountId: string;
  /** A message already sent, which "Send again" refuses. */
  outboxMessageId: number;
};

export type Endpoint = {
  /** The route module, relative to app/routes. */
  file: string;
  method: Method;
  url: (ids: SiteIds) => string;
  kind: "page" | "api";
  identities: readonly Identity[];
  /** The body's field names: the schema's keys plus the ones the action reads outside it. */
  fields: readonly string[];
  /** Values an `intent` field takes (besides hostile ones). */
  intents?: readonly string[];
  /** Fuzz the query string too (list endpoints' ?q=&page=&pageSize=). */
  query?: readonly string[];
  /** Ends or replaces the session it is sent with (sign-out, a successful admin sign-in): each request gets a fresh one. */
  endsSession?: boolean;
  /** Deletes what it names: fuzzed after every other endpoint. */
  destructive?: boolean;
  /** Multipart with file parts (the admin upload forms). */
  files?: readonly string[];
  /** Sent as a student account of its own (deleting one's account), so the shared student is never erased. */
  ownStudent?: boolean;
};

/** A schema's top-level field names, through the refinements and defaults around its object. */
export function fieldNamesOf(schema: z.ZodTypeAny): string[] {
  let current: z.ZodTypeAny = schema;
  for (;;) {
    if (current instanceof z.ZodObject) return Object.keys(current.shape as Record<string, unknown>);
    // A form of several kinds (a percent or an amount coupon): every field any kind has.
    if (current instanceof z.ZodDiscriminatedUnion)
      return [...new Set((current.options as z.AnyZodObject[]).flatMap((option) => Object.keys(option.shape as Record<string, unknown>)))];
    if (current instanceof z.ZodEffects) current = current.innerType();
    else if (current instanceof z.ZodOptional || current instanceof z.ZodDefault) current = current._def.innerType;
    else throw new Error("fieldNamesOf: not an object schema");
  }
}

const f = fieldNamesOf;
const ANYONE = ["anonymous", "student"] as const;
const EVERYONE = ["anonymous", "student", "admin"] as const;
const LIST_QUERY = ["q", "page", "pageSize"] as const;
const ADMIN = EVERYONE;

const page = (file: string, url: Endpoint["url"], fields: readonly string[], extra: Partial<Endpoint> = {}): Endpoint => ({
  file,
  method: "POST",
  url,
  kind: "page",
  identities: file.startsWith("admin") ? ADMIN : ANYONE,
  fields,
  ...extra,
});
const api = (file: string, method: Method, url: Endpoint["url"], fields: readonly string[], extra: Partial<Endpoint> = {}): Endpoint => ({
  file,
  method,
  url,
  kind: "api",
  identities: file.includes("admin") || method === "PUT" || method === "DELETE" ? ADMIN : EVERYONE,
  fields,
  ...extra,
});

const curriculum = (ids: SiteIds) => `/admin/courses/${ids.courseId}/curriculum`;
const checkout = (ids: SiteIds, step = "") => `/checkout${step}?courseId=${ids.courseId}&form=${ids.enrollmentFormId}`;
const DELETE_INTENTS = ["delete", "deactivate"] as const;

export const ENDPOINTS: readonly Endpoint[] = [
  // Course reviews: the course page's form, its JSON door and the admin's decisions.
  page("_site+/courses_.$id.tsx", (ids) => `/courses/${ids.courseId}`, f(CourseReviewSchema)),
  api("api+/courses.$id.reviews.ts", "POST", (ids) => `/api/courses/${ids.courseId}/reviews`, f(CourseReviewSchema)),
  page("admin+/_panel.reviews.tsx", () => "/admin/reviews", f(ReviewDecisionSchema), { intents: ["approve", "reject"] }),
  // Public site: page actions.
  page("_site+/contact.tsx", () => "/contact", [...f(ContactSchema), "name__confirm", "from__confirm"]),
  page("_site+/newsletter.tsx", () => "/newsletter", [...f(NewsletterFormSchema), "name__confirm"]),
  page("_site+/newsletter_.confirm.tsx", () => "/newsletter/confirm", ["token"]),
  page("_site+/newsletter_.unsubscribe.tsx", () => "/newsletter/unsubscribe", ["token", "List-Unsubscribe"]),
  page("_site+/consent.ts", () => "/consent", [...f(AnalyticsChoiceSchema), "source", "respond"]),
  page("_site+/login.tsx", () => "/login", f(LoginSchema)),
  page("_site+/signup.tsx", () => "/signup", f(SignupSchema)),
  page("_site+/chat.tsx", () => "/chat", f(ChatQuestionSchema)),
  page("_site+/events.$id.register.tsx", (ids) => `/events/${ids.eventId}/register`, [...f(EventRegistrationSchema), "intent"], {
    intents: ["join-waitlist"],
  }),
  page("_site+/enrollment-form.tsx", () => "/enrollment-form", f(EnrollmentFormSchema)),
  // The checkout frame takes the "I am 18 or older" tick for an account that has not given it.
  page("_site+/checkout+/_layout.tsx", (ids) => checkout(ids), [...f(ConfirmAdultSchema), "intent"], { intents: ["confirm-adult"] }),
  page("_site+/checkout+/information.tsx", (ids) => checkout(ids, "/information"), f(EnrollmentFormSchema)),
  page(
    "_site+/checkout+/_index.tsx",
    (ids) => `${checkout(ids)}&index`,
    [...new Set([...f(ApplyCouponSchema), ...f(PayFormSchema), ...f(ConfirmCardPaymentSchema), ...f(PaymentReturnSchema), "intent"])],
    { intents: ["apply-coupon", "pay", "confirm-card", "confirm-payment"] },
  ),
  // The payment provider's hosted page posts its result here from its own site (no session).
  page("_site+/checkout_+/callback.ts", () => "/checkout/callback?retry=%2Fcourses", [...f(PaymentReturnSchema), "error[description]"]),
  page("_site+/api.logout.tsx", () => "/api/logout", ["redirectTo"], { endsSession: true }),
  page("_auth+/auth.oauth.ts", () => "/auth/oauth", ["redirectTo"]),
  page(
    "_site+/account.tsx",
    () => "/account",
    ["intent", ...new Set([ProfileSchema, ChangeEmailSchema, ChangePasswordSchema].flatMap((schema) => f(schema)))],
    { intents: ACCOUNT_INTENTS },
  ),
  page("_site+/confirm-email-change.tsx", () => "/confirm-email-change", ["token"]),
  page("_site+/verify-email.tsx", () => "/verify-email", ["token"]),
  page("_site+/forgot-password.tsx", () => "/forgot-password", f(ForgotPasswordSchema)),
  page("_site+/reset-password.tsx", () => "/reset-password", f(ResetPasswordSchema)),
  page("_site+/account_+/events.tsx", () => "/account/events", f(CancelRegistrationSchema)),
  page("_site+/account_+/privacy.tsx", () => "/account/privacy?confirm=delete", f(DeleteAccountSchema), { ownStudent: true }),

  // Admin panel: page actions (every identity: the admin's cases test validation).
  page("admin_.login.tsx", () => "/admin/login", f(AdminLoginSchema), { endsSession: true }),
  page("admin_.logout.tsx", () => "/admin/logout", [], { endsSession: true }),
  page("admin+/_panel.courses+/new.tsx", () => "/admin/courses/new", f(CourseFormSchema), { files: ["coverPhoto", "brochure"] }),
  page("admin+/_panel.courses+/$id.tsx", (ids) => `/admin/courses/${ids.courseId}`, f(CourseFormSchema), {
    files: ["coverPhoto", "brochure"],
  }),
  page("admin+/_panel.events+/new.tsx", () => "/admin/events/new", f(AdminEventFormSchema), { files: ["banner"] }),
  page("admin+/_panel.events+/$id.tsx", (ids) => `/admin/events/${ids.eventId}`, f(AdminEventFormSchema), { files: ["banner"] }),
  page("admin+/_panel.mentors+/new.tsx", () => "/admin/mentors/new", f(MentorSchema)),
  page("admin+/_panel.mentors+/$id.tsx", (ids) => `/admin/mentors/${ids.mentorId}`, f(MentorSchema)),
  page("admin+/_panel.coupons+/new.tsx", () => "/admin/coupons/new", f(CouponSchema)),
  page("admin+/_panel.coupons+/$id.tsx", (ids) => `/admin/coupons/${ids.couponId}`, f(CouponSchema)),
  page("admin+/_panel.content.tsx", () => "/admin/content", [...f(PublishIntentSchema)], {
    intents: ["publish", "unpublish", "approve", "unapprove"],
  }),
  page("admin+/_panel.blog+/_layout.tsx", () => "/admin/blog", [...f(PublishIntentSchema)], { intents: ["publish", "unpublish"] }),
  page("admin+/_panel.testimonials+/_layout.tsx", () => "/admin/testimonials", [...f(ApproveIntentSchema)], {
    intents: ["approve", "unapprove"],
  }),
  page("admin+/_panel.blog+/new.tsx", () => "/admin/blog/new", f(AdminBlogPostSchema)),
  page("admin+/_panel.blog+/$id.tsx", (ids) => `/admin/blog/${ids.postId}`, f(AdminBlogPostSchema)),
  page("admin+/_panel.testimonials+/new.tsx", () => "/admin/testimonials/new", f(AdminTestimonialSchema)),
  page("admin+/_panel.testimonials+/$id.tsx", (ids) => `/admin/testimonials/${ids.testimonialId}`, f(AdminTestimonialSchema)),
  page("admin+/_panel.inbox.tsx", () => "/admin/inbox", ["intent", "id"], { intents: ["mark-read", "mark-unread"] }),
  page("admin+/_panel.outbox_.$id.tsx", (ids) => `/admin/outbox/${ids.outboxMessageId}`, ["intent"], { intents: ["send-again"] }),
  page(
    "admin+/_panel.settings+/_layout.tsx",
    () => "/admin/settings",
    ["intent", ...new Set(Object.values(SETTINGS_SCHEMAS).flatMap((schema) => f(schema)))],
    {
      // The Certificates card posts to a route of its own (below).
      intents: Object.keys(SETTINGS_SCHEMAS).filter((section) => section !== "certificate"),
    },
  ),
  page("admin+/_panel.users+/export.ts", () => "/admin/users/export", ["dataset", "returnTo"]),
  page("admin+/_panel.settings_.invoice-register.ts", () => "/admin/settings/invoice-register", ["month"]),
  page("admin+/_panel.settings_.certificate.tsx", () => "/admin/settings/certificate", f(CertificateSettingsFormSchema), {
    files: ["signature"],
  }),
  page("admin+/_panel.breach.tsx", () => "/admin/breach", ["intent", ...f(BreachNoticeSchema)], { intents: ["edit", "preview", "send"] }),
  page(
    "admin+/_panel.lab.tsx",
    () => "/admin/lab",
    f(MarketDataUploadSchema).filter((field) => field !== "file"),
    { files: ["file"] },
  ),
  page(
    "admin+/_panel.users+/$id.tsx",
    (ids) => `/admin/users/${ids.accountId}`,
    [
      "intent",
      ...new Set(
        [StudentDetailsSchema, GrantCourseSchema, RevokeEnrollmentSchema, OfflinePaymentSchema, RefundOrderSchema].flatMap((schema) =>
          f(schema),
        ),
      ),
    ],
    { intents: STUDENT_INTENTS },
  ),
  page("admin+/_panel.courses_+/$id.curriculum.tsx", (ids) => curriculum(ids), ["intent", "title", "item", "id", "direction", "order"], {
    intents: ["add-section", "move", "reorder"],
  }),
  page("admin+/_panel.courses_+/$id.curriculum.new.tsx", (ids) => `${curriculum(ids)}/new?section=${ids.sectionId}`, f(LessonFormSchema), {
    files: ["videoFile", "attachment"],
  }),
  page("admin+/_panel.courses_+/$id.curriculum.$lessonId.tsx", (ids) => `${curriculum(ids)}/${ids.lessonId}`, f(LessonFormSchema), {
    files: ["videoFile", "attachment"],
  }),
  page(
    "admin+/_panel.courses_+/$id.lab.tsx",
    (ids) => `/admin/courses/${ids.courseId}/lab`,
    ["intent", "id", ...f(TradeSetupSchema), ...f(ExerciseSchema)],
    { intents: ["add-setup", "delete-setup", "add-exercise", "delete-exercise"] },
  ),
  page("admin+/_panel.courses_+/$id.batches.new.tsx", (ids) => `/admin/courses/${ids.courseId}/batches/new`, f(BatchSchema)),
  page(
    "admin+/_panel.courses_+/$id.batches.$batchId.tsx",
    (ids) => `/admin/courses/${ids.courseId}/batches/${ids.batchId}`,
    f(BatchSchema),
  ),
  page(
    "admin+/_panel.courses_+/$id.batches_.$batchId.timetable.new.tsx",
    (ids) => `/admin/courses/${ids.courseId}/batches/${ids.batchId}/timetable/new`,
    f(BatchSessionSchema),
  ),
  page(
    "admin+/_panel.courses_+/$id.batches_.$batchId.timetable.$sessionId.tsx",
    (ids) => `/admin/courses/${ids.courseId}/batches/${ids.batchId}/timetable/${ids.batchSessionId}`,
    f(BatchSessionSchema),
    { intents: ["save", "cancel"] },
  ),
  page("_site+/courses_.$id_.batches.$batchId.waitlist.tsx", (ids) => `/courses/${ids.courseId}/batches/${ids.batchId}/waitlist`, []),
  page("_learn+/learn.$courseId.sessions.$sessionId.tsx", (ids) => `/learn/${ids.courseId}/sessions/${ids.batchSessionId}`, ["intent"], {
    intents: ["join"],
  }),
  page(
    "_learn+/learn.$courseId.lab.$exerciseId.tsx",
    (ids) => `/learn/${ids.courseId}/lab/${ids.exerciseId}`,
    ["intent", "atSeq", "count", "side", "quantity", "stopLoss", "target", "setupId", "reason", "tradeId"],
    { intents: ["start", "step", "trade", "close", "end"] },
  ),
  page("_learn+/learn.journal.$tradeId.tsx", (ids) => `/learn/journal/${ids.tradeId}`, ["notes"]),
  // A mentor's comment on a trade of a student they teach.
  page("admin+/_panel.teaching+/$batchId_.journals_.$tradeId.tsx", (ids) => `/admin/teaching/${ids.batchId}/journals/${ids.tradeId}`, [
    "body",
  ]),
  // A session's attendance on the teaching pages: the marks form, or a participant report's CSV (intent "report").
  page(
    "admin+/_panel.teaching+/$batchId_.sessions.$sessionId.tsx",
    (ids) => `/admin/teaching/${ids.batchId}/sessions/${ids.batchSessionId}`,
    ["attended:fuzz", ...f(AttendanceReportSchema)],
    { intents: ["save", REPORT_INTENT], files: ["report"] },
  ),
  // Moving the fuzz account (seated in the batch) to another batch, and a past class's recording.
  page(
    "admin+/_panel.courses_+/$id.batches_.$batchId.students_.$userId.move.tsx",
    (ids) => `/admin/courses/${ids.courseId}/batches/${ids.batchId}/students/${ids.accountId}/move`,
    f(BatchMoveSchema),
  ),
  page(
    "admin+/_panel.courses_+/$id.batches_.$batchId.timetable.$sessionId_.recording.tsx",
    (ids) => `/admin/courses/${ids.courseId}/batches/${ids.batchId}/timetable/${ids.batchSessionId}/recording`,
    f(RecordingSchema),
    { files: ["videoFile"] },
  ),
  // The classroom: a lesson's own action (Mark complete, the player's report, a quiz's answers).
  page("_learn+/learn.$courseId.$lessonId.tsx", (ids) => `/learn/${ids.courseId}/${ids.lessonId}`, ["intent", "percent", "answer-1"], {
    intents: ["complete", "watched", "quiz"],
  }),
  page(
    "admin+/_panel.courses_+/$id.curriculum.sections.$sectionId.tsx",
    (ids) => `${curriculum(ids)}/sections/${ids.sectionId}`,
    f(SectionSchema),
  ),

  // Admin deletions (`intent=delete`, or `deactivate`, posted to the item's own address):
  // fuzzed last, since an accepted one removes the row the others edit.
  ...(
    [
      ["admin+/_panel.courses+/$id.tsx", (ids: SiteIds) => `/admin/courses/${ids.courseId}`],
      ["admin+/_panel.events+/$id.tsx", (ids: SiteIds) => `/admin/events/${ids.eventId}`],
      ["admin+/_panel.mentors+/$id.tsx", (ids: SiteIds) => `/admin/mentors/${ids.mentorId}`],
      ["admin+/_panel.coupons+/$id.tsx", (ids: SiteIds) => `/admin/coupons/${ids.couponId}`],
      ["admin+/_panel.blog+/$id.tsx", (ids: SiteIds) => `/admin/blog/${ids.postId}`],
      ["admin+/_panel.testimonials+/$id.tsx", (ids: SiteIds) => `/admin/testimonials/${ids.testimonialId}`],
      ["admin+/_panel.users+/files.$id.tsx", () => "/admin/users/files/1"],
      ["admin+/_panel.courses_+/$id.batches.$batchId.tsx", (ids: SiteIds) => `/admin/courses/${ids.courseId}/batches/${ids.batchId}`],
    ] as const
  ).map(([file, url]) => page(file, url, ["intent"], { intents: DELETE_INTENTS, destructive: true })),
  // Cancelling a batch settles its seats and ends its timetable: fuzzed with the deletions.
  page(
    "admin+/_panel.courses_+/$id.batches.$batchId_.cancel.tsx",
    (ids) => `/admin/courses/${ids.courseId}/batches/${ids.batchId}/cancel`,
    f(BatchCancelSchema),
    { destructive: true },
  ),

  // JSON API: public and student endpoints.
  api("api+/contact.ts", "POST", () => "/api/contact", f(ContactSchema)),
  api("api+/newsletter.ts", "POST", () => "/api/newsletter", f(NewsletterSchema)),
  api("api+/chat.query.ts", "POST", () => "/api/chat/query", f(ChatQuestionSchema)),
  api("api+/chat.suggestions.ts", "POST", () => "/api/chat/suggestions", []),
  api("api+/events.$id.register.ts", "POST", (ids) => `/api/events/${ids.eventId}/register`, f(EventRegistrationSchema)),
  api("api+/enrollment-forms.ts", "POST", () => "/api/enrollment-forms", f(EnrollmentFormApiSchema)),
  api("api+/validate-coupon.ts", "POST", () => "/api/validate-coupon", f(ValidateCouponApiSchema)),
  api("api+/create-payment-intent.ts", "POST", () => "/api/create-payment-intent", f(CreatePaymentIntentApiSchema)),
  api("api+/enroll-course.ts", "POST", () => "/api/enroll-course", f(EnrollCourseApiSchema)),
  api("api+/payments.start.ts", "POST", () => "/api/payments/start", f(StartPaymentApiSchema)),
  api("api+/payments.confirm.ts", "POST", () => "/api/payments/confirm", f(PaymentReturnSchema)),
  api("api+/stripe.webhook.ts", "POST", () => "/api/stripe/webhook", ["id", "object", "type", "data", "created", "livemode"]),
  api("api+/razorpay.webhook.ts", "POST", () => "/api/razorpay/webhook", ["entity", "event", "payload", "created_at"]),
  api("api+/login.ts", "POST", () => "/api/login", ["redirectTo"], { query: ["redirectTo"] }),
  api("api+/auth.user.ts", "POST", () => "/api/auth/user", []),
  api("api+/my-enrollments.ts", "POST", () => "/api/my-enrollments", []),
  api("api+/mentors.ts", "POST", () => "/api/mentors", f(MentorSchema)),
  api("api+/courses.ts", "POST", () => "/api/courses", f(CourseApiSchema)),
  api("api+/courses.$id.ts", "PUT", (ids) => `/api/courses/${ids.courseId}`, f(CourseApiSchema)),
  api("api+/events.ts", "POST", () => "/api/events", f(AdminEventApiSchema)),
  api("api+/events.$id.ts", "PUT", (ids) => `/api/events/${ids.eventId}`, f(AdminEventApiSchema)),
  api("api+/blog.ts", "POST", () => "/api/blog", f(AdminBlogPostSchema)),
  api("api+/blog.$slug.ts", "PUT", (ids) => `/api/blog/${ids.postId}`, f(AdminBlogPostSchema)),
  api("api+/testimonials.ts", "POST", () => "/api/testimonials", f(AdminTestimonialSchema)),
  api("api+/testimonials.$id.ts", "PUT", (ids) => `/api/testimonials/${ids.testimonialId}`, f(AdminTestimonialSchema)),

  // JSON API: the admin's own endpoints.
  api("api+/admin.login.ts", "POST", () => "/api/admin/login", f(AdminLoginSchema), { endsSession: true }),
  api("api+/admin.logout.ts", "POST", () => "/api/admin/logout", [], { endsSession: true }),
  api("api+/admin.session.ts", "POST", () => "/api/admin/session", ["adminId", "role"]),
  api("api+/admin.analytics.ts", "POST", () => "/api/admin/analytics", []),
  api("api+/admin.users.ts", "GET", () => "/api/admin/users", [], { query: LIST_QUERY }),
  api("api+/admin.enrollments.ts", "GET", () => "/api/admin/enrollments", [], { query: LIST_QUERY }),
  api("api+/admin.registrations.ts", "GET", () => "/api/admin/registrations", [], { query: LIST_QUERY }),
  api("api+/enrollment-forms.ts", "GET", () => "/api/enrollment-forms", [], { query: LIST_QUERY }),
  api("api+/events.$id.registrations.ts", "POST", (ids) => `/api/events/${ids.eventId}/registrations`, []),
  api("api+/admin.export.$dataset.ts", "POST", () => "/api/admin/export/users", ["dataset"]),
  api("api+/admin.shared-files.ts", "POST", () => "/api/admin/shared-files", ["filename", "token"]),
  api("api+/admin.shared-files.$id.ts", "DELETE", () => "/api/admin/shared-files/1", [], { destructive: true }),
  api("shared.$token.ts", "POST", () => "/shared/0123456789abcdef", ["token"]),

  // JSON API deletions, last of all.
  api("api+/courses.$id.ts", "DELETE", (ids) => `/api/courses/${ids.courseId}`, [], { destructive: true }),
  api("api+/events.$id.ts", "DELETE", (ids) => `/api/events/${ids.eventId}`, [], { destructive: true }),
  api("api+/blog.$slug.ts", "DELETE", (ids) => `/api/blog/${ids.postId}`, [], { destructive: true }),
  api("api+/testimonials.$id.ts", "DELETE", (ids) => `/api/testimonials/${ids.testimonialId}`, [], { destructive: true }),
];

/** Route modules that take writes (export an action), and every /api module: what the catalogue must name. */
export function routesToFuzz(): string[] {
  return routeFiles().filter((file) => exportsAction(file) || file.startsWith("api+/"));
}
