import { parseWithZod } from "@conform-to/zod";
import { describe, expect, test } from "vitest";
import { CONSENT_REQUIRED_MESSAGE } from "./consent";
import { EnrollmentFormApiSchema, EnrollmentFormSchema, ENROLLMENT_MESSAGES } from "./enrollment-form";

/** Parses like the page action does: form data through Conform. */
function parseForm(fields: Record<string, string>) {
  const formData = new FormData();
  for (const [key, value] of Object.entries(fields)) formData.append(key, value);
  return parseWithZod(formData, { schema: EnrollmentFormSchema });
}

function formErrors(fields: Record<string, string>) {
  const submission = parseForm(fields);
  if (submission.status === "success") return {};
  return submission.reply().error ?? {};
}

function apiErrors(body: unknown) {
  const result = EnrollmentFormApiSchema.safeParse(body);
  if (result.success) return {};
  const errors: Record<string, string[]> = {};
  for (const issue of result.error.issues) (errors[issue.path.join(".")] ??= []).push(issue.message);
  return errors;
}

const validForm = {
  name: "Priya Sharma",
  whatsappNumber: "+91 98765 43210",
  email: "priya@example.com",
  age: "27",
  country: "India",
  state: "Maharashtra",
  city: "Pune",
  experienceLevel: "Intermediate",
  courseOrEvent: "event:7",
  sourceOfLead: "WhatsApp group",
  broker: "Zerodha",
  trainingPreference: "offline",
  // A ticked checkbox posts "on".
  consent: "on",
};

const { courseOrEvent: _choice, ...validFields } = validForm;
// The JSON door ticks the box with `true`.
const validApi = { ...validFields, age: 27, courseOrEventId: 7, courseOrEventType: "event", consent: true };

const { consent: _formTick, ...validFormUnticked } = validForm;
const { consent: _apiTick, ...validApiUnticked } = validApi;

