import { eq, sql } from "drizzle-orm";
import { admins, sessions } from "../../../db/schema";
import { type AdminRole } from "../../../db/enums";
import { db, isUniqueViolation } from "~/utils/db.server";

// Admin accounts: an Admin ID, an argon2id password hash
// and a role. A table of their own: admins never share the students' users.

export type PublicAdmin = { id: number; adminId: string; role: AdminRole };

const publicColumns = { id: admins.id, adminId: admins.adminId, role: admins.role };

/** Admin IDs are matched as typed, less surrounding spaces. */
export function normaliseAdminId(adminId: string): string {
  return adminId.trim();
}

export function getAdminById(id: number): PublicAdmin | null {
  return db.select(publicColumns).from(admins).where(eq(admins.id, id)).get() ?? null;
}

export function findAdminCredentials(adminId: string): (PublicAdmin & { passwordHash: string }) | null {
  return (
    db
      .select({ ...publicColumns, passwordHash: admins.passwordHash })
      .from(admins)
      .where(eq(admins.adminId, normaliseAdminId(adminId)))
      .get() ?? null
  );
}

/** A new admin; null when the Admin ID is taken. */
export function createAdmin(input: { adminId: string; passwordHash: string; role: AdminRole }): PublicAdmin | null {
  try {
    return db
      .insert(admins)
      .values({ ...input, adminId: normaliseAdminId(input.adminId) })
      .returning(publicColumns)
      .get();
  } catch (error) {
    if (isUniqueViolation(error)) return null;
    throw error;
  }
}

/** The session data key naming the admin (app/services/accounts/sessions/admin-session.server.ts). */
const ADMIN_SESSION_KEY = "$.adminId";

/**
 * A forgotten admin password, set again from the server's terminal: the new
 * hash, and every session of that admin ended, in one transaction. False when
 * no admin has this ID.
 */
export function setAdminPassword(adminId: string, passwordHash: string): boolean {
  return db.transaction((tx) => {
    const admin = tx
      .update(admins)
      .set({ passwordHash })
      .where(eq(admins.adminId, normaliseAdminId(adminId)))
      .returning({ id: admins.id })
      .get();
    if (!admin) return false;
    tx.delete(sessions)
      .where(sql`json_extract(${sessions.sess}, ${ADMIN_SESSION_KEY}) = ${admin.id}`)
      .run();
    return true;
  });
}

export function countAdmins(): number {
  return (
    db
      .select({ count: sql<number>`count(*)` })
      .from(admins)
      .get()?.count ?? 0
  );
}

export function recordAdminSignIn(id: number, now = new Date()) {
  db.update(admins).set({ lastLoginAt: now }).where(eq(admins.id, id)).run();
}
