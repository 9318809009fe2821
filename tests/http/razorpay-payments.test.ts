import { RAZORPAY_WEBHOOK, siteWithFakeRazorpay } from "./support/payment-fakes";
import { razorpayWebhookHeaders, TEST_RAZORPAY_KEY_SECRET } from "../support/razorpay";
import {
  clientWithCookie,
  describe,
  expect,
  type HttpClient,
  makeCourse,
  makeEnrollmentForm,
  queryTestDatabase,
  studentClient,
  test,
} from "./support/test";

// Razorpay on the site: the checkout page makes a Razorpay order for the
// server's amount, the fake Razorpay server (the official SDK talks to it)
// delivers signed webhooks to this file's site over loopback, and the hosted
// page's return comes back to /checkout/callback without a session.

const WEBHOOK = RAZORPAY_WEBHOOK;
const CALLBACK = "/checkout/callback";
const { fake, razorpay, control } = await siteWithFakeRazorpay();
/** A webhook goes out after the fake's answer: give it time to arrive on a busy machine. */
const WEBHOOK_ARRIVAL = { timeout: 10_000 };

type Order = {
  id: number;
  payment_status: string;
  provider: string | null;
  provider_order_id: string | null;
  provider_payment_id: string | null;
  refunded_paise: number;
  dispute_status: string | null;
};
const orderRow = (providerOrderId: string) =>
  queryTestDatabase<Order>(
    "SELECT id, payment_status, provider, provider_order_id, provider_payment_id, refunded_paise, dispute_status FROM orders WHERE provider_order_id = ?",
    providerOrderId,
  )[0];
const mailsTo = (email: string) => queryTestDatabase("SELECT id FROM outbox_messages WHERE to_address = ?", email).length;
const handledEvents = () =>
  queryTestDatabase<{ event_id: string }>("SELECT event_id FROM payment_events WHERE provider = 'razorpay'").length;

type Checkout = { client: HttpClient; student: { id: string; email: string }; course: { id: number }; form: number };

/**
 * A signed-in student presses Pay on the checkout page (again, when `previous`
 * names the earlier try): the answer holds the form to Razorpay's hosted page.
 */
async function checkoutOrder(previous?: Checkout) {
  let checkout: Checkout;
  if (previous) checkout = previous;
  else {
    const { client, student } = await studentClient();
    const course = makeCourse({ pricePaise: 249_900 });
    checkout = { client, student, course, form: makeEnrollmentForm(student.id, course.id) };
  }
  const { client, course, form } = checkout;
  const page = await client.post(`/checkout?index&courseId=${course.id}&form=${form}`, { form: { intent: "pay", terms: "on" } });
  const html = await page.text();
  expect(page.status(), html.slice(0, 500)).toBe(200);
  const orderId = /name="order_id" value="(order_\w+)"/.exec(html)?.[1];
  if (!orderId) throw new Error("The page has no form to Razorpay's hosted checkout");
  expect(html).toContain(`action="${fake.url}/v1/checkout/embedded"`);
  return { ...checkout, orderId, html };
}

async function paid(orderId: string) {
  await expect.poll(() => orderRow(orderId)?.payment_status, WEBHOOK_ARRIVAL).toBe("completed");
  return orderRow(orderId)!;
}

describe("checkout with Razorpay", () => {
  test("the order is made at Razorpay for the server's amount in paise, once per order: a second press reuses it", async () => {
    const first = await checkoutOrder();
    const again = await checkoutOrder(first);
    expect(again.orderId).toBe(first.orderId);
    const atRazorpay = await razorpay.orders.fetch(first.orderId);
    expect(atRazorpay).toMatchObject({ amount: 249_900, currency: "INR", receipt: String(orderRow(first.orderId)!.id) });
    expect(orderRow(first.orderId)).toMatchObject({ payment_status: "pending", provider: "razorpay", provider_payment_id: null });
  });
});

