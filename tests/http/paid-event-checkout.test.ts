import { createHmac } from "node:crypto";
import { razorpayOrderOf, siteWithFakeRazorpay } from "./support/payment-fakes";
import { TEST_RAZORPAY_KEY_SECRET } from "../support/razorpay";
import {
  addRegistration,
  clientWithCookie,
  describe,
  expect,
  type HttpClient,
  insertEvent,
  makeCoupon,
  makeEnrollmentForm,
  queryTestDatabase,
  storedRegistrations,
  studentClient,
  test,
  withDatabase,
} from "./support/test";

// A paid event's seat through checkout, with Razorpay taking the money: the
// register dialog offers "Pay ₹…", checkout holds the seat for 15 minutes
// while the student pays, the captured payment books it (registration and
// confirmation), and a payment that arrives after its hold ran out, with the
// event full by then, is refunded in full and the student told why.

const { razorpay, control } = await siteWithFakeRazorpay();
const WEBHOOK_ARRIVAL = { timeout: 10_000 };

type OrderRow = { id: number; payment_status: string; event_id: number | null; course_id: number | null; seat_held_until: number | null };
const orderOf = (providerOrderId: string) =>
  queryTestDatabase<OrderRow>(
    "SELECT id, payment_status, event_id, course_id, seat_held_until FROM orders WHERE provider_order_id = ?",
    providerOrderId,
  )[0];
const mailsTo = (email: string) =>
  queryTestDatabase<{ kind: string; subject: string }>("SELECT kind, subject FROM outbox_messages WHERE to_address = ? ORDER BY id", email);
const markup = async (client: HttpClient, path: string) => (await (await client.get(path)).text()).replaceAll("<!-- -->", "");

/** A student with their enrollment form for the event saved (checkout's first step). */
async function buyer(eventId: number) {
  const { client, student } = await studentClient();
  return { client, student, form: makeEnrollmentForm(student.id, eventId, undefined, "event") };
}

/** Presses Pay on the event's checkout page: the answer holds the form to Razorpay's hosted page. */
async function pressPay(client: HttpClient, eventId: number, form: number) {
  return client.post(`/checkout?index&eventId=${eventId}&form=${form}`, { form: { intent: "pay", terms: "on" } });
}

const signed = (orderId: string, paymentId: string) => ({
  razorpay_order_id: orderId,
  razorpay_payment_id: paymentId,
  razorpay_signature: createHmac("sha256", TEST_RAZORPAY_KEY_SECRET).update(`${orderId}|${paymentId}`).digest("hex"),
});

describe("a paid event's register dialog", () => {
  test("offers 'Pay ₹…' to the event's checkout instead of the free form, and says the seat is held while paying", async () => {
    const event = insertEvent("Paid dialog", { pricePaise: 49_900, maxParticipants: 10 });
    const { client } = await studentClient();
    const html = await markup(client, `/events/${event.id}/register`);
    expect(html).toContain(`href="/checkout?eventId=${event.id}"`);
    expect(html).toContain("Pay ₹499");
    expect(html).toContain("Your seat is held for you for 15 minutes while you pay");
    expect(html).not.toContain('name="phone"');
    expect(html).not.toContain("Book on WhatsApp");
  });

  test("checkout first asks for the enrollment information, for the event, then shows its price and hold", async () => {
    const event = insertEvent("Paid information", { pricePaise: 49_900 });
    const { client } = await studentClient();
    const start = await client.get(`/checkout?eventId=${event.id}`, { maxRedirects: 0 });
    expect(start.status()).toBe(302);
    expect(start.headers().location).toBe(`/checkout/information?eventId=${event.id}`);
    const information = await markup(client, `/checkout/information?eventId=${event.id}`);
    expect(information).toContain(`value="event:${event.id}"`);
    expect(information).toContain(`href="/events/${event.id}/register"`);
  });

  test("an event that has begun, a free event and an unknown one are not for sale: 404 with a way back to the events", async () => {
    const begun = insertEvent("Paid begun", { pricePaise: 49_900, startsIn: -60_000 });
    const free = insertEvent("Free not sold", { pricePaise: 0 });
    const { client } = await studentClient();
    for (const id of [begun.id, free.id, 999_999]) {
      const page = await client.get(`/checkout?eventId=${id}`);
      expect(page.status()).toBe(404);
      const html = await page.text();
      expect(html).toContain("This event is not open for booking");
      expect(html).toContain('href="/events"');
    }
  });
});

