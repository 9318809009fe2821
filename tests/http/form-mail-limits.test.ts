import { randomUUID } from "node:crypto";
import { PUBLIC_FORM_LIMITS } from "../../app/services/throttle/public-form-limits";
import {
  addRegistration,
  describe,
  expect,
  type HttpClient,
  type HttpResponse,
  queryTestDatabase,
  storedRegistrations,
  studentClient,
  test,
} from "./support/test";

// The forms that mail someone (decision 0013, "Forms that mail someone"): each
// client address may post a form so many times an hour, the page and its JSON
// endpoint together, and past that nothing is stored or mailed; each recipient
// gets only a few acknowledgements a day, while their posts still stand. Every
// test is its own client (X-Forwarded-For, believed from loopback as behind
// the production proxy), so the tests never spend each other's allowance.

const POSTS = PUBLIC_FORM_LIMITS.postsPerClientPerHour;
const ACKNOWLEDGEMENTS = PUBLIC_FORM_LIMITS.acknowledgementsPerRecipientPerDay;

let lastClient = 0;
/** A client address of a test's own. */
const newClientAddress = () => `203.0.113.${++lastClient}`;
const from = (address: string) => ({ "X-Forwarded-For": address });

const markup = async (response: HttpResponse) => (await response.text()).replaceAll("<!-- -->", "");
const unique = (label: string) => `${label}-${randomUUID().slice(0, 8)}`;
const WAIT_MINUTES = /Please wait (59|60) minutes and try again\./;

async function expectApiRefusal(response: HttpResponse, what: string) {
  expect(response.status()).toBe(429);
  expect(Number(response.headers()["retry-after"])).toBeGreaterThan(3500);
  expect(response.headers()["cache-control"]).toBe("no-store");
  const body = await response.json();
  expect(body.message).toMatch(new RegExp(`^Too many ${what} from your network\\. ${WAIT_MINUTES.source}$`));
}

async function expectPageRefusal(response: HttpResponse, what: string) {
  expect(response.status()).toBe(429);
  expect(Number(response.headers()["retry-after"])).toBeGreaterThan(3500);
  expect(await markup(response)).toMatch(new RegExp(`Too many ${what} from your network\\. ${WAIT_MINUTES.source}`));
}

const contact = (email: string, subject = unique("Batch timings")) => ({
  name: "Priya Sharma",
  email,
  phone: "",
  subject,
  message: "When does the next batch start?",
  consent: "on",
});
const storedContacts = (subject: string) => queryTestDatabase("SELECT id FROM contact_messages WHERE subject = ?", subject);
const mailsTo = (email: string, kind: string) =>
  queryTestDatabase<{ subject: string }>("SELECT subject FROM outbox_messages WHERE to_address = ? AND kind = ?", email, kind);

describe("the contact form and POST /api/contact", () => {
  test(`${POSTS} messages an hour from one address, page and API together; then 429 on both doors, nothing stored or mailed`, async ({
    request,
  }) => {
    const address = newClientAddress();
    for (let i = 0; i < POSTS; i++) {
      const sent = contact(`${unique("reader")}@example.com`);
      const response =
        i % 2 === 0
          ? await request.post("/contact", { form: sent, headers: from(address), maxRedirects: 0 })
          : await request.post("/api/contact", { data: { ...sent, consent: true }, headers: from(address) });
      expect(response.status(), `post ${i + 1}`).toBe(i % 2 === 0 ? 302 : 201);
    }

    const refusedPage = contact(`${unique("late")}@example.com`);
    await expectPageRefusal(await request.post("/contact", { form: refusedPage, headers: from(address), maxRedirects: 0 }), "messages");
    const refusedApi = contact(`${unique("later")}@example.com`);
    await expectApiRefusal(
      await request.post("/api/contact", { data: { ...refusedApi, consent: true }, headers: from(address) }),
      "messages",
    );
    for (const refused of [refusedPage, refusedApi]) {
      expect(storedContacts(refused.subject)).toEqual([]);
      expect(mailsTo(refused.email, "contact-acknowledgement")).toEqual([]);
    }

    // Someone else on another address is not held up.
    const other = contact(`${unique("neighbour")}@example.com`);
    expect((await request.post("/api/contact", { data: { ...other, consent: true }, headers: from(newClientAddress()) })).status()).toBe(
      201,
    );
  });

  test("the refusal on the page keeps what was typed and says why, under the form's heading", async ({ request }) => {
    const address = newClientAddress();
    for (let i = 0; i < POSTS; i++)
      await request.post("/api/contact", { data: { ...contact(`${unique("r")}@example.com`), consent: true }, headers: from(address) });
    const typed = contact("kept@example.com", unique("Kept subject"));
    const page = await markup(await request.post("/contact", { form: typed, headers: from(address), maxRedirects: 0 }));
    expect(page).toContain("Message Not Sent");
    expect(page).toContain(`value="${typed.subject}"`);
  });

  test(`one recipient gets ${ACKNOWLEDGEMENTS} acknowledgements a day; the next messages are still stored for the team`, async ({
    request,
  }) => {
    const recipient = `${unique("victim")}@example.com`;
    const subjects: string[] = [];
    for (let i = 0; i < ACKNOWLEDGEMENTS + 2; i++) {
      const sent = contact(recipient);
      subjects.push(sent.subject);
      // Each from an address of its own: only the recipient's limit is in play.
      const response =
        i % 2 === 0
          ? await request.post("/contact", { form: sent, headers: from(newClientAddress()), maxRedirects: 0 })
          : await request.post("/api/contact", { data: { ...sent, consent: true }, headers: from(newClientAddress()) });
      expect(response.status()).toBe(i % 2 === 0 ? 302 : 201);
    }
    for (const subject of subjects) expect(storedContacts(subject)).toHaveLength(1);
    expect(mailsTo(recipient, "contact-acknowledgement")).toHaveLength(ACKNOWLEDGEMENTS);
    // However the address is spelled.
    const respelled = recipient.replace("@", "+again@").toUpperCase();
    expect(
      (await request.post("/api/contact", { data: { ...contact(respelled), consent: true }, headers: from(newClientAddress()) })).status(),
    ).toBe(201);
    expect(mailsTo(respelled, "contact-acknowledgement")).toEqual([]);
  });
});