describe("POST /api/razorpay/webhook", () => {
  test("a forged or missing signature is refused with 400 and changes nothing", async () => {
    const { orderId } = await checkoutOrder();
    const before = handledEvents();
    const body = JSON.stringify({
      entity: "event",
      event: "payment.captured",
      created_at: Math.floor(Date.now() / 1000),
      payload: {
        payment: { entity: { id: "pay_forged1", order_id: orderId, status: "captured", amount: 249_900, currency: "INR", created_at: 1 } },
      },
    });
    const client = await clientWithCookie();
    const forged = await client.post(WEBHOOK, {
      data: body,
      headers: razorpayWebhookHeaders(body, "evt_forged1", "not-the-webhook-secret"),
    });
    expect(forged.status()).toBe(400);
    expect(await forged.json()).toEqual({ message: "Invalid signature" });
    const unsigned = await client.post(WEBHOOK, {
      data: body,
      headers: { "Content-Type": "application/json", "X-Razorpay-Event-Id": "evt_forged2" },
    });
    expect(unsigned.status()).toBe(400);
    expect(orderRow(orderId)).toMatchObject({ payment_status: "pending", provider_payment_id: null });
    expect(handledEvents()).toBe(before);
  });

  test("payment.captured completes the order: enrolled, receipt mail queued; a redelivery is acknowledged and applied once", async () => {
    const { orderId, student, client } = await checkoutOrder();
    const payment = await control.pay(orderId);
    expect(await paid(orderId)).toMatchObject({ provider_payment_id: payment.id });
    await expect
      .poll(async () => (await control.events({ orderId })).every((event) => event.deliveredStatus === 200), WEBHOOK_ARRIVAL)
      .toBe(true);
    expect(mailsTo(student.email)).toBe(1);
    const mine = await client.get("/api/my-enrollments");
    expect(JSON.stringify(await mine.json())).toContain(
      String(queryTestDatabase<{ course_id: number }>("SELECT course_id FROM orders WHERE provider_order_id = ?", orderId)[0]!.course_id),
    );
    const handled = handledEvents();
    for (const event of await control.events({ orderId })) expect(await control.resend(event.id)).toEqual({ status: 200, error: null });
    expect(handledEvents()).toBe(handled);
    expect(mailsTo(student.email)).toBe(1);
  });

  test("payment.failed marks the order failed; paying again uses the same Razorpay order and completes it", async () => {
    const first = await checkoutOrder();
    await control.pay(first.orderId, "failed");
    await expect.poll(() => orderRow(first.orderId)?.payment_status, WEBHOOK_ARRIVAL).toBe("failed");
    const retry = await checkoutOrder(first);
    expect(retry.orderId).toBe(first.orderId);
    expect(orderRow(first.orderId)?.payment_status).toBe("pending");
    await control.pay(first.orderId);
    await paid(first.orderId);
    expect(mailsTo(first.student.email)).toBe(1);
  });

  test("refund.processed records a partial refund, then a full one revokes the course", async () => {
    const { orderId } = await checkoutOrder();
    const payment = await control.pay(orderId);
    await paid(orderId);
    await razorpay.payments.refund(payment.id, { amount: 49_900 });
    await expect.poll(() => orderRow(orderId)?.refunded_paise, WEBHOOK_ARRIVAL).toBe(49_900);
    expect(orderRow(orderId)?.payment_status).toBe("completed");
    await razorpay.payments.refund(payment.id, {});
    await expect.poll(() => orderRow(orderId)?.payment_status, WEBHOOK_ARRIVAL).toBe("refunded");
    expect(orderRow(orderId)?.refunded_paise).toBe(249_900);
  });

  test("a dispute opens, and when lost the order is charged back", async () => {
    const { orderId } = await checkoutOrder();
    const payment = await control.pay(orderId);
    await paid(orderId);
    await control.dispute(payment.id, "created");
    await expect.poll(() => orderRow(orderId)?.dispute_status, WEBHOOK_ARRIVAL).toBe("open");
    await control.dispute(payment.id, "lost");
    await expect.poll(() => orderRow(orderId)?.payment_status, WEBHOOK_ARRIVAL).toBe("charged_back");
  });
});

