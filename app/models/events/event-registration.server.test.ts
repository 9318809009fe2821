import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Worker } from "node:worker_threads";
import { eq } from "drizzle-orm";
import { afterAll, beforeEach, describe, expect, test } from "vitest";
import { eventRegistrations, events, outboxMessages, users } from "../../../db/schema";
import { db, migrateDatabase, openDatabase, type AppDatabase } from "~/utils/db.server";
import { findRegistrationTarget, registerForEvent } from "./event-registration.server";
import { writtenMail } from "../../../tests/support/unit-mail";

const NOW = new Date("2026-03-10T06:30:00Z");
const DAY = 24 * 60 * 60 * 1000;
const at = (offsetMs: number) => new Date(NOW.getTime() + offsetMs);
const details = { name: "Priya Sharma", email: "priya@example.com", phone: "9876543210" };

function addUsers(database: AppDatabase, count: number, prefix = "user"): string[] {
  const ids = Array.from({ length: count }, (_, i) => `${prefix}-${i + 1}`);
  database
    .insert(users)
    .values(ids.map((id) => ({ id, email: `${id}@example.test`, adultConfirmedAt: new Date() })))
    .run();
  return ids;
}

function addEvent(database: AppDatabase, values: Partial<typeof events.$inferInsert> = {}): number {
  return database
    .insert(events)
    .values({ title: "Live Nifty Webinar", description: "d", eventDate: at(5 * DAY), ...values })
    .returning({ id: events.id })
    .get().id;
}

const rowsFor = (eventId: number) => db.select().from(eventRegistrations).where(eq(eventRegistrations.eventId, eventId)).all();

let userIds: string[] = [];
beforeEach(() => {
  db.delete(outboxMessages).run();
  db.delete(eventRegistrations).run();
  db.delete(events).run();
  db.delete(users).run();
  userIds = addUsers(db, 5);
});

