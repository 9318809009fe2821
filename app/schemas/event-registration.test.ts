import { parseWithZod } from "@conform-to/zod";
import { describe, expect, test } from "vitest";
import { EventRegistrationSchema } from "./event-registration";

const valid = { name: "Priya Sharma", email: "priya@example.com", phone: "+91 98765 43210" };

function errorsFor(input: Record<string, string>) {
  const formData = new FormData();
  for (const [key, value] of Object.entries(input)) formData.set(key, value);
  const submission = parseWithZod(formData, { schema: EventRegistrationSchema });
  return submission.status === "success" ? {} : submission.error;
}

describe("EventRegistrationSchema", () => {
  test("accepts a valid registration and trims it", () => {
    const result = EventRegistrationSchema.parse({ name: "  Priya Sharma ", email: " priya@example.com ", phone: " 9876543210 " });
    expect(result).toEqual({ name: "Priya Sharma", email: "priya@example.com", phone: "9876543210" });
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
    });
  });
});
