import { afterEach, describe, expect, test } from "vitest";
import {
  startOfIndiaToday,
  startOfIndiaWeek,
  formatEventWhen,
  formatIndiaTime,
  formatIsoDateInIndia,
  formatShortDate,
  formatIndiaDateTime,
  formatIsoTimeInIndia,
  formatShortCalendarDay,
  formatTickerDate,
  formatLongDateInIndia,
  endOfIndiaDay,
  indiaDateTimeToUtc,
  indiaDayAt,
  indiaWallClockAsUtc,
  lastIndiaMonths,
  startOfIndiaDay,
  timeWindowBounds,
} from "./dates";

// 20:00 UTC on 4 December is 01:30 IST on 5 December: a different calendar day.
const LATE_UTC = new Date("2026-12-04T20:00:00Z");

const originalTz = process.env.TZ;
afterEach(() => {
  if (originalTz === undefined) delete process.env.TZ;
  else process.env.TZ = originalTz;
});

describe("formatting in India time", () => {
  test("an instant late in the UTC day shows the next Indian date", () => {
    expect(formatShortDate(LATE_UTC)).toBe("Dec 5, 2026");
    expect(formatTickerDate(LATE_UTC)).toBe("Dec 5");
    expect(formatIsoDateInIndia(LATE_UTC)).toBe("2026-12-05");
    expect(formatIndiaTime(LATE_UTC)).toBe("1:30 am IST");
    expect(formatLongDateInIndia(LATE_UTC)).toBe("5 December 2026");
    expect(formatEventWhen(LATE_UTC)).toBe("Sat, 5 Dec 2026, 1:30 am IST");
  });

  test("an event's time: weekday, day before month, 12-hour clock, IST", () => {
    expect(formatEventWhen(new Date("2026-12-12T13:30:00Z"))).toBe("Sat, 12 Dec 2026, 7:00 pm IST");
    expect(formatEventWhen(new Date("2026-09-01T04:30:00Z"))).toBe("Tue, 1 Sep 2026, 10:00 am IST");
  });

  test("whatever the server's time zone", () => {
    process.env.TZ = "America/Los_Angeles";
    expect(formatShortDate(LATE_UTC)).toBe("Dec 5, 2026");
    expect(formatIsoDateInIndia(LATE_UTC)).toBe("2026-12-05");
    process.env.TZ = "Pacific/Kiritimati";
    expect(formatIsoDateInIndia(new Date("2026-12-05T18:29:00Z"))).toBe("2026-12-05");
    expect(formatIsoDateInIndia(new Date("2026-12-05T18:30:00Z"))).toBe("2026-12-06");
  });
});

describe("timeWindowBounds", () => {
  const now = new Date("2026-03-10T06:30:00Z");

  test("all has no bounds and upcoming starts now", () => {
    expect(timeWindowBounds("all", now)).toEqual({});
    expect(timeWindowBounds("upcoming", now)).toEqual({ from: now });
  });

  test("this-week is the next 7 days", () => {
    expect(timeWindowBounds("this-week", now)).toEqual({ from: now, to: new Date("2026-03-17T06:30:00Z") });
  });

  test("this-month is one month ahead on the Indian calendar", () => {
    expect(timeWindowBounds("this-month", now)).toEqual({ from: now, to: new Date("2026-04-10T06:30:00Z") });
    // 01:30 IST on 1 May (still 30 April in UTC) runs to 01:30 IST on 1 June,
    // not to 30 May as counting on the UTC calendar would.
    const firstOfMay = new Date("2026-04-30T20:00:00Z");
    expect(timeWindowBounds("this-month", firstOfMay)).toEqual({
      from: firstOfMay,
      to: new Date("2026-05-31T20:00:00Z"),
    });
  });

  test("month ends clamp to the last day of the next month", () => {
    // 31 January 10:00 IST → 28 February 10:00 IST.
    const endOfJanuary = new Date("2026-01-31T04:30:00Z");
    expect(timeWindowBounds("this-month", endOfJanuary).to).toEqual(new Date("2026-02-28T04:30:00Z"));
  });

  test("do not depend on the server's time zone", () => {
    process.env.TZ = "America/New_York";
    const firstOfMay = new Date("2026-04-30T20:00:00Z");
    expect(timeWindowBounds("this-month", firstOfMay).to).toEqual(new Date("2026-05-31T20:00:00Z"));
    expect(timeWindowBounds("this-week", firstOfMay).to).toEqual(new Date("2026-05-07T20:00:00Z"));
  });
});

