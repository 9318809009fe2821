import { webhookSignature, type FakeRazorpayEvent } from "../fixtures/fake-razorpay";

// The keys the tests give the site and the fake Razorpay server
// (tests/fixtures/fake-razorpay.ts), that server's control API, and signed webhook bodies.

export const TEST_RAZORPAY_KEY_ID = "rzp_test_e2eKeyId0001";
export const TEST_RAZORPAY_KEY_SECRET = "e2e_razorpay_key_secret";
export const TEST_RAZORPAY_WEBHOOK_SECRET = "e2e_razorpay_webhook_secret";

/** The site's environment for Razorpay against the fake at `url`. */
export function razorpayEnv(url: string): Record<string, string> {
  return {
    PAYMENTS_PROVIDER: "razorpay",
    RAZORPAY_KEY_ID: TEST_RAZORPAY_KEY_ID,
    RAZORPAY_KEY_SECRET: TEST_RAZORPAY_KEY_SECRET,
    RAZORPAY_WEBHOOK_SECRET: TEST_RAZORPAY_WEBHOOK_SECRET,
    RAZORPAY_API_URL: url,
  };
}

/** The fake Razorpay server's test control API. */
export function fakeRazorpayControl(url: string) {
  async function control<T>(method: string, path: string, body?: unknown): Promise<T> {
    const response = await fetch(`${url}${path}`, {
      method,
      headers: body === undefined ? {} : { "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`fake Razorpay ${method} ${path}: ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  }
  return {
    /** Webhooks for this student's orders are recorded but not sent. */
    suppressWebhooks: (userId: string) => control<unknown>("POST", "/__fake/rules", { userId, deliverWebhooks: false }),
    events: async (filter: { orderId?: string; type?: string } = {}) => {
      const query = new URLSearchParams();
      if (filter.orderId) query.set("order_id", filter.orderId);
      if (filter.type) query.set("type", filter.type);
      return (await control<{ data: FakeRazorpayEvent[] }>("GET", `/__fake/events?${query}`)).data;
    },
    /** POSTs a recorded event to the site's webhook again; answers the site's status. */
    resend: (eventId: string) => control<{ status: number | null; error: string | null }>("POST", `/__fake/events/${eventId}/resend`),
    /** A payment on the order made without a browser (the student paid on their phone, say). */
    pay: (orderId: string, outcome: "captured" | "failed" = "captured") =>
      control<{ id: string; status: string }>("POST", `/__fake/orders/${orderId}/pay`, { outcome }),
    dispute: (paymentId: string, outcome: "created" | "won" | "lost" | "closed") =>
      control<unknown>("POST", `/__fake/payments/${paymentId}/dispute`, { outcome }),
  };
}

/** Headers Razorpay sends with a webhook, signed with `secret` over exactly `body`. */
export function razorpayWebhookHeaders(body: string, eventId: string, secret = TEST_RAZORPAY_WEBHOOK_SECRET): Record<string, string> {
  return {
    "Content-Type": "application/json",
    "X-Razorpay-Signature": webhookSignature(secret, body),
    "X-Razorpay-Event-Id": eventId,
  };
}
