import { describe, expect, it } from "vitest";
import { BatchSchema, BatchSessionSchema, batchInputOf, batchSessionInputOf, isMeetingLink } from "./admin-batch";

const errorsOf = (result: { success: boolean; error?: { flatten(): { fieldErrors: Record<string, string[] | undefined> } } }) =>
  result.success ? {} : result.error!.flatten().fieldErrors;

describe("BatchSchema", () => {
  const form = { name: "January evenings", startsOn: "2027-01-04", endsOn: "2027-02-26", seats: "30", price: "", leadMentorId: "" };

  it("reads a batch as typed; blank seats are unlimited and a blank price is the course's", () => {
    const parsed = BatchSchema.parse({ ...form, seats: "", delivery: "online" });
    expect(batchInputOf(parsed, true)).toEqual({
      name: "January evenings",
      startsOn: "2027-01-04",
      endsOn: "2027-02-26",
      delivery: { deliveryMode: "online", venueStateCode: null },
      venue: null,
      seats: null,
      pricePaise: null,
      leadMentorId: null,
    });
    expect(batchInputOf(BatchSchema.parse({ ...form, price: "14,999" }), true).pricePaise).toBe(1_499_900);
    // A role without prices leaves the price out, whatever was posted.
    expect(batchInputOf(BatchSchema.parse({ ...form, price: "1" }), false).pricePaise).toBeUndefined();
  });

  it("says what is wrong: dates out of order or unreal, a venue batch without its address, seats out of range", () => {
    expect(errorsOf(BatchSchema.safeParse({ ...form, endsOn: "2027-01-03" }))).toEqual({
      endsOn: ["Last day must be on or after the first day"],
    });
    expect(errorsOf(BatchSchema.safeParse({ ...form, startsOn: "2027-02-30" }))).toMatchObject({
      startsOn: ["First day must be a real date, like 2027-01-04"],
    });
    expect(errorsOf(BatchSchema.safeParse({ ...form, delivery: "27" }))).toEqual({
      venue: ["Venue address is required for a batch taught in person"],
    });
    expect(errorsOf(BatchSchema.safeParse({ ...form, seats: "0", name: " " }))).toEqual({
      name: ["Name is required"],
      seats: ["Seats must be at least 1"],
    });
  });
});

describe("BatchSessionSchema", () => {
  const form = {
    title: "Support and resistance",
    description: "",
    date: "2027-01-04",
    time: "19:00",
    duration: "90",
    joinUrl: "https://meet.google.com/abc-defg-hij",
    pricesAtLeast30DaysOld: "on",
  };

  it("reads the day and time as India's: 19:00 IST is 13:30 UTC", () => {
    expect(batchSessionInputOf(BatchSessionSchema.parse(form))).toMatchObject({
      startsAt: new Date("2027-01-04T13:30:00Z"),
      durationMinutes: 90,
      joinUrl: "https://meet.google.com/abc-defg-hij",
      room: null,
      pricesAtLeast30DaysOld: true,
    });
  });

  it("needs the 30-day statement, a place to meet, and a meeting service's https link", () => {
    const { pricesAtLeast30DaysOld: _ticked, ...unticked } = form;
    expect(errorsOf(BatchSessionSchema.safeParse(unticked))).toEqual({
      pricesAtLeast30DaysOld: ["Confirm that every market example in this class uses prices at least 30 days old"],
    });
    expect(errorsOf(BatchSessionSchema.safeParse({ ...form, joinUrl: "" }))).toEqual({
      joinUrl: ["Give a join link for an online class, or a room for one in person"],
    });
    expect(BatchSessionSchema.safeParse({ ...form, joinUrl: "", room: "Room 2" }).success).toBe(true);
    expect(errorsOf(BatchSessionSchema.safeParse({ ...form, joinUrl: "https://evil.example/zoom.us" }))).toEqual({
      joinUrl: ["Join link must be an https:// link to Zoom, Google Meet, YouTube Live or Jitsi (meet.jit.si)"],
    });
  });

  it("knows the meeting services' addresses", () => {
    expect(isMeetingLink("https://us02web.zoom.us/j/85512345678")).toBe(true);
    expect(isMeetingLink("https://www.youtube.com/live/abc")).toBe(true);
    expect(isMeetingLink("https://meet.jit.si/TradeMasterJan")).toBe(true);
    expect(isMeetingLink("http://meet.google.com/abc")).toBe(false);
    expect(isMeetingLink("https://notzoom.us/j/1")).toBe(false);
    expect(isMeetingLink("javascript:alert(1)")).toBe(false);
  });
});