describe("date and time inputs in India time (admin event form)", () => {
  test("a date and time typed in India become the UTC instant, and back", () => {
    expect(indiaDateTimeToUtc("2026-12-05", "01:30")).toEqual(LATE_UTC);
    expect(indiaDateTimeToUtc("2026-12-05", "19:30:00")).toEqual(new Date("2026-12-05T14:00:00Z"));
    expect(formatIsoDateInIndia(LATE_UTC)).toBe("2026-12-05");
    expect(formatIsoTimeInIndia(LATE_UTC)).toBe("01:30");
    expect(formatIndiaDateTime(LATE_UTC)).toBe("Dec 5, 2026, 1:30 am IST");
  });

  test("refuses days and times that do not exist, and malformed text", () => {
    for (const [date, time] of [
      ["2026-02-30", "10:00"],
      ["2026-13-01", "10:00"],
      ["2026-00-10", "10:00"],
      ["2026-12-05", "24:00"],
      ["2026-12-05", "10:60"],
      ["05/12/2026", "10:00"],
      ["2026-12-05", "7pm"],
      ["", ""],
    ] as const)
      expect(indiaDateTimeToUtc(date, time), `${date} ${time}`).toBeNull();
    expect(indiaDateTimeToUtc("2028-02-29", "10:00")).toEqual(new Date("2028-02-29T04:30:00Z"));
  });

  test("whatever the server's time zone", () => {
    process.env.TZ = "America/Los_Angeles";
    expect(indiaDateTimeToUtc("2026-12-05", "01:30")).toEqual(LATE_UTC);
    expect(formatIsoTimeInIndia(LATE_UTC)).toBe("01:30");
  });
});

describe("India day boundaries", () => {
  test("18:29 UTC is still today in India; 18:30 UTC is midnight, the next day", () => {
    expect(formatIsoDateInIndia(new Date("2026-12-05T18:29:59.999Z"))).toBe("2026-12-05");
    expect(formatIsoTimeInIndia(new Date("2026-12-05T18:29:00Z"))).toBe("23:59");
    expect(formatIsoDateInIndia(new Date("2026-12-05T18:30:00Z"))).toBe("2026-12-06");
    expect(formatIsoTimeInIndia(new Date("2026-12-05T18:30:00Z"))).toBe("00:00");
    expect(formatShortDate(new Date("2026-12-05T18:30:00Z"))).toBe("Dec 6, 2026");
  });

  test("an India day runs from 00:00 IST (18:30 UTC the day before) to the next 00:00 IST", () => {
    expect(startOfIndiaDay("2026-12-05")).toEqual(new Date("2026-12-04T18:30:00Z"));
    expect(endOfIndiaDay("2026-12-05")).toEqual(new Date("2026-12-05T18:30:00Z"));
    expect(indiaDateTimeToUtc("2026-12-05", "23:59")).toEqual(new Date("2026-12-05T18:29:00Z"));
    // The last day of a year and of a leap February.
    expect(endOfIndiaDay("2026-12-31")).toEqual(new Date("2026-12-31T18:30:00Z"));
    expect(endOfIndiaDay("2028-02-29")).toEqual(new Date("2028-02-29T18:30:00Z"));
    expect(endOfIndiaDay("2026-02-30")).toBeNull();
  });

  test("the same whatever the server's time zone", () => {
    process.env.TZ = "America/Los_Angeles";
    expect(endOfIndiaDay("2026-12-05")).toEqual(new Date("2026-12-05T18:30:00Z"));
    expect(formatShortCalendarDay("2026-12-05")).toBe("Dec 5, 2026");
    process.env.TZ = "Pacific/Kiritimati";
    expect(startOfIndiaDay("2026-12-05")).toEqual(new Date("2026-12-04T18:30:00Z"));
    expect(formatShortCalendarDay("2026-12-05")).toBe("Dec 5, 2026");
  });

  test("a day some days from today in India, at a wall-clock time", () => {
    // 23:59 IST on 5 December: two days on is 7 December, whatever UTC's date.
    expect(indiaDayAt(new Date("2026-12-05T18:29:00Z"), 2, "19:00")).toEqual(new Date("2026-12-07T13:30:00Z"));
    // 00:00 IST on 6 December (still 5 December in UTC): two days on is 8 December.
    expect(indiaDayAt(new Date("2026-12-05T18:30:00Z"), 2, "19:00")).toEqual(new Date("2026-12-08T13:30:00Z"));
    expect(indiaDayAt(new Date("2026-12-05T18:30:00Z"), -40, "11:00")).toEqual(new Date("2026-10-27T05:30:00Z"));
    expect(() => indiaDayAt(new Date(), 0, "7pm")).toThrow();
  });

  test("India's wall clock written as UTC fields, for spreadsheet cells", () => {
    expect(indiaWallClockAsUtc(new Date("2026-12-05T18:29:00Z"))).toEqual(new Date("2026-12-05T23:59:00Z"));
    expect(indiaWallClockAsUtc(new Date("2026-12-05T18:30:00Z"))).toEqual(new Date("2026-12-06T00:00:00Z"));
  });
});

