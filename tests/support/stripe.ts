import { randomBytes } from "node:crypto";
import Stripe from "stripe";

// The real `stripe` SDK pointed at the fake Stripe server (tests/fixtures/fake-stripe.ts),
// that server's control API, and signed webhook bodies.

export const TEST_STRIPE_SECRET_KEY = "sk_test_e2e_secret_key";
export const TEST_STRIPE_WEBHOOK_SECRET = "whsec_e2e_webhook_signing_secret";

/** The site's environment for card payments against the fake Stripe server at `url`. */
export function stripeEnv(url: string): Record<string, string> {
  return {
    STRIPE_SECRET_KEY: TEST_STRIPE_SECRET_KEY,
    STRIPE_PUBLISHABLE_KEY: "pk_test_e2e_publishable_key",
    STRIPE_WEBHOOK_SECRET: TEST_STRIPE_WEBHOOK_SECRET,
    STRIPE_API_URL: url,
  };
}

/** The real Stripe SDK, talking to the fake Stripe server at `url`. */
export function stripeClientFor(url: string): Stripe {
  const parsed = new URL(url);
  return new Stripe(TEST_STRIPE_SECRET_KEY, {
    host: parsed.hostname,
    port: Number(parsed.port),
    protocol: parsed.protocol === "https:" ? "https" : "http",
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

/** The fake Stripe server's test control API (rules per student, recorded events). */
export function fakeStripeControl(url: string) {
  async function control<T>(method: string, path: string, body?: unknown): Promise<T> {
    const response = await fetch(`${url}${path}`, {
      method,
      headers: body === undefined ? {} : { "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`fake Stripe ${method} ${path}: ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  }
  return {
    /** Sets the student's rule (replacing any earlier one): failing creates, no webhooks, a delay. */
    setRule: (rule: FakeStripeRule) => control<FakeStripeRule>("POST", "/__fake/rules", rule),
    clearRule: (userId: string) => control<{ deleted: boolean }>("DELETE", `/__fake/rules/${encodeURIComponent(userId)}`),
    /** Webhooks for this student's payments are recorded but not sent (so the API path must enroll). */
    suppressWebhooks: (userId: string) => control<FakeStripeRule>("POST", "/__fake/rules", { userId, deliverWebhooks: false }),
    events: async (filter: { paymentIntent?: string; type?: string } = {}) => {
      const query = new URLSearchParams();
      if (filter.paymentIntent) query.set("payment_intent", filter.paymentIntent);
      if (filter.type) query.set("type", filter.type);
      return (await control<{ data: FakeStripeEvent[] }>("GET", `/__fake/events?${query}`)).data;
    },
    /** POSTs a recorded event to the app's webhook again; answers the app's status. */
    resend: (eventId: string) => control<{ status: number | null; error: string | null }>("POST", `/__fake/events/${eventId}/resend`),
    /** Marks a PaymentIntent paid (as if the student paid with pm_card_visa). */
    succeed: (paymentIntentId: string) => control<unknown>("POST", `/__fake/payment_intents/${paymentIntentId}/succeed`),
  };
}

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
export function webhookHeaders(payload: string, secret = TEST_STRIPE_WEBHOOK_SECRET): Record<string, string> {
  return {
    "content-type": "application/json; charset=utf-8",
    "stripe-signature": new Stripe(TEST_STRIPE_SECRET_KEY).webhooks.generateTestHeaderString({ payload, secret }),
  };
}
