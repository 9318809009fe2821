import { expect, test } from "vitest";
import { BILLING_MESSAGES, BillingDetailsSchema, OptionalBillingDetailsSchema } from "./billing";

const valid = { name: "Asha Rao", address: "12 MG Road", city: "Bengaluru", stateCode: "29", pin: "560001" };
const errorsOf = (input: Record<string, unknown>) => {
  const parsed = BillingDetailsSchema.safeParse(input);
  return parsed.success ? {} : parsed.error.flatten().fieldErrors;
};

test("a buyer without a GSTIN needs name, address, city, state and PIN; a GSTIN is upper-cased", () => {
  expect(BillingDetailsSchema.parse({ ...valid, gstin: " 29aaacr1234a1z5 ", businessName: "" })).toEqual({
    ...valid,
    gstin: "29AAACR1234A1Z5",
  });
  expect(errorsOf({})).toMatchObject({
    name: [BILLING_MESSAGES.name],
    address: [BILLING_MESSAGES.address],
    city: [BILLING_MESSAGES.city],
    stateCode: [BILLING_MESSAGES.stateCode],
    pin: [BILLING_MESSAGES.pin],
  });
});

test("a GSTIN must be 15 characters of its shape and start with the chosen state's code", () => {
  expect(errorsOf({ ...valid, gstin: "29AAACR1234A1Z" })).toEqual({ gstin: [BILLING_MESSAGES.gstin] });
  expect(errorsOf({ ...valid, gstin: "27AAACR1234A1Z5" })).toEqual({ gstin: [BILLING_MESSAGES.gstinState] });
  expect(errorsOf({ ...valid, pin: "056001" })).toEqual({ pin: [BILLING_MESSAGES.pin] });
  expect(errorsOf({ ...valid, stateCode: "25" })).toEqual({ stateCode: [BILLING_MESSAGES.stateCode] });
});

test("optional billing details: fields all left blank give none; one filled asks for the rest", () => {
  expect(OptionalBillingDetailsSchema.parse(undefined)).toBeUndefined();
  expect(OptionalBillingDetailsSchema.parse({ name: "", address: " ", city: undefined, pin: null })).toBeUndefined();
  expect(OptionalBillingDetailsSchema.parse(valid)).toEqual(valid);
  const partial = OptionalBillingDetailsSchema.safeParse({ name: "Asha Rao", address: "" });
  expect(partial.success ? {} : partial.error.flatten().fieldErrors).toMatchObject({ address: [BILLING_MESSAGES.address] });
});
