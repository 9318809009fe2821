import { parseWithZod } from "@conform-to/zod";
import { describe, expect, test } from "vitest";
import { EventRegistrationSchema } from "./event-registration";

const CONSENT_REFUSED = "Please tick the box to agree to the use of your details for this purpose.";

/** Every field but the consent box, filled in well. */
const fields = { name: "Priya Sharma", email: "priya@example.com", phone: "+91 98765 43210" };
/** A valid form post: a ticked checkbox posts "on". */
const valid = { ...fields, consent: "on" };

function errorsFor(input: Record<string, string>) {
  const formData = new FormData();
  for (const [key, value] of Object.entries(input)) formData.set(key, value);
  const submission = parseWithZod(formData, { schema: EventRegistrationSchema });
  return submission.status === "success" ? {} : submission.error;
}

describe("EventRegistrationSchema", () => {
  test("accepts a valid registration and trims it", () => {
    const result = EventRegistrationSchema.parse({
      name: "  Priya Sharma ",
      email: " priya@example.com ",
      phone: " 9876543210 ",
      consent: true,
    });
    expect(result).toEqual({ name: "Priya Sharma", email: "priya@example.com", phone: "9876543210", consent: true });
    expect(errorsFor(valid)).toEqual({});
  });

  test("name: at least 2 characters", () => {
    expect(errorsFor({ ...valid, name: "P" })).toEqual({ name: ["Name must be at least 2 characters"] });
    expect(errorsFor({ ...valid, name: "  P  " })).toEqual({ name: ["Name must be at least 2 characters"] });
    // An empty input reaches the schema as a missing value.
    expect(errorsFor({ ...valid, name: "" })).toEqual({ name: ["Name must be at least 2 characters"] });
    expect(errorsFor({ ...valid, name: "Pi" })).toEqual({});
  });

  test("email: a valid address", () => {
    for (const email of ["", "priya", "priya@", "@example.com", "priya example.com"]) {
      expect(errorsFor({ ...valid, email }), email).toEqual({ email: ["Please enter a valid email address"] });
    }
  });

  test("phone: at least 10 digits", () => {
    for (const phone of ["", "98765", "987654321", "abcdefghijkl", "98765-4321x"]) {
      expect(errorsFor({ ...valid, phone }), phone).toEqual({ phone: ["Phone number must be at least 10 digits"] });
    }
    for (const phone of ["9876543210", "+91 98765 43210", "(022) 2345-6789"]) {
      expect(errorsFor({ ...valid, phone }), phone).toEqual({});
    }
  });

  test("every problem at once", () => {
    expect(errorsFor({ name: "", email: "", phone: "" })).toEqual({
      name: ["Name must be at least 2 characters"],
      email: ["Please enter a valid email address"],
      phone: ["Phone number must be at least 10 digits"],
      consent: [CONSENT_REFUSED],
    });
  });

  test("consent: an unticked or missing box is refused, in the form and in JSON", () => {
    // Conform sends nothing for an unticked box; an empty value reads the same.
    expect(errorsFor(fields)).toEqual({ consent: [CONSENT_REFUSED] });
    expect(errorsFor({ ...fields, consent: "" })).toEqual({ consent: [CONSENT_REFUSED] });
    for (const consent of [undefined, false, null, "", "off", "false"]) {
      const result = EventRegistrationSchema.safeParse({ ...fields, consent });
      expect(result.success, String(consent)).toBe(false);
      if (result.success) continue;
      expect(result.error.flatten().fieldErrors, String(consent)).toEqual({ consent: [CONSENT_REFUSED] });
    }
    expect(EventRegistrationSchema.parse({ ...fields, consent: "on" }).consent).toBe(true);
    expect(EventRegistrationSchema.parse({ ...fields, consent: "true" }).consent).toBe(true);
  });
});
