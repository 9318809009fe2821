import { randomUUID } from "node:crypto";
import { describe, enrollmentFormPayment, expect, type HttpResponse, queryTestDatabase, test } from "./support/test";

// POST /api/enrollment-forms (public-site §3, §5, §7): the spec's payload from a
// signed-in student. The page's request context shares the signed-in cookie.

const PATH = "/api/enrollment-forms";
const UNDER_18_TEXT =
  "You must be 18 or older to enrol: a contract with someone under 18 is void in India, and we cannot take a parent's consent.";

const payload = {
  name: "Rahul Verma",
  whatsappNumber: "9876543210",
  email: "rahul@example.com",
  age: 34,
  country: "India",
  state: "Gujarat",
  city: "Ahmedabad",
  experienceLevel: "Expert",
  sourceOfLead: "Seminar",
  broker: "Upstox",
  trainingPreference: "online",
  consent: true,
};

type Row = Record<string, unknown>;

const activeCourseIds = () => queryTestDatabase<{ id: number }>("SELECT id FROM courses WHERE is_active = 1 ORDER BY id").map((r) => r.id);
const upcomingEventIds = () =>
  queryTestDatabase<{ id: number }>("SELECT id FROM events WHERE is_active = 1 AND event_date > ? ORDER BY event_date", Date.now()).map(
    (r) => r.id,
  );
const formsOf = (userId: string) => queryTestDatabase<Row>("SELECT * FROM enrollment_forms WHERE user_id = ? ORDER BY id", userId);

async function jsonOf(response: HttpResponse, status: number) {
  expect(response.status()).toBe(status);
  expect(response.headers()["content-type"]).toMatch(/^application\/json/);
  expect(response.headers()["cache-control"]).toBe("no-store");
  return response.json();
}

