import { describe, expect, test } from "vitest";
import type { SiteEvent } from "~/models/events/event.server";
import { toEventCard } from "./__event-card.server";

const event = (overrides: Partial<SiteEvent>): SiteEvent => ({
  id: 7,
  title: "Price Action Workshop",
  description: "Hands-on",
  eventType: "workshop",
  eventDate: new Date("2026-12-05T18:29:00Z"),
  durationMinutes: 60,
  maxParticipants: null,
  pricePaise: 99_900,
  registrationUrl: null,
  venue: null,
  deliveryMode: "online",
  venueStateCode: null,
  joinUrl: null,
  bannerUrl: null,
  isActive: true,
  createdAt: new Date(),
  updatedAt: new Date(),
  ...overrides,
});

describe("toEventCard: the one shape of every event card (events list, home, dashboard)", () => {
  test("the date is India's: 18:29 UTC is still 5 December, 18:30 UTC is 6 December", () => {
    expect(toEventCard(event({}))).toMatchObject({ isoDate: "2026-12-05", dateLabel: "Sat, 5 Dec 2026, 11:59 pm IST" });
    expect(toEventCard(event({ eventDate: new Date("2026-12-05T18:30:00Z") }))).toMatchObject({
      isoDate: "2026-12-06",
      dateLabel: "Sun, 6 Dec 2026, 12:00 am IST",
    });
  });

  test("a paid event always shows its price, with its seats when limited; a free one its seats, or Free", () => {
    expect(toEventCard(event({ maxParticipants: 40 }))).toMatchObject({ detailLabel: "₹999 · 40 seats", isFree: false });
    expect(toEventCard(event({}))).toMatchObject({ detailLabel: "₹999", isFree: false });
    expect(toEventCard(event({ pricePaise: 0, maxParticipants: 40 }))).toMatchObject({ detailLabel: "40 seats", isFree: true });
    expect(toEventCard(event({ pricePaise: 0 }))).toMatchObject({ detailLabel: "Free", isFree: true });
  });

  test("with GST-registered prices a paid event's price says incl. GST; a free one does not", () => {
    expect(toEventCard(event({ maxParticipants: 40 }), new Map(), true)).toMatchObject({ detailLabel: "₹999 incl. GST · 40 seats" });
    expect(toEventCard(event({ pricePaise: 0 }), new Map(), true)).toMatchObject({ detailLabel: "Free" });
  });
});