describe("registerForEvent", () => {
  test("stores the registration with the student's details", () => {
    const eventId = addEvent(db, { maxParticipants: 10 });
    const result = registerForEvent({ eventId, userId: userIds[0]!, ...details }, NOW);
    expect(result).toEqual({ ok: true, registrationId: expect.any(Number), eventTitle: "Live Nifty Webinar" });
    expect(rowsFor(eventId)).toEqual([
      {
        id: result.ok ? result.registrationId : -1,
        eventId,
        userId: userIds[0],
        ...details,
        registeredAt: NOW,
        remindedDayBeforeAt: null,
        remindedHourBeforeAt: null,
        orderId: null,
      },
    ]);
    // Its confirmation is queued in the same transaction, for the student's account, about this event.
    expect(
      db
        .select({ to: outboxMessages.toAddress, payload: outboxMessages.payload, userId: outboxMessages.userId })
        .from(outboxMessages)
        .all(),
    ).toEqual([{ to: details.email, payload: { kind: "event-registered", eventId }, userId: userIds[0] }]);
    expect(writtenMail(details.email).map((mail) => mail.subject)).toEqual(["You are registered: Live Nifty Webinar"]);
  });

  test("past the address's share of confirmations, the seat is booked and nothing is mailed", () => {
    const eventId = addEvent(db, { maxParticipants: 10 });
    const result = registerForEvent({ eventId, userId: userIds[0]!, ...details, confirmByMail: false }, NOW);
    expect(result).toMatchObject({ ok: true });
    expect(rowsFor(eventId)).toHaveLength(1);
    expect(db.select().from(outboxMessages).all()).toEqual([]);
  });

  test("a refused registration queues no mail", () => {
    const eventId = addEvent(db, { eventDate: at(-DAY) });
    expect(registerForEvent({ eventId, userId: userIds[0]!, ...details }, NOW)).toEqual({ ok: false, reason: "closed" });
    expect(db.select().from(outboxMessages).all()).toEqual([]);
  });

  test("accepts the id as a URL segment; malformed ids are not found", () => {
    const eventId = addEvent(db);
    expect(registerForEvent({ eventId: String(eventId), userId: userIds[0]!, ...details }, NOW).ok).toBe(true);
    for (const raw of ["abc", "0", "-1", "1.5", ""]) {
      expect(registerForEvent({ eventId: raw, userId: userIds[1]!, ...details }, NOW), raw).toEqual({
        ok: false,
        reason: "not-found",
      });
    }
  });

  test("never more registrations than seats", () => {
    const eventId = addEvent(db, { maxParticipants: 2 });
    expect(registerForEvent({ eventId, userId: userIds[0]!, ...details }, NOW).ok).toBe(true);
    expect(registerForEvent({ eventId, userId: userIds[1]!, ...details }, NOW).ok).toBe(true);
    expect(registerForEvent({ eventId, userId: userIds[2]!, ...details }, NOW)).toEqual({ ok: false, reason: "full" });
    expect(rowsFor(eventId)).toHaveLength(2);
  });

  test("seats are counted per event", () => {
    const first = addEvent(db, { maxParticipants: 1 });
    const second = addEvent(db, { maxParticipants: 1 });
    expect(registerForEvent({ eventId: first, userId: userIds[0]!, ...details }, NOW).ok).toBe(true);
    expect(registerForEvent({ eventId: second, userId: userIds[1]!, ...details }, NOW).ok).toBe(true);
  });

  test("no seat limit means unlimited", () => {
    const eventId = addEvent(db, { maxParticipants: null });
    for (const userId of userIds) expect(registerForEvent({ eventId, userId, ...details }, NOW).ok).toBe(true);
    expect(rowsFor(eventId)).toHaveLength(userIds.length);
  });

  test("one registration per student per event, even when the event is full", () => {
    const eventId = addEvent(db, { maxParticipants: 1 });
    expect(registerForEvent({ eventId, userId: userIds[0]!, ...details }, NOW).ok).toBe(true);
    expect(registerForEvent({ eventId, userId: userIds[0]!, ...details, name: "Again" }, NOW)).toEqual({
      ok: false,
      reason: "duplicate",
    });
    expect(rowsFor(eventId)).toHaveLength(1);
  });

  test("past events are closed; an event starting later today is still open", () => {
    const past = addEvent(db, { eventDate: at(-60_000) });
    expect(registerForEvent({ eventId: past, userId: userIds[0]!, ...details }, NOW)).toEqual({ ok: false, reason: "closed" });
    const soon = addEvent(db, { eventDate: at(60_000) });
    expect(registerForEvent({ eventId: soon, userId: userIds[0]!, ...details }, NOW).ok).toBe(true);
    expect(rowsFor(past)).toHaveLength(0);
  });

  test("a paid event gives no seat without a payment, free or full as it may be", () => {
    const paid = addEvent(db, { pricePaise: 99_900, maxParticipants: 10 });
    expect(registerForEvent({ eventId: paid, userId: userIds[0]!, ...details }, NOW)).toEqual({
      ok: false,
      reason: "needs-payment",
    });
    expect(rowsFor(paid)).toHaveLength(0);
    expect(findRegistrationTarget(paid, userIds[0]!, NOW)?.state).toBe("needs-payment");
    // Made free, the same event takes the registration.
    db.update(events).set({ pricePaise: 0 }).where(eq(events.id, paid)).run();
    expect(registerForEvent({ eventId: paid, userId: userIds[0]!, ...details }, NOW).ok).toBe(true);
  });

  test("inactive and unknown events are not found", () => {
    const inactive = addEvent(db, { isActive: false });
    expect(registerForEvent({ eventId: inactive, userId: userIds[0]!, ...details }, NOW)).toEqual({
      ok: false,
      reason: "not-found",
    });
    expect(registerForEvent({ eventId: inactive + 100, userId: userIds[0]!, ...details }, NOW)).toEqual({
      ok: false,
      reason: "not-found",
    });
    expect(rowsFor(inactive)).toHaveLength(0);
  });
});

describe("registerForEvent for an account that has not confirmed its holder is 18 or older", () => {
  test("is refused, even for a free event with free seats, and nothing is stored or mailed", () => {
    const eventId = addEvent(db, { maxParticipants: 10 });
    db.update(users).set({ adultConfirmedAt: null }).where(eq(users.id, userIds[0]!)).run();
    expect(registerForEvent({ eventId, userId: userIds[0]!, ...details }, NOW)).toEqual({
      ok: false,
      reason: "adult-unconfirmed",
    });
    expect(rowsFor(eventId)).toEqual([]);
    expect(db.select().from(outboxMessages).all()).toEqual([]);
  });
});

