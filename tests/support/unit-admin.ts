import { randomUUID } from "node:crypto";
import { afterAll, beforeAll } from "vitest";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import type { AdminRole } from "../../db/enums";
import { createAdmin, type PublicAdmin } from "~/models/accounts/admin.server";
import { exportsDirectory } from "~/services/exports/stored-files.server";
import { startAdminSession } from "~/services/accounts/sessions/admin-session.server";

// For unit tests (their in-memory database): an admin signed in through the
// real session code, and an exports folder that cannot be written.

/** A fresh admin of `role` (a mentor's names `mentorId`) and the Cookie header of a session the site itself started. */
export async function signedInAdmin(
  role: AdminRole = "admin",
  mentorId: number | null = null,
): Promise<{ admin: PublicAdmin; cookie: string }> {
  const created = createAdmin({ adminId: `${role}-${randomUUID().slice(0, 8)}`, passwordHash: "never-signs-in-by-form", role, mentorId });
  if (!created.ok) throw new Error(`the admin could not be made: ${created.reason}`);
  const { admin } = created;
  const setCookie = await startAdminSession(new Request("http://localhost/admin/login"), admin);
  return { admin, cookie: setCookie.slice(0, setCookie.indexOf(";")) };
}

/**
 * A plain file where the exports folder belongs, so making the folder fails as
 * a full or read-only disk makes it fail (file permissions would not stop the
 * root user the tests may run as). Returns the undoing.
 */
export function blockExportsFolder(): () => void {
  const folder = exportsDirectory();
  rmSync(folder, { recursive: true, force: true });
  mkdirSync(dirname(folder), { recursive: true });
  writeFileSync(folder, "not a folder");
  return () => rmSync(folder, { recursive: true, force: true });
}

/**
 * For a test file about an export that fails: before its tests, an admin signs
 * in and the exports folder is blocked; after them, it is freed. The returned
 * object is filled in once the tests start.
 */
export function adminWithBlockedExports(): { cookie: string; adminId: string } {
  const session = { cookie: "", adminId: "" };
  let unblock = () => {};
  beforeAll(async () => {
    const signedIn = await signedInAdmin("admin");
    session.cookie = signedIn.cookie;
    session.adminId = signedIn.admin.adminId;
    unblock = blockExportsFolder();
  });
  afterAll(() => unblock());
  return session;
}
