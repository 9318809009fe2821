import { z } from "zod";
import { emailField, personNameField, phoneField } from "./fields";

// The nominee form on /account/privacy: the one person who may use the
// student's data rights after their death or incapacity (DPDP Act s.14).

const NOMINEE_CONTACT_MESSAGE = "Enter the nominee's email address, or a phone number of at least 10 digits.";

const email = emailField();
const phone = phoneField(NOMINEE_CONTACT_MESSAGE);

export const NomineeSchema = z.object({
  intent: z.literal("save-nominee"),
  name: personNameField,
  relation: z
    .string({ required_error: "Say how the nominee is related to you, e.g. spouse, parent, friend." })
    .trim()
    .min(2, "Say how the nominee is related to you, e.g. spouse, parent, friend.")
    .max(60, "Keep the relation under 60 characters."),
  contact: z
    .string({ required_error: NOMINEE_CONTACT_MESSAGE })
    .trim()
    .max(254, NOMINEE_CONTACT_MESSAGE)
    .refine((value) => email.safeParse(value).success || phone.safeParse(value).success, NOMINEE_CONTACT_MESSAGE),
});

export type NomineeInput = Omit<z.infer<typeof NomineeSchema>, "intent">;
