import { changePassword, getPasswordHash } from "~/models/account.server";
import type { PublicUser } from "~/models/user.server";
import { ACCOUNT_MESSAGES } from "~/schemas/account";
import { hashNewPassword, verifyPassword } from "~/utils/password.server";
import { throttledSignIn } from "./throttle/sign-in.server";
import type { Throttled } from "./throttle/wait";

// A signed-in student changes their password on /account. The current one is
// checked inside the sign-in throttle (decision 0013): a stolen session must
// not become a free password-guessing door. An account without a password
// (provider sign-in only) sets its first one without it.

export type PasswordChange =
  | { ok: true; firstPassword: boolean }
  | { ok: false; field: "currentPassword" | "newPassword"; message: string; status: 400 }
  | { ok: false; field: null; message: string; status: 409 }
  | Throttled;

export async function changeOwnPassword(input: {
  user: Pick<PublicUser, "id" | "email" | "firstName" | "lastName">;
  sessionId: string;
  currentPassword: string | undefined;
  newPassword: string;
  client: string;
  cookieHeader: string | null;
}): Promise<PasswordChange> {
  const { user } = input;
  const expectedHash = getPasswordHash(user.id);
  if (expectedHash) {
    if (input.currentPassword === undefined)
      return { ok: false, field: "currentPassword", message: ACCOUNT_MESSAGES.currentPasswordRequired, status: 400 };
    const current = input.currentPassword;
    const checked = await throttledSignIn(
      { kind: "student", account: user.email, client: input.client, cookieHeader: input.cookieHeader },
      async () => ((await verifyPassword(expectedHash, current)) ? true : null),
    );
    if (!checked.ok) {
      if (checked.status === 429) return checked;
      return { ok: false, field: "currentPassword", message: ACCOUNT_MESSAGES.wrongPassword, status: 400 };
    }
  }
  const personal = [user.email, user.firstName ?? "", user.lastName ?? ""].filter(Boolean);
  const hashed = await hashNewPassword(input.newPassword, personal);
  if (!hashed.ok) return { ok: false, field: "newPassword", message: hashed.message, status: 400 };
  if (!changePassword(user.id, { newHash: hashed.hash, expectedHash, keepSid: input.sessionId }))
    return { ok: false, field: null, message: ACCOUNT_MESSAGES.changedElsewhere, status: 409 };
  return { ok: true, firstPassword: expectedHash === null };
}