describe("lastIndiaMonths", () => {
  test("the last 12 India months, the current one included, oldest first, and the UTC range each covers", () => {
    const months = lastIndiaMonths(new Date("2026-11-15T06:00:00Z"), 12);
    expect(months.map((month) => month.key)).toEqual([
      "2025-12",
      "2026-01",
      "2026-02",
      "2026-03",
      "2026-04",
      "2026-05",
      "2026-06",
      "2026-07",
      "2026-08",
      "2026-09",
      "2026-10",
      "2026-11",
    ]);
    // Midnight on 1 December 2025 in India, and midnight on 1 December 2026.
    expect(months[0]?.from.toISOString()).toBe("2025-11-30T18:30:00.000Z");
    expect(months.at(-1)?.to.toISOString()).toBe("2026-11-30T18:30:00.000Z");
    // Each month ends where the next begins.
    for (let i = 1; i < months.length; i++) expect(months[i]?.from).toEqual(months[i - 1]?.to);
  });

  test("late on 31 December UTC is already January in India; 18:29 UTC is not", () => {
    const january = lastIndiaMonths(new Date("2026-12-31T18:30:00Z"), 12);
    expect(january[0]?.key).toBe("2026-02");
    expect(january.at(-1)?.key).toBe("2027-01");
    expect(lastIndiaMonths(new Date("2026-12-31T18:29:59Z"), 1)[0]?.key).toBe("2026-12");
  });
});

describe("today and this week in India", () => {
  test("starts at India's midnight, the week on Monday", () => {
    // Sunday 29 Nov 2026, 20:00 UTC is Monday 30 Nov, 01:30 in India.
    const now = new Date("2026-11-29T20:00:00Z");
    expect(startOfIndiaToday(now).toISOString()).toBe("2026-11-29T18:30:00.000Z");
    expect(startOfIndiaWeek(now).toISOString()).toBe("2026-11-29T18:30:00.000Z");
    // Sunday 29 Nov, 12:00 in India: its week began on Monday 23 Nov.
    expect(startOfIndiaWeek(new Date("2026-11-29T06:30:00Z")).toISOString()).toBe("2026-11-22T18:30:00.000Z");
  });
});

describe("the year in India", () => {
  test("turns at India's midnight, not UTC's", async () => {
    const { currentIndiaYear } = await import("./india-year");
    expect(currentIndiaYear(new Date("2026-12-31T18:29:00Z"))).toBe(2026);
    expect(currentIndiaYear(new Date("2026-12-31T18:30:00Z"))).toBe(2027);
  });
});
