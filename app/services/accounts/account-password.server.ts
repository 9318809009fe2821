import { changePassword, getPasswordHash } from "~/models/accounts/account.server";
import type { PublicUser } from "~/models/accounts/user.server";
import { ACCOUNT_MESSAGES } from "~/content/messages/account";
import { hashNewPassword, verifyPassword } from "~/services/accounts/passwords.server";
import { passwordContext } from "./password-context.server";
import { throttledSignIn } from "../throttle/sign-in.server";
import type { Throttled } from "../throttle/wait";

// A signed-in student proves it is them with their current password before
// changing the password or the email. It is checked inside the sign-in
// throttle (decision 0013): a stolen session must not become a free
// password-guessing door. An account without a password (provider sign-in
// only) sets its first one without it.

export type CurrentPasswordRefusal = { ok: false; field: "currentPassword"; message: string; status: 400 } | Throttled;

type Asker = { user: Pick<PublicUser, "email">; currentPassword: string | undefined; client: string; cookieHeader: string | null };

/** Whether `currentPassword` matches the stored hash (`hash`: what to check against; null means the account has none). */
export async function checkCurrentPassword(
  input: Asker & { user: Pick<PublicUser, "id"> },
  hash: string | null = getPasswordHash(input.user.id),
): Promise<{ ok: true } | CurrentPasswordRefusal> {
  if (!hash || input.currentPassword === undefined || input.currentPassword === "")
    return { ok: false, field: "currentPassword", message: ACCOUNT_MESSAGES.currentPasswordRequired, status: 400 };
  const current = input.currentPassword;
  const who = { kind: "student", account: input.user.email, client: input.client, cookieHeader: input.cookieHeader } as const;
  const checked = await throttledSignIn(who, async () => ((await verifyPassword(hash, current)) ? true : null));
  if (checked.ok) return { ok: true };
  if (checked.status === 429) return checked;
  return { ok: false, field: "currentPassword", message: ACCOUNT_MESSAGES.wrongPassword, status: 400 };
}

export type PasswordChange =
  | { ok: true; firstPassword: boolean }
  | CurrentPasswordRefusal
  | { ok: false; field: "newPassword"; message: string; status: 400 }
  | { ok: false; field: null; message: string; status: 409 };

export async function changeOwnPassword(
  input: Asker & { user: Pick<PublicUser, "id" | "firstName" | "lastName">; sessionId: string; newPassword: string },
): Promise<PasswordChange> {
  const { user } = input;
  const expectedHash = getPasswordHash(user.id);
  if (expectedHash) {
    const checked = await checkCurrentPassword(input, expectedHash);
    if (!checked.ok) return checked;
  }
  const hashed = await hashNewPassword(input.newPassword, passwordContext({ email: user.email, names: [user.firstName, user.lastName] }));
  if (!hashed.ok) return { ok: false, field: "newPassword", message: hashed.message, status: 400 };
  if (!changePassword(user.id, { newHash: hashed.hash, expectedHash, keepSid: input.sessionId }))
    return { ok: false, field: null, message: ACCOUNT_MESSAGES.changedElsewhere, status: 409 };
  return { ok: true, firstPassword: expectedHash === null };
}
