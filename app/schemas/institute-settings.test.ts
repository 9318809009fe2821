import { describe, expect, test } from "vitest";
import { DEFAULT_INSTITUTE, fillInstituteMarkers, institutePhones, instituteSocialLinks } from "~/utils/institute";
import { institutePostalLines } from "~/utils/institute-address.server";
import { INSTITUTE_MESSAGES, InstituteSettingsSchema } from "./institute-settings";

// What the Institute card of /admin/settings accepts: the form posts strings,
// and what it stores is what every page shows.

const form = (overrides: Record<string, string | undefined> = {}) => ({
  name: "Nifty School",
  tagline: "Trading taught slowly.",
  email: "desk@nifty.example",
  phone1: "+91 91234 56789",
  whatsappNumber: "+91 91234 56789",
  addressLine1: "4 Lake Road",
  city: "Kolkata",
  stateCode: "19",
  pin: "700029",
  ...overrides,
});

const errorsOf = (value: unknown) => {
  const result = InstituteSettingsSchema.safeParse(value);
  return result.success ? {} : result.error.flatten().fieldErrors;
};

describe("the Institute section", () => {
  test("the defaults are the demo institute and pass their own schema", () => {
    expect(InstituteSettingsSchema.parse(DEFAULT_INSTITUTE)).toEqual(DEFAULT_INSTITUTE);
    expect(DEFAULT_INSTITUTE.name).toBe("TradeMaster Academy");
    expect(institutePhones(DEFAULT_INSTITUTE)).toEqual(["+91 98765 43210", "+91 98765 43211", "+91 98765 43212"]);
    expect(instituteSocialLinks(DEFAULT_INSTITUTE).map((link) => link.name)).toEqual(["Telegram", "Instagram", "YouTube", "Facebook"]);
  });

  test("keeps the WhatsApp number as digits only, and leaves out empty phones and links", () => {
    const institute = InstituteSettingsSchema.parse(form({ phone2: "", telegramUrl: "", youtubeUrl: "https://www.youtube.com/@nifty" }));
    expect(institute.whatsappNumber).toBe("919123456789");
    expect(institutePhones(institute)).toEqual(["+91 91234 56789"]);
    expect(instituteSocialLinks(institute)).toEqual([{ name: "YouTube", href: "https://www.youtube.com/@nifty" }]);
    expect(institutePostalLines(institute)).toEqual(["4 Lake Road", "Kolkata, West Bengal 700029", "India"]);
  });

  test("takes Indian phone numbers: a mobile with or without +91, or a landline with its STD code", () => {
    for (const phone of ["9123456789", "+91 91234 56789", "+91-91234-56789", "020 2612 3456", "033-2464-1234"])
      expect(errorsOf(form({ phone1: phone })).phone1).toBeUndefined();
    for (const phone of ["12345", "+44 20 7946 0958", "91234 5678", "call us", "0000000000"])
      expect(errorsOf(form({ phone1: phone })).phone1).toEqual([INSTITUTE_MESSAGES.phone]);
    expect(errorsOf(form({ phone3: "123" })).phone3).toEqual([INSTITUTE_MESSAGES.phone]);
  });

  test("refuses a WhatsApp number that is not 10 to 15 digits", () => {
    for (const number of ["98765", "9876543210123456", "91 98765 4321x"])
      expect(errorsOf(form({ whatsappNumber: number })).whatsappNumber).toEqual([INSTITUTE_MESSAGES.whatsapp]);
    expect(errorsOf(form({ whatsappNumber: "9876543210" })).whatsappNumber).toBeUndefined();
  });

  test("takes a social link only as https on its own network's host", () => {
    expect(errorsOf(form({ telegramUrl: "https://telegram.me/nifty" })).telegramUrl).toBeUndefined();
    for (const [field, url] of [
      ["telegramUrl", "http://t.me/nifty"],
      ["telegramUrl", "https://t.me.evil.example/nifty"],
      ["instagramUrl", "https://www.facebook.com/nifty"],
      ["facebookUrl", "javascript:alert(1)"],
      ["youtubeUrl", "https://www.youtube.com/"],
      ["youtubeUrl", "#"],
    ] as const)
      expect(errorsOf(form({ [field]: url }))[field]?.[0]).toMatch(/link must be an https:\/\/ address on /);
  });

  test("refuses a missing or overlong name, a name of two lines, a bad email, PIN or state", () => {
    expect(errorsOf(form({ name: "" })).name).toEqual(["Institute name is required"]);
    expect(errorsOf(form({ name: "x".repeat(10_000) })).name).toEqual(["Institute name must be at most 100 characters"]);
    expect(errorsOf(form({ name: "Nifty\r\nSchool" })).name).toEqual(["Institute name must be one line"]);
    expect(errorsOf(form({ email: "desk" })).email).toEqual(["Please enter a valid email address"]);
    expect(errorsOf(form({ pin: "70002" })).pin).toEqual([INSTITUTE_MESSAGES.pin]);
    expect(errorsOf(form({ stateCode: "99" })).stateCode).toEqual([INSTITUTE_MESSAGES.state]);
  });

  test("fills the name and email markers of a legal text", () => {
    expect(fillInstituteMarkers("{{name}} answers at {{email}}; {{name}}.", { name: "Nifty School", email: "a@b.in" })).toBe(
      "Nifty School answers at a@b.in; Nifty School.",
    );
  });
});
