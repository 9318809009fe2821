import { eq } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, test } from "vitest";
import { orders, eventRegistrations, events, users } from "../../../db/schema";
import type { AdminEventInput } from "~/schemas/admin-event";
import { db } from "~/utils/db.server";
import { listRegistrationsForEvent } from "./event-registration.server";
import {
  deactivateEvent,
  deleteEvent,
  eventStats,
  findActiveEvent,
  findEventForAdmin,
  findEventForDelete,
  isFreeEvent,
  listActiveEvents,
  listAllEvents,
  listEventsForAdmin,
  listUpcomingEvents,
  listUpcomingEventsForChat,
  saveEvent,
  toEventJson,
} from "./event.server";

// 2026-03-10 12:00 IST. One month ahead on the Indian calendar is 2026-04-10 12:00 IST.
const NOW = new Date("2026-03-10T06:30:00Z");
const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
const at = (offsetMs: number) => new Date(NOW.getTime() + offsetMs);

const base = { description: "d", durationMinutes: 60 };

beforeAll(() => {
  db.delete(events).run();
  db.insert(events)
    .values([
      // Inserted out of date order on purpose.
      { ...base, id: 1, title: "In 20 days workshop", eventType: "workshop", eventDate: at(20 * DAY), pricePaise: 99900 },
      { ...base, id: 2, title: "Yesterday webinar", eventType: "webinar", eventDate: at(-DAY), pricePaise: 0 },
      { ...base, id: 3, title: "In 2 days webinar", eventType: "webinar", eventDate: at(2 * DAY), pricePaise: 0, maxParticipants: 100 },
      { ...base, id: 4, title: "In 6 days competition", eventType: "competition", eventDate: at(6 * DAY), pricePaise: 0 },
      { ...base, id: 5, title: "Just past a week", eventType: "workshop", eventDate: at(7 * DAY + HOUR), pricePaise: 149900 },
      { ...base, id: 6, title: "In 40 days webinar", eventType: "webinar", eventDate: at(40 * DAY), pricePaise: 49900 },
      { ...base, id: 7, title: "Cancelled workshop", eventType: "workshop", eventDate: at(3 * DAY), pricePaise: 0, isActive: false },
      // One hour inside and one hour outside "this month" (31 days in March).
      { ...base, id: 8, title: "Last hour of the month", eventType: "webinar", eventDate: at(31 * DAY - HOUR), pricePaise: 0 },
      { ...base, id: 9, title: "First hour after the month", eventType: "webinar", eventDate: at(31 * DAY + HOUR), pricePaise: 0 },
    ])
    .run();
});

const ids = (rows: { id: number }[]) => rows.map((row) => row.id);

describe("listActiveEvents", () => {
  test("lists every active event, past ones too, date ascending; inactive ones never", () => {
    expect(ids(listActiveEvents({ now: NOW }))).toEqual([2, 3, 4, 5, 1, 8, 9, 6]);
  });

  test("filters by type", () => {
    expect(ids(listActiveEvents({ type: "webinar", now: NOW }))).toEqual([2, 3, 8, 9, 6]);
    expect(ids(listActiveEvents({ type: "workshop", now: NOW }))).toEqual([5, 1]);
    expect(ids(listActiveEvents({ type: "competition", now: NOW }))).toEqual([4]);
    expect(ids(listActiveEvents({ type: "all", now: NOW }))).toHaveLength(8);
  });

  test("upcoming leaves out past events", () => {
    expect(ids(listActiveEvents({ time: "upcoming", now: NOW }))).toEqual([3, 4, 5, 1, 8, 9, 6]);
  });

  test("this-week means the next 7 days", () => {
    expect(ids(listActiveEvents({ time: "this-week", now: NOW }))).toEqual([3, 4]);
  });

  test("this-month means up to one calendar month ahead in India time", () => {
    expect(ids(listActiveEvents({ time: "this-month", now: NOW }))).toEqual([3, 4, 5, 1, 8]);
  });

  test("type and time combine", () => {
    expect(ids(listActiveEvents({ type: "workshop", time: "this-week", now: NOW }))).toEqual([]);
    expect(ids(listActiveEvents({ type: "webinar", time: "this-month", now: NOW }))).toEqual([3, 8]);
  });
});

