import {
  type AdminCreation,
  countAdmins,
  createAdmin,
  findAdminCredentials,
  normaliseAdminId,
  recordAdminSignIn,
  setAdminPassword,
  type NewAdmin,
  type PublicAdmin,
} from "~/models/accounts/admin.server";
import { type AdminLoginInput } from "~/schemas/admin-login";
import { ADMIN_LOGIN_MESSAGES } from "~/content/messages/admin";
import { hashNewPassword, verifyPassword } from "~/services/accounts/passwords.server";
import type { Env } from "~/utils/env.server";
import { passwordContext } from "./password-context.server";
import { throttledSignIn } from "../throttle/sign-in.server";
import type { Throttled } from "../throttle/wait";

export type AdminSignInResult =
  { ok: true; admin: PublicAdmin; knownDeviceCookie: string } | { ok: false; status: 401; message: string } | Throttled;

/**
 * Checks an Admin ID and password inside the guessing throttle. The answer
 * never says whether the ID exists (an unknown ID spends the same time on a
 * decoy hash). A success also carries the known-device cookie.
 */
export async function signInAdmin(
  input: Pick<AdminLoginInput, "adminId" | "password">,
  address: string,
  cookieHeader: string | null,
): Promise<AdminSignInResult> {
  const who = { kind: "admin", account: normaliseAdminId(input.adminId), client: address, cookieHeader } as const;
  const outcome = await throttledSignIn(who, async () => {
    const credentials = findAdminCredentials(input.adminId);
    const valid = await verifyPassword(credentials?.passwordHash ?? null, input.password);
    return credentials && valid ? credentials : null;
  });
  if (!outcome.ok) return outcome.status === 401 ? { ok: false, status: 401, message: ADMIN_LOGIN_MESSAGES.invalid } : outcome;
  const { id, adminId, role, mentorId } = outcome.value;
  recordAdminSignIn(id);
  return { ok: true, admin: { id, adminId, role, mentorId }, knownDeviceCookie: outcome.knownDeviceCookie };
}

/**
 * A new admin account (a mentor's names its mentor profile); refused when the
 * Admin ID is taken or the mentor profile is missing or misplaced. Throws when
 * the ID is empty or the password fails the policy.
 */
export async function createAdminAccount(input: Omit<NewAdmin, "passwordHash"> & { password: string }): Promise<AdminCreation> {
  if (!input.adminId.trim()) throw new Error("The Admin ID is empty.");
  const password = await hashNewPassword(input.password, passwordContext({ names: [input.adminId] }));
  if (!password.ok) throw new Error(password.message);
  return createAdmin({ adminId: input.adminId, role: input.role, mentorId: input.mentorId ?? null, passwordHash: password.hash });
}

/** A new password for the admin with this ID, ending their sessions; false when there is none. Throws when the password fails the policy. */
export async function resetAdminPassword(input: { adminId: string; password: string }): Promise<boolean> {
  const password = await hashNewPassword(input.password, passwordContext({ names: [input.adminId] }));
  if (!password.ok) throw new Error(password.message);
  return setAdminPassword(input.adminId, password.hash);
}

/** At start-up with no admins: make one from ADMIN_ID / ADMIN_PASSWORD, or say how to. */
export async function ensureFirstAdmin(env: Pick<Env, "ADMIN_ID" | "ADMIN_PASSWORD">): Promise<string | null> {
  if (countAdmins() > 0) return null;
  if (env.ADMIN_ID && env.ADMIN_PASSWORD) {
    await createAdminAccount({ adminId: env.ADMIN_ID, password: env.ADMIN_PASSWORD, role: "admin" }).catch((error: unknown) => {
      throw new Error(`ADMIN_PASSWORD cannot be used: ${error instanceof Error ? error.message : String(error)}`);
    });
    return `Created the first admin, "${env.ADMIN_ID}", from ADMIN_ID and ADMIN_PASSWORD.`;
  }
  return "No admin account yet: run `npm run admin:create -- --id <adminId> --role admin`, or set ADMIN_ID and ADMIN_PASSWORD and restart.";
}
