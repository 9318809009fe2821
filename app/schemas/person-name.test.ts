import { describe, expect, test } from "vitest";
import type { z } from "zod";
import { ProfileSchema } from "./account";
import { MentorSchema } from "./admin-mentor";
import { withoutHiddenControls } from "./person-name";
import { StudentDetailsSchema } from "./admin-student";
import { AdminTestimonialSchema } from "./admin-testimonial";
import { SignupSchema } from "./auth";
import { BillingDetailsSchema } from "./billing";
import { ContactSchema } from "./contact";
import { EnrollmentFormApiSchema } from "./enrollment-form";
import { EventRegistrationSchema } from "./event-registration";
import { RegulatorySettingsSchema } from "./legal-settings";
import { VideoSettingsSchema } from "./video-settings";

// Every field that names a person refuses the characters that reorder or
// break a printed name, and keeps the joiners Indian scripts spell names with.

/** അനില്‍ (Anil): the chillu is ല, virama and a zero-width joiner. */
const MALAYALAM_WITH_ZWJ = "അനില്\u200D";
/** लक्ष्‍मी (Lakshmi) with a joiner for the half form, and a non-joiner in a surname that keeps क् unjoined. */
const HINDI_WITH_JOINERS = "लक्ष्\u200Dमी";
const HINDI_WITH_ZWNJ = "शक्\u200Cति";

const REFUSED = {
  "a right-to-left override": "Asha\u202ERao",
  "a left-to-right embedding": "\u202AAsha",
  "a pop of the directional formatting": "Asha\u202C",
  "a right-to-left isolate": "Asha \u2067Rao\u2069",
  "a first-strong isolate": "\u2068Asha",
  "a left-to-right mark": "Asha\u200E",
  "a right-to-left mark": "Asha\u200F",
  "the Arabic letter mark": "Asha\u061C",
  "a NUL": "Asha\u0000Rao",
  "a line break inside": "Asha\nRao",
  "a tab inside": "Asha\tRao",
  "an escape (C0)": "Asha\u001B[31m",
  "a DEL": "Asha\u007F",
  "a next-line (C1)": "Asha\u0085Rao",
  "a C1 control": "Asha\u009BRao",
} as const;

const SIGN_UP = {
  firstName: "Asha",
  lastName: "Rao",
  email: "asha@example.test",
  password: "quiet river lamp tiger",
  adult: "on",
  consent: "on",
};

type Case = { form: string; schema: z.ZodTypeAny; valid: Record<string, unknown>; field: string; message: string };