describe("a signed event body replayed under a new X-Razorpay-Event-Id (the signature covers the body, not the id)", () => {
  let replays = 0;
  /** Posts the exact bytes Razorpay signed, with its genuine signature, under an event id never seen before. */
  async function replay(payload: string) {
    const client = await clientWithCookie();
    const answer = await client.post(WEBHOOK, {
      data: payload,
      headers: razorpayWebhookHeaders(payload, `evt_replay${++replays}x${Date.now()}`),
    });
    expect(answer.status()).toBe(200);
  }
  const bodiesOf = async (orderId: string, type: string) => (await control.events({ orderId, type })).map((event) => event.payload);

  /** Everything an event can change for the order: its row, the events stored, audit rows, tax documents, the student's mail. */
  function trace(orderId: string, email: string) {
    const order = orderRow(orderId)!;
    return {
      order,
      storedEvents: queryTestDatabase("SELECT event_id FROM payment_events").length,
      auditRows: queryTestDatabase("SELECT id FROM audit_log WHERE entity_type = 'enrollment' AND entity_id = ?", String(order.id)).length,
      taxDocuments: queryTestDatabase("SELECT id FROM tax_documents WHERE order_id = ?", order.id).length,
      mails: mailsTo(email),
    };
  }

  test("payment.captured and order.paid: no row changes and no second receipt", async () => {
    const { orderId, student } = await checkoutOrder();
    await control.pay(orderId);
    await paid(orderId);
    await expect
      .poll(async () => (await control.events({ orderId })).every((event) => event.deliveredStatus === 200), WEBHOOK_ARRIVAL)
      .toBe(true);
    const before = trace(orderId, student.email);
    expect(before.mails).toBe(1);
    for (const body of [...(await bodiesOf(orderId, "payment.captured")), ...(await bodiesOf(orderId, "order.paid"))]) await replay(body);
    expect(trace(orderId, student.email)).toEqual(before);
  });

  test("payment.failed: an old failure replayed while the student pays again does not fail the reopened order", async () => {
    const first = await checkoutOrder();
    await control.pay(first.orderId, "failed");
    await expect.poll(() => orderRow(first.orderId)?.payment_status, WEBHOOK_ARRIVAL).toBe("failed");
    await expect
      .poll(async () => (await control.events({ orderId: first.orderId })).every((event) => event.deliveredStatus === 200), WEBHOOK_ARRIVAL)
      .toBe(true);
    await checkoutOrder(first);
    const before = trace(first.orderId, first.student.email);
    expect(before.order.payment_status).toBe("pending");
    for (const body of await bodiesOf(first.orderId, "payment.failed")) await replay(body);
    expect(trace(first.orderId, first.student.email)).toEqual(before);
  });

  test("refund.processed and payment.dispute.*: no row changes, no second credit note or mail", async () => {
    const { orderId, student } = await checkoutOrder();
    const payment = await control.pay(orderId);
    await paid(orderId);
    await razorpay.payments.refund(payment.id, { amount: 49_900 });
    await expect.poll(() => orderRow(orderId)?.refunded_paise, WEBHOOK_ARRIVAL).toBe(49_900);
    await control.dispute(payment.id, "created");
    await expect.poll(() => orderRow(orderId)?.dispute_status, WEBHOOK_ARRIVAL).toBe("open");
    await expect
      .poll(async () => (await control.events({ orderId })).every((event) => event.deliveredStatus === 200), WEBHOOK_ARRIVAL)
      .toBe(true);
    const before = trace(orderId, student.email);
    for (const body of [...(await bodiesOf(orderId, "refund.processed")), ...(await bodiesOf(orderId, "payment.dispute.created"))])
      await replay(body);
    expect(trace(orderId, student.email)).toEqual(before);

    await control.dispute(payment.id, "lost");
    await expect.poll(() => orderRow(orderId)?.payment_status, WEBHOOK_ARRIVAL).toBe("charged_back");
    await expect
      .poll(async () => (await control.events({ orderId })).every((event) => event.deliveredStatus === 200), WEBHOOK_ARRIVAL)
      .toBe(true);
    const lost = trace(orderId, student.email);
    for (const body of await bodiesOf(orderId, "payment.dispute.lost")) await replay(body);
    expect(trace(orderId, student.email)).toEqual(lost);
  });

  test("a signature of the wrong length, or not hex, gets the same 400 as a wrong one, and nothing is stored", async () => {
    const { orderId } = await checkoutOrder();
    const body = JSON.stringify({
      entity: "event",
      event: "payment.captured",
      created_at: Math.floor(Date.now() / 1000),
      payload: {
        payment: { entity: { id: "pay_odd1", order_id: orderId, status: "captured", amount: 249_900, currency: "INR", created_at: 1 } },
      },
    });
    const genuine = razorpayWebhookHeaders(body, "evt_odd1")["X-Razorpay-Signature"]!;
    const before = queryTestDatabase("SELECT event_id FROM payment_events").length;
    const client = await clientWithCookie();
    for (const signature of [
      "0".repeat(64),
      genuine.slice(0, 63),
      `${genuine}0`,
      genuine.repeat(2),
      genuine.toUpperCase(),
      "é".repeat(64),
      Buffer.from(genuine, "hex").toString("base64"),
    ]) {
      const answer = await client.post(WEBHOOK, {
        data: body,
        headers: { ...razorpayWebhookHeaders(body, "evt_odd1"), "X-Razorpay-Signature": signature },
      });
      expect(answer.status()).toBe(400);
      expect(await answer.json()).toEqual({ message: "Invalid signature" });
    }
    expect(queryTestDatabase("SELECT event_id FROM payment_events").length).toBe(before);
    expect(orderRow(orderId)).toMatchObject({ payment_status: "pending", provider_payment_id: null });
  });
});

