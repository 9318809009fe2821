import { z } from "zod";
import { DELETE_ACCOUNT_MESSAGES } from "~/content/messages/account";

// Deleting one's own account: the student proves it is them (and that they
// mean it) by typing their current password, or their email address when the
// account has no password (it signs in through a provider only).

export const DeleteAccountSchema = z.object({
  confirmation: z.string({ required_error: DELETE_ACCOUNT_MESSAGES.required }).max(256, DELETE_ACCOUNT_MESSAGES.required),
});
