import { randomUUID } from "node:crypto";
import type { Student } from "./accounts";
import { withDatabase } from "./database";

// Rows a test arranges and reads back: courses, coupons, orders, enrollment
// forms, events and registrations of the test's own (unique titles and codes),
// so tests sharing a database never see each other's rows.

const DAY_MS = 24 * 60 * 60 * 1000;

export type TestCourse = { id: number; title: string; pricePaise: number };

export function makeCourse(options: { pricePaise: number; isActive?: boolean; title?: string; databasePath?: string }): TestCourse {
  const title = options.title ?? `Checkout Test Course ${randomUUID().slice(0, 8)}`;
  const id = withDatabase(
    (database) =>
      Number(
        database
          .prepare(
            `INSERT INTO courses (title, short_description, description, duration, price_paise, is_active)
           VALUES (?, ?, ?, ?, ?, ?)`,
          )
          .run(
            title,
            "A course made by a checkout test.",
            "Made by a checkout test.",
            "4 weeks",
            options.pricePaise,
            options.isActive === false ? 0 : 1,
          ).lastInsertRowid,
      ),
    options.databasePath,
  );
  return { id, title, pricePaise: options.pricePaise };
}

export type TestCoupon = { id: number; code: string; percentOff: number | null };

/**
 * A coupon of the test's own (a fresh upper-case code unless one is given). `expiresAt` is a Date.
 * A percent coupon by default; with `amountOffPaise`, an amount coupon. `courseIds` limits it to those courses
 * (`eventIds`, `batchIds` to those events or batches).
 */
