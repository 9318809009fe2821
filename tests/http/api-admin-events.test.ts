import {
  adminApiClient,
  auditActionsOf,
  describe,
  expect,
  type HttpResponse,
  queryTestDatabase,
  test,
  uniqueTitle,
  withDatabase,
} from "./support/test";

// The Events tab's JSON doors: POST /api/events, GET/PUT/DELETE
// /api/events/:id and GET /api/events/:id/registrations, plus GET /api/events
// for an admin session. Same rules as the dialogs (one schema, one model).

const DAY_MS = 24 * 60 * 60 * 1000;
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

async function jsonOf(response: HttpResponse, status: number) {
  expect(response.status(), await response.text()).toBe(status);
  expect(response.headers()["content-type"]).toMatch(/^application\/json/);
  return response.json();
}

function insertEvent(title: string, { isActive = true, startsIn = 5 * DAY_MS } = {}): number {
  return withDatabase((database) =>
    Number(
      database
        .prepare("INSERT INTO events (title, description, event_type, event_date, is_active) VALUES (?, ?, 'webinar', ?, ?)")
        .run(title, "Made by api-admin-events.spec.ts", Date.now() + startsIn, isActive ? 1 : 0).lastInsertRowid,
    ),
  );
}

function addRegistration(eventId: number, name: string, registeredAt: number) {
  withDatabase((database) =>
    database
      .prepare(
        "INSERT INTO event_registrations (event_id, user_id, name, email, phone, registered_at) VALUES (?, NULL, ?, ?, '9876543210', ?)",
      )
      .run(eventId, name, `${name.split(" ")[0]!.toLowerCase()}@example.test`, registeredAt),
  );
}

const storedEvent = (id: number) =>
  queryTestDatabase<Record<string, unknown>>(
    "SELECT title, description, event_type, event_date, duration_minutes, max_participants, price_paise, registration_url, is_active FROM events WHERE id = ?",
    id,
  )[0];

const body = (title: string) => ({
  title,
  description: "Reading the option chain, live.",
  eventType: "workshop",
  eventDate: "2031-03-20T19:00:00+05:30",
  duration: 90,
  maxParticipants: 25,
  price: 1499.5,
  registrationUrl: "https://example.com/chain",
  isActive: true,
});

describe("POST /api/events", () => {
  test("201 with the event as GET shows it; stored, and an audit row", async () => {
    const { admin, client } = await adminApiClient();
    const title = uniqueTitle("API Workshop");
    const created = await jsonOf(await client.post("/api/events", { data: body(title) }), 201);
    expect(created).toEqual({
      id: expect.any(Number),
      title,
      description: "Reading the option chain, live.",
      eventType: "workshop",
      eventDate: "2031-03-20T13:30:00.000Z",
      duration: 90,
      maxParticipants: 25,
      price: "1499.50",
      registrationUrl: "https://example.com/chain",
      bannerUrl: null,
      isActive: true,
      createdAt: expect.stringMatching(ISO),
    });
    expect(storedEvent(created.id)).toEqual({
      title,
      description: "Reading the option chain, live.",
      event_type: "workshop",
      event_date: Date.UTC(2031, 2, 20, 13, 30),
      duration_minutes: 90,
      max_participants: 25,
      price_paise: 149950,
      registration_url: "https://example.com/chain",
      is_active: 1,
    });
    expect(auditActionsOf(admin)).toEqual([{ action: "event_created", entityType: "event", entityId: String(created.id) }]);
    await client.dispose();
  });

  test("the spec's defaults: eventType, duration 60, price 0, active; a content manager may create too", async () => {
    const { admin, client } = await adminApiClient("content_manager");
    const title = uniqueTitle("Defaults");
    const created = await jsonOf(
      await client.post("/api/events", {
        data: {
          title,
          description: "d",
          eventType: "webinar",
          eventDate: "2031-01-01T10:00:00Z",
          maxParticipants: null,
          registrationUrl: "",
        },
      }),
      201,
    );
    expect(created).toMatchObject({ duration: 60, price: "0.00", maxParticipants: null, registrationUrl: null, isActive: true });
    expect(auditActionsOf(admin)).toEqual([{ action: "event_created", entityType: "event", entityId: String(created.id) }]);
    await client.dispose();
  });

  test("400 names each field with its message; 415 for a body that is not JSON; nothing stored", async () => {
    const { admin, client } = await adminApiClient();
    const missing = await jsonOf(await client.post("/api/events", { data: {} }), 400);
    expect(missing).toEqual({
      message: expect.any(String),
      errors: {
        title: ["Title is required"],
        description: ["Description is required"],
        eventType: ["Event type is required"],
        eventDate: ["Event date is required"],
      },
    });
    const title = uniqueTitle("Bad");
    const bad = await jsonOf(
      await client.post("/api/events", {
        data: {
          ...body(title),
          eventType: "party",
          eventDate: "2031-02-30T10:00:00Z",
          duration: 0,
          maxParticipants: 1.5,
          price: -1,
          registrationUrl: "javascript:alert(1)",
          isActive: "yes",
        },
      }),
      400,
    );
    expect(bad.errors).toEqual({
      eventType: ["Event type must be webinar, workshop or competition"],
      eventDate: ["Event date must be an ISO date and time, like 2026-12-05T14:00:00.000Z"],
      duration: ["Duration must be at least 1"],
      maxParticipants: ["Max participants must be a whole number"],
      price: ["Price cannot be negative"],
      registrationUrl: ["Registration URL must start with https:// or /"],
      isActive: ["isActive must be true or false"],
    });
    await jsonOf(await client.post("/api/events", { form: { title } }), 415);
    expect(queryTestDatabase("SELECT id FROM events WHERE title = ?", title)).toEqual([]);
    expect(auditActionsOf(admin)).toEqual([]);
    await client.dispose();
  });

  test("401 without an admin session, a student's included; 405 for other methods", async ({ request, student, context }) => {
    const title = uniqueTitle("Intruder");
    expect(await jsonOf(await request.post("/api/events", { data: body(title) }), 401)).toEqual({ message: "Unauthorized" });
    expect(student.id).toBeTruthy();
    expect(await jsonOf(await context.request.post("/api/events", { data: body(title) }), 401)).toEqual({ message: "Unauthorized" });
    expect(queryTestDatabase("SELECT id FROM events WHERE title = ?", title)).toEqual([]);

    const { client } = await adminApiClient();
    for (const method of ["PUT", "DELETE", "PATCH"]) {
      const response = await client.fetch("/api/events", { method, data: body(title) });
      expect(response.status(), method).toBe(405);
      expect(response.headers()["allow"]).toBe("GET, POST");
    }
    await client.dispose();
  });
});

