import { describe, expect, test } from "vitest";
import { unfoldedCalendar } from "../../../tests/support/calendar";
import type { SessionView } from "~/models/batches/live-session.server";
import { sessionCalendar, sessionCalendarAttachment, sessionsFeed } from "./session-calendar.server";

// A live session as a calendar entry: its UID and sequence, its start in UTC,
// its place in words and its page on the site as the link, never the meeting.

const ORIGIN = "https://trademaster.example";
const session: SessionView = {
  id: 7,
  batchId: 3,
  title: "Reading levels",
  description: "Support and resistance on 2024 charts.",
  startsAt: new Date("2026-12-05T13:30:00Z"), // 7:00 pm IST
  durationMinutes: 90,
  cancelledAt: null,
  meetingService: "Zoom",
  room: null,
  sequence: 2,
  mentorName: "Rahul Verma",
  batchName: "Evening batch",
  venue: null,
  batchCancelledAt: null,
  courseId: 11,
  courseTitle: "Price Action",
};

describe("sessionCalendar", () => {
  test("one session: a stable UID, its sequence, its start in UTC, its length, its place in words and its page as the link", () => {
    const lines = unfoldedCalendar(sessionCalendar(session, ORIGIN));
    expect(lines).toContain("UID:batch-session-7@trademaster.example");
    expect(lines).toContain("SEQUENCE:2");
    expect(lines).toContain("SUMMARY:Reading levels");
    expect(lines).toContain("DTSTART:20261205T133000Z");
    expect(lines).toContain("DURATION:PT90M");
    expect(lines).toContain("LOCATION:Online\\, on Zoom");
    expect(lines).toContain("URL:https://trademaster.example/learn/11/sessions/7");
    expect(lines).toContain("STATUS:CONFIRMED");
    const description = lines.find((line) => line.startsWith("DESCRIPTION:"));
    expect(description).toContain("Live class of Price Action (Evening batch).");
    expect(description).toContain("https://trademaster.example/learn/11/sessions/7");
  });

  test("a class in a room says the room and the venue; a called-off class, or one of a called-off batch, is CANCELLED", () => {
    const inRoom = unfoldedCalendar(sessionCalendar({ ...session, meetingService: null, room: "Room 2", venue: "FC Road, Pune" }, ORIGIN));
    expect(inRoom).toContain("LOCATION:Room 2\\, FC Road\\, Pune");
    const cancelled = unfoldedCalendar(sessionCalendar({ ...session, cancelledAt: new Date("2026-12-01T00:00:00Z") }, ORIGIN));
    expect(cancelled).toContain("STATUS:CANCELLED");
    const batchCalledOff = unfoldedCalendar(sessionCalendar({ ...session, batchCancelledAt: new Date("2026-12-01T00:00:00Z") }, ORIGIN));
    expect(batchCalledOff).toContain("STATUS:CANCELLED");
  });

  test("as a mail attachment: a .ics named after the class", () => {
    const attachment = sessionCalendarAttachment(session, ORIGIN);
    expect(attachment.filename).toBe("reading-levels.ics");
    expect(attachment.contentType).toMatch(/^text\/calendar/);
    expect(unfoldedCalendar(Buffer.from(attachment.contentBase64, "base64").toString("utf8"))).toContain("SEQUENCE:2");
  });
});

describe("sessionsFeed", () => {
  test("every session given, each its own entry, under the calendar's name; none is a valid empty calendar", () => {
    const lines = unfoldedCalendar(sessionsFeed([session, { ...session, id: 8, title: "Trend lines", sequence: 0 }], ORIGIN));
    expect(lines.filter((line) => line === "BEGIN:VEVENT")).toHaveLength(2);
    expect(lines).toContain("UID:batch-session-8@trademaster.example");
    expect(lines.some((line) => line.startsWith("X-WR-CALNAME:") && line.endsWith("live classes"))).toBe(true);
    const empty = unfoldedCalendar(sessionsFeed([], ORIGIN));
    expect(empty[0]).toBe("BEGIN:VCALENDAR");
    expect(empty).not.toContain("BEGIN:VEVENT");
  });
});
