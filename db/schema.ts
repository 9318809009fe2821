import { sql } from "drizzle-orm";
import { check, index, integer, primaryKey, sqliteTable, text, uniqueIndex, type AnySQLiteColumn } from "drizzle-orm/sqlite-core";
import {
  ADMIN_ROLES,
  CERTIFICATE_REVOCATION_REASONS,
  COUPON_KINDS,
  COUPON_TARGET_TYPES,
  CONSENT_DECISIONS,
  COURSE_LEVELS,
  COURSE_PACINGS,
  DISPUTE_STATUSES,
  IMAGE_STATES,
  LESSON_FILE_KINDS,
  LESSON_TYPES,
  OUTBOX_STATES,
  PAYMENT_PROVIDERS,
  PAYMENT_STATUSES,
  REVIEW_STATUSES,
  STORED_PDF_KINDS,
  TAX_DOCUMENT_KINDS,
  USER_TOKEN_PURPOSES,
  VIDEO_SOURCES,
  WAITLIST_STATES,
  DELIVERY_MODES,
  LESSON_RELEASES,
  SESSION_REMINDER_KINDS,
  EXCHANGES,
  INSTRUMENT_KINDS,
  TRADE_SIDES,
  TRADE_EXITS,
} from "./enums";

// Conventions: money is integer paise; times are UTC instants stored as
// milliseconds since the epoch (drizzle maps them to Date).
const createdAt = () =>
  integer("created_at", { mode: "timestamp_ms" })
    .notNull()
    .default(sql`(unixepoch('subsec') * 1000)`);
const updatedAt = () =>
  integer("updated_at", { mode: "timestamp_ms" })
    .notNull()
    .default(sql`(unixepoch('subsec') * 1000)`);
const flag = (name: string, fallback: boolean) => integer(name, { mode: "boolean" }).notNull().default(fallback);
const stringList = (name: string) =>
  text(name, { mode: "json" })
    .$type<string[]>()
    .notNull()
    .default(sql`'[]'`);

export const users = sqliteTable(
  "users",
  {
    id: text("id")
      .primaryKey()
      .$defaultFn(() => crypto.randomUUID()),
    email: text("email").notNull().unique(),
    firstName: text("first_name"),
    lastName: text("last_name"),
    profileImageUrl: text("profile_image_url"),
    // Null for accounts that only ever signed in through an OAuth provider.
    passwordHash: text("password_hash"),
    // When the student proved they read mail at `email` (a link we sent, or a
    // provider that asserted it); null until then. Linking a sign-in provider
    // by email needs it (docs/decisions/0011-accounts-and-sign-in.md).
    emailVerifiedAt: integer("email_verified_at", { mode: "timestamp_ms" }),
    stripeCustomerId: text("stripe_customer_id"),
    stripeSubscriptionId: text("stripe_subscription_id"),
    isAdmin: flag("is_admin", false),
    /** A mobile number the student gave on their account page (optional). */
    phone: text("phone"),
    /** Set by an admin: the student cannot sign in and every session of theirs ends; null when active. */
    deactivatedAt: integer("deactivated_at", { mode: "timestamp_ms" }),
    /**
     * When the student deleted their account: the row stays only as the owner of records
     * the law keeps (orders behind tax invoices), its personal fields erased.
     */
    erasedAt: integer("erased_at", { mode: "timestamp_ms" }),
    /** When the person confirmed at sign-up that they are 18 or older (DPDP: a child's data needs a parent's consent); null until they do. */
    adultConfirmedAt: integer("adult_confirmed_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  // The admin's users table, newest first with the id as tie-break, a page at a time.
  (t) => [index("users_created_at_idx").on(t.createdAt, t.id)],
);

/** A sign-in provider's account (OAuth2/OpenID `sub`) linked to one of ours. */
export const userIdentities = sqliteTable(
  "user_identities",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    provider: text("provider").notNull(),
    subject: text("subject").notNull(),
    email: text("email"),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("user_identities_provider_subject_uq").on(t.provider, t.subject), index("user_identities_user_idx").on(t.userId)],
);

/** Single-use links mailed to a student (email verification, password reset); only the hash is kept. */
export const userTokens = sqliteTable(
  "user_tokens",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    purpose: text("purpose", { enum: USER_TOKEN_PURPOSES }).notNull(),
    tokenHash: text("token_hash").notNull().unique(),
    /** The address the link was sent to (an email change is verified at the new one). */
    email: text("email").notNull(),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    usedAt: integer("used_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
  },
  (t) => [index("user_tokens_user_purpose_idx").on(t.userId, t.purpose)],
);

export const sessions = sqliteTable(
  "sessions",
  {
    sid: text("sid").primaryKey(),
    sess: text("sess", { mode: "json" }).$type<Record<string, unknown>>().notNull(),
    expire: integer("expire", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [
    index("sessions_expire_idx").on(t.expire),
    // A student's sessions (signing out everywhere, the personal-data download and erasure): sessionsOfStudent.
    index("sessions_user_idx").on(sql`json_extract(${t.sess}, '$.userId')`),
  ],
);

export const courses = sqliteTable(
  "courses",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    title: text("title").notNull(),
    shortDescription: text("short_description").notNull(),
    description: text("description").notNull(),
    level: text("level", { enum: COURSE_LEVELS }).notNull().default("beginner"),
    pricePaise: integer("price_paise").notNull().default(0),
    originalPricePaise: integer("original_price_paise"),
    duration: text("duration").notNull(),
    imageUrl: text("image_url"),
    coverPhotoUrl: text("cover_photo_url"),
    brochurePdfUrl: text("brochure_pdf_url"),
    features: stringList("features"),
    syllabus: text("syllabus"),
    /** "online", or "venue": performed at a place in `venueStateCode` (the place of supply then, IGST Act s.12(5)/(6)). */
    deliveryMode: text("delivery_mode", { enum: DELIVERY_MODES }).notNull().default("online"),
    /** The GST state code of the venue; set only with delivery mode "venue". */
    venueStateCode: text("venue_state_code"),
    pacing: text("pacing", { enum: COURSE_PACINGS }).notNull().default("self_paced"),
    isActive: flag("is_active", true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("courses_active_level_idx").on(t.isActive, t.level),
    index("courses_price_idx").on(t.pricePaise),
    index("courses_title_idx").on(t.title),
    check("courses_price_nonnegative", sql`${t.pricePaise} >= 0`),
  ],
);

export const events = sqliteTable(
  "events",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    title: text("title").notNull(),
    description: text("description").notNull(),
    eventType: text("event_type").notNull().default("webinar"),
    eventDate: integer("event_date", { mode: "timestamp_ms" }).notNull(),
    durationMinutes: integer("duration_minutes").notNull().default(60),
    maxParticipants: integer("max_participants"),
    pricePaise: integer("price_paise").notNull().default(0),
    registrationUrl: text("registration_url"),
    /** Where it happens, as the public page and the calendar file say it: an address, or "Online (Zoom)". */
    venue: text("venue"),
    /** The online meeting's link: given only to registered students (mail, calendar file, their events page). */
    joinUrl: text("join_url"),
    /** The uploaded banner ("/uploads/…"), shown on the event's card and page in every encoded size. */
    bannerUrl: text("banner_url"),
    /** "online", or "venue": performed at a place in `venueStateCode` (the place of supply then, IGST Act s.12(5)/(6)). */
    deliveryMode: text("delivery_mode", { enum: DELIVERY_MODES }).notNull().default("online"),
    /** The GST state code of the venue; set only with delivery mode "venue". */
    venueStateCode: text("venue_state_code"),
    isActive: flag("is_active", true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("events_active_date_idx").on(t.isActive, t.eventDate),
    index("events_type_idx").on(t.eventType),
    check("events_price_nonnegative", sql`${t.pricePaise} >= 0`),
  ],
);

export const eventRegistrations = sqliteTable(
  "event_registrations",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    eventId: integer("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "restrict" }),
    name: text("name").notNull(),
    email: text("email").notNull(),
    phone: text("phone").notNull(),
    registeredAt: integer("registered_at", { mode: "timestamp_ms" })
      .notNull()
      .default(sql`(unixepoch('subsec') * 1000)`),
    /** When the reminder a day before the event was queued (at most once per registration). */
    remindedDayBeforeAt: integer("reminded_day_before_at", { mode: "timestamp_ms" }),
    /** When the reminder an hour before the event was queued (at most once per registration). */
    remindedHourBeforeAt: integer("reminded_hour_before_at", { mode: "timestamp_ms" }),
    /** The paid order that bought this seat (a paid event); null for a free event. */
    orderId: integer("order_id").references((): AnySQLiteColumn => orders.id, { onDelete: "set null" }),
  },
  (t) => [
    index("event_registrations_order_idx").on(t.orderId),
    uniqueIndex("event_registrations_event_user_uq").on(t.eventId, t.userId),
    index("event_registrations_user_idx").on(t.userId),
    index("event_registrations_registered_at_idx").on(t.registeredAt),
    // An event's registrations in the order they came, a page at a time.
    index("event_registrations_event_time_idx").on(t.eventId, t.registeredAt),
  ],
);

export const enrollmentForms = sqliteTable(
  "enrollment_forms",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    name: text("name").notNull(),
    whatsappNumber: text("whatsapp_number").notNull(),
    email: text("email"),
    age: integer("age"),
    country: text("country"),
    state: text("state").notNull(),
    city: text("city").notNull(),
    experienceLevel: text("experience_level").notNull(),
    courseOrEventId: integer("course_or_event_id").notNull(),
    courseOrEventType: text("course_or_event_type", { enum: ["course", "event"] }).notNull(),
    sourceOfLead: text("source_of_lead").notNull(),
    broker: text("broker"),
    trainingPreference: text("training_preference"),
    /** Who the tax invoice is to be made out to, asked with the checkout's information when invoices are on; copied onto the order. */
    billing: text("billing", { mode: "json" }).$type<BillingDetails>(),
    createdAt: createdAt(),
  },
  (t) => [
    index("enrollment_forms_user_idx").on(t.userId),
    index("enrollment_forms_created_at_idx").on(t.createdAt),
    index("enrollment_forms_target_idx").on(t.courseOrEventType, t.courseOrEventId),
  ],
);

export const coupons = sqliteTable(
  "coupons",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    // Stored upper-cased; the check keeps every writer honest so that the
    // unique index means "unique regardless of case".
    code: text("code").notNull(),
    kind: text("kind", { enum: COUPON_KINDS }).notNull().default("percent"),
    /** For a percent coupon, 1–100; null for an amount coupon. */
    percentOff: integer("percent_off"),
    /** For an amount coupon, the paise it takes off (never below a free order); null for a percent coupon. */
    amountOffPaise: integer("amount_off_paise"),
    /** The order must cost at least this (before the coupon) for the coupon to apply; null: any order. */
    minOrderPaise: integer("min_order_paise"),
    /** How many paid or held orders one student may use it on; null: no per-student limit. */
    perStudentLimit: integer("per_student_limit"),
    isActive: flag("is_active", true),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }),
    maxRedemptions: integer("max_redemptions"),
    redemptionCount: integer("redemption_count").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("coupons_code_uq").on(t.code),
    check("coupons_code_upper", sql`${t.code} = upper(${t.code})`),
    check(
      "coupons_discount_shape",
      sql`(${t.kind} = 'percent' and ${t.percentOff} between 1 and 100 and ${t.amountOffPaise} is null) or (${t.kind} = 'amount' and ${t.amountOffPaise} > 0 and ${t.percentOff} is null)`,
    ),
    check("coupons_redemptions_nonnegative", sql`${t.redemptionCount} >= 0`),
    check("coupons_min_order_nonnegative", sql`${t.minOrderPaise} is null or ${t.minOrderPaise} >= 0`),
    check("coupons_per_student_positive", sql`${t.perStudentLimit} is null or ${t.perStudentLimit} >= 1`),
  ],
);