describe("the newsletter box and POST /api/newsletter", () => {
  test(`${POSTS} sign-ups an hour from one address; then 429 from the API and a refusal toast on the page, nothing stored`, async ({
    request,
  }) => {
    const address = newClientAddress();
    for (let i = 0; i < POSTS; i++) {
      const email = `${unique("reader")}@example.com`;
      const response =
        i % 2 === 0
          ? await request.post("/newsletter", { form: { email, redirectTo: "/blog" }, headers: from(address), maxRedirects: 0 })
          : await request.post("/api/newsletter", { data: { email }, headers: from(address) });
      expect(response.status()).toBe(i % 2 === 0 ? 302 : 202);
    }
    const viaApi = `${unique("api-late")}@example.com`;
    await expectApiRefusal(
      await request.post("/api/newsletter", { data: { email: viaApi }, headers: from(address) }),
      "newsletter sign-ups",
    );

    const viaPage = `${unique("page-late")}@example.com`;
    const page = await request.post("/newsletter", {
      form: { email: viaPage, redirectTo: "/blog" },
      headers: from(address),
      maxRedirects: 0,
    });
    expect(page.status()).toBe(302);
    expect(page.headers().location).toBe("/blog");
    const shown = await markup(await request.get("/blog", { headers: from(address) }));
    expect(shown).toContain("Not subscribed");
    expect(shown).toMatch(WAIT_MINUTES);
    expect(queryTestDatabase("SELECT id FROM newsletter_subscribers WHERE email IN (?, ?)", viaApi, viaPage)).toEqual([]);
  });
});

const enrollmentFields = (courseId: number) => ({
  name: "Rahul Verma",
  whatsappNumber: "9876543210",
  state: "Gujarat",
  city: "Ahmedabad",
  experienceLevel: "Beginner",
  sourceOfLead: "Seminar",
  consent: "on",
  courseOrEvent: `course:${courseId}`,
});
const firstCourseId = () => queryTestDatabase<{ id: number }>("SELECT id FROM courses WHERE is_active = 1 ORDER BY id LIMIT 1")[0]!.id;
const formsOf = (userId: string) => queryTestDatabase("SELECT id FROM enrollment_forms WHERE user_id = ?", userId);

describe("the enrollment form and POST /api/enrollment-forms", () => {
  test(`${POSTS} forms an hour from one address; then 429 on the page and the API, nothing saved`, async () => {
    const address = newClientAddress();
    const courseId = firstCourseId();
    const { client, student } = await studentClient();
    for (let i = 0; i < POSTS; i++) {
      const fields = enrollmentFields(courseId);
      const { courseOrEvent: _choice, consent: _consent, ...api } = fields;
      const response =
        i % 2 === 0
          ? await client.post("/enrollment-form", { form: fields, headers: from(address), maxRedirects: 0 })
          : await client.post("/api/enrollment-forms", {
              data: { ...api, consent: true, courseOrEventId: courseId, courseOrEventType: "course" },
              headers: from(address),
            });
      expect(response.status(), `post ${i + 1}`).toBe(i % 2 === 0 ? 302 : 201);
    }
    expect(formsOf(student.id)).toHaveLength(POSTS);

    const { client: classmate, student: later } = await studentClient();
    const page = await classmate.post("/enrollment-form", { form: enrollmentFields(courseId), headers: from(address), maxRedirects: 0 });
    await expectPageRefusal(page, "enrollment forms");
    const { courseOrEvent: _choice, consent: _consent, ...api } = enrollmentFields(courseId);
    await expectApiRefusal(
      await classmate.post("/api/enrollment-forms", {
        data: { ...api, consent: true, courseOrEventId: courseId, courseOrEventType: "course" },
        headers: from(address),
      }),
      "enrollment forms",
    );
    expect(formsOf(later.id)).toEqual([]);
  });
});