describe("POST /api/enrollment-forms", () => {
  test("401 Unauthorized when signed out, and nothing is stored", async ({ request }) => {
    const city = `Nowhere ${randomUUID()}`;
    const response = await request.post(PATH, {
      data: { ...payload, city, courseOrEventId: activeCourseIds()[0], courseOrEventType: "course" },
    });
    expect(await jsonOf(response, 401)).toEqual({ message: "Unauthorized" });
    expect(queryTestDatabase("SELECT id FROM enrollment_forms WHERE city = ?", city)).toEqual([]);
  });

  test("201 { id } stores the form for the student, payment pending", async ({ context, student }) => {
    const courseId = activeCourseIds()[0]!;
    const response = await context.request.post(PATH, {
      data: { ...payload, courseOrEventId: courseId, courseOrEventType: "course" },
    });
    const body = await jsonOf(response, 201);
    expect(body).toEqual({ id: expect.any(Number) });
    expect(formsOf(student.id)).toEqual([
      expect.objectContaining({
        id: body.id,
        user_id: student.id,
        name: "Rahul Verma",
        whatsapp_number: "9876543210",
        email: "rahul@example.com",
        age: 34,
        country: "India",
        state: "Gujarat",
        city: "Ahmedabad",
        experience_level: "Expert",
        course_or_event_id: courseId,
        course_or_event_type: "course",
        source_of_lead: "Seminar",
        broker: "Upstox",
        training_preference: "online",
      }),
    ]);
    expect(enrollmentFormPayment(body.id)).toEqual({ payment_status: "pending", payment_intent_id: null });

    // An upcoming event, with only the required fields (optional ones empty or null).
    const eventId = upcomingEventIds()[0]!;
    const second = await context.request.post(PATH, {
      data: {
        name: "Rahul Verma",
        whatsappNumber: "+91 98765 43210",
        email: "",
        age: null,
        state: "Gujarat",
        city: "Surat",
        experienceLevel: "Beginner",
        courseOrEventId: String(eventId),
        courseOrEventType: "event",
        sourceOfLead: "Facebook",
        consent: true,
      },
    });
    const secondBody = await jsonOf(second, 201);
    expect(secondBody.id).toBeGreaterThan(body.id);
    expect(formsOf(student.id)[1]).toMatchObject({
      id: secondBody.id,
      email: null,
      age: null,
      country: null,
      broker: null,
      training_preference: null,
      course_or_event_id: eventId,
      course_or_event_type: "event",
    });
  });

  test("400 names every missing field with the spec's messages", async ({ context, student }) => {
    const body = await jsonOf(await context.request.post(PATH, { data: {} }), 400);
    expect(body).toEqual({
      message: expect.any(String),
      errors: {
        name: ["Name is required"],
        whatsappNumber: ["Valid mobile number is required"],
        state: ["State is required"],
        city: ["City is required"],
        experienceLevel: ["Experience level is required"],
        courseOrEventId: ["Please select a course or event"],
        courseOrEventType: ["Type is required"],
        sourceOfLead: ["Source of lead is required"],
        consent: ["Please tick the box to agree to the use of your details for this purpose."],
      },
    });

    const bad = await jsonOf(
      await context.request.post(PATH, {
        data: {
          ...payload,
          whatsappNumber: "12345",
          email: "rahul@",
          age: 150,
          experienceLevel: "Guru",
          sourceOfLead: "Billboard",
          trainingPreference: "hybrid",
          courseOrEventId: activeCourseIds()[0],
          courseOrEventType: "seminar",
        },
      }),
      400,
    );
    expect(bad.errors).toEqual({
      whatsappNumber: ["Valid mobile number is required"],
      email: ["Please enter a valid email address"],
      age: ["Age must be a whole number from 18 to 100"],
      experienceLevel: ["Experience level is required"],
      sourceOfLead: ["Source of lead is required"],
      trainingPreference: ["Please choose online or offline training"],
      courseOrEventType: ["Type is required"],
    });
    expect(formsOf(student.id)).toEqual([]);
  });

  test("400 for someone under 18, with the reason; nothing is stored", async ({ context, student }) => {
    const courseId = activeCourseIds()[0]!;
    for (const age of [17, "16", 10]) {
      const response = await context.request.post(PATH, {
        data: { ...payload, age, courseOrEventId: courseId, courseOrEventType: "course" },
      });
      const body = await jsonOf(response, 400);
      expect(body.errors, String(age)).toEqual({ age: [UNDER_18_TEXT] });
    }
    expect(formsOf(student.id)).toEqual([]);
    expect(queryTestDatabase("SELECT id FROM consent_records WHERE user_id = ?", student.id)).toEqual([]);
    // 18 is old enough.
    const adult = await context.request.post(PATH, {
      data: { ...payload, age: 18, courseOrEventId: courseId, courseOrEventType: "course" },
    });
    expect(adult.status()).toBe(201);
  });

  test("400 for a course or event that is not offered, or of the other type", async ({ context, student }) => {
    const retiredCourse = queryTestDatabase<{ id: number }>("SELECT id FROM courses WHERE is_active = 0")[0]!.id;
    const cancelledEvent = queryTestDatabase<{ id: number }>("SELECT id FROM events WHERE is_active = 0")[0]!.id;
    const pastEvent = queryTestDatabase<{ id: number }>("SELECT id FROM events WHERE is_active = 1 AND event_date < ?", Date.now())[0]!.id;
    const courses = new Set(activeCourseIds());
    const events = new Set(upcomingEventIds());
    // An active course's id that no open event has, and the other way round.
    const courseOnly = [...courses].find((id) => !events.has(id));
    const eventOnly = [...events].find((id) => !courses.has(id));
    expect(courseOnly && eventOnly).toBeTruthy();

    for (const [courseOrEventType, courseOrEventId] of [
      ["course", retiredCourse],
      ["course", 999999],
      ["event", cancelledEvent],
      ["event", pastEvent],
      ["event", courseOnly],
      ["course", eventOnly],
    ] as const) {
      const response = await context.request.post(PATH, { data: { ...payload, courseOrEventId, courseOrEventType } });
      const body = await jsonOf(response, 400);
      expect(body, `${courseOrEventType} ${courseOrEventId}`).toEqual({
        message: "Please select a course or event",
        errors: { courseOrEventId: ["Please select a course or event"] },
      });
    }
    expect(formsOf(student.id)).toEqual([]);
  });

  test("415 for a body that is not JSON; GET is the admins' list (401 for a student); 405 for PUT", async ({
    context,
    student: _student,
  }) => {
    const response = await context.request.post(PATH, { form: { name: "Rahul" } });
    expect(response.status()).toBe(415);
    expect(await response.json()).toEqual({ message: expect.any(String) });
    const get = await context.request.get(PATH);
    expect(get.status()).toBe(401);
    expect(await get.json()).toEqual({ message: "Unauthorized" });
    const put = await context.request.put(PATH, { data: payload });
    expect(put.status()).toBe(405);
    expect(put.headers()["allow"]).toBe("GET, POST");
  });
});