/** The courses and events a coupon is limited to; a coupon with no rows here applies to everything. */
export const couponTargets = sqliteTable(
  "coupon_targets",
  {
    couponId: integer("coupon_id")
      .notNull()
      .references(() => coupons.id, { onDelete: "cascade" }),
    targetType: text("target_type", { enum: COUPON_TARGET_TYPES }).notNull(),
    targetId: integer("target_id").notNull(),
  },
  (t) => [primaryKey({ columns: [t.couponId, t.targetType, t.targetId] })],
);

/** The buyer's details on a tax invoice (CGST rule 46): name, address with state and PIN, optional GSTIN. */
export type BillingDetails = {
  name: string;
  address: string;
  city: string;
  /** The two-digit GST state code, e.g. "27" for Maharashtra; the place of supply. */
  stateCode: string;
  pin: string;
  businessName?: string | null;
  gstin?: string | null;
};

/**
 * Orders: a course, or a seat at a paid event, bought by one student, paid
 * through a provider (or offline, or granted, or free). A pending order is a
 * reservation (its coupon's redemption and an event's seat held); a completed
 * one is what opens the course or books the seat.
 */
export const orders = sqliteTable(
  "orders",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    /** What the order buys: a course, or a seat at a paid event (exactly one of the two). */
    courseId: integer("course_id").references(() => courses.id, { onDelete: "restrict" }),
    eventId: integer("event_id").references(() => events.id, { onDelete: "restrict" }),
    /** For a course taught in batches: the batch chosen before paying, whose seat a pending order holds. */
    batchId: integer("batch_id").references((): AnySQLiteColumn => batches.id, { onDelete: "restrict" }),
    enrolledAt: integer("enrolled_at", { mode: "timestamp_ms" })
      .notNull()
      .default(sql`(unixepoch('subsec') * 1000)`),
    paymentStatus: text("payment_status", { enum: PAYMENT_STATUSES }).notNull().default("pending"),
    amountPaise: integer("amount_paise").notNull().default(0),
    couponId: integer("coupon_id").references(() => coupons.id, { onDelete: "set null" }),
    enrollmentFormId: integer("enrollment_form_id").references(() => enrollmentForms.id, {
      onDelete: "set null",
    }),
    // A pending order with a coupon holds one of its redemptions until then
    // (docs/decisions/0012-coupon-redemption.md); null once released or used.
    couponHeldUntil: integer("coupon_held_until", { mode: "timestamp_ms" }),
    // A pending order for a paid event's seat holds the seat until then; the
    // registration is made when the payment is captured (decision 0016).
    seatHeldUntil: integer("seat_held_until", { mode: "timestamp_ms" }),
    /** Money returned to the student so far (partial or full refunds). */
    refundedPaise: integer("refunded_paise").notNull().default(0),
    disputeStatus: text("dispute_status", { enum: DISPUTE_STATUSES }),
    /** Who takes (or took) the money; null for a free order. */
    provider: text("provider", { enum: PAYMENT_PROVIDERS }),
    /**
     * What the student pays against at the provider: a Razorpay order, Stripe's
     * Checkout Session or PaymentIntent; for an offline payment, the admin's reference.
     */
    providerOrderId: text("provider_order_id"),
    /** The payment that paid it: a Razorpay payment, Stripe's PaymentIntent. */
    providerPaymentId: text("provider_payment_id"),
    /** Who the tax invoice is made out to, asked at checkout. */
    billing: text("billing", { mode: "json" }).$type<BillingDetails>(),
    /** The course's or event's delivery mode and venue state when the order was made, so its invoice never follows a later edit. */
    deliveryMode: text("delivery_mode", { enum: DELIVERY_MODES }).notNull().default("online"),
    venueStateCode: text("venue_state_code"),
  },
  (t) => [
    index("orders_user_idx").on(t.userId),
    index("orders_coupon_hold_idx").on(t.couponId, t.paymentStatus),
    // A course's orders by status; with the time, coupon and amount, the prices it sold at lately without a
    // coupon (a "was" price may be shown only if it was charged) are read from the index alone, however many years of orders it has.
    index("orders_course_status_idx").on(t.courseId, t.paymentStatus, t.enrolledAt, t.couponId, t.amountPaise),
    index("orders_coupon_idx").on(t.couponId),
    index("orders_form_idx").on(t.enrollmentFormId),
    index("orders_enrolled_at_idx").on(t.enrolledAt),
    uniqueIndex("orders_provider_order_uq").on(t.provider, t.providerOrderId),
    uniqueIndex("orders_provider_payment_uq").on(t.provider, t.providerPaymentId),
    // A student is enrolled in a course once, however many payments arrive.
    uniqueIndex("orders_one_paid_per_course_uq")
      .on(t.userId, t.courseId)
      .where(sql`${t.paymentStatus} = 'completed'`),
    // …and pays for a seat at an event once.
    uniqueIndex("orders_one_paid_per_event_uq")
      .on(t.userId, t.eventId)
      .where(sql`${t.paymentStatus} = 'completed'`),
    index("orders_event_status_idx").on(t.eventId, t.paymentStatus),
    // The dashboard's count of charge-backs waiting for the institute's answer, without reading every order.
    index("orders_open_dispute_idx")
      .on(t.id)
      .where(sql`${t.disputeStatus} = 'open'`),
    check("orders_one_item", sql`(${t.courseId} is null) <> (${t.eventId} is null)`),
    index("orders_batch_status_idx").on(t.batchId, t.paymentStatus),
  ],
);

