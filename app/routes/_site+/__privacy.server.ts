import { eraseAccount, type Erasure } from "~/models/personal-data.server";
import { findUserCredentials, normaliseEmail, type PublicUser } from "~/models/user.server";
import { DELETE_ACCOUNT_MESSAGES } from "~/schemas/account-privacy";
import { verifyPassword } from "~/utils/password.server";

/** Whether the account signs in with a password (then the password confirms a deletion, else the email). */
export const hasPassword = (student: PublicUser) => findUserCredentials(student.email)?.passwordHash != null;

/**
 * Erases the student's account once `confirmation` is their current password
 * (or, for an account without one, their email address); a wrong one erases nothing.
 */
export async function eraseConfirmedAccount(
  student: PublicUser,
  confirmation: string,
): Promise<{ ok: false; message: string } | Extract<Erasure, { ok: true }>> {
  const passwordHash = findUserCredentials(student.email)?.passwordHash ?? null;
  if (passwordHash !== null && !(await verifyPassword(passwordHash, confirmation))) {
    return { ok: false, message: DELETE_ACCOUNT_MESSAGES.wrongPassword };
  }
  if (passwordHash === null && normaliseEmail(confirmation) !== student.email) {
    return { ok: false, message: DELETE_ACCOUNT_MESSAGES.wrongEmail };
  }
  const erasure = eraseAccount(student.id);
  // Signed in a moment ago yet gone now: a second tab erased it first; nothing is left to do.
  return erasure.ok ? erasure : { ok: true, keptOrders: 0, keptUntil: null };
}
