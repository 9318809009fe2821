import { parseWithZod } from "@conform-to/zod";
import { describe, expect, test } from "vitest";
import { ContactSchema, CONTACT_REQUIRED_MESSAGES, isMissingRequiredField } from "./contact";

const CONSENT_REFUSED = "Please tick the box to agree to the use of your details for this purpose.";

/** Every field but the consent box, filled in well. */
const fields = {
  name: "Priya Sharma",
  email: "priya@example.com",
  phone: "+91 98765 43210",
  subject: "Course question",
  message: "Is the currency course suitable for beginners?",
};
/** A valid JSON body: the box ticked as `true`. */
const valid = { ...fields, consent: true };
/** A valid form post: a ticked checkbox posts "on". */
const validForm = { ...fields, consent: "on" };

/** The errors the form shows for these inputs (Conform turns empty inputs into undefined). */
function formErrors(input: Record<string, string>) {
  const formData = new FormData();
  for (const [key, value] of Object.entries(input)) formData.set(key, value);
  const submission = parseWithZod(formData, { schema: ContactSchema });
  return submission.status === "success" ? {} : submission.error;
}

/** The errors a JSON body gets, by field. */
function jsonErrors(input: Record<string, unknown>) {
  const result = ContactSchema.safeParse(input);
  return result.success ? {} : result.error.flatten().fieldErrors;
}

describe("ContactSchema", () => {
  test("accepts a full message and trims it", () => {
    expect(ContactSchema.parse({ ...valid, name: "  Priya Sharma ", subject: " Course question " })).toEqual(valid);
    expect(formErrors(validForm)).toEqual({});
  });

  test("phone is optional: left out, empty, blank or null all mean none", () => {
    for (const phone of [undefined, "", "   ", null]) {
      expect(ContactSchema.parse({ ...valid, phone }).phone, String(phone)).toBeUndefined();
    }
    expect(formErrors({ ...validForm, phone: "" })).toEqual({});
  });

  test("a phone that is given must look like one", () => {
    expect(formErrors({ ...validForm, phone: "12345" })).toEqual({ phone: ["Please enter a valid phone number"] });
    expect(jsonErrors({ ...valid, phone: "call me" })).toEqual({ phone: ["Please enter a valid phone number"] });
  });

  test("every required field left empty says so, in the form and in JSON", () => {
    const expected = {
      name: ["Name is required"],
      email: ["Email is required"],
      subject: ["Subject is required"],
      message: ["Message is required"],
      consent: [CONSENT_REFUSED],
    };
    expect(formErrors({ name: "", email: "", phone: "", subject: "", message: "" })).toEqual(expected);
    const jsonEmpty = jsonErrors({ name: "", email: " ", subject: "  ", message: "" });
    for (const [field, messages] of Object.entries(expected)) expect(jsonEmpty[field as keyof typeof jsonEmpty]?.[0]).toBe(messages[0]);
    const jsonMissing = jsonErrors({ name: null });
    for (const [field, messages] of Object.entries(expected)) expect(jsonMissing[field as keyof typeof jsonMissing]).toEqual(messages);
  });

  test("an unticked or missing consent box is refused, in the form and in JSON", () => {
    // Conform sends nothing for an unticked box; an empty value reads the same.
    expect(formErrors(fields)).toEqual({ consent: [CONSENT_REFUSED] });
    expect(formErrors({ ...fields, consent: "" })).toEqual({ consent: [CONSENT_REFUSED] });
    for (const consent of [undefined, false, null, "", "off", "false"]) {
      expect(jsonErrors({ ...fields, consent }), String(consent)).toEqual({ consent: [CONSENT_REFUSED] });
    }
    expect(ContactSchema.parse({ ...fields, consent: "on" }).consent).toBe(true);
    expect(ContactSchema.parse({ ...fields, consent: "true" }).consent).toBe(true);
  });

  test("a blank subject or message is missing, not a message", () => {
    expect(formErrors({ ...validForm, subject: "   ", message: "\n\n" })).toEqual({
      subject: ["Subject is required"],
      message: ["Message is required"],
    });
  });

  test("line breaks are stored as LF, however the browser sent them", () => {
    expect(ContactSchema.parse({ ...valid, message: "Line one\r\nLine two\rLine three\n" }).message).toBe("Line one\nLine two\nLine three");
  });

  test("email must be valid", () => {
    for (const email of ["priya", "priya@", "@example.com", "priya example.com"]) {
      expect(formErrors({ ...validForm, email }), email).toEqual({ email: ["Please enter a valid email address"] });
    }
  });

  test("length limits, each with its own message", () => {
    expect(formErrors({ ...validForm, message: "x".repeat(5000) })).toEqual({});
    expect(formErrors({ ...validForm, message: "x".repeat(5001) })).toEqual({ message: ["Message must be at most 5000 characters"] });
    expect(formErrors({ ...validForm, subject: "x".repeat(201) })).toEqual({ subject: ["Subject must be at most 200 characters"] });
    expect(formErrors({ ...validForm, name: "x".repeat(101) })).toEqual({ name: ["Name must be at most 100 characters"] });
    expect(formErrors({ ...validForm, email: `${"x".repeat(250)}@example.com` })).toEqual({
      email: ["Please enter a valid email address"],
    });
  });
});

describe("isMissingRequiredField", () => {
  test("only a required field's own 'is required' message counts", () => {
    expect(isMissingRequiredField(undefined)).toBe(false);
    expect(isMissingRequiredField({})).toBe(false);
    expect(isMissingRequiredField({ email: ["Please enter a valid email address"] })).toBe(false);
    expect(isMissingRequiredField({ phone: ["Please enter a valid phone number"] })).toBe(false);
    for (const [field, message] of Object.entries(CONTACT_REQUIRED_MESSAGES)) {
      expect(isMissingRequiredField({ [field]: [message] }), field).toBe(true);
    }
  });
});