/**
 * Paid course enrolments and their money per course and calendar month in
 * India, kept by triggers on `orders` in the same transaction as each change
 * (migration 0026): the dashboard's and analytics' totals read a few hundred
 * rows, never every order. A month is "YYYY-MM" in IST (UTC+05:30, no DST).
 */
export const courseSales = sqliteTable(
  "course_sales",
  {
    courseId: integer("course_id")
      .notNull()
      .references(() => courses.id, { onDelete: "cascade" }),
    indiaMonth: text("india_month").notNull(),
    enrolments: integer("enrolments").notNull().default(0),
    revenuePaise: integer("revenue_paise").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.courseId, t.indiaMonth] })],
);

/** Counts kept by triggers in the same transaction as the change they count (migration 0026), by name. */
export const siteTallies = sqliteTable("site_tallies", {
  name: text("name", { enum: ["students_with_courses"] }).primaryKey(),
  value: integer("value").notNull().default(0),
});

export const blogPosts = sqliteTable(
  "blog_posts",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    title: text("title").notNull(),
    slug: text("slug").notNull().unique(),
    content: text("content").notNull(),
    excerpt: text("excerpt").notNull(),
    category: text("category").notNull(),
    imageUrl: text("image_url"),
    tags: stringList("tags"),
    isPublished: flag("is_published", false),
    publishedAt: integer("published_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("blog_posts_published_idx").on(t.isPublished, t.publishedAt), index("blog_posts_category_idx").on(t.category)],
);

export const testimonials = sqliteTable(
  "testimonials",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    name: text("name").notNull(),
    content: text("content").notNull(),
    rating: integer("rating").notNull().default(5),
    profession: text("profession"),
    /** Where the author lives, shown beside their name. */
    city: text("city"),
    /** When the author agreed to this being published with their name and city; none: never shown publicly. */
    publishConsentAt: integer("publish_consent_at", { mode: "timestamp_ms" }),
    imageUrl: text("image_url"),
    isApproved: flag("is_approved", false),
    /** The student account behind it, when the author is a student: the card then says "Enrolled student" if they hold a course. */
    studentUserId: text("student_user_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("testimonials_approved_idx").on(t.isApproved, t.createdAt),
    check("testimonials_rating_range", sql`${t.rating} between 1 and 5`),
  ],
);

export const mentors = sqliteTable(
  "mentors",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    name: text("name").notNull(),
    title: text("title").notNull(),
    bio: text("bio").notNull(),
    imageUrl: text("image_url"),
    experience: text("experience"),
    specialization: stringList("specialization"),
    socialLinks: text("social_links", { mode: "json" })
      .$type<{ twitter?: string; linkedin?: string; youtube?: string }>()
      .notNull()
      .default(sql`'{}'`),
    isActive: flag("is_active", true),
    displayOrder: integer("display_order").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index("mentors_active_order_idx").on(t.isActive, t.displayOrder)],
);

/** Who teaches a course: its mentors' profiles in the order the course page shows them. */
export const courseMentors = sqliteTable(
  "course_mentors",
  {
    courseId: integer("course_id")
      .notNull()
      .references(() => courses.id, { onDelete: "cascade" }),
    mentorId: integer("mentor_id")
      .notNull()
      .references(() => mentors.id, { onDelete: "cascade" }),
    /** Order on the course page, from 0. */
    position: integer("position").notNull(),
  },
  (t) => [primaryKey({ columns: [t.courseId, t.mentorId] }), index("course_mentors_mentor_idx").on(t.mentorId)],
);

export const contactMessages = sqliteTable(
  "contact_messages",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    name: text("name").notNull(),
    email: text("email").notNull(),
    phone: text("phone"),
    subject: text("subject").notNull(),
    message: text("message").notNull(),
    isRead: flag("is_read", false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("contact_messages_read_created_idx").on(t.isRead, t.createdAt),
    // The retention job's count of old messages, and a person's own messages by address.
    index("contact_messages_created_at_idx").on(t.createdAt),
    index("contact_messages_email_idx").on(sql`lower(${t.email})`),
  ],
);

export const admins = sqliteTable(
  "admins",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    adminId: text("admin_id").notNull().unique(),
    passwordHash: text("password_hash").notNull(),
    role: text("role", { enum: ADMIN_ROLES }).notNull().default("content_manager"),
    /** A mentor's account: the public profile it teaches as; it sees the batches and sessions that name this mentor. */
    mentorId: integer("mentor_id").references((): AnySQLiteColumn => mentors.id, { onDelete: "set null" }),
    lastLoginAt: integer("last_login_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("admins_role_idx").on(t.role)],
);

export const sharedFiles = sqliteTable(
  "shared_files",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    // A random token, never an id or a filename, so links cannot be guessed.
    token: text("token").notNull().unique(),
    filename: text("filename").notNull(),
    storedPath: text("stored_path").notNull(),
    sizeBytes: integer("size_bytes").notNull(),
    createdByAdminId: integer("created_by_admin_id").references(() => admins.id, {
      onDelete: "set null",
    }),
    /** After this the link answers 404; null only for links made before links expired. */
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }),
    /** When an admin revoked the link; it answers 404 from then on. */
    revokedAt: integer("revoked_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
  },
  (t) => [index("shared_files_admin_idx").on(t.createdByAdminId), index("shared_files_created_at_idx").on(t.createdAt)],
);

