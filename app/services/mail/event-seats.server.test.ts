import { describe, expect, test } from "vitest";
import { writeSeatGone, writeWaitlistOffer } from "./event-seats.server";

const event = {
  id: 42,
  title: "Options Workshop",
  eventType: "workshop",
  eventDate: new Date("2026-12-12T13:30:00Z"),
  durationMinutes: 90,
  registrationUrl: null,
  venue: "Pune",
  joinUrl: null,
};

describe("paid seats' mail", () => {
  test("a waitlist offer names the event, says until when the seat is kept (IST) and links to the register page", () => {
    const draft = writeWaitlistOffer(
      { kind: "event-waitlist-offer", name: "Asha", eventId: event.id, expiresAt: "2026-12-02T06:30:00.000Z" },
      event,
    );
    expect(draft).toMatchObject({ subject: "A seat is free for you: Options Workshop" });
    expect(draft.text).toContain("Hello Asha,");
    expect(draft.text).toContain("Sat, 12 Dec 2026, 7:00 pm IST");
    expect(draft.text).toContain("We are keeping it for you until Wed, 2 Dec 2026, 12:00 pm IST.");
    expect(draft.text).toContain("https://institute.example/events/42/register");
    expect(draft.html).toContain('href="https://institute.example/events/42/register"');
  });

  test("a payment that came too late says the event filled up and the full amount, in whole rupees, is refunded", () => {
    const draft = writeSeatGone({ kind: "event-seat-gone", firstName: null, eventTitle: "Options Workshop", amountPaise: 149_900 });
    expect(draft).toMatchObject({ subject: "Refund: Options Workshop filled up before your payment arrived" });
    expect(draft.text).toContain("Hello,");
    expect(draft.text).toContain("We have refunded the full ₹1,499.");
    expect(draft.text).toContain("waitlist");
  });
});
