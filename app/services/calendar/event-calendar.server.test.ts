import { describe, expect, test } from "vitest";
import { unfoldedCalendar } from "../../../tests/support/calendar";
import { calendarFilename } from "./calendar.server";
import { eventCalendar, eventCalendarAttachment } from "./event-calendar.server";

const event = {
  id: 42,
  title: "Live Nifty Options Webinar",
  eventType: "webinar",
  eventDate: new Date("2026-12-05T14:00:00Z"), // 7:30 pm IST
  durationMinutes: 90,
  registrationUrl: "https://meet.example.com/nifty-options",
  venue: null,
  joinUrl: null,
};
const ORIGIN = "https://trademaster.example";

describe("eventCalendar", () => {
  test("one event: its title, its start in UTC, its length, its link as place and URL", () => {
    const lines = unfoldedCalendar(eventCalendar(event, ORIGIN));
    expect(lines).toContain("BEGIN:VEVENT");
    expect(lines).toContain("SUMMARY:Live Nifty Options Webinar");
    expect(lines).toContain("DTSTART:20261205T140000Z");
    expect(lines).toContain("DURATION:PT90M");
    expect(lines).toContain("UID:event-42@trademaster.example");
    expect(lines).toContain("LOCATION:https://meet.example.com/nifty-options");
    expect(lines).toContain("URL:https://meet.example.com/nifty-options");
  });

  test("a link given as a path is made absolute; without a link the URL is the student's events page and there is no place", () => {
    const local = unfoldedCalendar(eventCalendar({ ...event, registrationUrl: "/events" }, ORIGIN));
    expect(local).toContain("URL:https://trademaster.example/events");
    const none = unfoldedCalendar(eventCalendar({ ...event, registrationUrl: null }, ORIGIN));
    expect(none).toContain("URL:https://trademaster.example/account/events");
    expect(none.some((line) => line.startsWith("LOCATION"))).toBe(false);
    const broken = unfoldedCalendar(eventCalendar({ ...event, registrationUrl: "https://[not a host" }, ORIGIN));
    expect(broken).toContain("URL:https://trademaster.example/account/events");
  });

  test("the join link comes before the event's own link; a venue is the place", () => {
    const online = unfoldedCalendar(eventCalendar({ ...event, joinUrl: "https://zoom.example.com/j/1" }, ORIGIN));
    expect(online).toContain("URL:https://zoom.example.com/j/1");
    expect(online).toContain("LOCATION:https://zoom.example.com/j/1");
    const hall = unfoldedCalendar(eventCalendar({ ...event, venue: "Hall 2; Pune" }, ORIGIN));
    expect(hall).toContain("LOCATION:Hall 2\\; Pune");
    expect(hall).toContain("URL:https://meet.example.com/nifty-options");
  });

  test("as a mail attachment: a .ics named after the event, the same text in base64", () => {
    const attachment = eventCalendarAttachment(event, ORIGIN);
    expect(attachment.filename).toBe("live-nifty-options-webinar.ics");
    expect(attachment.contentType).toMatch(/^text\/calendar/);
    expect(unfoldedCalendar(Buffer.from(attachment.contentBase64, "base64").toString("utf8"))).toContain("DTSTART:20261205T140000Z");
    expect(calendarFilename("₹ ₹")).toBe("event.ics");
  });
});