/**
 * The newsletter list, double opt-in: a row is pending until its mailbox
 * follows the confirmation link, and no newsletter goes to a pending row.
 */
export const newsletterSubscribers = sqliteTable("newsletter_subscribers", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  email: text("email").notNull().unique(),
  /** When the mailbox confirmed the subscription; null while pending. */
  confirmedAt: integer("confirmed_at", { mode: "timestamp_ms" }),
  /** SHA-256 of the pending confirmation link's token; null once confirmed. */
  confirmTokenHash: text("confirm_token_hash").unique(),
  /** When the pending confirmation link stops working. */
  confirmExpiresAt: integer("confirm_expires_at", { mode: "timestamp_ms" }),
  /** The secret in the unsubscribe link of every mail to the address: it can only take the address off the list. */
  unsubscribeToken: text("unsubscribe_token").notNull().unique(),
  createdAt: createdAt(),
});

/**
 * Every signed webhook event already handled, by provider and the provider's
 * event id: a redelivery finds its row and changes nothing. Razorpay's
 * signature covers the body but not the event id (a header), so its events
 * also name the payment, order, refund or dispute they are about
 * (`entity_id`): the same body under a new id finds that row instead.
 */
export const paymentEvents = sqliteTable(
  "payment_events",
  {
    provider: text("provider").notNull(),
    eventId: text("event_id").notNull(),
    type: text("type").notNull(),
    entityId: text("entity_id"),
    receivedAt: integer("received_at", { mode: "timestamp_ms" })
      .notNull()
      .default(sql`(unixepoch('subsec') * 1000)`),
  },
  (t) => [primaryKey({ columns: [t.provider, t.eventId] }), uniqueIndex("payment_events_entity_uq").on(t.provider, t.type, t.entityId)],
);

/**
 * Mail waiting to go out, written in the same transaction as its cause. With
 * SMTP configured a worker sends it; without, it stays here for admins to read.
 */
/**
 * A file sent with a mail: its name, MIME type and bytes as base64; or a
 * document the sender draws when it sends (a tax invoice, issued in the same
 * transaction as the mail, whose PDF is rendered asynchronously).
 */
export type StoredOutboxAttachment = { filename: string; contentType: string; contentBase64: string };
export type RenderedOutboxAttachment = { filename: string; contentType: string; document: { kind: "tax-document"; id: number } };
export type OutboxAttachment = StoredOutboxAttachment | RenderedOutboxAttachment;

export const outboxMessages = sqliteTable(
  "outbox_messages",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    /** Which template makes it (verify-email, account-exists…). */
    kind: text("kind").notNull(),
    toAddress: text("to_address").notNull(),
    /**
     * What the message is about, as the transaction that queued it saw it (an order's id, a
     * single-use token): the mail writer turns it into the subject and bodies once the
     * transaction has committed, then clears it. Null once written.
     */
    payload: text("payload", { mode: "json" }).$type<{ kind: string }>(),
    /** Null until the message is written. */
    subject: text("subject"),
    textBody: text("text_body"),
    htmlBody: text("html_body"),
    /** Files sent with the message (a calendar invitation, a receipt), each base64-encoded. */
    attachments: text("attachments", { mode: "json" })
      .$type<OutboxAttachment[]>()
      .notNull()
      .default(sql`'[]'`),
    /** Kept from the first attempt, so a resend after a crash folds into the same thread. */
    messageId: text("message_id").notNull().unique(),
    /** The List-Unsubscribe address (RFC 2369, one-click per RFC 8058) of a list's mail; null for other mail. */
    listUnsubscribe: text("list_unsubscribe"),
    state: text("state", { enum: OUTBOX_STATES }).notNull().default("queued"),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    nextAttemptAt: integer("next_attempt_at", { mode: "timestamp_ms" })
      .notNull()
      .default(sql`(unixepoch('subsec') * 1000)`),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    sentAt: integer("sent_at", { mode: "timestamp_ms" }),
  },
  (t) => [
    index("outbox_messages_due_idx").on(t.state, t.nextAttemptAt),
    index("outbox_messages_created_at_idx").on(t.createdAt),
    // Every request looks for messages still to write: a few rows at most, found without a scan.
    index("outbox_messages_unwritten_idx")
      .on(t.state, t.id)
      .where(sql`${t.payload} IS NOT NULL`),
    // A student's mail, newest first: tied to the account, or left under their confirmed address without one.
    index("outbox_messages_user_created_idx").on(t.userId, t.createdAt, t.id),
    index("outbox_messages_unlinked_address_idx")
      .on(sql`lower(${t.toAddress})`)
      .where(sql`${t.userId} IS NULL`),
    // Sent mail whose contents the retention job has still to remove (its state in the index, so a count reads no row).
    index("outbox_messages_sent_at_idx")
      .on(t.sentAt, t.state)
      .where(sql`${t.textBody} IS NOT NULL`),
  ],
);

export const auditLog = sqliteTable(
  "audit_log",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    actorType: text("actor_type", { enum: ["admin", "user", "system"] }).notNull(),
    actorId: text("actor_id"),
    action: text("action").notNull(),
    entityType: text("entity_type"),
    entityId: text("entity_id"),
    details: text("details", { mode: "json" }).$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (t) => [
    index("audit_log_created_at_idx").on(t.createdAt),
    index("audit_log_actor_idx").on(t.actorType, t.actorId),
    index("audit_log_entity_idx").on(t.entityType, t.entityId),
  ],
);

// The classroom (docs/decisions/0022-classroom.md): a course's curriculum of
// ordered sections and lessons, each student's progress per lesson, quiz
// attempts and the certificate issued on completion.

export const courseSections = sqliteTable(
  "course_sections",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    courseId: integer("course_id")
      .notNull()
      .references(() => courses.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    /** Order within the course, from 1; moving swaps two positions in one transaction. */
    position: integer("position").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("course_sections_course_idx").on(t.courseId, t.position)],
);

