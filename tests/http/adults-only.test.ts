import { siteWithFakeRazorpay } from "./support/payment-fakes";
import {
  createStudent,
  describe,
  expect,
  type HttpClient,
  type HttpResponse,
  insertEvent,
  makeCourse,
  makeEnrollmentForm,
  queryTestDatabase,
  storedRegistrations,
  studentClient,
  test,
} from "./support/test";

// An account made through a sign-in provider never ticked sign-up's "I am 18 or
// older". Until it does, it can neither pay nor register (a minor's contract is
// void; a child's details need a parent's consent): every page says so and shows
// the box, every JSON door answers 403, and nothing of the refused form is kept.

await siteWithFakeRazorpay();

const REFUSAL =
  "Please confirm you are 18 or older before you pay or register: a contract with someone under 18 is void in India, and we cannot take a parent's consent yet.";
const BOX = "I am 18 or older";

/** The page as a reader sees it: no scripts, entities read. */
const textOf = async (response: HttpResponse) =>
  (await response.text())
    .replace(/<script[\s\S]*?<\/script>/g, "")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"');

/** A signed-in account as a sign-in provider makes it: no "I am 18 or older" on record. */
async function unconfirmedStudent() {
  return studentClient(await createStudent({ firstName: "Kiran", lastName: "Rao", adult: false }));
}

const ordersOf = (userId: string) => queryTestDatabase("SELECT id FROM orders WHERE user_id = ?", userId);
const formsOf = (userId: string) => queryTestDatabase("SELECT id FROM enrollment_forms WHERE user_id = ?", userId);
const consentsOf = (userId: string) => queryTestDatabase("SELECT purpose FROM consent_records WHERE user_id = ?", userId);
const mailsTo = (email: string) => queryTestDatabase("SELECT id FROM outbox_messages WHERE to_address = ?", email);
const adultConfirmedAt = (userId: string) =>
  queryTestDatabase<{ at: number | null }>("SELECT adult_confirmed_at AS at FROM users WHERE id = ?", userId)[0]?.at;

const enrollment = (courseId: number) => ({
  name: "Kiran Rao",
  whatsappNumber: "9876543210",
  state: "Karnataka",
  city: "Bengaluru",
  experienceLevel: "Beginner",
  courseOrEvent: `course:${courseId}`,
  sourceOfLead: "Instagram",
  consent: "on",
});

async function tick(client: HttpClient, path: string) {
  const ticked = await client.post(path, { form: { intent: "confirm-adult", adult: "on" }, maxRedirects: 0 });
  expect(ticked.status()).toBe(302);
  return ticked;
}

describe("the checkout page", () => {
  test("shows the refusal and the box, takes neither details nor an order, and goes on to payment once ticked", async () => {
    const { client, student } = await unconfirmedStudent();
    const course = makeCourse({ pricePaise: 249_900 });
    const checkout = `/checkout?courseId=${course.id}`;

    const page = await client.get(checkout);
    expect(page.status()).toBe(403);
    const html = await textOf(page);
    expect(html).toContain(REFUSAL);
    expect(html).toContain(BOX);
    expect(html).toContain(course.title);

    const details = await client.post(`/checkout/information?courseId=${course.id}`, { form: enrollment(course.id) });
    expect(await textOf(details)).toContain(REFUSAL);
    expect(formsOf(student.id)).toEqual([]);

    const form = makeEnrollmentForm(student.id, course.id);
    const pay = await client.post(`/checkout?index&courseId=${course.id}&form=${form}`, { form: { intent: "pay", terms: "on" } });
    expect(await textOf(pay)).toContain(REFUSAL);
    expect(ordersOf(student.id)).toEqual([]);

    const unticked = await client.post(checkout, { form: { intent: "confirm-adult" } });
    expect(await textOf(unticked)).toContain("Please confirm you are 18 or older");
    expect(adultConfirmedAt(student.id)).toBeNull();

    const ticked = await tick(client, checkout);
    expect(ticked.headers().location).toBe(checkout);
    expect(adultConfirmedAt(student.id)).toEqual(expect.any(Number));
    const next = await client.get(checkout);
    expect(next.url()).toContain(`/checkout/information?courseId=${course.id}`);
    expect(await textOf(next)).toContain("Enrollment Information");

    const paying = await client.post(`/checkout?index&courseId=${course.id}&form=${form}`, { form: { intent: "pay", terms: "on" } });
    expect(paying.status()).toBe(200);
    expect(await paying.text()).toMatch(/name="order_id" value="order_\w+"/);
    expect(ordersOf(student.id)).toHaveLength(1);
  });
});

