// POST /api/stripe/webhook in process: what each configuration and each
// hostile body gets. The signature is Stripe's own (the SDK's test header).
import type { ActionFunctionArgs } from "@remix-run/node";
import Stripe from "stripe";
import { afterAll, describe, expect, it, vi } from "vitest";
import { courses, orders, users } from "../../../db/schema";
import { db } from "~/utils/db.server";

const SECRET_KEY = "sk_test_webhook_route_0123456789";
const WEBHOOK_SECRET = "whsec_webhook_route_0123456789";
const STRIPE_KEYS = ["STRIPE_SECRET_KEY", "STRIPE_PUBLISHABLE_KEY", "STRIPE_WEBHOOK_SECRET", "STRIPE_API_URL"] as const;
const signer = new Stripe(SECRET_KEY);

/** The route as a server with these keys would load it (env and the Stripe client are read once). */
async function routeWith(env: Partial<Record<(typeof STRIPE_KEYS)[number], string>>) {
  for (const key of STRIPE_KEYS) {
    if (env[key] === undefined) delete process.env[key];
    else process.env[key] = env[key];
  }
  vi.resetModules();
  return import("./stripe.webhook");
}

const configured = () =>
  routeWith({
    STRIPE_SECRET_KEY: SECRET_KEY,
    STRIPE_PUBLISHABLE_KEY: "pk_test_webhook_route",
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    // Nothing here calls Stripe; a closed port makes sure of it.
    STRIPE_API_URL: "http://127.0.0.1:9",
  });

afterAll(() => {
  for (const key of STRIPE_KEYS) delete process.env[key];
});

async function post(
  route: Awaited<ReturnType<typeof routeWith>>,
  body: string,
  signature: string | null = signer.webhooks.generateTestHeaderString({ payload: body, secret: WEBHOOK_SECRET }),
) {
  const request = new Request("http://localhost/api/stripe/webhook", {
    method: "POST",
    headers: signature === null ? {} : { "Stripe-Signature": signature },
    body,
  });
  const response = await route.action({ request, params: {}, context: {} } satisfies ActionFunctionArgs);
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

let serial = 0;
const event = (type: string, object: Record<string, unknown>) =>
  JSON.stringify({ id: `evt_route_${++serial}`, object: "event", type, created: Math.floor(Date.now() / 1000), data: { object } });

const enrollmentCount = () => db.select({ id: orders.id }).from(orders).all().length;

describe("POST /api/stripe/webhook", () => {
  it("answers 503 when payments are off, and when Stripe is on without a webhook signing secret", async () => {
    const off = await routeWith({});
    expect(await post(off, event("payment_intent.succeeded", {}))).toEqual({
      status: 503,
      body: { message: "Payments are not configured." },
    });

    const noSecret = await routeWith({ STRIPE_SECRET_KEY: SECRET_KEY, STRIPE_PUBLISHABLE_KEY: "pk_test_webhook_route" });
    expect(await post(noSecret, event("payment_intent.succeeded", {}))).toEqual({
      status: 503,
      body: { message: "Stripe webhooks are not configured on this site." },
    });
  });

  it("refuses a missing or wrong signature, and a signed body that is no event, with 400", async () => {
    const route = await configured();
    const body = event("payment_intent.succeeded", {});
    expect((await post(route, body, null)).status).toBe(400);
    expect((await post(route, body, `t=${Math.floor(Date.now() / 1000)},v1=${"0".repeat(64)}`)).status).toBe(400);
    for (const garbage of [
      "not json {",
      "null",
      "[]",
      "7",
      JSON.stringify({ id: "evt_x", type: "charge.refunded", data: { object: {} } }),
    ]) {
      expect(await post(route, garbage)).toEqual({ status: 400, body: { message: "Unexpected event payload." } });
    }
  });

  it("acknowledges a signed payment naming a student, course, coupon or form that does not exist, storing nothing", async () => {
    const route = await configured();
    const student = db.insert(users).values({ email: "webhook-route@example.com", firstName: "Anil" }).returning().get();
    const course = db
      .insert(courses)
      .values({ title: "Webhook course", shortDescription: "s", description: "d", duration: "1 week", pricePaise: 100_000 })
      .returning()
      .get();
    const before = enrollmentCount();
    const paid = (metadata: Record<string, string>) =>
      event("payment_intent.succeeded", {
        id: `pi_route_${serial}`,
        object: "payment_intent",
        status: "succeeded",
        amount: 100_000,
        currency: "inr",
        metadata: { flow: "card", couponId: "", enrollmentFormId: "", ...metadata },
      });
    for (const metadata of <Record<string, string>[]>[
      { userId: "no-such-student", courseId: String(course.id) },
      { userId: student.id, courseId: "987654" },
      { userId: student.id, courseId: "99999999999999999999" },
      { userId: student.id, courseId: String(course.id), couponId: "424242" },
      { userId: student.id, courseId: String(course.id), enrollmentFormId: "434343" },
    ]) {
      expect(await post(route, paid(metadata))).toEqual({ status: 200, body: { received: true } });
    }
    expect(enrollmentCount()).toBe(before);
  });
});
