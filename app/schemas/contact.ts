import { z } from "zod";
import { requiredTick } from "./consent";
import { blankToUndefined, normalizeLineBreaks, phoneField } from "./fields";
import { personName } from "./person-name";

const CONTACT_LIMITS = { name: 100, email: 254, phone: 20, subject: 200, message: 5000 } as const;

/** Each required field's message when it is left empty. */
export const CONTACT_REQUIRED_MESSAGES = {
  name: "Name is required",
  email: "Email is required",
  subject: "Subject is required",
  message: "Message is required",
} as const;

const INVALID_EMAIL = "Please enter a valid email address";
const INVALID_PHONE = "Please enter a valid phone number";

/**
 * A required text: missing, null, empty and blank all read as "X is required".
 * (Conform hands an empty input over as undefined; the JSON API may send "" or null.)
 */
function requiredText(requiredMessage: string, max: number, tooLongMessage: string) {
  return z
    .string({ required_error: requiredMessage, invalid_type_error: requiredMessage })
    .trim()
    .min(1, requiredMessage)
    .max(max, tooLongMessage);
}

/** The contact message payload: name, email, phone (optional), subject, message. */
export const ContactSchema = z.object({
  name: personName(
    requiredText(CONTACT_REQUIRED_MESSAGES.name, CONTACT_LIMITS.name, `Name must be at most ${CONTACT_LIMITS.name} characters`),
  ),
  email: requiredText(CONTACT_REQUIRED_MESSAGES.email, CONTACT_LIMITS.email, INVALID_EMAIL).email(INVALID_EMAIL),
  phone: z.preprocess(blankToUndefined, phoneField(INVALID_PHONE).optional()),
  subject: requiredText(
    CONTACT_REQUIRED_MESSAGES.subject,
    CONTACT_LIMITS.subject,
    `Subject must be at most ${CONTACT_LIMITS.subject} characters`,
  ),
  message: z.preprocess(
    normalizeLineBreaks,
    requiredText(CONTACT_REQUIRED_MESSAGES.message, CONTACT_LIMITS.message, `Message must be at most ${CONTACT_LIMITS.message} characters`),
  ),
  consent: requiredTick(),
});

export type ContactInput = z.infer<typeof ContactSchema>;

type FieldErrors = Partial<Record<string, readonly string[] | null | undefined>>;

/** True when any required field shows its "is required" message: the 'Please fill in all required fields' notice then appears. */
export function isMissingRequiredField(errors: FieldErrors | null | undefined): boolean {
  if (!errors) return false;
  return Object.entries(CONTACT_REQUIRED_MESSAGES).some(([field, message]) => errors[field]?.includes(message) ?? false);
}