export const lessons = sqliteTable(
  "lessons",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    // Kept beside the section so every access check is one indexed read.
    courseId: integer("course_id")
      .notNull()
      .references(() => courses.id, { onDelete: "cascade" }),
    sectionId: integer("section_id")
      .notNull()
      .references(() => courseSections.id, { onDelete: "cascade" }),
    /** Order within the section, from 1. */
    position: integer("position").notNull(),
    title: text("title").notNull(),
    type: text("type", { enum: LESSON_TYPES }).notNull(),
    durationMinutes: integer("duration_minutes").notNull().default(0),
    /** Plays for anyone, enrolled or not, from the course page. */
    isFreePreview: flag("is_free_preview", false),
    /** Counts towards completion (and so the certificate). */
    isRequired: flag("is_required", true),
    /** Markdown: an article's text, or notes under any other type. */
    body: text("body").notNull().default(""),
    videoSource: text("video_source", { enum: VIDEO_SOURCES }),
    /** The YouTube or Vimeo address, for an embedded video. */
    videoUrl: text("video_url"),
    liveStartsAt: integer("live_starts_at", { mode: "timestamp_ms" }),
    /** Shown to enrolled students only. */
    joinUrl: text("join_url"),
    recordingUrl: text("recording_url"),
    /** A quiz's pass mark, in percent of its questions answered right. */
    passPercent: integer("pass_percent"),
    /** How many attempts a student gets at a quiz; null is the default (docs/decisions/0040). */
    quizMaxAttempts: integer("quiz_max_attempts"),
    /** How long a student waits after an attempt before the next; null is the default. */
    quizRetryWaitMinutes: integer("quiz_retry_wait_minutes"),
    /** Drip release: when the lesson opens to a student; null opens it at once. */
    releaseRule: text("release_rule", { enum: LESSON_RELEASES }),
    /** Days after the enrolment or the batch's first day (the two relative rules). */
    releaseAfterDays: integer("release_after_days"),
    /** The day in India it opens, yyyy-mm-dd (the dated rule). */
    releaseOn: text("release_on"),
    /** A lesson of one batch only (a class's recording): shown to that batch's students, nobody else. */
    batchId: integer("batch_id").references((): AnySQLiteColumn => batches.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("lessons_section_idx").on(t.sectionId, t.position),
    index("lessons_course_idx").on(t.courseId),
    index("lessons_batch_idx")
      .on(t.batchId)
      .where(sql`${t.batchId} IS NOT NULL`),
    check("lessons_duration_nonnegative", sql`${t.durationMinutes} >= 0`),
    check("lessons_pass_percent_range", sql`${t.passPercent} IS NULL OR (${t.passPercent} BETWEEN 0 AND 100)`),
    check("lessons_quiz_max_attempts_range", sql`${t.quizMaxAttempts} IS NULL OR (${t.quizMaxAttempts} BETWEEN 1 AND 10)`),
    check("lessons_quiz_retry_wait_range", sql`${t.quizRetryWaitMinutes} IS NULL OR (${t.quizRetryWaitMinutes} BETWEEN 1 AND 1440)`),
  ],
);

export const lessonFiles = sqliteTable(
  "lesson_files",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    lessonId: integer("lesson_id")
      .notNull()
      .references(() => lessons.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: LESSON_FILE_KINDS }).notNull(),
    /** The name the admin uploaded it under, offered again on download. */
    filename: text("filename").notNull(),
    /** A random name under data/lesson-files/, never served as a static file. */
    storedName: text("stored_name").notNull().unique(),
    contentType: text("content_type").notNull(),
    sizeBytes: integer("size_bytes").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("lesson_files_lesson_idx").on(t.lessonId, t.kind)],
);

export const lessonProgress = sqliteTable(
  "lesson_progress",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    lessonId: integer("lesson_id")
      .notNull()
      .references(() => lessons.id, { onDelete: "cascade" }),
    // Denormalised from the lesson for per-course progress in one indexed read.
    courseId: integer("course_id")
      .notNull()
      .references(() => courses.id, { onDelete: "cascade" }),
    startedAt: integer("started_at", { mode: "timestamp_ms" })
      .notNull()
      .default(sql`(unixepoch('subsec') * 1000)`),
    /** Set once; a second "complete" changes nothing. */
    completedAt: integer("completed_at", { mode: "timestamp_ms" }),
    /** The furthest point of a video reached, in percent; only ever rises. */
    watchedPercent: integer("watched_percent").notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.lessonId] }),
    // Covers a course's figures per student (which lessons each has done) without reading the rows.
    index("lesson_progress_course_idx").on(t.courseId, t.userId, t.lessonId, t.completedAt),
    // Completions per lesson: only completed rows, in lesson order.
    index("lesson_progress_lesson_done_idx")
      .on(t.lessonId)
      .where(sql`${t.completedAt} IS NOT NULL`),
  ],
);

/**
 * Kept by triggers on lesson_progress and lessons in the same transaction as
 * each change (migration 0029), so a course's figures read one row per
 * student, and its completions one row per lesson, not every progress row:
 * each student's required lessons done in a course (a row once they open any
 * lesson of it), and how many completed each lesson.
 */
export const courseProgress = sqliteTable(
  "course_progress",
  {
    courseId: integer("course_id")
      .notNull()
      .references(() => courses.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    requiredDone: integer("required_done").notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.courseId, t.userId] }),
    // Covers a course's figures (count and sum of required lessons done) without a row read per student.
    index("course_progress_done_idx").on(t.courseId, t.userId, t.requiredDone),
  ],
);

export const lessonCompletions = sqliteTable("lesson_completions", {
  lessonId: integer("lesson_id")
    .primaryKey()
    .references(() => lessons.id, { onDelete: "cascade" }),
  completed: integer("completed").notNull().default(0),
});

export const quizQuestions = sqliteTable(
  "quiz_questions",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    lessonId: integer("lesson_id")
      .notNull()
      .references(() => lessons.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    prompt: text("prompt").notNull(),
    /** Options as written, in order; `correct` holds the indexes of the right ones (one or many). */
    options: stringList("options"),
    correct: text("correct", { mode: "json" })
      .$type<number[]>()
      .notNull()
      .default(sql`'[]'`),
  },
  (t) => [index("quiz_questions_lesson_idx").on(t.lessonId, t.position)],
);

export const quizAttempts = sqliteTable(
  "quiz_attempts",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    lessonId: integer("lesson_id")
      .notNull()
      .references(() => lessons.id, { onDelete: "cascade" }),
    /** Question id → the option indexes chosen. */
    answers: text("answers", { mode: "json" }).$type<Record<string, number[]>>().notNull(),
    scorePercent: integer("score_percent").notNull(),
    passed: flag("passed", false),
    createdAt: createdAt(),
  },
  (t) => [index("quiz_attempts_user_lesson_idx").on(t.userId, t.lessonId)],
);

export const certificates = sqliteTable(
  "certificates",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    /** Printed on the certificate and looked up at /certificates/:number. */
    number: text("number").notNull().unique(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    courseId: integer("course_id")
      .notNull()
      .references(() => courses.id, { onDelete: "restrict" }),
    // As printed, so a reprint is identical whatever changes later.
    studentName: text("student_name").notNull(),
    courseTitle: text("course_title").notNull(),
    completedAt: integer("completed_at", { mode: "timestamp_ms" }).notNull(),
    issuedAt: integer("issued_at", { mode: "timestamp_ms" })
      .notNull()
      .default(sql`(unixepoch('subsec') * 1000)`),
    /** Set when the course's payment came back or the course was taken away: the public check then says revoked. */
    revokedAt: integer("revoked_at", { mode: "timestamp_ms" }),
    revokedReason: text("revoked_reason", { enum: CERTIFICATE_REVOCATION_REASONS }),
  },
  (t) => [
    // Exactly one per student and course, even for two completions at the same moment.
    uniqueIndex("certificates_user_course_uq").on(t.userId, t.courseId),
    // A course's certificates with their students, read from the index alone for the course's figures.
    index("certificates_course_idx").on(t.courseId, t.userId),
  ],
);

/**
 * A PDF rendered once and kept under the data folder (`pdfs/`), so every
 * download of it is the same file: one row per certificate, order receipt or
 * GST document (`subject_id` is that row's id), naming a random file.
 */
