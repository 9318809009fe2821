import { z } from "zod";
import { DEFAULT_LEGAL_TEXTS } from "~/content/legal-defaults";
import { DEFAULT_INSTITUTE } from "~/utils/institute";
import { optionalText, requiredText } from "./admin-fields";
import { blankToUndefined, emailField, personNameField, phoneField } from "./fields";

// Two sections of /admin/settings: who the institute is before SEBI and who
// answers grievances ("regulatory"), and the text of the legal pages ("legal").
// What the site says about its SEBI registration is generated from the number,
// never typed, so the footer, the disclaimer and the grievances page cannot disagree.

export const REGISTRATION_TYPES = ["none", "research_analyst", "investment_adviser"] as const;
export type RegistrationType = (typeof REGISTRATION_TYPES)[number];

export const REGISTRATION_TYPE_LABELS: Record<RegistrationType, string> = {
  none: "Not registered",
  research_analyst: "Research analyst",
  investment_adviser: "Investment adviser",
};

export const LEGAL_MESSAGES = {
  registrationShape: "SEBI registration number must be letters then digits, like INH000012345 (at most 20 characters)",
  typeWithoutNumber: "Enter the SEBI registration number, or choose “Not registered”",
  numberWithoutType: "Choose what the registration is for",
} as const;

/** Letters then digits, at most 20: INH… for a research analyst, INA… for an investment adviser. Loose on purpose: SEBI's prefixes change. */
const REGISTRATION_NUMBER_PATTERN = /^[A-Z]{2,6}\d{3,14}$/;

export const RegulatorySettingsSchema = z
  .object({
    sebiRegistrationNumber: z.preprocess(
      (value) => blankToUndefined(typeof value === "string" ? value.replace(/\s/g, "").toUpperCase() : value),
      z.string().regex(REGISTRATION_NUMBER_PATTERN, LEGAL_MESSAGES.registrationShape).optional(),
    ),
    registrationType: z.enum(REGISTRATION_TYPES, { errorMap: () => ({ message: LEGAL_MESSAGES.numberWithoutType }) }),
    grievanceOfficerName: personNameField,
    grievanceOfficerDesignation: requiredText("Grievance officer's designation", 100),
    grievanceOfficerEmail: emailField("Grievance officer's email is required"),
    grievanceOfficerPhone: phoneField("Grievance officer's phone must have at least 10 digits"),
    /** Markdown; the registration sentence is added to it, never typed into it. */
    disclaimer: requiredText("Disclaimer", 5000),
  })
  .superRefine((value, context) => {
    if (value.sebiRegistrationNumber && value.registrationType === "none")
      context.addIssue({ code: "custom", path: ["registrationType"], message: LEGAL_MESSAGES.numberWithoutType });
    if (!value.sebiRegistrationNumber && value.registrationType !== "none")
      context.addIssue({ code: "custom", path: ["sebiRegistrationNumber"], message: LEGAL_MESSAGES.typeWithoutNumber });
  });
export type RegulatorySettings = z.infer<typeof RegulatorySettingsSchema>;

/** The one sentence the site says about its SEBI registration, made from the number. */
export function registrationStatement(
  settings: Pick<RegulatorySettings, "sebiRegistrationNumber" | "registrationType">,
  instituteName: string,
): string {
  const { sebiRegistrationNumber, registrationType } = settings;
  if (!sebiRegistrationNumber || registrationType === "none")
    return `${instituteName} is not registered with SEBI as an investment adviser or a research analyst, and gives no investment advice, recommendations or tips.`;
  return `SEBI registration no. ${sebiRegistrationNumber} (${REGISTRATION_TYPE_LABELS[registrationType].toLowerCase()}).`;
}

/** Whether complaints can also go to SEBI's SCORES: only about an institute SEBI registered. */
export const isSebiRegistered = (settings: Pick<RegulatorySettings, "sebiRegistrationNumber" | "registrationType">) =>
  Boolean(settings.sebiRegistrationNumber) && settings.registrationType !== "none";

const legalText = (label: string) => requiredText(label, 20000);

/** The Markdown of the legal pages. The grievances page is written from the regulatory section. */
export const LegalSettingsSchema = z.object({
  terms: legalText("Terms of service"),
  /** Shown above the privacy notice the account page also shows (one home for that notice). */
  privacyIntro: optionalText("Privacy policy introduction", 20000),
  refundPolicy: legalText("Refund policy"),
  /** Shown on /disclaimer after the disclaimer itself. */
  disclaimerExtra: optionalText("More on the disclaimer page", 20000),
});
export type LegalSettings = z.infer<typeof LegalSettingsSchema>;

export const DEFAULT_REGULATORY_SETTINGS: RegulatorySettings = {
  registrationType: "none",
  // Demo values: the person who answers grievances at the demo institute.
  grievanceOfficerName: "Meera Iyer",
  grievanceOfficerDesignation: "Head of Student Support",
  grievanceOfficerEmail: DEFAULT_INSTITUTE.email,
  grievanceOfficerPhone: DEFAULT_INSTITUTE.phone1,
  disclaimer: DEFAULT_LEGAL_TEXTS.disclaimer,
};

export const DEFAULT_LEGAL_SETTINGS: LegalSettings = {
  terms: DEFAULT_LEGAL_TEXTS.terms,
  privacyIntro: DEFAULT_LEGAL_TEXTS.privacyIntro,
  refundPolicy: DEFAULT_LEGAL_TEXTS.refundPolicy,
};