export function makeCoupon(
  options: {
    code?: string;
    isActive?: boolean;
    expiresAt?: Date | null;
    maxRedemptions?: number | null;
    redemptionCount?: number;
    minOrderPaise?: number | null;
    perStudentLimit?: number | null;
    courseIds?: number[];
    eventIds?: number[];
    batchIds?: number[];
  } & ({ percentOff: number } | { amountOffPaise: number }),
): TestCoupon {
  const code = options.code ?? `TEST${randomUUID().replaceAll("-", "").slice(0, 10).toUpperCase()}`;
  const percentOff = "percentOff" in options ? options.percentOff : null;
  const id = withDatabase((database) => {
    const couponId = Number(
      database
        .prepare(
          `INSERT INTO coupons (code, kind, percent_off, amount_off_paise, is_active, expires_at, max_redemptions, redemption_count,
             min_order_paise, per_student_limit)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        )
        .run(
          code,
          percentOff === null ? "amount" : "percent",
          percentOff,
          "amountOffPaise" in options ? options.amountOffPaise : null,
          options.isActive === false ? 0 : 1,
          options.expiresAt ? options.expiresAt.getTime() : null,
          options.maxRedemptions ?? null,
          options.redemptionCount ?? 0,
          options.minOrderPaise ?? null,
          options.perStudentLimit ?? null,
        ).lastInsertRowid,
    );
    for (const courseId of options.courseIds ?? [])
      database.prepare("INSERT INTO coupon_targets (coupon_id, target_type, target_id) VALUES (?, 'course', ?)").run(couponId, courseId);
    for (const eventId of options.eventIds ?? [])
      database.prepare("INSERT INTO coupon_targets (coupon_id, target_type, target_id) VALUES (?, 'event', ?)").run(couponId, eventId);
    for (const batchId of options.batchIds ?? [])
      database.prepare("INSERT INTO coupon_targets (coupon_id, target_type, target_id) VALUES (?, 'batch', ?)").run(couponId, batchId);
    return couponId;
  });
  return { id, code, percentOff };
}

/** How many times the coupon has been redeemed (counted when a payment succeeds). */
export function couponRedemptions(couponId: number): number {
  return withDatabase(
    (database) => (database.prepare("SELECT redemption_count AS n FROM coupons WHERE id = ?").get(couponId) as { n: number }).n,
  );
}

export type StoredOrder = {
  id: number;
  user_id: string;
  course_id: number;
  payment_status: "pending" | "completed" | "failed" | "refunded" | "revoked";
  payment_intent_id: string | null;
  checkout_session_id: string | null;
  amount_paise: number;
  coupon_id: number | null;
  enrollment_form_id: number | null;
};

/**
 * The student's orders, oldest first, optionally for one course; a Stripe
 * order's ids in Stripe's words (its PaymentIntent, its hosted Checkout
 * Session), as the Stripe tests speak of them.
 */
export function ordersOf(userId: string, courseId?: number, databasePath?: string): StoredOrder[] {
  return withDatabase(
    (database) =>
      database
        .prepare(
          `SELECT id, user_id, course_id, payment_status,
                  CASE WHEN provider = 'stripe' THEN provider_payment_id END AS payment_intent_id,
                  CASE WHEN provider = 'stripe' AND substr(provider_order_id, 1, 3) = 'cs_' THEN provider_order_id END AS checkout_session_id,
                  amount_paise, coupon_id, enrollment_form_id
           FROM orders WHERE user_id = ? ${courseId === undefined ? "" : "AND course_id = ?"} ORDER BY id`,
        )
        .all(...(courseId === undefined ? [userId] : [userId, courseId])) as StoredOrder[],
    databasePath,
  );
}

/** An enrollment the student already paid for (a completed order). */
export function addCompletedEnrollment(userId: string, courseId: number, amountPaise = 0): number {
  return withDatabase((database) =>
    Number(
      database
        .prepare("INSERT INTO orders (user_id, course_id, payment_status, amount_paise) VALUES (?, ?, 'completed', ?)")
        .run(userId, courseId, amountPaise).lastInsertRowid,
    ),
  );
}

/** A saved enrollment form for a course (or, with `type`, a paid event), as checkout's first step stores it. */
export function makeEnrollmentForm(userId: string, courseId: number, databasePath?: string, type: "course" | "event" = "course"): number {
  return withDatabase(
    (database) =>
      Number(
        database
          .prepare(
            `INSERT INTO enrollment_forms (user_id, name, whatsapp_number, state, city, experience_level, course_or_event_id,
                                         course_or_event_type, source_of_lead)
           VALUES (?, 'Priya Sharma', '9876543210', 'Gujarat', 'Ahmedabad', 'Beginner', ?, ?, 'Website')`,
          )
          .run(userId, courseId, type).lastInsertRowid,
      ),
    databasePath,
  );
}

export function enrollmentFormPayment(formId: number): { payment_status: string; payment_intent_id: string | null } {
  return withDatabase(
    (database) =>
      // As the admin's list of forms shows it: the latest order made with the form.
      database
        .prepare(
          `SELECT coalesce(latest.payment_status, 'pending') AS payment_status,
                  CASE WHEN latest.provider = 'stripe' THEN latest.provider_payment_id END AS payment_intent_id
           FROM enrollment_forms f
           LEFT JOIN orders latest ON latest.id = (SELECT max(id) FROM orders WHERE enrollment_form_id = f.id)
           WHERE f.id = ?`,
        )
        .get(formId) as {
        payment_status: string;
        payment_intent_id: string | null;
      },
  );
}

// ---- events ------------------------------------------------------------------

export type StoredRegistration = { id: number; user_id: string; name: string; email: string; phone: string };
export type TestEvent = { id: number; title: string };
export type EventOptions = {
  /** The event's exact title; by default one made from the label, unique to the call. */
  title?: string;
  maxParticipants?: number | null;
  startsIn?: number;
  isActive?: boolean;
  pricePaise?: number;
  /** Another site's database (the Razorpay server's, say); the test's own by default. */
  databasePath?: string;
};

/**
 * An event of the test's own (a seat limit, or a start to move), a year and more
 * ahead unless told otherwise, so it never enters this week, this month or the
 * home page's first three.
 */
export function insertEvent(label: string, options: EventOptions = {}): TestEvent {
  const title = options.title ?? `E2E ${label} ${randomUUID().slice(0, 8)}`;
  const startsAt = Date.now() + (options.startsIn ?? 400 * DAY_MS + Math.floor(Math.random() * 100) * DAY_MS);
  const id = withDatabase(
    (database) =>
      Number(
        database
          .prepare(
            `INSERT INTO events (title, description, event_type, event_date, duration_minutes, max_participants, price_paise, is_active)
           VALUES (?, 'An event made by the registration tests.', 'webinar', ?, 60, ?, ?, ?)`,
          )
          .run(title, startsAt, options.maxParticipants ?? null, options.pricePaise ?? 0, options.isActive === false ? 0 : 1)
          .lastInsertRowid,
      ),
    options.databasePath,
  );
  return { id, title };
}

export type MakeEvent = (label: string, options?: EventOptions) => TestEvent;

/** A test fixture's body: hands the test `makeEvent`, then deletes what it made (registrations too). */
export async function provideMakeEvent(use: (makeEvent: MakeEvent) => Promise<void>) {
  const made: number[] = [];
  await use((label, options) => {
    const event = insertEvent(label, options);
    made.push(event.id);
    return event;
  });
  deleteEvents(made);
}

function deleteEvents(ids: number[]) {
  withDatabase((database) => {
    for (const id of ids) {
      database.prepare("DELETE FROM event_registrations WHERE event_id = ?").run(id);
      // An event with orders stays (orders and their tax records are kept), withdrawn.
      const ordered = database.prepare("SELECT 1 FROM orders WHERE event_id = ?").get(id);
      if (ordered) database.prepare("UPDATE events SET is_active = 0 WHERE id = ?").run(id);
      else database.prepare("DELETE FROM events WHERE id = ?").run(id);
    }
  });
}

export function addRegistration(eventId: number, student: Student) {
  withDatabase((database) =>
    database
      .prepare("INSERT INTO event_registrations (event_id, user_id, name, email, phone) VALUES (?, ?, ?, ?, ?)")
      .run(eventId, student.id, `${student.firstName} ${student.lastName}`, student.email, "9876543210"),
  );
}

/** What is stored for the event, optionally for one student only, in order. */
export function storedRegistrations(eventId: number, userId?: string): StoredRegistration[] {
  return withDatabase(
    (database) =>
      database
        .prepare(
          `SELECT id, user_id, name, email, phone FROM event_registrations
           WHERE event_id = ? ${userId ? "AND user_id = ?" : ""} ORDER BY id`,
        )
        .all(...(userId ? [eventId, userId] : [eventId])) as StoredRegistration[],
  );
}

export function moveEventStart(eventId: number, startsAt: number) {
  withDatabase((database) => database.prepare("UPDATE events SET event_date = ? WHERE id = ?").run(startsAt, eventId));
}

/**
 * Makes every registration by this student fail to store (an SQLite trigger
 * aborts the insert), to see how an unexpected failure is answered; undo with
 * the returned function.
 */
export function failRegistrationsOf(student: Student): () => void {
  const trigger = `e2e_fail_registration_${student.id.replace(/-/g, "_")}`;
  withDatabase((database) =>
    database.exec(
      `CREATE TRIGGER ${trigger} BEFORE INSERT ON event_registrations WHEN NEW.user_id = '${student.id}'
       BEGIN SELECT RAISE(ABORT, 'e2e: the store is failing'); END`,
    ),
  );
  return () => withDatabase((database) => database.exec(`DROP TRIGGER IF EXISTS ${trigger}`));
}

// ---- seed events as the API lists them -----------------------------------------

export type ApiEvent = {
  id: number;
  title: string;
  eventType: string;
  eventDate: string;
  maxParticipants: number | null;
  price: string;
};

/** Playwright's request context or the in-process client: both answer GETs alike. */
type JsonClient = { get(path: string): Promise<{ status(): number; json(): Promise<unknown> }> };

async function listedEvents(client: JsonClient): Promise<ApiEvent[]> {
  const response = await client.get("/api/events");
  if (response.status() !== 200) throw new Error(`GET /api/events answered ${response.status()}`);
  return (await response.json()) as ApiEvent[];
}

/** Free active seed events (db/seed.ts) that start a day or more from now with no seat limit. */
export async function openSeedEvents(client: JsonClient): Promise<ApiEvent[]> {
  const open = (await listedEvents(client)).filter(
    (event) => Date.parse(event.eventDate) > Date.now() + DAY_MS && event.maxParticipants === null && Number(event.price) === 0,
  );
  if (open.length === 0) throw new Error("The seed has no free upcoming event without a seat limit.");
  return open;
}

/** A seed event whose start has passed (still active and listed). */
export async function pastSeedEvent(client: JsonClient): Promise<ApiEvent> {
  const past = (await listedEvents(client)).find((event) => Date.parse(event.eventDate) < Date.now());
  if (!past) throw new Error("The seed has no past event.");
  return past;
}

// ---- what visitors post ------------------------------------------------------

/** A contact message a visitor could send, carrying a marker that identifies the request. */
export function contactFields(marker: string) {
  return {
    name: "Asha Verma",
    email: "asha.verma@example.test",
    phone: "9876543210",
    subject: `Batch timings ${marker}`,
    message: `Please share the next batch dates. Reference ${marker}.`,
    consent: "on",
  };
}

/** An event registration's form fields, unique to `index`. */
export function registrationFields(index: number) {
  return {
    name: `Student ${index}`,
    email: `student${index}@example.test`,
    phone: `98765${String(index).padStart(5, "0")}`,
    consent: "on",
  };
}

/** The first active course with a price, from the demo content. */
export function firstPaidCourse(databasePath?: string): number {
  return withDatabase(
    (database) =>
      (database.prepare("SELECT id FROM courses WHERE is_active = 1 AND price_paise > 0 ORDER BY id LIMIT 1").get() as { id: number }).id,
    databasePath,
  );
}