describe("GET /api/events", () => {
  test("an admin session sees inactive events too, never cached; everyone else only active ones", async ({ request }) => {
    const title = uniqueTitle("Hidden from the public");
    const id = insertEvent(title, { isActive: false });
    const { client } = await adminApiClient();
    const response = await client.get("/api/events");
    const all = await jsonOf(response, 200);
    expect(response.headers()["cache-control"]).toBe("private, no-store");
    expect(all.find((event: { id: number }) => event.id === id)).toMatchObject({ id, title, isActive: false });
    const times = all.map((event: { eventDate: string }) => Date.parse(event.eventDate));
    expect(times).toEqual([...times].sort((a: number, b: number) => a - b));

    const publicList = await jsonOf(await request.get("/api/events"), 200);
    expect(publicList.map((event: { id: number }) => event.id)).not.toContain(id);
    expect(publicList.every((event: { isActive: boolean }) => event.isActive)).toBe(true);
    await client.dispose();
  });
});

describe("/api/events/:id", () => {
  test("GET: one event, inactive ones too; 404 for unknown and malformed ids", async () => {
    const title = uniqueTitle("Inactive one");
    const id = insertEvent(title, { isActive: false });
    const { client } = await adminApiClient();
    expect(await jsonOf(await client.get(`/api/events/${id}`), 200)).toMatchObject({ id, title, isActive: false, duration: 60 });
    for (const missing of ["99999999", "abc", "0", "1.5"])
      expect(await jsonOf(await client.get(`/api/events/${missing}`), 404), missing).toEqual({ message: "Event not found" });
    await client.dispose();
  });

  test("PUT: 200 with the saved event; stored and audited; 400 and 404 change nothing", async () => {
    const { admin, client } = await adminApiClient();
    const id = insertEvent(uniqueTitle("Before"));
    const renamed = uniqueTitle("After");
    const saved = await jsonOf(
      await client.put(`/api/events/${id}`, { data: { ...body(renamed), eventType: "competition", isActive: false, price: "0" } }),
      200,
    );
    expect(saved).toMatchObject({ id, title: renamed, eventType: "competition", isActive: false, price: "0.00", duration: 90 });
    expect(storedEvent(id)).toMatchObject({ title: renamed, event_type: "competition", is_active: 0, price_paise: 0 });

    const invalid = await jsonOf(await client.put(`/api/events/${id}`, { data: { ...body(""), duration: 1441 } }), 400);
    expect(invalid.errors).toEqual({ title: ["Title is required"], duration: ["Duration must be at most 1440"] });
    expect(storedEvent(id)).toMatchObject({ title: renamed });

    expect(await jsonOf(await client.put("/api/events/99999999", { data: body(renamed) }), 404)).toEqual({ message: "Event not found" });
    expect(auditActionsOf(admin)).toEqual([{ action: "event_updated", entityType: "event", entityId: String(id) }]);
    await client.dispose();
  });

  test("DELETE: 200 and gone (then 404); 409 for an event with registrations, which stays", async () => {
    const { admin, client } = await adminApiClient();
    const title = uniqueTitle("Delete me");
    const id = insertEvent(title);
    expect(await jsonOf(await client.delete(`/api/events/${id}`), 200)).toEqual({ id, message: `“${title}” has been deleted.` });
    expect(storedEvent(id)).toBeUndefined();
    expect(await jsonOf(await client.delete(`/api/events/${id}`), 404)).toEqual({ message: "Event not found" });

    const kept = insertEvent(uniqueTitle("Has history"));
    addRegistration(kept, "Sana Khan", Date.now());
    addRegistration(kept, "Vikram Rao", Date.now());
    const refused = await jsonOf(await client.delete(`/api/events/${kept}`), 409);
    expect(refused).toEqual({
      message:
        'This event has 2 registrations, so it cannot be deleted without losing them. Deactivate it instead (PUT with "isActive": false).',
    });
    expect(storedEvent(kept)).toBeDefined();
    expect(auditActionsOf(admin)).toEqual([{ action: "event_deleted", entityType: "event", entityId: String(id) }]);
    await client.dispose();
  });

  test("401 without an admin session (a student's included); 405 for other methods", async ({ request, student, context }) => {
    const id = insertEvent(uniqueTitle("Guarded"));
    for (const client of [request, context.request]) {
      expect(await jsonOf(await client.get(`/api/events/${id}`), 401)).toEqual({ message: "Unauthorized" });
      expect(await jsonOf(await client.put(`/api/events/${id}`, { data: body("x") }), 401)).toEqual({ message: "Unauthorized" });
      expect(await jsonOf(await client.delete(`/api/events/${id}`), 401)).toEqual({ message: "Unauthorized" });
      expect(await jsonOf(await client.get(`/api/events/${id}/registrations`), 401)).toEqual({ message: "Unauthorized" });
    }
    expect(storedEvent(id)).toBeDefined();
    expect(student.id).toBeTruthy();

    const { client } = await adminApiClient();
    for (const method of ["POST", "PATCH"]) {
      const response = await client.fetch(`/api/events/${id}`, { method, data: body("x") });
      expect(response.status(), method).toBe(405);
      expect(response.headers()["allow"]).toBe("GET, PUT, DELETE");
    }
    const post = await client.post(`/api/events/${id}/registrations`, { data: {} });
    expect(post.status()).toBe(405);
    expect(post.headers()["allow"]).toBe("GET");
    await client.dispose();
  });
});

