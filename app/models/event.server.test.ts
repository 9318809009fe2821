import { beforeAll, describe, expect, test } from "vitest";
import { events } from "../../db/schema";
import { db } from "~/utils/db.server";
import { eventStats, findActiveEvent, isFreeEvent, listActiveEvents, listUpcomingEvents, toEventJson } from "./event.server";

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