describe("findRegistrationTarget", () => {
  test("open, with the seats left", () => {
    const eventId = addEvent(db, { maxParticipants: 3 });
    registerForEvent({ eventId, userId: userIds[1]!, ...details }, NOW);
    expect(findRegistrationTarget(String(eventId), userIds[0]!, NOW)).toEqual({
      id: eventId,
      title: "Live Nifty Webinar",
      eventDate: at(5 * DAY),
      durationMinutes: 60,
      maxParticipants: 3,
      pricePaise: 0,
      bannerUrl: null,
      seatsLeft: 2,
      state: "open",
    });
    expect(findRegistrationTarget(eventId, userIds[0]!, NOW)?.seatsLeft).toBe(2);
  });

  test("unlimited seats", () => {
    const eventId = addEvent(db);
    expect(findRegistrationTarget(eventId, userIds[0]!, NOW)).toMatchObject({ seatsLeft: null, state: "open" });
  });

  test("registered, full and closed", () => {
    const eventId = addEvent(db, { maxParticipants: 1 });
    registerForEvent({ eventId, userId: userIds[0]!, ...details }, NOW);
    expect(findRegistrationTarget(eventId, userIds[0]!, NOW)?.state).toBe("registered");
    expect(findRegistrationTarget(eventId, userIds[1]!, NOW)).toMatchObject({ seatsLeft: 0, state: "full" });
    const past = addEvent(db, { eventDate: at(-DAY) });
    expect(findRegistrationTarget(past, userIds[1]!, NOW)?.state).toBe("closed");
  });

  test("inactive, unknown and malformed ids are null", () => {
    const inactive = addEvent(db, { isActive: false });
    expect(findRegistrationTarget(inactive, userIds[0]!, NOW)).toBeNull();
    expect(findRegistrationTarget(inactive + 100, userIds[0]!, NOW)).toBeNull();
    expect(findRegistrationTarget("abc", userIds[0]!, NOW)).toBeNull();
  });
});

describe("registerForEvent under concurrent writers", () => {
  const directory = mkdtempSync(join(tmpdir(), "event-race-"));
  afterAll(() => rmSync(directory, { recursive: true, force: true }));

  test("workers on their own connections racing for the seats fill exactly maxParticipants", async () => {
    const WORKERS = 4;
    const USERS_PER_WORKER = 3;
    const EVENTS = 6;
    const SEATS = 2;
    const path = join(directory, "race.db");
    const file = openDatabase(path);
    migrateDatabase(file);
    const racers = addUsers(file, WORKERS * USERS_PER_WORKER, "racer");
    // Several events raced at once: every one is a boundary where an unguarded check-then-insert overshoots.
    const eventIds = Array.from({ length: EVENTS }, () =>
      addEvent(file, { maxParticipants: SEATS, eventDate: new Date(Date.now() + 30 * DAY) }),
    );

    // Each worker registers its own users; all of them attempt the same event at the same moment.
    const barrier = new SharedArrayBuffer(8);
    const outcomes = Array.from({ length: WORKERS }, (_, index) => {
      const worker = new Worker(new URL("../../../tests/fixtures/register-for-event-worker.mjs", import.meta.url), {
        workerData: {
          eventIds,
          userIds: racers.slice(index * USERS_PER_WORKER, (index + 1) * USERS_PER_WORKER),
          workers: WORKERS,
          barrier,
        },
        env: { ...process.env, DATABASE_URL: path },
      });
      return new Promise<string[]>((resolve, reject) => {
        worker.on("message", resolve);
        worker.on("error", reject);
        worker.on("exit", (code) => code !== 0 && reject(new Error(`worker exited with ${code}`)));
      });
    });
    const results = (await Promise.all(outcomes)).flat();

    const stored = file.select().from(eventRegistrations).all();
    file.$client.close();
    for (const eventId of eventIds) {
      const rows = stored.filter((row) => row.eventId === eventId);
      expect(rows, `event ${eventId}`).toHaveLength(SEATS);
      expect(new Set(rows.map((row) => row.userId)).size).toBe(SEATS);
    }
    expect(results.filter((r) => r === "ok")).toHaveLength(EVENTS * SEATS);
    expect(results.filter((r) => r === "full")).toHaveLength(EVENTS * (WORKERS * USERS_PER_WORKER - SEATS));
  }, 60_000);
});