describe("GET /api/events/:id/registrations", () => {
  test("who registered, earliest first; [] when nobody has; 404 for unknown ids; 403 for a content manager (personal data)", async () => {
    const id = insertEvent(uniqueTitle("Popular"), { isActive: false });
    addRegistration(id, "Zoya Ali", Date.UTC(2026, 0, 2, 5, 0));
    addRegistration(id, "Arjun Nair", Date.UTC(2026, 0, 1, 5, 0));
    const empty = insertEvent(uniqueTitle("Empty"));
    const manager = await adminApiClient("content_manager");
    expect(await jsonOf(await manager.client.get(`/api/events/${id}/registrations`), 403)).toEqual({ message: "Forbidden" });
    await manager.client.dispose();
    const { client } = await adminApiClient();
    expect(await jsonOf(await client.get(`/api/events/${id}/registrations`), 200)).toEqual([
      {
        id: expect.any(Number),
        name: "Arjun Nair",
        email: "arjun@example.test",
        phone: "9876543210",
        registeredAt: "2026-01-01T05:00:00.000Z",
      },
      {
        id: expect.any(Number),
        name: "Zoya Ali",
        email: "zoya@example.test",
        phone: "9876543210",
        registeredAt: "2026-01-02T05:00:00.000Z",
      },
    ]);
    expect(await jsonOf(await client.get(`/api/events/${empty}/registrations`), 200)).toEqual([]);
    expect(await jsonOf(await client.get("/api/events/99999999/registrations"), 404)).toEqual({ message: "Event not found" });
    await client.dispose();
  });
});

