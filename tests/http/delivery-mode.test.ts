import { randomUUID } from "node:crypto";
import { adminApiClient, describe, expect, queryTestDatabase, test } from "./support/test";

// A course's and an event's delivery (online, or the state of the venue) through
// the admin's JSON doors, which share the dialogs' schema: it decides the place
// of supply on the invoices of what is sold.

type Stored = { delivery_mode: string; venue_state_code: string | null };
const stored = (table: "courses" | "events", id: number) =>
  queryTestDatabase<Stored>(`SELECT delivery_mode, venue_state_code FROM ${table} WHERE id = ?`, id)[0];

const course = (overrides: Record<string, unknown> = {}) => ({
  title: `Venue Course ${randomUUID().slice(0, 8)}`,
  shortDescription: "Taught in a classroom",
  description: "Taught in a classroom.",
  duration: "2 days",
  ...overrides,
});

const event = (overrides: Record<string, unknown> = {}) => ({
  title: `Venue Meetup ${randomUUID().slice(0, 8)}`,
  description: "Held in a hall.",
  eventType: "workshop",
  eventDate: "2031-03-20T19:00:00+05:30",
  venue: "Hall 2, Connaught Place",
  ...overrides,
});

describe("delivery of what is sold", () => {
  test("a course: online by default, a venue's state when given, kept when an edit leaves it out", async () => {
    const { client } = await adminApiClient();
    const online = await (await client.post("/api/courses", { data: course() })).json();
    expect(stored("courses", online.id)).toEqual({ delivery_mode: "online", venue_state_code: null });
    const atVenue = await client.post("/api/courses", { data: course({ delivery: "07" }) });
    expect(atVenue.status()).toBe(201);
    const { id } = await atVenue.json();
    expect(stored("courses", id)).toEqual({ delivery_mode: "venue", venue_state_code: "07" });
    expect((await client.put(`/api/courses/${id}`, { data: course() })).status()).toBe(200);
    expect(stored("courses", id)).toEqual({ delivery_mode: "venue", venue_state_code: "07" });
    expect((await client.put(`/api/courses/${id}`, { data: course({ delivery: "online" }) })).status()).toBe(200);
    expect(stored("courses", id)).toEqual({ delivery_mode: "online", venue_state_code: null });
  });

  test("an event gets the state where it is held; a state that does not exist is a 400 and changes nothing", async () => {
    const { client } = await adminApiClient();
    const created = await client.post("/api/events", { data: event({ delivery: "27" }) });
    expect(created.status()).toBe(201);
    const { id } = await created.json();
    expect(stored("events", id)).toEqual({ delivery_mode: "venue", venue_state_code: "27" });
    const refused = await client.put(`/api/events/${id}`, { data: event({ delivery: "Delhi" }) });
    expect(refused.status()).toBe(400);
    expect((await refused.json()).errors).toMatchObject({ delivery: ["Delivery must be online or the state of the venue"] });
    expect(stored("events", id)).toEqual({ delivery_mode: "venue", venue_state_code: "27" });
  });
});
