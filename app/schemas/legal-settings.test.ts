import { describe, expect, it } from "vitest";
import { LEGAL_MESSAGES, registrationStatement, RegulatorySettingsSchema } from "./legal-settings";
import { SETTINGS_DEFAULTS } from "./site-settings";

const regulatory = (overrides: Record<string, string>) => ({
  registrationType: "none",
  grievanceOfficerName: "Asha Kulkarni",
  grievanceOfficerDesignation: "Compliance Officer",
  grievanceOfficerEmail: "grievance@example.com",
  grievanceOfficerPhone: "+91 98765 43210",
  disclaimer: "Education only.",
  ...overrides,
});

const errorsOf = (input: Record<string, string>) => {
  const result = RegulatorySettingsSchema.safeParse(input);
  return result.success ? {} : result.error.flatten().fieldErrors;
};

describe("the SEBI registration number", () => {
  it.each(["INH000012345", "ina000098765", "INH 0000 12345", "INZ000123456"])(
    "%s is accepted, stored in capitals without spaces",
    (number) => {
      const parsed = RegulatorySettingsSchema.parse(regulatory({ sebiRegistrationNumber: number, registrationType: "research_analyst" }));
      expect(parsed.sebiRegistrationNumber).toMatch(/^[A-Z]+\d+$/);
      expect(parsed.sebiRegistrationNumber).toBe(number.replace(/\s/g, "").toUpperCase());
    },
  );

  it.each(["12345INH", "INH", "INH-000012345", "I1", "INH0000123456789012345", "<script>"])(
    "%s is refused with the shape's message",
    (number) => {
      expect(errorsOf(regulatory({ sebiRegistrationNumber: number, registrationType: "research_analyst" })).sebiRegistrationNumber).toEqual(
        [LEGAL_MESSAGES.registrationShape],
      );
    },
  );

  it("a number needs a type, and a type needs a number", () => {
    expect(errorsOf(regulatory({ sebiRegistrationNumber: "INH000012345" })).registrationType).toEqual([LEGAL_MESSAGES.numberWithoutType]);
    expect(errorsOf(regulatory({ registrationType: "investment_adviser" })).sebiRegistrationNumber).toEqual([
      LEGAL_MESSAGES.typeWithoutNumber,
    ]);
    expect(RegulatorySettingsSchema.safeParse(regulatory({ sebiRegistrationNumber: "  " })).success).toBe(true);
  });
});

describe("the registration sentence", () => {
  it("says the institute is not registered and gives no advice or tips when there is no number", () => {
    expect(registrationStatement({ registrationType: "none" }, "Nifty School")).toBe(
      "Nifty School is not registered with SEBI as an investment adviser or a research analyst, and gives no investment advice, recommendations or tips.",
    );
  });

  it("names the number and what it is for when there is one", () => {
    expect(registrationStatement({ sebiRegistrationNumber: "INH000012345", registrationType: "research_analyst" }, "Nifty School")).toBe(
      "SEBI registration no. INH000012345 (research analyst).",
    );
    expect(registrationStatement({ sebiRegistrationNumber: "INA000098765", registrationType: "investment_adviser" }, "Nifty School")).toBe(
      "SEBI registration no. INA000098765 (investment adviser).",
    );
  });
});

describe("the defaults", () => {
  it("pass their own schemas, so a page never falls back to something else", () => {
    expect(RegulatorySettingsSchema.parse(SETTINGS_DEFAULTS.regulatory)).toEqual(SETTINGS_DEFAULTS.regulatory);
  });

  it("say education only, not advice, past performance, and no prices from the last 30 days", () => {
    const { disclaimer } = SETTINGS_DEFAULTS.regulatory;
    for (const words of [
      "education only",
      "not investment advice",
      "Past performance never indicates future results",
      "older than 30 days",
    ])
      expect(disclaimer).toContain(words);
  });
});
