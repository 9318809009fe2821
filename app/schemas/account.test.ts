import { describe, expect, it } from "vitest";
import { normaliseIndianMobile, PHONE_MESSAGE, ProfileSchema } from "./account";

describe("an Indian mobile number", () => {
  it.each([
    ["9876543210", "+919876543210"],
    ["+91 98765 43210", "+919876543210"],
    ["+91-98765-43210", "+919876543210"],
    ["09876543210", "+919876543210"],
    ["919876543210", "+919876543210"],
    ["(0) 62345 67890", "+916234567890"],
    ["7000000000", "+917000000000"],
  ])("%s is stored as %s", (input, stored) => {
    expect(normaliseIndianMobile(input)).toBe(stored);
  });

  it.each(["5876543210", "987654321", "98765432100", "+1 987 654 3210", "+9198765432", "98765 4321x", "0091 9876543210", ""])(
    "%s is refused",
    (input) => {
      expect(normaliseIndianMobile(input)).toBeNull();
    },
  );

  it("is optional on the profile form, and stored normalised when given", () => {
    expect(ProfileSchema.parse({ firstName: " Asha ", lastName: "Rao" })).toEqual({ firstName: "Asha", lastName: "Rao", phone: null });
    expect(ProfileSchema.parse({ firstName: "Asha", lastName: "Rao", phone: "  " }).phone).toBeNull();
    expect(ProfileSchema.parse({ firstName: "Asha", lastName: "Rao", phone: "098765 43210" }).phone).toBe("+919876543210");
    const refused = ProfileSchema.safeParse({ firstName: "Asha", lastName: "Rao", phone: "12345" });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues.map((issue) => issue.message)).toEqual([PHONE_MESSAGE]);
  });
});