describe("paying for a seat", () => {
  test("Pay holds the seat 15 minutes: others see the event full, and the captured payment books it with both mails", async () => {
    const event = insertEvent("Paid last seat", { pricePaise: 49_900, maxParticipants: 1 });
    const first = await buyer(event.id);
    const before = Date.now();
    const orderId = await razorpayOrderOf(await pressPay(first.client, event.id, first.form));
    const order = orderOf(orderId)!;
    expect(order).toMatchObject({ payment_status: "pending", event_id: event.id, course_id: null });
    expect(order.seat_held_until! - before).toBeGreaterThanOrEqual(15 * 60_000 - 1_000);
    expect(order.seat_held_until! - before).toBeLessThanOrEqual(15 * 60_000 + 5_000);
    expect(await razorpay.orders.fetch(orderId)).toMatchObject({ amount: 49_900, notes: { eventId: String(event.id) } });

    // While the hold lasts the seat is spoken for.
    const second = await buyer(event.id);
    const dialog = await markup(second.client, `/events/${event.id}/register`);
    expect(dialog).toContain("This event is full.");
    expect(dialog).toContain("Join the waitlist");
    const refused = await pressPay(second.client, event.id, second.form);
    expect(refused.status()).toBe(409);
    expect(await refused.text()).toContain("This event is full.");

    await control.pay(orderId);
    await expect.poll(() => orderOf(orderId)?.payment_status, WEBHOOK_ARRIVAL).toBe("completed");
    expect(orderOf(orderId)?.seat_held_until).toBeNull();
    expect(storedRegistrations(event.id).map((row) => row.user_id)).toEqual([first.student.id]);
    const kinds = mailsTo(first.student.email).map((mail) => mail.kind);
    expect(kinds).toContain("event-registered");
    expect(kinds).toContain("order-confirmation");
    expect(await markup(first.client, `/events/${event.id}/register`)).toContain("You are already registered for this event.");
  });

  test("a payment after its hold ran out, the seat taken meanwhile, is refunded in full and the student told by mail", async () => {
    const event = insertEvent("Paid lapsed", { pricePaise: 49_900, maxParticipants: 1 });
    const late = await buyer(event.id);
    await control.suppressWebhooks(late.student.id);
    const orderId = await razorpayOrderOf(await pressPay(late.client, event.id, late.form));
    // The hold runs out, and another student takes the seat.
    withDatabase((database) =>
      database.prepare("UPDATE orders SET seat_held_until = ? WHERE provider_order_id = ?").run(Date.now() - 1_000, orderId),
    );
    const { student: seated } = await studentClient();
    addRegistration(event.id, seated);

    const payment = await control.pay(orderId);
    const anonymous = await clientWithCookie();
    const returned = await anonymous.post(`/checkout/callback?retry=${encodeURIComponent(`/checkout?eventId=${event.id}`)}`, {
      form: signed(orderId, payment.id),
      headers: { Origin: "null", "Sec-Fetch-Site": "cross-site" },
      maxRedirects: 0,
    });
    expect(returned.status()).toBe(303);
    expect(returned.headers().location).toBe(`/events/${event.id}/register`);
    expect(orderOf(orderId)?.payment_status).toBe("refunded");
    expect((await razorpay.payments.fetch(payment.id)).amount_refunded).toBe(49_900);
    expect(storedRegistrations(event.id, late.student.id)).toEqual([]);
    expect(mailsTo(late.student.email).map((mail) => mail.kind)).toContain("event-seat-gone");
    // The event now offers its waitlist to the student who was refunded.
    expect(await markup(late.client, `/events/${event.id}/register`)).toContain("Join the waitlist");
  });

  test("a 100% coupon for the event books the seat at once, without a payment", async () => {
    const event = insertEvent("Paid scholarship", { pricePaise: 49_900, maxParticipants: 5 });
    const coupon = makeCoupon({ percentOff: 100, eventIds: [event.id] });
    const { client, student, form } = await buyer(event.id);
    const booked = await client.post(`/checkout?index&eventId=${event.id}&form=${form}&coupon=${coupon.code}`, {
      form: { intent: "pay", terms: "on" },
      maxRedirects: 0,
    });
    expect(booked.status()).toBe(302);
    expect(booked.headers().location).toBe("/account/events");
    expect(storedRegistrations(event.id).map((row) => row.user_id)).toEqual([student.id]);
    const orders = queryTestDatabase<{ payment_status: string; amount_paise: number }>(
      "SELECT payment_status, amount_paise FROM orders WHERE event_id = ? AND user_id = ?",
      event.id,
      student.id,
    );
    expect(orders).toEqual([{ payment_status: "completed", amount_paise: 0 }]);
  });
});

describe("POST /api/payments/start with an eventId", () => {
  const START = "/api/payments/start";

  test("answers Razorpay Checkout's fields for the seat's price; both ids, a full event and a begun one are refused", async () => {
    const event = insertEvent("Paid API", { pricePaise: 79_900, maxParticipants: 1 });
    const { client } = await studentClient();
    const started = await client.post(START, { data: { eventId: event.id } });
    expect(started.status()).toBe(200);
    expect(await started.json()).toMatchObject({ provider: "razorpay", amountPaise: 79_900, currency: "INR" });

    expect((await client.post(START, { data: { eventId: event.id, courseId: 1 } })).status()).toBe(400);
    const other = await studentClient();
    const full = await other.client.post(START, { data: { eventId: event.id } });
    expect(full.status()).toBe(409);
    expect((await full.json()).message).toContain("This event is full.");
    const begun = insertEvent("Paid API begun", { pricePaise: 79_900, startsIn: -60_000 });
    expect((await other.client.post(START, { data: { eventId: begun.id } })).status()).toBe(404);
  });
});
