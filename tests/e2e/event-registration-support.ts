import { randomUUID } from "node:crypto";
import { expect, type APIRequestContext } from "@playwright/test";
import { type Student, test as base, withDatabase } from "./fixtures";

// Shared by event-registration.spec.ts and api-event-registration.spec.ts.

const DAY_MS = 24 * 60 * 60 * 1000;

export type ApiEvent = {
  id: number;
  title: string;
  eventType: string;
  eventDate: string;
  maxParticipants: number | null;
  price: string;
};
export type StoredRegistration = { id: number; user_id: string; name: string; email: string; phone: string };
export type TestEvent = { id: number; title: string };
type EventOptions = { maxParticipants?: number | null; startsIn?: number; isActive?: boolean; pricePaise?: number };

/** Free active seed events (db/seed.ts) that start a day or more from now with no seat limit. */
export async function openSeedEvents(request: APIRequestContext): Promise<ApiEvent[]> {
  const response = await request.get("/api/events");
  expect(response.status()).toBe(200);
  const events: ApiEvent[] = await response.json();
  const open = events.filter(
    (event) => Date.parse(event.eventDate) > Date.now() + DAY_MS && event.maxParticipants === null && Number(event.price) === 0,
  );
  expect(open.length, "the seed has a free upcoming event without a seat limit").toBeGreaterThan(0);
  return open;
}

/** A seed event whose start has passed (still active and listed). */
export async function pastSeedEvent(request: APIRequestContext): Promise<ApiEvent> {
  const response = await request.get("/api/events");
  const events: ApiEvent[] = await response.json();
  const past = events.find((event) => Date.parse(event.eventDate) < Date.now());
  expect(past, "the seed has a past event").toBeTruthy();
  return past!;
}

export function addRegistration(eventId: number, student: Student) {
  withDatabase((database) =>
    database
      .prepare("INSERT INTO event_registrations (event_id, user_id, name, email, phone) VALUES (?, ?, ?, ?, ?)")
      .run(eventId, student.id, `${student.firstName} ${student.lastName}`, student.email, "9876543210"),
  );
}

/** What is stored for the event, optionally for one student only, in order. */
export function storedRegistrations(eventId: number, userId?: string): StoredRegistration[] {
  return withDatabase(
    (database) =>
      database
        .prepare(
          `SELECT id, user_id, name, email, phone FROM event_registrations
           WHERE event_id = ? ${userId ? "AND user_id = ?" : ""} ORDER BY id`,
        )
        .all(...(userId ? [eventId, userId] : [eventId])) as StoredRegistration[],
  );
}

export function moveEventStart(eventId: number, startsAt: number) {
  withDatabase((database) => database.prepare("UPDATE events SET event_date = ? WHERE id = ?").run(startsAt, eventId));
}

/**
 * Makes every registration by this student fail to store (an SQLite trigger
 * aborts the insert), to see how an unexpected failure is answered; undo with
 * the returned function.
 */
export function failRegistrationsOf(student: Student): () => void {
  const trigger = `e2e_fail_registration_${student.id.replace(/-/g, "_")}`;
  withDatabase((database) =>
    database.exec(
      `CREATE TRIGGER ${trigger} BEFORE INSERT ON event_registrations WHEN NEW.user_id = '${student.id}'
       BEGIN SELECT RAISE(ABORT, 'e2e: the store is failing'); END`,
    ),
  );
  return () => withDatabase((database) => database.exec(`DROP TRIGGER IF EXISTS ${trigger}`));
}

/**
 * `makeEvent`: an event of the test's own (a seat limit, or a start to move), a
 * year and more ahead so it never enters this week, this month or the home page's
 * first three, and deleted with its registrations when the test ends, so the
 * events list other specs read grows only for the few seconds a test runs.
 */
export const test = base.extend<{ makeEvent: (label: string, options?: EventOptions) => TestEvent }>({
  makeEvent: async ({}, use) => {
    const made: number[] = [];
    await use((label, options = {}) => {
      const title = `E2E ${label} ${randomUUID().slice(0, 8)}`;
      const startsAt = Date.now() + (options.startsIn ?? 400 * DAY_MS + Math.floor(Math.random() * 100) * DAY_MS);
      const id = withDatabase((database) =>
        Number(
          database
            .prepare(
              `INSERT INTO events (title, description, event_type, event_date, duration_minutes, max_participants, price_paise, is_active)
               VALUES (?, 'An event made by the registration tests.', 'webinar', ?, 60, ?, ?, ?)`,
            )
            .run(title, startsAt, options.maxParticipants ?? null, options.pricePaise ?? 0, options.isActive === false ? 0 : 1)
            .lastInsertRowid,
        ),
      );
      made.push(id);
      return { id, title };
    });
    withDatabase((database) => {
      for (const id of made) {
        database.prepare("DELETE FROM event_registrations WHERE event_id = ?").run(id);
        database.prepare("DELETE FROM events WHERE id = ?").run(id);
      }
    });
  },
});

export { expect };