export const storedPdfs = sqliteTable(
  "stored_pdfs",
  {
    kind: text("kind", { enum: STORED_PDF_KINDS }).notNull(),
    subjectId: integer("subject_id").notNull(),
    fileName: text("file_name").notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.subjectId] })],
);

/**
 * What an admin sets at /admin/settings, one row per section (the institute,
 * invoicing, notifications…). Each value is checked by its section's zod schema
 * in app/schemas/site-settings.ts when written and when read; a section never
 * saved reads as that schema's defaults.
 */
export const siteSettings = sqliteTable("site_settings", {
  section: text("section").primaryKey(),
  value: text("value", { mode: "json" }).$type<unknown>().notNull(),
  updatedAt: updatedAt(),
  /** The admin who last saved it. */
  updatedBy: text("updated_by"),
});

/** A party to a GST document as it stood when the document was issued (name, address, state, GSTIN). */
export type TaxParty = {
  name: string;
  address: string;
  stateCode: string;
  stateName: string;
  pin?: string | null;
  gstin?: string | null;
  businessName?: string | null;
};

/**
 * Tax invoices and credit notes, never changed once issued (kept 72 months,
 * CGST section 36). Each kind is its own series, numbered consecutively within
 * the Indian financial year (April–March); the number is checked unique and
 * the sequence without gaps inside the transaction that issues it.
 */
export const taxDocuments = sqliteTable(
  "tax_documents",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    kind: text("kind", { enum: TAX_DOCUMENT_KINDS }).notNull(),
    /** As printed, at most 16 characters of letters, digits, "-" and "/", e.g. "TM/26-27/000123". */
    number: text("number").notNull(),
    /** "26-27" for April 2026 – March 2027. */
    financialYear: text("financial_year").notNull(),
    sequence: integer("sequence").notNull(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "restrict" }),
    /** For a credit note, the invoice it reduces. */
    creditedDocumentId: integer("credited_document_id"),
    issuedAt: integer("issued_at", { mode: "timestamp_ms" }).notNull(),
    seller: text("seller", { mode: "json" }).$type<TaxParty>().notNull(),
    buyer: text("buyer", { mode: "json" }).$type<TaxParty>().notNull(),
    /** The state code of the place of supply (the buyer's state for a service to a person). */
    placeOfSupply: text("place_of_supply").notNull(),
    sac: text("sac").notNull(),
    description: text("description").notNull(),
    /** The GST rate in basis points (1800 = 18%). */
    gstRateBps: integer("gst_rate_bps").notNull(),
    taxablePaise: integer("taxable_paise").notNull(),
    cgstPaise: integer("cgst_paise").notNull().default(0),
    sgstPaise: integer("sgst_paise").notNull().default(0),
    igstPaise: integer("igst_paise").notNull().default(0),
    /** The paisa that keeps CGST and SGST equal when the tax is odd (0 on documents issued before halves were equal). */
    roundOffPaise: integer("round_off_paise").notNull().default(0),
    totalPaise: integer("total_paise").notNull(),
    /** The "Invoice note" setting as it stood when issued, printed on the document; null before notes were copied. */
    note: text("note"),
    /**
     * A credit note issued after the last day it could reduce GST (CGST Act
     * s.34(2)): that day, "2027-11-30". Null for every other document.
     */
    missedDeadline: text("missed_deadline"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("tax_documents_number_uq").on(t.number),
    uniqueIndex("tax_documents_series_uq").on(t.kind, t.financialYear, t.sequence),
    index("tax_documents_order_idx").on(t.orderId),
    index("tax_documents_issued_at_idx").on(t.issuedAt),
    check("tax_documents_number_shape", sql`length(${t.number}) <= 16 and ${t.number} not glob '*[^A-Za-z0-9/-]*'`),
    check(
      "tax_documents_sum",
      sql`${t.taxablePaise} + ${t.cgstPaise} + ${t.sgstPaise} + ${t.igstPaise} + ${t.roundOffPaise} = ${t.totalPaise}`,
    ),
  ],
);

/** Each time a shared file's link was downloaded, for the admin who shared it to see. */
export const sharedFileDownloads = sqliteTable(
  "shared_file_downloads",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    sharedFileId: integer("shared_file_id")
      .notNull()
      .references(() => sharedFiles.id, { onDelete: "cascade" }),
    downloadedAt: integer("downloaded_at", { mode: "timestamp_ms" })
      .notNull()
      .default(sql`(unixepoch('subsec') * 1000)`),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
  },
  (t) => [
    index("shared_file_downloads_file_idx").on(t.sharedFileId, t.downloadedAt),
    index("shared_file_downloads_at_idx").on(t.downloadedAt),
  ],
);

/** A student's rating and words about a course they hold; counted and shown only once approved. */
export const courseReviews = sqliteTable(
  "course_reviews",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    courseId: integer("course_id")
      .notNull()
      .references(() => courses.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    rating: integer("rating").notNull(),
    body: text("body").notNull(),
    status: text("status", { enum: REVIEW_STATUSES }).notNull().default("pending"),
    /** When an admin approved or rejected it, and who. */
    reviewedAt: integer("reviewed_at", { mode: "timestamp_ms" }),
    reviewedBy: text("reviewed_by"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("course_reviews_course_user_uq").on(t.courseId, t.userId),
    index("course_reviews_user_idx").on(t.userId),
    // The admin's list: reviews waiting (longest first), then the decided ones (newest first).
    index("course_reviews_pending_idx")
      .on(t.updatedAt, t.id)
      .where(sql`${t.status} = 'pending'`),
    index("course_reviews_decided_idx")
      .on(t.updatedAt, t.id)
      .where(sql`${t.status} <> 'pending'`),
    index("course_reviews_course_status_idx").on(t.courseId, t.status),
    check("course_reviews_rating_range", sql`${t.rating} between 1 and 5`),
  ],
);

/**
 * Every consent given or withdrawn, newest last (DPDP Act s.6: consent is recorded and can be
 * withdrawn as easily as given). A visitor without an account is known by a random id in a cookie.
 */
export const consentRecords = sqliteTable(
  "consent_records",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    visitorId: text("visitor_id"),
    /** What the consent is for, e.g. "analytics", "contact-reply", "enrolment-callback". */
    purpose: text("purpose").notNull(),
    decision: text("decision", { enum: CONSENT_DECISIONS }).notNull(),
    /** Where it was given: the form or banner, e.g. "banner", "signup", "contact". */
    source: text("source").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("consent_records_user_idx").on(t.userId, t.purpose),
    index("consent_records_visitor_idx").on(t.visitorId, t.purpose),
    index("consent_records_created_at_idx").on(t.createdAt),
  ],
);

/**
 * An uploaded image and its encoding into AVIF, WebP and JPEG at a few widths (files named
 * `<stem>-<width>.<format>` beside the original in the uploads folder), done by the worker.
 */
export const imageAssets = sqliteTable(
  "image_assets",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    /** The original's stored file name in the uploads folder, as its `/uploads/<name>` URL says. */
    name: text("name").notNull(),
    width: integer("width"),
    height: integer("height"),
    /** The widths encoded, smallest first, once ready. */
    widths: text("widths", { mode: "json" })
      .$type<number[]>()
      .notNull()
      .default(sql`'[]'`),
    status: text("status", { enum: IMAGE_STATES }).notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    createdAt: createdAt(),
    readyAt: integer("ready_at", { mode: "timestamp_ms" }),
  },
  (t) => [uniqueIndex("image_assets_name_uq").on(t.name), index("image_assets_status_idx").on(t.status, t.createdAt)],
);