describe("the payments API", () => {
  test("answers 403 with the reason for a course, a paid event's seat and a free enrollment, reserving nothing, then takes the payment once ticked", async () => {
    const { client, student } = await unconfirmedStudent();
    const course = makeCourse({ pricePaise: 249_900 });
    const freeCourse = makeCourse({ pricePaise: 0 });
    const paidEvent = insertEvent("Adults only seat", { pricePaise: 99_900 });

    for (const [path, data] of [
      ["/api/payments/start", { courseId: course.id }],
      ["/api/payments/start", { eventId: paidEvent.id }],
      ["/api/create-payment-intent", { courseId: course.id }],
      ["/api/enroll-course", { courseId: freeCourse.id }],
    ] as const) {
      const refused = await client.post(path, { data });
      expect(refused.status(), path).toBe(403);
      expect(await refused.json()).toEqual({ message: REFUSAL });
    }
    expect(ordersOf(student.id)).toEqual([]);
    expect(mailsTo(student.email)).toEqual([]);

    await tick(client, "/account");
    const started = await client.post("/api/payments/start", { data: { courseId: course.id } });
    expect(started.status()).toBe(200);
    expect(await started.json()).toMatchObject({ provider: "razorpay", orderId: expect.stringMatching(/^order_/), amountPaise: 249_900 });
    const enrolled = await client.post("/api/enroll-course", { data: { courseId: freeCourse.id } });
    expect(enrolled.status()).toBe(201);
    expect(ordersOf(student.id)).toHaveLength(2);
  });
});

describe("event registration", () => {
  test("the page refuses a free event's registration with the reason and the box, stores nothing, and registers once ticked", async () => {
    const { client, student } = await unconfirmedStudent();
    const event = insertEvent("Adults only webinar");
    const path = `/events/${event.id}/register`;

    const page = await textOf(await client.get(path));
    expect(page).toContain(REFUSAL);
    expect(page).toContain(BOX);
    expect(page).not.toContain('name="phone"');

    const form = { name: "Kiran Rao", email: student.email, phone: "9876543210", consent: "on" };
    const refused = await client.post(path, { form });
    expect(refused.status()).toBe(403);
    expect(await textOf(refused)).toContain(REFUSAL);
    const waitlist = await client.post(path, { form: { intent: "join-waitlist" } });
    expect(waitlist.status()).toBe(403);
    expect(storedRegistrations(event.id)).toEqual([]);
    expect(queryTestDatabase("SELECT id FROM waitlist WHERE user_id = ?", student.id)).toEqual([]);
    expect(consentsOf(student.id)).toEqual([]);
    expect(mailsTo(student.email)).toEqual([]);

    await tick(client, path);
    expect(await textOf(await client.get(path))).not.toContain(REFUSAL);
    const registered = await client.post(path, { form, maxRedirects: 0 });
    expect(registered.status()).toBe(302);
    expect(storedRegistrations(event.id, student.id)).toHaveLength(1);
  });

  test("the API answers 403 with the reason for a free event, stores nothing, and registers once ticked", async () => {
    const { client, student } = await unconfirmedStudent();
    const event = insertEvent("Adults only workshop");
    const data = { name: "Kiran Rao", email: student.email, phone: "9876543210", consent: true };

    const refused = await client.post(`/api/events/${event.id}/register`, { data });
    expect(refused.status()).toBe(403);
    expect(await refused.json()).toEqual({ message: REFUSAL });
    expect(storedRegistrations(event.id)).toEqual([]);
    expect(consentsOf(student.id)).toEqual([]);
    expect(mailsTo(student.email)).toEqual([]);

    await tick(client, "/account");
    const registered = await client.post(`/api/events/${event.id}/register`, { data });
    expect(registered.status()).toBe(201);
    expect(storedRegistrations(event.id, student.id)).toHaveLength(1);
  });
});

describe("the enrollment form", () => {
  test("the page and the API refuse an unconfirmed account, store nothing, and take the form once ticked; an age under 18 is still refused", async () => {
    const { client, student } = await unconfirmedStudent();
    const course = makeCourse({ pricePaise: 249_900 });
    const path = `/enrollment-form?course=${course.id}`;
    const json = {
      name: "Kiran Rao",
      whatsappNumber: "9876543210",
      email: student.email,
      state: "Karnataka",
      city: "Bengaluru",
      experienceLevel: "Beginner",
      sourceOfLead: "Instagram",
      courseOrEventType: "course",
      courseOrEventId: course.id,
      consent: true,
    };

    const page = await textOf(await client.get(path));
    expect(page).toContain(REFUSAL);
    expect(page).toContain(BOX);
    expect(page).not.toContain('name="whatsappNumber"');
    const refused = await client.post(path, { form: enrollment(course.id) });
    expect(refused.status()).toBe(403);
    expect(await textOf(refused)).toContain(REFUSAL);
    const api = await client.post("/api/enrollment-forms", { data: json });
    expect(api.status()).toBe(403);
    expect(await api.json()).toEqual({ message: REFUSAL });
    expect(formsOf(student.id)).toEqual([]);
    expect(consentsOf(student.id)).toEqual([]);

    await tick(client, path);
    const young = await client.post("/api/enrollment-forms", { data: { ...json, age: 17 } });
    expect(young.status()).toBe(400);
    expect(formsOf(student.id)).toEqual([]);
    expect((await client.post(path, { form: enrollment(course.id), maxRedirects: 0 })).status()).toBe(302);
    expect((await client.post("/api/enrollment-forms", { data: json })).status()).toBe(201);
    expect(formsOf(student.id)).toHaveLength(2);
  });
});
