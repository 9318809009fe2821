import {
  addRegistration,
  createStudent,
  describe,
  expect,
  moveEventStart,
  storedRegistrations,
  studentClient,
  test,
  withDatabase,
  type HttpClient,
  type HttpResponse,
} from "./support/test";

// /account/events and its calendar download: who sees and changes what, a
// cancelled seat going back on offer, and the confirmation mail's calendar file.

const PAGE = "/account/events";
const calendar = (eventId: number) => `${PAGE}/${eventId}/calendar.ics`;
const cancel = (client: HttpClient, eventId: number) => client.post(PAGE, { form: { eventId: String(eventId) }, maxRedirects: 0 });
const signIn = `/login?${new URLSearchParams({ redirectTo: PAGE })}`;
const markup = async (response: HttpResponse) => (await response.text()).replaceAll("<!-- -->", "");
/** The .ics text with RFC 5545 line folding undone. */
const unfolded = (ics: string) => ics.replace(/\r\n[ \t]/g, "").split("\r\n");

type StoredMail = { kind: string; to_address: string; subject: string; text_body: string; attachments: string };
const mailsTo = (address: string) =>
  withDatabase(
    (database) =>
      database
        .prepare("SELECT kind, to_address, subject, text_body, attachments FROM outbox_messages WHERE to_address = ? ORDER BY id")
        .all(address) as StoredMail[],
  );

describe("who may see and change registrations", () => {
  test("an anonymous visitor is sent to sign in, from the page, the download and the cancel form", async ({ request, makeEvent }) => {
    const event = makeEvent("Account anonymous");
    const owner = await createStudent();
    addRegistration(event.id, owner);
    for (const path of [PAGE, calendar(event.id)]) {
      const response = await request.get(path, { maxRedirects: 0 });
      expect(response.status(), path).toBe(302);
      expect(response.headers()["location"], path).toBe(signIn);
    }
    const posted = await cancel(request, event.id);
    expect(posted.status()).toBe(302);
    expect(posted.headers()["location"]).toBe(signIn);
    expect(storedRegistrations(event.id, owner.id)).toHaveLength(1);
  });

  test("the owner lists and downloads the event; another student sees none of it, and can neither download nor cancel it", async ({
    makeEvent,
  }) => {
    const event = makeEvent("Account owner");
    const { client: owner, student } = await studentClient();
    addRegistration(event.id, student);
    const other = (await studentClient()).client;

    const page = await owner.get(PAGE);
    expect(page.status()).toBe(200);
    const html = await markup(page);
    expect(html).toContain(event.title);
    expect(html).toMatch(/\d{1,2}:\d{2} (am|pm) IST/);
    expect(html).toContain(`href="${calendar(event.id)}"`);

    const download = await owner.get(calendar(event.id));
    expect(download.status()).toBe(200);
    expect(download.headers()["content-type"]).toMatch(/^text\/calendar/);
    expect(download.headers()["content-disposition"]).toMatch(/^attachment; filename=".+\.ics"$/);
    const lines = unfolded(await download.text());
    expect(lines).toContain(`SUMMARY:${event.title}`);
    expect(lines.some((line) => /^DTSTART:\d{8}T\d{6}Z$/.test(line))).toBe(true);

    expect(await markup(await other.get(PAGE))).not.toContain(event.title);
    expect((await other.get(calendar(event.id))).status()).toBe(404);
    const refused = await cancel(other, event.id);
    expect(refused.status()).toBe(404);
    expect(await markup(refused)).toContain("You are not registered for this event, so there is nothing to cancel.");
    expect(storedRegistrations(event.id, student.id)).toHaveLength(1);
  });
});