const CASES: Case[] = [
  {
    form: "sign-up",
    schema: SignupSchema,
    valid: SIGN_UP,
    field: "firstName",
    message: "First name cannot contain hidden control characters",
  },
  {
    form: "sign-up, last name",
    schema: SignupSchema,
    valid: SIGN_UP,
    field: "lastName",
    message: "Last name cannot contain hidden control characters",
  },
  { form: "account", schema: ProfileSchema, valid: { firstName: "Asha", lastName: "Rao" }, field: "lastName", message: "Last name cannot" },
  {
    form: "admin's edit of a student",
    schema: StudentDetailsSchema,
    valid: { firstName: "Asha", lastName: "Rao", email: "asha@example.test", reason: "Spelling fixed at the student's request" },
    field: "firstName",
    message: "First name cannot",
  },
  {
    form: "enrollment form",
    schema: EnrollmentFormApiSchema,
    valid: {
      name: "Priya Sharma",
      whatsappNumber: "+91 98765 43210",
      age: 27,
      country: "India",
      state: "Maharashtra",
      city: "Pune",
      experienceLevel: "Intermediate",
      courseOrEventId: 7,
      courseOrEventType: "event",
      sourceOfLead: "WhatsApp group",
      trainingPreference: "offline",
      consent: true,
    },
    field: "name",
    message: "Name cannot",
  },
  {
    form: "contact",
    schema: ContactSchema,
    valid: { name: "Priya Sharma", email: "priya@example.com", subject: "Batches", message: "When is the next batch?", consent: true },
    field: "name",
    message: "Name cannot",
  },
  {
    form: "event registration",
    schema: EventRegistrationSchema,
    valid: { name: "Priya Sharma", email: "priya@example.com", phone: "+91 98765 43210", consent: true },
    field: "name",
    message: "Name cannot",
  },
  {
    form: "invoice's billing name",
    schema: BillingDetailsSchema,
    valid: { name: "Asha Rao", address: "12 MG Road", city: "Bengaluru", stateCode: "29", pin: "560001" },
    field: "name",
    message: "Name cannot",
  },
  {
    form: "invoice's business name",
    schema: BillingDetailsSchema,
    valid: { name: "Asha Rao", address: "12 MG Road", city: "Bengaluru", stateCode: "29", pin: "560001", businessName: "Rao Traders" },
    field: "businessName",
    message: "Business name cannot",
  },
  {
    form: "mentor",
    schema: MentorSchema,
    valid: { name: "Vikram Iyer", title: "Head of research", bio: "Twenty years on the trading desk." },
    field: "name",
    message: "Name cannot",
  },
  {
    form: "testimonial",
    schema: AdminTestimonialSchema,
    valid: { name: "Meera Nair", content: "Clear and patient teaching." },
    field: "name",
    message: "Name cannot",
  },
  {
    form: "grievance officer",
    schema: RegulatorySettingsSchema,
    valid: {
      registrationType: "none",
      grievanceOfficerName: "Ravi Kumar",
      grievanceOfficerDesignation: "Compliance Officer",
      grievanceOfficerEmail: "grievances@example.test",
      grievanceOfficerPhone: "+91 98765 43210",
      disclaimer: "Trading involves risk.",
    },
    field: "grievanceOfficerName",
    message: "Name cannot",
  },
];

const messagesOf = (schema: z.ZodTypeAny, input: Record<string, unknown>) => {
  const parsed = schema.safeParse(input);
  return parsed.success ? [] : parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
};

describe.each(CASES)("the $form form's $field", ({ schema, valid, field, message }) => {
  test("takes an ordinary name, and Malayalam and Hindi names written with joiners", () => {
    for (const name of ["Asha Rao", MALAYALAM_WITH_ZWJ, HINDI_WITH_JOINERS, HINDI_WITH_ZWNJ])
      expect(messagesOf(schema, { ...valid, [field]: name }), name).toEqual([]);
  });

  test.each(Object.entries(REFUSED))("refuses %s with a clear message", (_, name) => {
    const messages = messagesOf(schema, { ...valid, [field]: name });
    expect(messages).toHaveLength(1);
    expect(messages[0]).toContain(`${field}: ${message}`);
  });
});

describe("a student story's name on the Videos card", () => {
  const story = (name: string) => `https://drive.google.com/file/d/1AbCdEfGhIjKlMnOpQrStUv/view | Pune | ${name} | Engineer`;
  test("takes a Malayalam name with its joiner, and refuses a direction override", () => {
    expect(messagesOf(VideoSettingsSchema, { successStories: story(MALAYALAM_WITH_ZWJ) })).toEqual([]);
    expect(messagesOf(VideoSettingsSchema, { successStories: story("Asha\u202ERao") })).toEqual([
      "successStories: Student stories, line 1 the student's name cannot contain hidden control characters; type it again",
    ]);
  });
});

describe("a name a sign-in provider sends", () => {
  test("loses the characters a form would refuse, and keeps the joiners", () => {
    expect(withoutHiddenControls("Asha\u202ERao\u0000")).toBe("AshaRao");
    expect(withoutHiddenControls(MALAYALAM_WITH_ZWJ)).toBe(MALAYALAM_WITH_ZWJ);
    expect(withoutHiddenControls(HINDI_WITH_ZWNJ)).toBe(HINDI_WITH_ZWNJ);
  });
});
