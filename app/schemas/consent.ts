import { z } from "zod";
import { CONSENT_DECISIONS } from "../../db/enums";

/** The analytics banner's and the cookie settings' form: a decision, and the page to go back to. */
export const AnalyticsChoiceSchema = z.object({
  decision: z.enum(CONSENT_DECISIONS, { message: "Please choose Accept analytics or Decline." }),
  redirectTo: z.string().max(2000).optional(),
});

/**
 * The purpose each personal-data form states above its consent box, and the
 * name its consent records carry. One sentence each, in the privacy notice too.
 */
export const FORM_CONSENT = {
  account: {
    purpose: "account",
    statement:
      "We use your name, email address and phone number to run your account, deliver the courses you buy and write to you about them.",
  },
  contact: {
    purpose: "contact-reply",
    statement: "We use your name, email address, phone number and message only to answer you.",
  },
  enrollment: {
    // Stored in consent_records, so the value keeps its first spelling.
    purpose: "enrolment-callback",
    statement: "We use these details only to call or message you back about the course you chose.",
  },
  eventRegistration: {
    purpose: "event-registration",
    statement: "We use these details to hold your seat, send your confirmation and remind you before the event.",
  },
  orderBilling: {
    purpose: "order-billing",
    statement: "We use your billing details to issue your invoice or receipt and keep the tax records the law requires.",
  },
} as const;

export type FormConsentKind = keyof typeof FORM_CONSENT;

export const CONSENT_BOX_LABEL = "I agree to the use of my details for this purpose, as the Privacy Policy describes.";
export const CONSENT_REQUIRED_MESSAGE = "Please tick the box to agree to the use of your details for this purpose.";
export const ADULT_BOX_LABEL = "I am 18 or older";
export const ADULT_REQUIRED_MESSAGE = "Please confirm you are 18 or older: we cannot open accounts for minors yet.";
/** Said wherever an account that has not confirmed its holder's age tries to pay or register. */
export const ADULT_FIRST_MESSAGE =
  "Please confirm you are 18 or older before you pay or register: a contract with someone under 18 is void in India, and we cannot take a parent's consent yet.";

/**
 * A box that must be ticked: a page's form posts "on" (Conform sends nothing for an
 * unticked box), the JSON doors send `true`. Anything else is refused with `message`.
 */
export function requiredTick(message: string = CONSENT_REQUIRED_MESSAGE) {
  return z.preprocess((value) => value === true || value === "on" || value === "true", z.literal(true, { errorMap: () => ({ message }) }));
}