describe("cancelling", () => {
  test("asks first, then frees the seat: the event that was full takes another student", async ({ makeEvent }) => {
    const event = makeEvent("Account full", { maxParticipants: 1 });
    const { client: owner, student } = await studentClient();
    addRegistration(event.id, student);
    const { client: waiting, student: waitingStudent } = await studentClient();
    const register = (client: HttpClient) =>
      client.post(`/api/events/${event.id}/register`, {
        data: { name: "Priya Sharma", email: "priya@example.com", phone: "9876543210", consent: true },
      });
    expect((await register(waiting)).status()).toBe(409);
    expect(await markup(await waiting.get(`/events/${event.id}/register`))).toContain("This event is full.");

    const question = await markup(await owner.get(`${PAGE}?cancel=${event.id}`));
    expect(question).toContain("Cancel your registration?");
    expect(question).toContain("Yes, cancel my registration");
    expect(storedRegistrations(event.id)).toHaveLength(1);

    const answer = await cancel(owner, event.id);
    expect(answer.status()).toBe(302);
    expect(answer.headers()["location"]).toBe(PAGE);
    expect(storedRegistrations(event.id)).toEqual([]);
    expect(await markup(await waiting.get(`/events/${event.id}/register`))).toContain("1 seat left");
    // The page answers with the toast that names the event, and the list no longer holds it.
    const after = await markup(await owner.get(PAGE));
    expect(after).toContain(`Your seat at ${event.title} is free for someone else now.`);
    expect(after).toContain("You have no upcoming events.");

    expect((await register(waiting)).status()).toBe(201);
    expect(storedRegistrations(event.id).map((row) => row.user_id)).toEqual([waitingStudent.id]);
  });

  test("refused once the event has started, with the reason; the registration stays", async ({ makeEvent }) => {
    const event = makeEvent("Account started");
    const { client: owner, student } = await studentClient();
    addRegistration(event.id, student);
    moveEventStart(event.id, Date.now() - 60_000);

    const refused = await cancel(owner, event.id);
    expect(refused.status()).toBe(409);
    expect(await markup(refused)).toContain("This event has already started, so its registration can no longer be cancelled.");
    expect(storedRegistrations(event.id, student.id)).toHaveLength(1);
    // The page lists it as past, with nothing to cancel.
    const page = await markup(await owner.get(`${PAGE}?cancel=${event.id}`));
    expect(page).toContain(event.title);
    expect(page).not.toContain("Cancel your registration?");
  });

  test("a malformed event id changes nothing", async ({ makeEvent }) => {
    const event = makeEvent("Account malformed");
    const { client: owner, student } = await studentClient();
    addRegistration(event.id, student);
    for (const eventId of ["", "abc", "-1", "1.5"]) {
      const response = await owner.post(PAGE, { form: { eventId }, maxRedirects: 0 });
      expect(response.status(), eventId).toBe(400);
    }
    expect(storedRegistrations(event.id, student.id)).toHaveLength(1);
  });
});

describe("the confirmation mail", () => {
  test("registering on the page queues a message with the time in IST and the event as an .ics attachment", async ({ makeEvent }) => {
    const event = makeEvent("Account mail");
    const { client, student } = await studentClient();
    const email = `events-${student.id}@example.test`;
    const response = await client.post(`/events/${event.id}/register`, {
      form: { name: "Priya Sharma", email, phone: "9876543210", consent: "on" },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(302);

    const [mail, ...more] = mailsTo(email);
    expect(more).toEqual([]);
    expect(mail).toMatchObject({ kind: "event-registered", subject: `You are registered: ${event.title}` });
    expect(mail!.text_body).toMatch(/When: \w{3}, \d{1,2} \w{3} \d{4}, \d{1,2}:\d{2} (am|pm) IST \(60 minutes\)/);
    expect(mail!.text_body).toContain("/account/events");
    const attachments = JSON.parse(mail!.attachments) as { filename: string; contentType: string; contentBase64: string }[];
    expect(attachments).toHaveLength(1);
    expect(attachments[0]!.filename).toMatch(/\.ics$/);
    expect(attachments[0]!.contentType).toMatch(/^text\/calendar/);
    const lines = unfolded(Buffer.from(attachments[0]!.contentBase64, "base64").toString("utf8"));
    expect(lines).toContain(`SUMMARY:${event.title}`);
    expect(lines.some((line) => /^DTSTART:\d{8}T\d{6}Z$/.test(line))).toBe(true);
  });
});

describe("where an event happens", () => {
  test("the venue is public; the join link reaches registered students only (their page and calendar file), never the events page or the API (which keeps the earlier app's fields)", async ({
    request,
    makeEvent,
  }) => {
    const event = makeEvent("Venue and join link");
    const joinUrl = `https://zoom.example.com/j/${event.id}`;
    withDatabase((database) =>
      database.prepare("UPDATE events SET venue = 'Hall 2, 14 Market Road, Pune', join_url = ? WHERE id = ?").run(joinUrl, event.id),
    );
    const { client: owner, student } = await studentClient();
    addRegistration(event.id, student);

    const mine = await markup(await owner.get(PAGE));
    expect(mine).toContain("At Hall 2, 14 Market Road, Pune");
    expect(mine).toContain(`href="${joinUrl}"`);
    expect(unfolded(await (await owner.get(calendar(event.id))).text())).toContain(`URL:${joinUrl}`);

    const publicPage = await markup(await request.get("/events"));
    expect(publicPage).toContain("Hall 2, 14 Market Road, Pune");
    expect(publicPage).not.toContain(joinUrl);
    const api = await (await request.get("/api/events")).text();
    expect(api).not.toContain(joinUrl);
  });
});