describe("POST /checkout/callback (the hosted page's return, from another site, without a session)", () => {
  const crossSite = { Origin: "null", "Sec-Fetch-Site": "cross-site" };

  test("a genuine return completes the order and sends the student to their orders; a forged one changes nothing", async () => {
    const { orderId, html, student } = await checkoutOrder();
    await control.suppressWebhooks(student.id);
    const retry = new URLSearchParams(/name="callback_url" value="[^"]*\?([^"]*)"/.exec(html)![1]!.replaceAll("&amp;", "&")).get("retry");
    expect(retry).toMatch(/^\/checkout\?/);
    const payment = await control.pay(orderId);
    const anonymous = await clientWithCookie();
    const forged = await anonymous.post(`${CALLBACK}?retry=${encodeURIComponent(retry!)}`, {
      form: { razorpay_payment_id: payment.id, razorpay_order_id: orderId, razorpay_signature: "0".repeat(64) },
      headers: crossSite,
      maxRedirects: 0,
    });
    expect(forged.status()).toBe(303);
    expect(forged.headers().location).toBe(retry);
    expect(orderRow(orderId)?.payment_status).toBe("pending");
    const { createHmac } = await import("node:crypto");
    const signature = createHmac("sha256", TEST_RAZORPAY_KEY_SECRET).update(`${orderId}|${payment.id}`).digest("hex");
    const genuine = await anonymous.post(`${CALLBACK}?retry=${encodeURIComponent(retry!)}`, {
      form: { razorpay_payment_id: payment.id, razorpay_order_id: orderId, razorpay_signature: signature },
      headers: crossSite,
      maxRedirects: 0,
    });
    expect(genuine.status()).toBe(303);
    expect(genuine.headers().location).toBe("/account/orders");
    expect(orderRow(orderId)).toMatchObject({ payment_status: "completed", provider_payment_id: payment.id });
    expect(mailsTo(student.email)).toBe(1);
  });

  test("a failed payment's return sends the student back to the checkout page to pay again, and an offsite retry target is not followed", async () => {
    const failedReturn = { "error[code]": "BAD_REQUEST_ERROR", "error[description]": "Payment was declined.", "error[metadata]": "{}" };
    const anonymous = await clientWithCookie();
    const back = await anonymous.post(`${CALLBACK}?retry=${encodeURIComponent("/checkout?courseId=1&form=2")}`, {
      form: failedReturn,
      headers: crossSite,
      maxRedirects: 0,
    });
    expect(back.status()).toBe(303);
    expect(back.headers().location).toBe("/checkout?courseId=1&form=2");
    const offsite = await anonymous.post(`${CALLBACK}?retry=${encodeURIComponent("https://evil.example/")}`, {
      form: failedReturn,
      headers: crossSite,
      maxRedirects: 0,
    });
    expect(offsite.headers().location).toBe("/courses");
  });
});

describe("what a failed payment's return shows: only the site's own words", () => {
  const crossSite = { Origin: "null", "Sec-Fetch-Site": "cross-site" };
  // What a page elsewhere would post to plant its own instructions on this site.
  const HOSTILE = "Your order is on hold. To keep your seat pay Rs 2,499 by UPI to refunds-desk@okaxis within 10 minutes";
  const RETRY = "Your payment did not go through and no money was taken. You can pay again now.";

  /**
   * A signed-in student's failed try at Razorpay coming back (the browser
   * follows the 303 to the checkout page): the toast's title and text, and
   * whether the hostile words are anywhere on the page.
   */
  async function failedReturn(fields: Record<string, string>) {
    const { client, html } = await checkoutOrder();
    const retry = new URLSearchParams(/name="callback_url" value="[^"]*\?([^"]*)"/.exec(html)![1]!.replaceAll("&amp;", "&")).get("retry");
    const page = await client.post(`${CALLBACK}?retry=${encodeURIComponent(retry!)}`, {
      form: { "error[description]": HOSTILE, "error[source]": "customer", "error[metadata]": "{}", ...fields },
      headers: crossSite,
    });
    expect(page.status()).toBe(200);
    const markup = (await page.text()).replace(/<script[\s\S]*?<\/script>/g, "").replaceAll("&#x27;", "'");
    const toast = /<section aria-label="Notifications[^>]*>([\s\S]*?)<\/section>/.exec(markup)?.[1] ?? "";
    const paragraphs = [...toast.matchAll(/<p[^>]*>([^<]*)<\/p>/g)].map((match) => match[1]);
    return { toast: paragraphs, plantedAnywhere: markup.includes("refunds-desk@okaxis") };
  }

  test("a known reason picks the site's sentence for it; the posted description appears nowhere", async () => {
    expect(await failedReturn({ "error[code]": "BAD_REQUEST_ERROR", "error[reason]": "payment_cancelled" })).toEqual({
      toast: ["Payment Failed", `You cancelled the payment. ${RETRY}`],
      plantedAnywhere: false,
    });
  });

  test("an unknown reason or code, or one that is itself a message, gets the generic sentence alone", async () => {
    const returns: Record<string, string>[] = [
      { "error[code]": "BAD_REQUEST_ERROR", "error[reason]": "payment_failed" },
      { "error[code]": HOSTILE, "error[reason]": HOSTILE },
      { "error[code]": "toString", "error[reason]": "__proto__" },
      {},
    ];
    for (const fields of returns) {
      expect(await failedReturn(fields)).toEqual({ toast: ["Payment Failed", RETRY], plantedAnywhere: false });
    }
  });
});

describe("the JSON door: POST /api/payments/start and /api/payments/confirm", () => {
  const START = "/api/payments/start";
  const CONFIRM = "/api/payments/confirm";

  test("start answers Razorpay Checkout's fields for the server's price; confirm with the handler's signed fields enrolls once", async () => {
    const { client, student } = await studentClient();
    await control.suppressWebhooks(student.id);
    const course = makeCourse({ pricePaise: 149_900 });
    const started = await client.post(START, { data: { courseId: course.id } });
    expect(started.status()).toBe(200);
    const checkout = (await started.json()) as {
      provider: string;
      orderId: string;
      amountPaise: number;
      keyId: string;
      callbackUrl: string;
    };
    expect(checkout).toMatchObject({ provider: "razorpay", amountPaise: 149_900, currency: "INR" });
    expect(checkout).not.toHaveProperty("hostedCheckoutUrl");
    expect(await razorpay.orders.fetch(checkout.orderId)).toMatchObject({ amount: 149_900 });

    const payment = await control.pay(checkout.orderId);
    const { createHmac } = await import("node:crypto");
    const signature = createHmac("sha256", TEST_RAZORPAY_KEY_SECRET).update(`${checkout.orderId}|${payment.id}`).digest("hex");
    const returned = { razorpay_order_id: checkout.orderId, razorpay_payment_id: payment.id, razorpay_signature: signature };

    const forged = await client.post(CONFIRM, { data: { ...returned, razorpay_signature: "0".repeat(64) } });
    expect(forged.status()).toBe(400);
    expect(orderRow(checkout.orderId)?.payment_status).toBe("pending");

    const confirmed = await client.post(CONFIRM, { data: returned });
    expect(confirmed.status()).toBe(201);
    expect(await confirmed.json()).toMatchObject({ success: true, courseId: course.id });
    expect(orderRow(checkout.orderId)).toMatchObject({ payment_status: "completed", provider_payment_id: payment.id });
    const again = await client.post(CONFIRM, { data: returned });
    expect(again.status()).toBe(200);
    expect(mailsTo(student.email)).toBe(1);
  });

  test("another student's order is 403, signed out is 401, bad input is 400, and nothing changes", async () => {
    const { client, student } = await studentClient();
    await control.suppressWebhooks(student.id);
    const course = makeCourse({ pricePaise: 99_900 });
    const { orderId } = (await (await client.post(START, { data: { courseId: course.id } })).json()) as { orderId: string };
    const payment = await control.pay(orderId);
    const { createHmac } = await import("node:crypto");
    const signature = createHmac("sha256", TEST_RAZORPAY_KEY_SECRET).update(`${orderId}|${payment.id}`).digest("hex");
    const returned = { razorpay_order_id: orderId, razorpay_payment_id: payment.id, razorpay_signature: signature };

    const other = await studentClient();
    expect((await other.client.post(CONFIRM, { data: returned })).status()).toBe(403);
    const anonymous = await clientWithCookie();
    expect((await anonymous.post(CONFIRM, { data: returned })).status()).toBe(401);
    expect((await anonymous.post(START, { data: { courseId: course.id } })).status()).toBe(401);
    const bad = await client.post(START, { data: { courseId: "many" } });
    expect(bad.status()).toBe(400);
    expect((await client.post(START, { data: { courseId: 999_999 } })).status()).toBe(404);
    expect(orderRow(orderId)?.payment_status).toBe("pending");
  });
});
