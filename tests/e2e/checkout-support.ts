import { randomBytes, randomUUID } from "node:crypto";
import type { APIRequestContext, PlaywrightWorkerArgs } from "@playwright/test";
import Stripe from "stripe";
import { ANALYTICS_BASE_URL, FAKE_STRIPE_URL, STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET } from "../../playwright.config";
import { createStudent, plantSession, withDatabase, type Student } from "./fixtures";

// Checkout test helpers: rows a test arranges and reads back, the
// real `stripe` SDK pointed at the fake Stripe server (tests/fixtures/fake-stripe.ts),
// and that server's control API. Shared by api-checkout.spec.ts and checkout.spec.ts.

// ---- rows -------------------------------------------------------------------

export type TestCourse = { id: number; title: string; pricePaise: number };

/** A course of the test's own (unique title), so parallel tests never share orders or prices. */
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

export type TestCoupon = { id: number; code: string; percentOff: number };

/** A coupon of the test's own (a fresh upper-case code unless one is given). `expiresAt` is a Date. */
export function makeCoupon(options: {
  percentOff: number;
  code?: string;
  isActive?: boolean;
  expiresAt?: Date | null;
  maxRedemptions?: number | null;
  redemptionCount?: number;
}): TestCoupon {
  const code = options.code ?? `TEST${randomUUID().replaceAll("-", "").slice(0, 10).toUpperCase()}`;
  const id = withDatabase((database) =>
    Number(
      database
        .prepare(
          `INSERT INTO coupons (code, percent_off, is_active, expires_at, max_redemptions, redemption_count)
           VALUES (?, ?, ?, ?, ?, ?)`,
        )
        .run(
          code,
          options.percentOff,
          options.isActive === false ? 0 : 1,
          options.expiresAt ? options.expiresAt.getTime() : null,
          options.maxRedemptions ?? null,
          options.redemptionCount ?? 0,
        ).lastInsertRowid,
    ),
  );
  return { id, code, percentOff: options.percentOff };
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
  payment_status: "pending" | "completed" | "failed" | "refunded";
  payment_intent_id: string | null;
  checkout_session_id: string | null;
  amount_paise: number;
  coupon_id: number | null;
  enrollment_form_id: number | null;
};

/** The student's orders (enrollments rows), oldest first, optionally for one course. */
export function ordersOf(userId: string, courseId?: number): StoredOrder[] {
  return withDatabase(
    (database) =>
      database
        .prepare(
          `SELECT id, user_id, course_id, payment_status, payment_intent_id, checkout_session_id, amount_paise, coupon_id,
                  enrollment_form_id
           FROM enrollments WHERE user_id = ? ${courseId === undefined ? "" : "AND course_id = ?"} ORDER BY id`,
        )
        .all(...(courseId === undefined ? [userId] : [userId, courseId])) as StoredOrder[],
  );
}

/** An enrollment the student already paid for (a completed order). */
export function addCompletedEnrollment(userId: string, courseId: number, amountPaise = 0): number {
  return withDatabase((database) =>
    Number(
      database
        .prepare("INSERT INTO enrollments (user_id, course_id, payment_status, amount_paise) VALUES (?, ?, 'completed', ?)")
        .run(userId, courseId, amountPaise).lastInsertRowid,
    ),
  );
}

/** The student's enrollment information form for a course, as the checkout's first step saves it. */
export function makeEnrollmentForm(userId: string, courseId: number): number {
  return withDatabase((database) =>
    Number(
      database
        .prepare(
          `INSERT INTO enrollment_forms (user_id, name, whatsapp_number, state, city, experience_level, course_or_event_id,
                                         course_or_event_type, source_of_lead)
           VALUES (?, 'Priya Sharma', '9876543210', 'Gujarat', 'Ahmedabad', 'Beginner', ?, 'course', 'Website')`,
        )
        .run(userId, courseId).lastInsertRowid,
    ),
  );
}

export function enrollmentFormPayment(formId: number): { payment_status: string; payment_intent_id: string | null } {
  return withDatabase(
    (database) =>
      database.prepare("SELECT payment_status, payment_intent_id FROM enrollment_forms WHERE id = ?").get(formId) as {
        payment_status: string;
        payment_intent_id: string | null;
      },
  );
}

// ---- Stripe (the fake server) -------------------------------------------------

