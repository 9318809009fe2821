import { requestEmailChange, type EmailChangeRequest } from "~/models/accounts/email-change.server";
import type { PublicUser } from "~/models/accounts/user.server";
import { checkCurrentPassword, type CurrentPasswordRefusal } from "./account-password.server";

// A signed-in student asks to move their account to a new address. They prove
// it is them with their current password (checked inside the sign-in
// throttle); an account without one sets a password first (decision 0011).

export async function askForEmailChange(input: {
  user: Pick<PublicUser, "id" | "email">;
  newEmail: string;
  currentPassword: string;
  client: string;
  cookieHeader: string | null;
}): Promise<{ ok: true; outcome: EmailChangeRequest } | CurrentPasswordRefusal> {
  const checked = await checkCurrentPassword(input);
  if (!checked.ok) return checked;
  return { ok: true, outcome: requestEmailChange(input.user.id, input.newEmail) };
}