describe("POST /api/events/:id/register beside the admin routes", () => {
  test("a student still registers for a free event an admin created through the API", async ({ context, student }) => {
    const { client } = await adminApiClient();
    const eventDate = new Date(Date.now() + 3 * DAY_MS).toISOString();
    const created = await jsonOf(
      await client.post("/api/events", { data: { ...body(uniqueTitle("Open to students")), price: 0, eventDate } }),
      201,
    );
    const registered = await jsonOf(
      await context.request.post(`/api/events/${created.id}/register`, {
        data: { name: "Priya Sharma", email: student.email, phone: "+91 98765 43210", consent: true },
      }),
      201,
    );
    expect(registered.message).toBe(`Registration Successful! You are registered for ${created.title}.`);
    expect(await jsonOf(await client.get(`/api/events/${created.id}/registrations`), 200)).toHaveLength(1);
    expect((await context.request.get(`/api/events/${created.id}/register`)).status()).toBe(405);

    // A paid event's seats are booked with a payment, which events do not take online yet.
    const paid = await jsonOf(await client.post("/api/events", { data: { ...body(uniqueTitle("Paid seats")), eventDate } }), 201);
    const refused = await jsonOf(
      await context.request.post(`/api/events/${paid.id}/register`, {
        data: { name: "Priya Sharma", email: student.email, phone: "+91 98765 43210", consent: true },
      }),
      402,
    );
    expect(refused.message).toMatch(/^This is a paid event, and seats are booked with payment\./);
    expect(await jsonOf(await client.get(`/api/events/${paid.id}/registrations`), 200)).toEqual([]);
    await client.dispose();
  });
});

describe("an event's registrations, a page at a time", () => {
  test("the dialog shows 25 first come first and a Next link by key that keeps the events list's page; the JSON door pages with Link", async () => {
    const id = insertEvent(uniqueTitle("Seminar"));
    const start = Date.UTC(2026, 0, 1, 5, 0);
    for (let n = 1; n <= 27; n++) addRegistration(id, `Guest${String(n).padStart(2, "0")} Rao`, start + n * 60_000);
    const { client } = await adminApiClient();

    const first = await client.get(`/admin/events/${id}/registrations?page=2`);
    expect(first.status()).toBe(200);
    const html = (await first.text()).replaceAll("<!-- -->", "");
    expect(html).toContain("27 registrations");
    expect(html).toContain("Guest01 Rao");
    expect(html).toContain("Guest25 Rao");
    expect(html).not.toContain("Guest26 Rao");
    expect(html).toContain("Page 1 of 2");
    const next = /<a rel="next"[^>]* href="([^"]*)"/.exec(html)?.[1]?.replaceAll("&amp;", "&");
    expect(next).toMatch(/^\/admin\/events\/\d+\/registrations\?page=2&registrations-page=2&registrations-after=[\w-]+$/);
    // The dialog's Close goes back to the events list's own page, without the dialog's paging.
    expect(html).toContain(`href="/admin/events?page=2"`);

    const second = (await (await client.get(next!)).text()).replaceAll("<!-- -->", "");
    expect(second).toContain("Guest26 Rao");
    expect(second).toContain("Guest27 Rao");
    expect(second).not.toContain("Guest25 Rao");
    expect(second).toContain("Page 2 of 2");

    const api = await client.get(`/api/events/${id}/registrations?pageSize=20`);
    const items = (await jsonOf(api, 200)) as { name: string }[];
    expect(items.map((item) => item.name)).toEqual(Array.from({ length: 20 }, (_, n) => `Guest${String(n + 1).padStart(2, "0")} Rao`));
    expect(api.headers()["x-total-count"]).toBe("27");
    const link = /<([^>]+)>; rel="next"/.exec(api.headers()["link"] ?? "")?.[1];
    expect(link).toContain("after=");
    const rest = (await jsonOf(await client.get(link!), 200)) as { name: string }[];
    expect(rest.map((item) => item.name)).toEqual([
      "Guest21 Rao",
      "Guest22 Rao",
      "Guest23 Rao",
      "Guest24 Rao",
      "Guest25 Rao",
      "Guest26 Rao",
      "Guest27 Rao",
    ]);
    await client.dispose();
  });
});
