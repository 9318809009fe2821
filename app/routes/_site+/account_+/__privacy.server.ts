import { eraseAccount, type Erasure } from "~/models/privacy/personal-data.server";
import { findUserCredentials, normaliseEmail, type PublicUser } from "~/models/accounts/user.server";
import { DELETE_ACCOUNT_MESSAGES } from "~/content/messages/account";
import { removeStoredFiles } from "~/services/exports/stored-files.server";
import { throttledSignIn } from "~/services/throttle/sign-in.server";
import { verifyPassword } from "~/services/accounts/passwords.server";

/** Whether the account signs in with a password (then the password confirms a deletion, else the email). */
export const hasPassword = (student: PublicUser) => findUserCredentials(student.email)?.passwordHash != null;

export type ErasureRefused = { ok: false; status: 400 | 429; message: string; retryAfterSeconds?: number };

/**
 * Erases the student's account once `confirmation` is their current password
 * (or, for an account without one, their email address); a wrong one erases
 * nothing. The password is checked inside the sign-in throttle: this form must
 * not become a way round it for someone holding a stolen session.
 */
export async function eraseConfirmedAccount(
  student: PublicUser,
  confirmation: string,
  client: { address: string; cookieHeader: string | null },
): Promise<ErasureRefused | Extract<Erasure, { ok: true }>> {
  const passwordHash = findUserCredentials(student.email)?.passwordHash ?? null;
  if (passwordHash !== null) {
    const who = { kind: "student", account: student.email, client: client.address, cookieHeader: client.cookieHeader } as const;
    const checked = await throttledSignIn(who, async () => ((await verifyPassword(passwordHash, confirmation)) ? true : null));
    if (!checked.ok && checked.status === 429) return { ...checked, status: 429 };
    if (!checked.ok) return { ok: false, status: 400, message: DELETE_ACCOUNT_MESSAGES.wrongPassword };
  } else if (normaliseEmail(confirmation) !== student.email) {
    return { ok: false, status: 400, message: DELETE_ACCOUNT_MESSAGES.wrongEmail };
  }
  const erasure = eraseAccount(student.id);
  // Signed in a moment ago yet gone now: a second tab erased it first; nothing is left to do.
  if (!erasure.ok) return { ok: true, keptOrders: 0, keptUntil: null, revokedExports: [] };
  // The links are already revoked; a file that cannot be removed now is removed by the retention job's sweep.
  await removeStoredFiles(erasure.revokedExports).catch((error: unknown) =>
    console.warn("Erasure: a revoked export's file stays until the next sweep:", error),
  );
  return erasure;
}