describe("the page form", () => {
  test("an empty submit names every required field with the spec's message, and only those", () => {
    expect(formErrors({})).toEqual({
      name: [ENROLLMENT_MESSAGES.name],
      whatsappNumber: [ENROLLMENT_MESSAGES.whatsappNumber],
      state: [ENROLLMENT_MESSAGES.state],
      city: [ENROLLMENT_MESSAGES.city],
      experienceLevel: [ENROLLMENT_MESSAGES.experienceLevel],
      courseOrEvent: [ENROLLMENT_MESSAGES.courseOrEventId],
      sourceOfLead: [ENROLLMENT_MESSAGES.sourceOfLead],
      consent: [CONSENT_REQUIRED_MESSAGE],
    });
    expect(ENROLLMENT_MESSAGES).toMatchObject({
      name: "Name is required",
      whatsappNumber: "Valid mobile number is required",
      state: "State is required",
      city: "City is required",
      experienceLevel: "Experience level is required",
      courseOrEventId: "Please select a course or event",
      courseOrEventType: "Type is required",
      sourceOfLead: "Source of lead is required",
      saveFailed: "Failed to save enrollment information. Please try again.",
    });
    expect(CONSENT_REQUIRED_MESSAGE).toBe("Please tick the box to agree to the use of your details for this purpose.");
  });

  test("an unticked consent box is refused while everything else is valid", () => {
    // Conform sends nothing for an unticked box; an empty value reads the same.
    expect(formErrors(validFormUnticked)).toEqual({ consent: [CONSENT_REQUIRED_MESSAGE] });
    expect(formErrors({ ...validFormUnticked, consent: "" })).toEqual({ consent: [CONSENT_REQUIRED_MESSAGE] });
    expect(formErrors({ ...validFormUnticked, consent: "off" })).toEqual({ consent: [CONSENT_REQUIRED_MESSAGE] });
  });

  test("blank-looking text is still missing", () => {
    expect(formErrors({ ...validForm, name: "   ", state: " ", city: "\t" })).toEqual({
      name: [ENROLLMENT_MESSAGES.name],
      state: [ENROLLMENT_MESSAGES.state],
      city: [ENROLLMENT_MESSAGES.city],
    });
  });

  test("bad values each get their message", () => {
    expect(
      formErrors({
        ...validForm,
        whatsappNumber: "98765",
        email: "not-an-email",
        age: "150",
        experienceLevel: "Guru",
        courseOrEvent: "seminar:3",
        sourceOfLead: "Billboard",
        trainingPreference: "hybrid",
      }),
    ).toEqual({
      whatsappNumber: [ENROLLMENT_MESSAGES.whatsappNumber],
      email: [ENROLLMENT_MESSAGES.email],
      age: [ENROLLMENT_MESSAGES.age],
      experienceLevel: [ENROLLMENT_MESSAGES.experienceLevel],
      courseOrEvent: [ENROLLMENT_MESSAGES.courseOrEventId],
      sourceOfLead: [ENROLLMENT_MESSAGES.sourceOfLead],
      trainingPreference: [ENROLLMENT_MESSAGES.trainingPreference],
    });
    expect(ENROLLMENT_MESSAGES.age).toBe("Age must be a whole number from 18 to 100");
    for (const age of ["101", "27.5", "abc", "-20"]) expect(formErrors({ ...validForm, age })).toEqual({ age: [ENROLLMENT_MESSAGES.age] });
    for (const courseOrEvent of ["course:0", "course:", "3", "course:abc"])
      expect(formErrors({ ...validForm, courseOrEvent })).toEqual({ courseOrEvent: [ENROLLMENT_MESSAGES.courseOrEventId] });
  });

  test("someone under 18 is refused with the reason, at both doors; 18 is enough", () => {
    const reason =
      "You must be 18 or older to enrol: a contract with someone under 18 is void in India, and we cannot take a parent's consent.";
    for (const age of ["17", "16", "10", "0"]) expect(formErrors({ ...validForm, age })).toEqual({ age: [reason] });
    for (const age of [17, "12"]) expect(apiErrors({ ...validApi, age })).toEqual({ age: [reason] });
    expect(formErrors({ ...validForm, age: "18" })).toEqual({});
    expect(apiErrors({ ...validApi, age: 18 })).toEqual({});
  });

  test("long text is refused with a length message", () => {
    expect(formErrors({ ...validForm, name: "x".repeat(101), city: "y".repeat(101), broker: "z".repeat(101) })).toEqual({
      name: ["Name must be at most 100 characters"],
      city: ["City must be at most 100 characters"],
      broker: ["Broker must be at most 100 characters"],
    });
  });

  test("the type and id come from the one choice", () => {
    const submission = parseForm(validForm);
    expect(submission.status).toBe("success");
    if (submission.status !== "success") return;
    expect(submission.value).toEqual({
      name: "Priya Sharma",
      whatsappNumber: "+91 98765 43210",
      email: "priya@example.com",
      age: 27,
      country: "India",
      state: "Maharashtra",
      city: "Pune",
      experienceLevel: "Intermediate",
      courseOrEventId: 7,
      courseOrEventType: "event",
      sourceOfLead: "WhatsApp group",
      broker: "Zerodha",
      trainingPreference: "offline",
      consent: true,
    });
    const course = parseForm({ ...validForm, courseOrEvent: "course:12" });
    expect(course.status === "success" && [course.value.courseOrEventType, course.value.courseOrEventId]).toEqual(["course", 12]);
  });

  test("optional fields may be left empty", () => {
    const submission = parseForm({ ...validForm, email: "", age: "", country: "", broker: "", trainingPreference: "" });
    expect(submission.status).toBe("success");
    if (submission.status !== "success") return;
    const { email, age, country, broker, trainingPreference } = submission.value;
    expect({ email, age, country, broker, trainingPreference }).toEqual({
      email: undefined,
      age: undefined,
      country: undefined,
      broker: undefined,
      trainingPreference: undefined,
    });
  });
});

