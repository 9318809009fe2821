import {
  addRegistration,
  createStudent,
  describe,
  expect,
  failRegistrationsOf,
  type HttpResponse,
  openSeedEvents,
  storedRegistrations,
  studentClient,
  test,
} from "./support/test";

// The contract of POST /api/events/:id/register (app/routes/api+/events.$id.register.ts).

const DAY_MS = 24 * 60 * 60 * 1000;
const valid = { name: "Priya Sharma", email: "priya@example.com", phone: "+91 98765 43210", consent: true };
const url = (id: number | string) => `/api/events/${id}/register`;

async function jsonOf(response: HttpResponse, status: number) {
  expect(response.status(), await response.text()).toBe(status);
  expect(response.headers()["content-type"]).toMatch(/^application\/json/);
  expect(response.headers()["cache-control"]).toBe("no-store");
  return response.json();
}

describe("POST /api/events/:id/register", () => {
  test("201 with the registration's id; the row is stored for the signed-in student", async ({ context, request, student }) => {
    const [event] = await openSeedEvents(request);
    const body = await jsonOf(await context.request.post(url(event!.id), { data: valid }), 201);
    expect(body).toEqual({ id: expect.any(Number), message: `Registration Successful! You are registered for ${event!.title}.` });
    expect(storedRegistrations(event!.id, student.id)).toEqual([
      { id: body.id, user_id: student.id, name: valid.name, email: valid.email, phone: valid.phone },
    ]);
  });

  test("401 when signed out, and nothing stored", async ({ request }) => {
    const [event] = await openSeedEvents(request);
    const before = storedRegistrations(event!.id).length;
    const body = await jsonOf(await request.post(url(event!.id), { data: valid }), 401);
    expect(body).toEqual({ message: "Unauthorized" });
    expect(storedRegistrations(event!.id).length).toBe(before);
  });

  test("400 names each invalid field with the spec's messages; 415 for a body that is not JSON", async ({ context, request, student }) => {
    const [event] = await openSeedEvents(request);
    const body = await jsonOf(await context.request.post(url(event!.id), { data: { name: "P", email: "nope", phone: "123" } }), 400);
    expect(body).toEqual({
      message: expect.any(String),
      errors: {
        name: ["Name must be at least 2 characters"],
        email: ["Please enter a valid email address"],
        phone: ["Phone number must be at least 10 digits"],
        consent: ["Please tick the box to agree to the use of your details for this purpose."],
      },
    });
    const missing = await jsonOf(await context.request.post(url(event!.id), { data: {} }), 400);
    expect(Object.keys(missing.errors).sort()).toEqual(["consent", "email", "name", "phone"]);
    await jsonOf(await context.request.post(url(event!.id), { form: valid }), 415);
    expect(storedRegistrations(event!.id, student.id)).toEqual([]);
  });

  test("404 for unknown, inactive and malformed ids", async ({ context, student, makeEvent }) => {
    const inactive = makeEvent("API inactive", { isActive: false });
    for (const id of [String(inactive.id), "999999", "abc", "0", "-1", "1.5"]) {
      const body = await jsonOf(await context.request.post(url(id), { data: valid }), 404);
      expect(body, id).toEqual({ message: "Event not found" });
    }
    expect(storedRegistrations(inactive.id, student.id)).toEqual([]);
  });

  test("409 for a second registration, a full event and a past event", async ({ context, request, student, makeEvent }) => {
    const [open] = await openSeedEvents(request);
    await jsonOf(await context.request.post(url(open!.id), { data: valid }), 201);
    expect(await jsonOf(await context.request.post(url(open!.id), { data: valid }), 409)).toEqual({
      message: "You are already registered for this event.",
    });
    expect(storedRegistrations(open!.id, student.id)).toHaveLength(1);

    const full = makeEvent("API full", { maxParticipants: 1 });
    addRegistration(full.id, await createStudent());
    expect(await jsonOf(await context.request.post(url(full.id), { data: valid }), 409)).toEqual({
      message: "This event is full.",
    });
    expect(storedRegistrations(full.id, student.id)).toEqual([]);

    const past = makeEvent("API past", { startsIn: -DAY_MS });
    expect(await jsonOf(await context.request.post(url(past.id), { data: valid }), 409)).toEqual({
      message: "Registration for this event has closed.",
    });
    expect(storedRegistrations(past.id)).toEqual([]);
  });

  test("simultaneous posts from different students never take more seats than there are", async ({ makeEvent }) => {
    const seats = 3;
    const event = makeEvent("API race", { maxParticipants: seats });
    const clients = await Promise.all(Array.from({ length: 8 }, async () => (await studentClient()).client));
    const statuses = await Promise.all(clients.map(async (client) => (await client.post(url(event.id), { data: valid })).status()));
    expect(statuses.filter((status) => status === 201)).toHaveLength(seats);
    expect(statuses.filter((status) => status === 409)).toHaveLength(clients.length - seats);
    expect(storedRegistrations(event.id)).toHaveLength(seats);
  });

  test("500 with the spec's failure text when storing fails", async ({ context, request, student }) => {
    const [event] = await openSeedEvents(request);
    const restore = failRegistrationsOf(student);
    try {
      const body = await jsonOf(await context.request.post(url(event!.id), { data: valid }), 500);
      expect(body).toEqual({ message: "There was an error registering for the event. Please try again." });
    } finally {
      restore();
    }
    expect(storedRegistrations(event!.id, student.id)).toEqual([]);
  });

  test("GET is 405", async ({ request }) => {
    const [event] = await openSeedEvents(request);
    const response = await request.get(url(event!.id));
    expect(response.status()).toBe(405);
    expect(response.headers()["allow"]).toBe("POST");
  });
});
