import { stripeEventPayload } from "../support/stripe";
import {
  describe,
  expect,
  type HttpResponse,
  insertEvent,
  makeEnrollmentForm,
  queryTestDatabase,
  studentClient,
  test,
} from "./support/test";

// The checkout's JSON endpoints on a site without Stripe keys (the default for
// a fresh install): they refuse with 503 and store nothing.

const CREATE_INTENT = "/api/create-payment-intent";
const WEBHOOK = "/api/stripe/webhook";
const PAYMENTS_OFF =
  "Online payment (UPI, cards and netbanking) is not set up on this site yet. Message us on WhatsApp and our team will help you enroll.";

async function jsonOf(response: HttpResponse, status: number) {
  expect(response.status(), await response.text()).toBe(status);
  expect(response.headers()["content-type"]).toMatch(/^application\/json/);
  expect(response.headers()["cache-control"]).toBe("no-store");
  return response.json();
}

describe("POST /api/create-payment-intent", () => {
  test("503 on a site without Stripe keys (no Stripe keys configured), and nothing stored", async () => {
    const [course] = queryTestDatabase<{ id: number }>(
      "SELECT id FROM courses WHERE is_active = 1 AND price_paise > 0 ORDER BY id LIMIT 1",
    );
    if (!course) throw new Error("the seed has no paid course");

    const { client: request, student } = await studentClient();
    try {
      const response = await request.post(CREATE_INTENT, { data: { courseId: course.id } });
      expect(await jsonOf(response, 503)).toEqual({ message: PAYMENTS_OFF });
      const webhook = await request.post(WEBHOOK, { data: Buffer.from(stripeEventPayload("payment_intent.succeeded", {})) });
      expect(await jsonOf(webhook, 503)).toEqual({ message: "Payments are not configured." });
      const razorpayWebhook = await request.post("/api/razorpay/webhook", {
        data: '{"event":"payment.captured"}',
        headers: { "Content-Type": "application/json", "X-Razorpay-Signature": "0".repeat(64), "X-Razorpay-Event-Id": "evt_1" },
      });
      expect(await jsonOf(razorpayWebhook, 503)).toEqual({ message: "Payments are not configured." });
    } finally {
      await request.dispose();
    }
    expect(queryTestDatabase("SELECT id FROM orders WHERE user_id = ?", student.id)).toEqual([]);
  });
});

describe("a paid event while payments are off", () => {
  test("its register dialog offers WhatsApp, not Pay, and its checkout says online payment is not available (503)", async () => {
    const event = insertEvent("Paid payments off", { pricePaise: 49_900 });
    const { client, student } = await studentClient();
    const dialog = (await (await client.get(`/events/${event.id}/register`)).text()).replaceAll("<!-- -->", "");
    expect(dialog).toContain("Online payment is not available yet: message us on WhatsApp and we will book your seat.");
    expect(dialog).toContain("Book on WhatsApp");
    expect(dialog).not.toContain("/checkout?eventId=");
    const form = makeEnrollmentForm(student.id, event.id, undefined, "event");
    const checkout = await client.get(`/checkout?eventId=${event.id}&form=${form}`);
    expect(checkout.status()).toBe(503);
    expect(await checkout.text()).toContain("Online payment is not available yet");
  });
});
