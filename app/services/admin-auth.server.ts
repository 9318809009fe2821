import type { AdminRole } from "../../db/schema";
import { countAdmins, createAdmin, findAdminCredentials, recordAdminSignIn, type PublicAdmin } from "~/models/admin.server";
import { ADMIN_LOGIN_MESSAGES, type AdminLoginInput } from "~/schemas/admin-login";
import { hashNewPassword, verifyPassword } from "~/utils/password.server";
import type { Env } from "~/utils/env.server";
import {
  clearFailedSignIns,
  recordFailedSignIn,
  signInWaitMs,
  tooManyAttemptsMessage,
} from "./login-throttle.server";

export type AdminSignInResult = { ok: true; admin: PublicAdmin } | { ok: false; status: 401 | 429; message: string };

/**
 * Checks an Admin ID and password. The answer never says whether the ID
 * exists (an unknown ID spends the same time on a decoy hash), and repeated
 * failures are throttled per ID and per address.
 */
export async function signInAdmin(input: Pick<AdminLoginInput, "adminId" | "password">, address: string): Promise<AdminSignInResult> {
  const accountKey = `admin:${input.adminId.trim()}`;
  const waitMs = await signInWaitMs(address, accountKey);
  if (waitMs > 0) return { ok: false, status: 429, message: tooManyAttemptsMessage(waitMs) };
  const credentials = findAdminCredentials(input.adminId);
  const valid = await verifyPassword(credentials?.passwordHash ?? null, input.password);
  if (!credentials || !valid) {
    await recordFailedSignIn(address, accountKey);
    return { ok: false, status: 401, message: ADMIN_LOGIN_MESSAGES.invalid };
  }
  await clearFailedSignIns(accountKey);
  recordAdminSignIn(credentials.id);
  return { ok: true, admin: { id: credentials.id, adminId: credentials.adminId, role: credentials.role } };
}

/** A new admin account; null when the Admin ID is taken. Throws when the ID is empty or the password fails the policy. */
export async function createAdminAccount(input: { adminId: string; password: string; role: AdminRole }): Promise<PublicAdmin | null> {
  if (!input.adminId.trim()) throw new Error("The Admin ID is empty.");
  const password = await hashNewPassword(input.password, [input.adminId]);
  if (!password.ok) throw new Error(password.message);
  return createAdmin({ adminId: input.adminId, role: input.role, passwordHash: password.hash });
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