test("listUpcomingEvents takes the next few active events", () => {
  expect(ids(listUpcomingEvents(3, NOW))).toEqual([3, 4, 5]);
});

test("the chat's seats left count registrations and the seats held by students paying for one", () => {
  const [buyer, seated] = db
    .insert(users)
    .values([{ email: "chat-seats-buyer@example.com" }, { email: "chat-seats-seated@example.com" }])
    .returning({ id: users.id })
    .all();
  db.insert(eventRegistrations).values({ eventId: 3, userId: seated!.id, name: "S", email: "s@example.com", phone: "9876543210" }).run();
  db.insert(orders)
    .values({ userId: buyer!.id, eventId: 3, amountPaise: 0, paymentStatus: "pending", enrolledAt: NOW, seatHeldUntil: at(HOUR) })
    .run();
  const seatsLeft = () => listUpcomingEventsForChat(NOW).find((event) => event.id === 3)?.seatsLeft;
  expect(seatsLeft()).toBe(98);
  db.update(orders)
    .set({ seatHeldUntil: at(-HOUR) })
    .where(eq(orders.userId, buyer!.id))
    .run();
  expect(seatsLeft()).toBe(99);
  db.delete(orders).where(eq(orders.userId, buyer!.id)).run();
  db.delete(eventRegistrations).where(eq(eventRegistrations.userId, seated!.id)).run();
});

test("findActiveEvent refuses inactive, unknown and malformed ids", () => {
  expect(findActiveEvent("3")?.title).toBe("In 2 days webinar");
  expect(findActiveEvent(7)).toBeNull();
  expect(findActiveEvent("999")).toBeNull();
  expect(findActiveEvent("3.5")).toBeNull();
  expect(findActiveEvent("abc")).toBeNull();
});

test("eventStats counts upcoming, free upcoming and upcoming workshops", () => {
  // Upcoming active: 3, 4, 5, 1, 8, 9, 6. Free: 3, 4, 8, 9. Workshops: 5, 1.
  expect(eventStats(NOW)).toEqual({ upcoming: 7, free: 4, workshops: 2 });
});

test("isFreeEvent: a price of zero is free", () => {
  expect(isFreeEvent({ pricePaise: 0 })).toBe(true);
  expect(isFreeEvent({ pricePaise: 1 })).toBe(false);
  expect(isFreeEvent({ pricePaise: 99900 })).toBe(false);
});

test("the API shows events as the earlier app did", () => {
  const event = findActiveEvent(3);
  expect(event).not.toBeNull();
  if (event)
    expect(toEventJson(event)).toMatchObject({
      id: 3,
      eventType: "webinar",
      eventDate: at(2 * DAY).toISOString(),
      duration: 60,
      maxParticipants: 100,
      price: "0.00",
      isActive: true,
    });
});

