import { parseWithZod } from "@conform-to/zod";
import { describe, expect, test } from "vitest";
import {
  AdminEventApiSchema,
  AdminEventFormSchema,
  eventApiSchema,
  eventFormSchema,
  eventInputFromApi,
  eventInputFromForm,
} from "./admin-event";

function formData(fields: Record<string, string>) {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  return data;
}

/** The field messages a form's values get, or null when it is valid. */
function formErrors(fields: Record<string, string>) {
  const submission = parseWithZod(formData(fields), { schema: AdminEventFormSchema });
  return submission.status === "error" ? submission.error : null;
}

const filledForm = {
  title: "Options Basics Live",
  description: "An hour on calls and puts.",
  eventType: "workshop",
  date: "2026-12-05",
  time: "19:30",
  duration: "90",
  maxParticipants: "50",
  price: "1,499.50",
  registrationUrl: "https://example.com/register",
  venue: "Hall 2, 14 Market Road, Pune",
  joinUrl: "https://zoom.example.com/j/123",
  isActive: "on",
};

describe("the page form", () => {
  test("a filled form becomes the stored shape: India time to UTC, rupees to paise", () => {
    const submission = parseWithZod(formData(filledForm), { schema: AdminEventFormSchema });
    expect(submission.status).toBe("success");
    if (submission.status !== "success") return;
    expect(eventInputFromForm(submission.value)).toEqual({
      title: "Options Basics Live",
      description: "An hour on calls and puts.",
      eventType: "workshop",
      eventDate: new Date("2026-12-05T14:00:00Z"),
      durationMinutes: 90,
      maxParticipants: 50,
      pricePaise: 149950,
      registrationUrl: "https://example.com/register",
      venue: "Hall 2, 14 Market Road, Pune",
      joinUrl: "https://zoom.example.com/j/123",
      isActive: true,
    });
  });

  test("blank optional fields take the spec's defaults; an unticked box is inactive", () => {
    // An unticked checkbox posts nothing at all.
    const { isActive: _ticked, ...unticked } = filledForm;
    const submission = parseWithZod(formData({ ...unticked, duration: "", maxParticipants: "", price: "", registrationUrl: "" }), {
      schema: AdminEventFormSchema,
    });
    if (submission.status !== "success") throw new Error("expected success");
    expect(eventInputFromForm(submission.value)).toMatchObject({
      durationMinutes: 60,
      maxParticipants: null,
      pricePaise: 0,
      registrationUrl: null,
      isActive: false,
    });
  });

  test("an empty form names each required field with '<Label> is required'", () => {
    expect(formErrors({})).toEqual({
      title: ["Title is required"],
      description: ["Description is required"],
      eventType: ["Event type is required"],
      date: ["Date is required"],
      time: ["Time is required"],
    });
  });

  test("bad values get field messages", () => {
    expect(
      formErrors({
        ...filledForm,
        eventType: "party",
        date: "2026-02-30",
        time: "25:00",
        duration: "0",
        maxParticipants: "2.5",
        price: "-5",
        registrationUrl: "javascript:alert(1)",
      }),
    ).toEqual({
      eventType: ["Event type must be webinar, workshop or competition"],
      date: ["Date must be a real date, like 2026-12-05"],
      time: ["Time must be a time of day, like 19:30"],
      duration: ["Duration must be at least 1"],
      maxParticipants: ["Max participants must be a whole number"],
      price: ["Price cannot be negative"],
      registrationUrl: ["Registration URL must start with https:// or /"],
    });
    expect(formErrors({ ...filledForm, duration: "1441" })).toEqual({ duration: ["Duration must be at most 1440"] });
    expect(formErrors(filledForm)).toBeNull();
  });
});

describe("the JSON API", () => {
  const body = {
    title: "Options Basics Live",
    description: "An hour on calls and puts.",
    eventType: "webinar",
    eventDate: "2026-12-05T19:30:00+05:30",
  };

  test("missing optional fields take the spec's defaults, active included", () => {
    const parsed = AdminEventApiSchema.parse(body);
    expect(eventInputFromApi(parsed)).toEqual({
      ...body,
      eventDate: new Date("2026-12-05T14:00:00Z"),
      durationMinutes: 60,
      maxParticipants: null,
      pricePaise: 0,
      registrationUrl: null,
      venue: null,
      joinUrl: null,
      isActive: true,
    });
  });

  test("numbers, nulls and booleans as JSON sends them", () => {
    const parsed = AdminEventApiSchema.parse({
      ...body,
      duration: 45,
      maxParticipants: null,
      price: 999.5,
      registrationUrl: null,
      isActive: false,
    });
    expect(eventInputFromApi(parsed)).toMatchObject({ durationMinutes: 45, maxParticipants: null, pricePaise: 99950, isActive: false });
    expect(eventInputFromApi(AdminEventApiSchema.parse({ ...body, price: "4999.00" })).pricePaise).toBe(499900);
  });

  test("refuses dates that are not ISO instants or not real days", () => {
    for (const eventDate of ["2026-12-05", "05/12/2026 10:00", "2026-02-30T10:00:00Z", "2026-12-05T10:00:00"]) {
      const result = AdminEventApiSchema.safeParse({ ...body, eventDate });
      expect(result.success, eventDate).toBe(false);
      if (!result.success)
        expect(result.error.flatten().fieldErrors.eventDate).toEqual([
          "Event date must be an ISO date and time, like 2026-12-05T14:00:00.000Z",
        ]);
    }
    const missing = AdminEventApiSchema.safeParse({});
    expect(missing.success).toBe(false);
    if (!missing.success)
      expect(missing.error.flatten().fieldErrors).toEqual({
        title: ["Title is required"],
        description: ["Description is required"],
        eventType: ["Event type is required"],
        eventDate: ["Event date is required"],
      });
  });
});

describe("a content manager's form and JSON body (the price is the admin's)", () => {
  test("a price left out stays left out (kept as stored), where the admin's form and body default it to 0", () => {
    const { price: _price, ...withoutPrice } = filledForm;
    const page = parseWithZod(formData(withoutPrice), { schema: eventFormSchema(false) });
    if (page.status !== "success") throw new Error("expected success");
    expect(eventInputFromForm(page.value).pricePaise).toBeUndefined();
    const adminPage = parseWithZod(formData(withoutPrice), { schema: eventFormSchema(true) });
    if (adminPage.status !== "success") throw new Error("expected success");
    expect(eventInputFromForm(adminPage.value).pricePaise).toBe(0);

    const body = { title: "T", description: "D", eventType: "webinar", eventDate: "2026-12-05T14:00:00Z" };
    expect(eventInputFromApi(eventApiSchema(false).parse(body)).pricePaise).toBeUndefined();
    expect(eventInputFromApi(eventApiSchema(true).parse(body)).pricePaise).toBe(0);
  });

  test("a price that is sent is still read (for the model to compare with the stored one)", () => {
    const page = parseWithZod(formData(filledForm), { schema: eventFormSchema(false) });
    expect(page.status === "success" ? eventInputFromForm(page.value).pricePaise : null).toBe(149950);
  });
});
