import { describe, expect, test } from "vitest";
import { writeEventRegistered, writeEventReminder } from "./events.server";

const ORIGIN = "https://institute.example";
const event = {
  id: 7,
  title: "Live Nifty Options Webinar",
  eventType: "webinar",
  eventDate: new Date("2026-12-05T14:00:00Z"),
  durationMinutes: 60,
  registrationUrl: "https://meet.example.com/nifty",
  venue: null,
  joinUrl: null,
};

describe("event mail", () => {
  test("the confirmation: the institute, the time in IST, the link to join and the events page, the calendar file", () => {
    const draft = writeEventRegistered(event);
    expect(draft).toMatchObject({ subject: "You are registered: Live Nifty Options Webinar" });
    // No name: the address typed in the form may be anyone's.
    expect(draft.text).toMatch(/^Hello,\n/);
    expect(draft.text).toContain("When: Sat, 5 Dec 2026, 7:30 pm IST (60 minutes)");
    expect(draft.text).toContain("Where: https://meet.example.com/nifty");
    expect(draft.text).toContain(`${ORIGIN}/account/events`);
    expect(draft.text).toContain("TradeMaster Academy");
    expect(draft.html).toContain("TradeMaster Academy");
    expect(draft.html).toContain('href="https://meet.example.com/nifty"');
    expect(draft.attachments?.map((file) => file.filename)).toEqual(["live-nifty-options-webinar.ics"]);
  });

  test("without a link, the message says the joining details follow", () => {
    const draft = writeEventRegistered({ ...event, registrationUrl: null });
    expect(draft.text).toContain("Where: we will send you the joining details. Questions? Write to info@trademasteracademy.in.");
  });

  test("a venue is where it happens, and the join link (given only to registered students) comes with it", () => {
    const atVenue = { ...event, venue: "Hall 2, 14 Market Road, Pune", joinUrl: "https://zoom.example.com/j/123" };
    const draft = writeEventRegistered(atVenue);
    expect(draft.text).toContain("Where: Hall 2, 14 Market Road, Pune\nJoin online: https://zoom.example.com/j/123");
    expect(draft.html).toContain('href="https://zoom.example.com/j/123"');
    const [calendar] = draft.attachments;
    const ics = calendar && "contentBase64" in calendar ? Buffer.from(calendar.contentBase64, "base64").toString("utf8") : "";
    expect(ics).toContain("LOCATION:Hall 2\\, 14 Market Road\\, Pune");
    expect(writeEventReminder("hour-before", { ...event, venue: null, joinUrl: "https://zoom.example.com/j/123" }).text).toContain(
      "Where: https://zoom.example.com/j/123",
    );
  });

  test("the reminders say which one in their subject, and carry no calendar file", () => {
    const dayBefore = writeEventReminder("day-before", event);
    expect(dayBefore).toMatchObject({ subject: "Reminder: Live Nifty Options Webinar, Sat, 5 Dec 2026, 7:30 pm IST" });
    expect(dayBefore.text).toContain("starts within a day");
    const hourBefore = writeEventReminder("hour-before", event);
    expect(hourBefore).toMatchObject({ subject: "Starting soon: Live Nifty Options Webinar at 7:30 pm IST" });
    expect(hourBefore.text).toContain(`${ORIGIN}/account/events`);
    expect(hourBefore.attachments).toEqual([]);
  });
});