describe("admin: the Events tab's list", () => {
  test("lists inactive events too, newest date first, with registration counts", () => {
    db.insert(users).values({ id: "u-1", email: "u1@example.test" }).run();
    db.insert(eventRegistrations)
      .values([
        { eventId: 3, userId: "u-1", name: "Priya", email: "p@example.test", phone: "9876543210" },
        { eventId: 3, userId: null, name: "Ravi", email: "r@example.test", phone: "9876543211" },
        { eventId: 7, userId: null, name: "Asha", email: "a@example.test", phone: "9876543212" },
      ])
      .run();
    const rows = listEventsForAdmin({ now: NOW }).rows;
    expect(ids(rows)).toEqual([6, 9, 8, 1, 5, 4, 7, 3, 2]);
    expect(rows.find((row) => row.id === 3)).toMatchObject({ registrationCount: 2, isActive: true });
    expect(rows.find((row) => row.id === 7)).toMatchObject({ registrationCount: 1, isActive: false });
    expect(rows.find((row) => row.id === 1)?.registrationCount).toBe(0);
  });

  test("a page at a time: the same order across pages, the count of all, a page past the end the last", () => {
    const all = ids(listEventsForAdmin({ now: NOW }, { pageSize: 100 }).rows);
    const pages = [1, 2, 3, 4, 5].map((page) => listEventsForAdmin({ now: NOW }, { page, pageSize: 2 }));
    expect(pages.flatMap((page) => ids(page.rows))).toEqual(all);
    expect(pages[0]).toMatchObject({ total: all.length, pageCount: Math.ceil(all.length / 2) });
    expect(listEventsForAdmin({ now: NOW }, { page: 99, pageSize: 2 }).page).toBe(Math.ceil(all.length / 2));
    expect(listEventsForAdmin({ now: NOW }).pageSize).toBe(24);
  });

  test("status: active, inactive, upcoming (soonest first) and past", () => {
    expect(ids(listEventsForAdmin({ status: "active", now: NOW }).rows)).toEqual([6, 9, 8, 1, 5, 4, 3, 2]);
    expect(ids(listEventsForAdmin({ status: "inactive", now: NOW }).rows)).toEqual([7]);
    expect(ids(listEventsForAdmin({ status: "upcoming", now: NOW }).rows)).toEqual([3, 7, 4, 5, 1, 8, 9, 6]);
    expect(ids(listEventsForAdmin({ status: "past", now: NOW }).rows)).toEqual([2]);
  });

  test("the search matches title or description, any case, and takes % and _ literally", () => {
    db.update(events).set({ description: "Bring 100% focus_and a notebook" }).where(eq(events.id, 5)).run();
    expect(ids(listEventsForAdmin({ query: "WEBINAR", now: NOW }).rows)).toEqual([6, 3, 2]);
    expect(ids(listEventsForAdmin({ query: "  notebook ", now: NOW }).rows)).toEqual([5]);
    expect(ids(listEventsForAdmin({ query: "100%", now: NOW }).rows)).toEqual([5]);
    expect(ids(listEventsForAdmin({ query: "s_a", now: NOW }).rows)).toEqual([5]);
    expect(ids(listEventsForAdmin({ query: "%", now: NOW }).rows)).toEqual([5]);
    expect(ids(listEventsForAdmin({ query: "webinar", status: "past", now: NOW }).rows)).toEqual([2]);
    expect(listEventsForAdmin({ query: "no such thing", now: NOW }).rows).toEqual([]);
  });

  test("listAllEvents is the API's admin list: every event, date ascending", () => {
    expect(ids(listAllEvents())).toEqual([2, 3, 7, 4, 5, 1, 8, 9, 6]);
  });

  test("findEventForAdmin finds inactive events too; unknown and malformed ids are null", () => {
    expect(findEventForAdmin("7")?.title).toBe("Cancelled workshop");
    expect(findEventForAdmin(999)).toBeNull();
    expect(findEventForAdmin("7abc")).toBeNull();
    expect(findEventForDelete("3")).toEqual({ id: 3, title: "In 2 days webinar", isActive: true, registrationCount: 2 });
    expect(findEventForDelete("0")).toBeNull();
  });

  test("listRegistrationsForEvent: name, email, phone and when, earliest first", () => {
    const { rows, total } = listRegistrationsForEvent(3);
    expect(total).toBe(2);
    expect(rows.map((row) => row.name)).toEqual(["Priya", "Ravi"]);
    expect(rows[0]).toEqual({
      id: expect.any(Number),
      name: "Priya",
      email: "p@example.test",
      phone: "9876543210",
      registeredAt: expect.any(Date),
    });
    expect(listRegistrationsForEvent(1).rows).toEqual([]);
  });

  test("listRegistrationsForEvent pages first come first by key, forward and back, equal times in id order", () => {
    // 30 registrations, three at each instant, inserted in an order unlike the list's.
    const rows = Array.from({ length: 30 }, (_, n) => ({
      eventId: 6,
      name: `Guest ${String(n).padStart(2, "0")}`,
      email: `guest${n}@example.test`,
      phone: "9876543210",
      registeredAt: at(-DAY + Math.floor((29 - n) / 3) * HOUR),
    }));
    db.insert(eventRegistrations).values(rows).run();
    try {
      const whole = listRegistrationsForEvent(6, { pageSize: 100 }).rows;
      expect(whole).toHaveLength(30);
      const inOrder = [...whole].sort((a, b) => a.registeredAt.getTime() - b.registeredAt.getTime() || a.id - b.id);
      expect(ids(whole)).toEqual(ids(inOrder));

      const first = listRegistrationsForEvent(6, { pageSize: 7 });
      expect(first).toMatchObject({ total: 30, page: 1, pageCount: 5 });
      const pages = [first];
      while (pages.length < 5) {
        const last = pages.at(-1)!;
        pages.push(listRegistrationsForEvent(6, { pageSize: 7, page: last.page + 1, after: last.nextKey }));
      }
      expect(pages.flatMap((page) => ids(page.rows))).toEqual(ids(whole));
      // Back from page 3 by its first row's key is page 2 again.
      const back = listRegistrationsForEvent(6, { pageSize: 7, page: 2, before: pages[2]!.previousKey });
      expect(ids(back.rows)).toEqual(ids(pages[1]!.rows));
    } finally {
      db.delete(eventRegistrations).where(eq(eventRegistrations.eventId, 6)).run();
    }
  });
});