const registration = (email: string) => ({ name: "Priya Sharma", email, phone: "+91 98765 43210", consent: "on" });
const register = (client: HttpClient, eventId: number, email: string, address: string, viaPage: boolean) =>
  viaPage
    ? client.post(`/events/${eventId}/register`, { form: registration(email), headers: from(address), maxRedirects: 0 })
    : client.post(`/api/events/${eventId}/register`, { data: { ...registration(email), consent: true }, headers: from(address) });

describe("event registration (dialog and API) and the waitlist", () => {
  test(`${POSTS} registrations an hour from one address; then 429 on both doors and no seat taken`, async ({ makeEvent }) => {
    const address = newClientAddress();
    const event = makeEvent("Registrations from one address", { maxParticipants: 100 });
    const { client: first, student } = await studentClient();
    // One student posting again and again: each valid post counts, whatever its answer (here "already registered").
    for (let i = 0; i < POSTS; i++) {
      const response = await register(first, event.id, student.email, address, i % 2 === 0);
      expect(response.status(), `post ${i + 1}`).toBe(i === 0 ? 302 : 409);
    }
    const { client: classmate, student: later } = await studentClient();
    await expectPageRefusal(await register(classmate, event.id, later.email, address, true), "event registrations");
    await expectApiRefusal(await register(classmate, event.id, later.email, address, false), "event registrations");
    expect(storedRegistrations(event.id).map((row) => row.user_id)).toEqual([student.id]);
    expect(mailsTo(later.email, "event-registered")).toEqual([]);
  });

  test(`one address typed in ${ACKNOWLEDGEMENTS + 1} registrations gets ${ACKNOWLEDGEMENTS} confirmations; every seat is booked`, async ({
    makeEvent,
  }) => {
    const recipient = `${unique("victim")}@example.com`;
    const event = makeEvent("Confirmations to one address", { maxParticipants: 100 });
    const registered: string[] = [];
    for (let i = 0; i <= ACKNOWLEDGEMENTS; i++) {
      const { client, student } = await studentClient();
      const response = await register(client, event.id, recipient, newClientAddress(), i % 2 === 0);
      expect(response.status()).toBe(i % 2 === 0 ? 302 : 201);
      registered.push(student.id);
    }
    expect(storedRegistrations(event.id).map((row) => row.user_id)).toEqual(registered);
    expect(mailsTo(recipient, "event-registered")).toHaveLength(ACKNOWLEDGEMENTS);
  });

  test("a registration refused (the event is full) does not spend the address's confirmations", async ({ makeEvent }) => {
    const recipient = `${unique("refused")}@example.com`;
    const full = makeEvent("Full for confirmations", { maxParticipants: 1 });
    const { student: seated } = await studentClient();
    addRegistration(full.id, seated);
    for (let i = 0; i < ACKNOWLEDGEMENTS; i++) {
      const { client } = await studentClient();
      expect((await register(client, full.id, recipient, newClientAddress(), i % 2 === 0)).status()).toBe(409);
    }
    const open = makeEvent("Open for confirmations", { maxParticipants: 10 });
    const { client } = await studentClient();
    expect((await register(client, open.id, recipient, newClientAddress(), false)).status()).toBe(201);
    expect(mailsTo(recipient, "event-registered")).toEqual([expect.objectContaining({ subject: `You are registered: ${open.title}` })]);
  });

  test(`${POSTS} waitlist requests an hour from one address; then the dialog says to wait and nobody is added`, async ({ makeEvent }) => {
    const address = newClientAddress();
    const event = makeEvent("Waitlist from one address", { maxParticipants: 1 });
    const { student: seated } = await studentClient();
    addRegistration(event.id, seated);
    const join = (client: HttpClient) =>
      client.post(`/events/${event.id}/register`, { form: { intent: "join-waitlist" }, headers: from(address), maxRedirects: 0 });
    const { client: waiting, student } = await studentClient();
    for (let i = 0; i < POSTS; i++) expect((await join(waiting)).status(), `post ${i + 1}`).toBe(i === 0 ? 302 : 303);

    const { client: classmate, student: later } = await studentClient();
    const refused = await join(classmate);
    expect(refused.status()).toBe(302);
    expect(refused.headers().location).toBe(`/events/${event.id}/register`);
    const dialog = await markup(await classmate.get(`/events/${event.id}/register`, { headers: from(address) }));
    expect(dialog).toContain("Not on the waitlist yet");
    expect(dialog).toMatch(/Too many waitlist requests from your network\. Please wait (59|60) minutes and try again\./);
    const rows = queryTestDatabase<{ user_id: string }>("SELECT user_id FROM waitlist WHERE event_id = ?", event.id);
    expect(rows.map((row) => row.user_id)).toEqual([student.id]);
    expect(rows.map((row) => row.user_id)).not.toContain(later.id);
  });
});
