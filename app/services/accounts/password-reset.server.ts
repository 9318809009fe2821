import { requestPasswordReset, resetPassword } from "~/models/accounts/password-reset.server";
import { checkUserToken, type TokenState } from "~/models/accounts/user-token.server";
import { findUserCredentials, getActiveUserById } from "~/models/accounts/user.server";
import { hashNewPassword } from "~/services/accounts/passwords.server";
import { passwordContext } from "./password-context.server";
import { claimPasswordResetRequest } from "../throttle/password-reset.server";
import type { Throttled } from "../throttle/wait";

// Forgotten passwords, from the request to the new password. The request
// answers alike for every address (only its mailbox learns whether it has an
// account); the reset sets the password and ends every session in one
// transaction (docs/decisions/0011-accounts-and-sign-in.md).

/** Mails a reset link if the address has an account, inside the per-client and per-address limits. */
export async function askForPasswordReset(email: string, client: string): Promise<{ ok: true } | Throttled> {
  const allowed = await claimPasswordResetRequest(client, email);
  if (!allowed.ok) return allowed;
  requestPasswordReset(email);
  return { ok: true };
}

export type LinkRefusal = Exclude<TokenState, "valid">;

export type ResetOutcome =
  { ok: true; userId: string; email: string } | { ok: false; refusal: LinkRefusal } | { ok: false; passwordProblem: string };

/** Sets a new password through a reset link: the link is checked before the password costs any hashing. */
export async function chooseNewPassword(token: string, password: string): Promise<ResetOutcome> {
  const link = checkUserToken("reset-password", token);
  if (link.state !== "valid") return { ok: false, refusal: link.state };
  // A valid link went to the address the account has now: its names count too.
  const account = link.email ? findUserCredentials(link.email) : null;
  const student = account ? getActiveUserById(account.id) : null;
  const hashed = await hashNewPassword(password, passwordContext({ email: link.email, names: [student?.firstName, student?.lastName] }));
  if (!hashed.ok) return { ok: false, passwordProblem: hashed.message };
  const redeemed = resetPassword(token, hashed.hash);
  return redeemed.ok ? redeemed : { ok: false, refusal: redeemed.state };
}