describe("admin: create, update, deactivate, delete", () => {
  const input: AdminEventInput = {
    title: "Admin created webinar",
    description: "Made in the admin panel",
    eventType: "webinar",
    eventDate: new Date("2026-12-05T14:00:00Z"),
    durationMinutes: 60,
    maxParticipants: null,
    pricePaise: 0,
    registrationUrl: null,
    venue: null,
    joinUrl: null,
    isActive: true,
  };

  /** An event an admin saved (the test fails here if the save did not succeed). */
  function createEvent(event: AdminEventInput, now = NOW) {
    const saved = saveEvent("admin", event, undefined, now);
    if (!saved.ok) throw new Error(`not saved: ${saved.reason}`);
    return saved.event;
  }

  beforeEach(() => {
    db.delete(eventRegistrations).run();
  });

  test("an admin's new event stores every field and stamps the times", () => {
    const created = createEvent({ ...input, maxParticipants: 30, pricePaise: 49900, registrationUrl: "https://example.com/r" }, NOW);
    expect(findEventForAdmin(created.id)).toEqual({
      ...input,
      id: created.id,
      maxParticipants: 30,
      pricePaise: 49900,
      registrationUrl: "https://example.com/r",
      bannerUrl: null,
      deliveryMode: "online",
      venueStateCode: null,
      createdAt: NOW,
      updatedAt: NOW,
    });
  });

  test("a banner is kept when a save leaves it out, replaced by a new one and cleared by null", () => {
    const created = createEvent({ ...input, bannerUrl: "/uploads/first.jpg" });
    expect(findEventForAdmin(created.id)?.bannerUrl).toBe("/uploads/first.jpg");
    saveEvent("admin", { ...input, title: "Renamed" }, created.id);
    expect(findEventForAdmin(created.id)).toMatchObject({ title: "Renamed", bannerUrl: "/uploads/first.jpg" });
    saveEvent("admin", { ...input, bannerUrl: "/uploads/second.jpg" }, created.id);
    expect(findEventForAdmin(created.id)?.bannerUrl).toBe("/uploads/second.jpg");
    saveEvent("admin", { ...input, bannerUrl: null }, created.id);
    expect(findEventForAdmin(created.id)?.bannerUrl).toBeNull();
  });

  test("an admin's save replaces the fields, the price included; unknown ids are not-found", () => {
    const created = createEvent(input, NOW);
    const later = new Date(NOW.getTime() + HOUR);
    const result = saveEvent(
      "admin",
      { ...input, title: "Renamed", eventType: "workshop", isActive: false, pricePaise: 99_900 },
      String(created.id),
      later,
    );
    expect(result).toMatchObject({
      ok: true,
      event: { id: created.id, title: "Renamed", eventType: "workshop", isActive: false, pricePaise: 99_900 },
    });
    expect(findEventForAdmin(created.id)).toMatchObject({ title: "Renamed", createdAt: NOW, updatedAt: later });
    expect(saveEvent("admin", input, 99999)).toEqual({ ok: false, reason: "not-found" });
    expect(saveEvent("admin", input, "x")).toEqual({ ok: false, reason: "not-found" });
  });

  test("a content manager's save changes the content and never the price", () => {
    const priced = createEvent({ ...input, pricePaise: 49_900 });
    const { pricePaise: _leftOut, ...content } = input;
    expect(saveEvent("content_manager", { ...content, title: "Retitled", isActive: false }, priced.id)).toMatchObject({
      ok: true,
      event: { title: "Retitled", isActive: false, pricePaise: 49_900 },
    });
    // Sent back unchanged, the price is accepted (and still not written); any other price is refused and nothing is saved.
    expect(saveEvent("content_manager", { ...input, title: "Same price", pricePaise: 49_900 }, priced.id)).toMatchObject({ ok: true });
    expect(saveEvent("content_manager", { ...input, title: "Cheaper", pricePaise: 0 }, priced.id)).toEqual({
      ok: false,
      reason: "pricing-is-admins",
    });
    expect(findEventForAdmin(priced.id)).toMatchObject({ title: "Same price", pricePaise: 49_900 });

    // A new event of theirs is free; asking for a price is refused.
    expect(saveEvent("content_manager", content)).toMatchObject({ ok: true, event: { pricePaise: 0 } });
    expect(saveEvent("content_manager", { ...input, pricePaise: 100 })).toEqual({ ok: false, reason: "pricing-is-admins" });
  });

  test("a content manager's update leaves the price column out of the SET, so an admin's reprice at that moment stands", () => {
    const priced = createEvent({ ...input, pricePaise: 49_900 });
    // SQLite fires an "UPDATE OF price_paise" trigger whenever the column is in the SET list, even with the same value.
    db.$client.exec(
      "CREATE TEMP TRIGGER price_written BEFORE UPDATE OF price_paise ON events BEGIN SELECT RAISE(ABORT, 'price_paise written'); END",
    );
    try {
      expect(saveEvent("content_manager", { ...input, title: "Content only", pricePaise: 49_900 }, priced.id)).toMatchObject({ ok: true });
      expect(() => saveEvent("admin", { ...input, pricePaise: 49_900 }, priced.id)).toThrow("price_paise written");
    } finally {
      db.$client.exec("DROP TRIGGER price_written");
    }
  });

  test("deleteEvent removes an event nobody registered for", () => {
    const created = createEvent(input, NOW);
    expect(deleteEvent(String(created.id))).toEqual({ ok: true, id: created.id, title: input.title });
    expect(findEventForAdmin(created.id)).toBeNull();
    expect(deleteEvent(created.id)).toEqual({ ok: false, reason: "not-found" });
    expect(deleteEvent("-1")).toEqual({ ok: false, reason: "not-found" });
  });

  test("an event with registrations is not deleted (history), but can be deactivated", () => {
    const created = createEvent(input, NOW);
    db.insert(eventRegistrations)
      .values({ eventId: created.id, userId: null, name: "Meera", email: "m@example.test", phone: "9876543213" })
      .run();
    expect(deleteEvent(created.id)).toEqual({ ok: false, reason: "has-history", registrationCount: 1 });
    expect(findEventForAdmin(created.id)).not.toBeNull();
    expect(deactivateEvent(created.id)).toMatchObject({ ok: true, event: { id: created.id, isActive: false } });
    expect(findActiveEvent(created.id)).toBeNull();
    expect(listRegistrationsForEvent(created.id).rows).toHaveLength(1);
    expect(deactivateEvent(99999)).toEqual({ ok: false, reason: "not-found" });
  });
});