/** The real Stripe SDK, talking to the fake Stripe server the test app uses. */
export function stripeClient(): Stripe {
  const url = new URL(FAKE_STRIPE_URL);
  return new Stripe(STRIPE_SECRET_KEY, {
    host: url.hostname,
    port: Number(url.port),
    protocol: url.protocol === "https:" ? "https" : "http",
    maxNetworkRetries: 0,
  });
}

export type FakeStripeRule = {
  userId: string;
  failCreate?: { status: number; message: string };
  deliverWebhooks?: boolean;
  delayMs?: number;
};

export type FakeStripeEvent = {
  id: string;
  type: string;
  objectId: string;
  suppressed: boolean;
  deliveredStatus: number | null;
  deliveryError: string | null;
  deliveries: number;
};

async function fakeControl<T>(method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${FAKE_STRIPE_URL}${path}`, {
    method,
    headers: body === undefined ? {} : { "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`fake Stripe ${method} ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** The fake Stripe server's test control API (rules per student, recorded events). */
export const fakeStripe = {
  /** Sets the student's rule (replacing any earlier one): failing creates, no webhooks, a delay. */
  setRule: (rule: FakeStripeRule) => fakeControl<FakeStripeRule>("POST", "/__fake/rules", rule),
  clearRule: (userId: string) => fakeControl<{ deleted: boolean }>("DELETE", `/__fake/rules/${encodeURIComponent(userId)}`),
  /** Webhooks for this student's payments are recorded but not sent (so the API path must enroll). */
  suppressWebhooks: (userId: string) => fakeControl<FakeStripeRule>("POST", "/__fake/rules", { userId, deliverWebhooks: false }),
  events: async (filter: { paymentIntent?: string; type?: string } = {}) => {
    const query = new URLSearchParams();
    if (filter.paymentIntent) query.set("payment_intent", filter.paymentIntent);
    if (filter.type) query.set("type", filter.type);
    return (await fakeControl<{ data: FakeStripeEvent[] }>("GET", `/__fake/events?${query}`)).data;
  },
  /** POSTs a recorded event to the app's webhook again; answers the app's status. */
  resend: (eventId: string) => fakeControl<{ status: number | null; error: string | null }>("POST", `/__fake/events/${eventId}/resend`),
  /** Marks a PaymentIntent paid (as if the student paid with pm_card_visa). */
  succeed: (paymentIntentId: string) => fakeControl<unknown>("POST", `/__fake/payment_intents/${paymentIntentId}/succeed`),
};

/** A Stripe event's JSON body as Stripe would POST it, around the given object. */
export function stripeEventPayload(type: string, object: unknown): string {
  return JSON.stringify(
    {
      id: `evt_test_${randomBytes(12).toString("hex")}`,
      object: "event",
      type,
      api_version: Stripe.API_VERSION,
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      data: { object },
    },
    null,
    2,
  );
}

/** Headers for POST /api/stripe/webhook, signed with Stripe's own helper (the app's secret unless another is given). */
export function webhookHeaders(payload: string, secret = STRIPE_WEBHOOK_SECRET): Record<string, string> {
  return {
    "content-type": "application/json; charset=utf-8",
    "stripe-signature": stripeClient().webhooks.generateTestHeaderString({ payload, secret }),
  };
}

// ---- signing in on either test server ------------------------------------------

/** The database behind a test server (`data/e2e-<port>.db`, as playwright.config.ts starts it). */
export function databasePathFor(baseURL: string): string {
  return `data/e2e-${new URL(baseURL).port}.db`;
}

/** The second test server (payments off). */
export const PAYMENTS_OFF_BASE_URL = ANALYTICS_BASE_URL;

/**
 * A request context signed in as a fresh student (or the one given) on any
 * test server: the user and session rows go straight into that server's
 * database. Dispose it after.
 */
export async function studentRequestOn(
  playwright: PlaywrightWorkerArgs["playwright"],
  baseURL: string,
  student?: Student,
): Promise<{ request: APIRequestContext; student: Student }> {
  const databasePath = databasePathFor(baseURL);
  const account = student ?? (await createStudent({ firstName: "Arjun", lastName: "Mehta" }, databasePath));
  const { name, value } = await plantSession(account, databasePath);
  const request = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { Cookie: `${name}=${value}` } });
  return { request, student: account };
}