/**
 * Students waiting for a seat at a full event, first come first served. When a seat frees, the
 * next one waiting is offered it by mail for a limited time (the offer holds the seat meanwhile).
 */
/**
 * The queue for a full event's or batch's seats (exactly one of the two):
 * first come, first offered a freed seat (docs/decisions/0016, 0059).
 */
export const waitlist = sqliteTable(
  "waitlist",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    eventId: integer("event_id").references(() => events.id, { onDelete: "cascade" }),
    batchId: integer("batch_id").references(() => batches.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    status: text("status", { enum: WAITLIST_STATES }).notNull().default("waiting"),
    /** While offered: the seat is kept for them until then. */
    offerExpiresAt: integer("offer_expires_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("waitlist_event_user_uq").on(t.eventId, t.userId),
    uniqueIndex("waitlist_batch_user_uq").on(t.batchId, t.userId),
    index("waitlist_event_status_idx").on(t.eventId, t.status, t.createdAt),
    index("waitlist_batch_status_idx").on(t.batchId, t.status, t.createdAt),
    index("waitlist_user_idx").on(t.userId),
    check("waitlist_one_place", sql`(${t.eventId} is null) <> (${t.batchId} is null)`),
  ],
);

/**
 * The one person a student names to use their data rights after their death
 * or incapacity (DPDP Act s.14). One row per account, gone with the account.
 */
export const nominees = sqliteTable("nominees", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  name: text("name").notNull(),
  relation: text("relation").notNull(),
  /** An email address or a phone number, as the student typed it. */
  contact: text("contact").notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * A course taught to a group from a start date, live on a timetable
 * (docs/decisions/0059-batches-and-live-classes.md). Its delivery decides the
 * place of supply of its invoices as a course's does: "venue" is performed at
 * a place in `venueStateCode` (IGST Act s.12(5)).
 */
export const batches = sqliteTable(
  "batches",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    courseId: integer("course_id")
      .notNull()
      .references(() => courses.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    /** The first and last day of the batch in India, yyyy-mm-dd. */
    startsOn: text("starts_on").notNull(),
    endsOn: text("ends_on").notNull(),
    deliveryMode: text("delivery_mode", { enum: DELIVERY_MODES }).notNull().default("online"),
    venueStateCode: text("venue_state_code"),
    /** The venue's address, for a batch taught in person. */
    venue: text("venue"),
    /** Null: as many students as come. */
    seats: integer("seats"),
    /** Null: the course's price. */
    pricePaise: integer("price_paise"),
    /** The mentor who leads the batch (each session may name its own). */
    leadMentorId: integer("lead_mentor_id").references(() => mentors.id, { onDelete: "set null" }),
    /** Set when the batch is called off: it is no longer offered, its students are told and refunded. */
    cancelledAt: integer("cancelled_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("batches_course_start_idx").on(t.courseId, t.startsOn),
    check("batches_dates_in_order", sql`${t.startsOn} <= ${t.endsOn}`),
    check("batches_seats_positive", sql`${t.seats} IS NULL OR ${t.seats} >= 1`),
    check("batches_price_nonnegative", sql`${t.pricePaise} IS NULL OR ${t.pricePaise} >= 0`),
  ],
);

/** One class of a batch's timetable: online through a meeting link, or in a room of the venue. */
export const batchSessions = sqliteTable(
  "batch_sessions",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    batchId: integer("batch_id")
      .notNull()
      .references(() => batches.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    /** What the class covers; checked for claims of returns like every published text. */
    description: text("description").notNull().default(""),
    startsAt: integer("starts_at", { mode: "timestamp_ms" }).notNull(),
    durationMinutes: integer("duration_minutes").notNull(),
    mentorId: integer("mentor_id").references(() => mentors.id, { onDelete: "set null" }),
    /** The meeting (Zoom, Google Meet, YouTube Live, Jitsi): given only through the session's page, to the batch's students. */
    joinUrl: text("join_url"),
    /** Where in the venue, for a class in person. */
    room: text("room"),
    /** The admin's record that any market example uses prices at least 30 days old (SEBI circular of 8 May 2026). */
    pricesAtLeast30DaysOld: flag("prices_at_least_30_days_old", false),
    /** Raised on every change a calendar should pick up (iCalendar SEQUENCE). */
    sequence: integer("sequence").notNull().default(0),
    cancelledAt: integer("cancelled_at", { mode: "timestamp_ms" }),
    /** The recording, published as a lesson of the course once the class is over. */
    recordingLessonId: integer("recording_lesson_id").references(() => lessons.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("batch_sessions_batch_start_idx").on(t.batchId, t.startsAt),
    index("batch_sessions_start_idx").on(t.startsAt),
    check("batch_sessions_duration_range", sql`${t.durationMinutes} BETWEEN 1 AND 720`),
  ],
);

/** A student's seat in a batch: written with the paid order (or by an admin's move), one batch per student and course. */
export const batchStudents = sqliteTable(
  "batch_students",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    // A course or batch with students has their orders, which keep the course; the model refuses to delete a batch with students.
    batchId: integer("batch_id")
      .notNull()
      .references(() => batches.id, { onDelete: "cascade" }),
    /** Kept beside the batch so "one batch per course" is a unique index. */
    courseId: integer("course_id")
      .notNull()
      .references(() => courses.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    orderId: integer("order_id").references(() => orders.id, { onDelete: "set null" }),
    joinedAt: integer("joined_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [
    uniqueIndex("batch_students_course_user_uq").on(t.courseId, t.userId),
    index("batch_students_batch_idx").on(t.batchId, t.joinedAt),
    index("batch_students_user_idx").on(t.userId),
  ],
);

/**
 * A student at a live session: "joined" when they pressed Join on the
 * session's page (once, however many presses), "attended" as the mentor marks
 * it or the meeting's participant report says (decision 0059).
 */
export const sessionAttendance = sqliteTable(
  "session_attendance",
  {
    sessionId: integer("session_id")
      .notNull()
      .references(() => batchSessions.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The first press of Join; null when they never pressed it. */
    joinedAt: integer("joined_at", { mode: "timestamp_ms" }),
    /** Null until marked: true present, false absent. */
    attended: integer("attended", { mode: "boolean" }),
    markedAt: integer("marked_at", { mode: "timestamp_ms" }),
  },
  (t) => [primaryKey({ columns: [t.sessionId, t.userId] }), index("session_attendance_user_idx").on(t.userId)],
);

/** A lesson an admin opened early for one student, before its drip release (audited). */
export const lessonUnlocks = sqliteTable(
  "lesson_unlocks",
  {
    lessonId: integer("lesson_id")
      .notNull()
      .references(() => lessons.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The admin who opened it, by sign-in name (the audit log has the rest). */
    unlockedBy: text("unlocked_by").notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.lessonId, t.userId] }), index("lesson_unlocks_user_idx").on(t.userId)],
);

/**
 * A student's private calendar feed: the secret in its address. Revoking it
 * writes a new secret, so the old address answers 404 from then on.
 */
export const calendarFeeds = sqliteTable("calendar_feeds", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  token: text("token").notNull().unique(),
  createdAt: createdAt(),
});

/**
 * A reminder queued for a student before a live session, at most once per
 * session, student, kind and start: a session moved to a new time is reminded
 * of again, at its new time.
 */
export const sessionReminders = sqliteTable(
  "session_reminders",
  {
    sessionId: integer("session_id")
      .notNull()
      .references(() => batchSessions.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: SESSION_REMINDER_KINDS }).notNull(),
    startsAt: integer("starts_at", { mode: "timestamp_ms" }).notNull(),
    queuedAt: integer("queued_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.sessionId, t.userId, t.kind, t.startsAt] }), index("session_reminders_user_idx").on(t.userId)],
);

// The practice lab (docs/decisions/0064-the-practice-lab.md). Prices are whole
// "price units" of ₹0.0001, fine enough for every tick (₹0.05 shares, ₹0.0025
// currency pairs); money (profit and loss) is paise, as everywhere.

/** Something whose past prices the lab replays: an NSE or BSE symbol, or a currency pair traded there. */
export const instruments = sqliteTable(
  "instruments",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    exchange: text("exchange", { enum: EXCHANGES }).notNull(),
    symbol: text("symbol").notNull(),
    name: text("name").notNull(),
    kind: text("kind", { enum: INSTRUMENT_KINDS }).notNull(),
    /** The smallest price step, in price units (₹0.05 = 500; ₹0.0025 = 25). */
    tickUnits: integer("tick_units").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("instruments_exchange_symbol_uq").on(t.exchange, t.symbol),
    check("instruments_tick_positive", sql`${t.tickUnits} >= 1`),
  ],
);

/** One uploaded file of candles, with where it came from (SEBI expects the data's provenance on record). */
export const marketDatasets = sqliteTable(
  "market_datasets",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    instrumentId: integer("instrument_id")
      .notNull()
      .references(() => instruments.id, { onDelete: "restrict" }),
    /** Minutes per candle (1440: a day). */
    timeframeMinutes: integer("timeframe_minutes").notNull(),
    /** Who supplied the prices and under what terms, as the admin recorded it. */
    source: text("source").notNull(),
    /** Generated for the demo, not market prices: said wherever it is shown. */
    isGenerated: flag("is_generated", false),
    filename: text("filename").notNull(),
    uploadedBy: text("uploaded_by").notNull(),
    candleCount: integer("candle_count").notNull(),
    firstOpenAt: integer("first_open_at", { mode: "timestamp_ms" }).notNull(),
    lastCloseAt: integer("last_close_at", { mode: "timestamp_ms" }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("market_datasets_instrument_idx").on(t.instrumentId)],
);

/** A candle of a dataset; `seq` numbers them in time order from 0, which is how a replay steps. */
export const candles = sqliteTable(
  "candles",
  {
    datasetId: integer("dataset_id")
      .notNull()
      .references(() => marketDatasets.id, { onDelete: "cascade" }),
    seq: integer("seq").notNull(),
    openAt: integer("open_at", { mode: "timestamp_ms" }).notNull(),
    closeAt: integer("close_at", { mode: "timestamp_ms" }).notNull(),
    open: integer("open").notNull(),
    high: integer("high").notNull(),
    low: integer("low").notNull(),
    close: integer("close").notNull(),
    volume: integer("volume").notNull(),
  },
  (t) => [primaryKey({ columns: [t.datasetId, t.seq] }), index("candles_dataset_close_idx").on(t.datasetId, t.closeAt)],
);

/** A setup a course teaches (a breakout, a pullback to a level…): what a paper trade says it followed. */
export const tradeSetups = sqliteTable(
  "trade_setups",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    courseId: integer("course_id")
      .notNull()
      .references(() => courses.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    position: integer("position").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("trade_setups_course_idx").on(t.courseId, t.position)],
);

/**
 * A replay a lesson or a live session offers: a dataset from a chosen candle.
 * Blind (the default) hides the instrument and the dates until a student's
 * replay ends; an open one shows them, for teaching.
 */
export const replayExercises = sqliteTable(
  "replay_exercises",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    courseId: integer("course_id")
      .notNull()
      .references(() => courses.id, { onDelete: "cascade" }),
    lessonId: integer("lesson_id").references(() => lessons.id, { onDelete: "cascade" }),
    batchSessionId: integer("batch_session_id").references(() => batchSessions.id, { onDelete: "cascade" }),
    datasetId: integer("dataset_id")
      .notNull()
      .references(() => marketDatasets.id, { onDelete: "restrict" }),
    title: text("title").notNull(),
    /** The first candle the student steps onto; the `historyCandles` before it show as context. */
    startSeq: integer("start_seq").notNull(),
    historyCandles: integer("history_candles").notNull().default(60),
    isBlind: flag("is_blind", true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("replay_exercises_course_idx").on(t.courseId),
    index("replay_exercises_lesson_idx").on(t.lessonId),
    index("replay_exercises_session_idx").on(t.batchSessionId),
  ],
);

/** A student's run through an exercise: the candles up to `revealedSeq` are theirs to see; the rest the server keeps. */
export const replays = sqliteTable(
  "replays",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    exerciseId: integer("exercise_id")
      .notNull()
      .references(() => replayExercises.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    revealedSeq: integer("revealed_seq").notNull(),
    endedAt: integer("ended_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("replays_user_idx").on(t.userId, t.createdAt),
    // One replay of an exercise open at a time per student; an ended one may be followed by another.
    uniqueIndex("replays_open_uq")
      .on(t.exerciseId, t.userId)
      .where(sql`${t.endedAt} IS NULL`),
  ],
);

/** A paper trade in a replay: entered at a revealed candle's close, closed by its stop, target, the student or the replay's end. */
export const paperTrades = sqliteTable(
  "paper_trades",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    replayId: integer("replay_id")
      .notNull()
      .references(() => replays.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    setupId: integer("setup_id").references(() => tradeSetups.id, { onDelete: "set null" }),
    side: text("side", { enum: TRADE_SIDES }).notNull(),
    quantity: integer("quantity").notNull(),
    entrySeq: integer("entry_seq").notNull(),
    entryPrice: integer("entry_price").notNull(),
    stopLoss: integer("stop_loss"),
    target: integer("target"),
    reason: text("reason").notNull(),
    exitSeq: integer("exit_seq"),
    exitPrice: integer("exit_price"),
    exitReason: text("exit_reason", { enum: TRADE_EXITS }),
    /** Profit (negative: loss) in paise, rounded once at the close. */
    pnlPaise: integer("pnl_paise"),
    /** The student's journal notes on the trade. */
    notes: text("notes").notNull().default(""),
    createdAt: createdAt(),
    closedAt: integer("closed_at", { mode: "timestamp_ms" }),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("paper_trades_replay_idx").on(t.replayId, t.entrySeq),
    index("paper_trades_user_idx").on(t.userId, t.createdAt),
    check("paper_trades_quantity_range", sql`${t.quantity} BETWEEN 1 AND 1000000`),
  ],
);

/** A mentor's comment on a trade in a student's journal. */
export const journalComments = sqliteTable(
  "journal_comments",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    tradeId: integer("trade_id")
      .notNull()
      .references(() => paperTrades.id, { onDelete: "cascade" }),
    adminId: integer("admin_id").references(() => admins.id, { onDelete: "set null" }),
    /** The name the student sees: the mentor's public name, kept as written. */
    authorName: text("author_name").notNull(),
    body: text("body").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("journal_comments_trade_idx").on(t.tradeId, t.createdAt)],
);
