import { z } from "zod";

// Deleting one's own account: the student proves it is them (and that they
// mean it) by typing their current password, or their email address when the
// account has no password (it signs in through a provider only).

export const DELETE_ACCOUNT_MESSAGES = {
  required: "Type it to confirm",
  wrongPassword: "That is not your current password. Nothing was deleted.",
  wrongEmail: "That is not your account's email address. Nothing was deleted.",
} as const;

export const DeleteAccountSchema = z.object({
  confirmation: z.string({ required_error: DELETE_ACCOUNT_MESSAGES.required }).max(256, DELETE_ACCOUNT_MESSAGES.required),
});