describe("the JSON payload", () => {
  test("an empty body names every required field, the type included", () => {
    expect(apiErrors({})).toEqual({
      name: [ENROLLMENT_MESSAGES.name],
      whatsappNumber: [ENROLLMENT_MESSAGES.whatsappNumber],
      state: [ENROLLMENT_MESSAGES.state],
      city: [ENROLLMENT_MESSAGES.city],
      experienceLevel: [ENROLLMENT_MESSAGES.experienceLevel],
      courseOrEventId: [ENROLLMENT_MESSAGES.courseOrEventId],
      courseOrEventType: [ENROLLMENT_MESSAGES.courseOrEventType],
      sourceOfLead: [ENROLLMENT_MESSAGES.sourceOfLead],
      consent: [CONSENT_REQUIRED_MESSAGE],
    });
  });

  test("an unticked or missing consent is refused while everything else is valid", () => {
    for (const consent of [undefined, false, null, "", "off", "false"]) {
      expect(apiErrors({ ...validApiUnticked, consent }), String(consent)).toEqual({ consent: [CONSENT_REQUIRED_MESSAGE] });
    }
    expect(apiErrors(validApiUnticked)).toEqual({ consent: [CONSENT_REQUIRED_MESSAGE] });
    expect(apiErrors(validApi)).toEqual({});
  });

  test("empty strings are missing for required fields and absent for optional ones", () => {
    const blanks = Object.fromEntries(Object.keys(validApi).map((key) => [key, ""]));
    expect(Object.keys(apiErrors(blanks)).sort()).toEqual(
      [
        "name",
        "whatsappNumber",
        "state",
        "city",
        "experienceLevel",
        "courseOrEventId",
        "courseOrEventType",
        "sourceOfLead",
        "consent",
      ].sort(),
    );
    const parsed = EnrollmentFormApiSchema.parse({ ...validApi, email: "", age: null, country: null, broker: "", trainingPreference: "" });
    expect(parsed).toMatchObject({
      email: undefined,
      age: undefined,
      country: undefined,
      broker: undefined,
      trainingPreference: undefined,
    });
  });

  test("bad values each get their message", () => {
    expect(
      apiErrors({
        ...validApi,
        whatsappNumber: "12345",
        email: "nope",
        age: 120,
        experienceLevel: 3,
        courseOrEventId: "three",
        courseOrEventType: "seminar",
        sourceOfLead: "TV",
        trainingPreference: "both",
      }),
    ).toEqual({
      whatsappNumber: [ENROLLMENT_MESSAGES.whatsappNumber],
      email: [ENROLLMENT_MESSAGES.email],
      age: [ENROLLMENT_MESSAGES.age],
      experienceLevel: [ENROLLMENT_MESSAGES.experienceLevel],
      courseOrEventId: [ENROLLMENT_MESSAGES.courseOrEventId],
      courseOrEventType: [ENROLLMENT_MESSAGES.courseOrEventType],
      sourceOfLead: [ENROLLMENT_MESSAGES.sourceOfLead],
      trainingPreference: [ENROLLMENT_MESSAGES.trainingPreference],
    });
    for (const courseOrEventId of [0, -1, 1.5, null])
      expect(Object.keys(apiErrors({ ...validApi, courseOrEventId }))).toEqual(["courseOrEventId"]);
  });

  test("takes numbers as strings or numbers and options in any case, stored as listed", () => {
    expect(
      EnrollmentFormApiSchema.parse({
        ...validApi,
        whatsappNumber: 9876543210,
        age: "31",
        courseOrEventId: "7",
        courseOrEventType: "Event",
        experienceLevel: "beginner",
        sourceOfLead: "whatsapp group",
        trainingPreference: "Online",
      }),
    ).toMatchObject({
      whatsappNumber: "9876543210",
      age: 31,
      courseOrEventId: 7,
      courseOrEventType: "event",
      experienceLevel: "Beginner",
      sourceOfLead: "WhatsApp group",
      trainingPreference: "online",
    });
  });
});
