import { eq, sql } from "drizzle-orm";
import { admins, mentors, sessions } from "../../../db/schema";
import { type AdminRole } from "../../../db/enums";
import { db, isUniqueViolation } from "~/utils/db.server";

// Admin accounts: an Admin ID, an argon2id password hash
// and a role. A table of their own: admins never share the students' users.
// A mentor's account names the public profile it teaches as (`mentorId`): it
// sees the batches that name that mentor (app/models/batches/teaching.server.ts).

export type PublicAdmin = { id: number; adminId: string; role: AdminRole; mentorId: number | null };

const publicColumns = { id: admins.id, adminId: admins.adminId, role: admins.role, mentorId: admins.mentorId };

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

export type NewAdmin = { adminId: string; passwordHash: string; role: AdminRole; mentorId?: number | null };

export type AdminCreation =
  | { ok: true; admin: PublicAdmin }
  | { ok: false; reason: "taken" }
  /** A mentor's account without an existing mentor profile, or a profile named on another role. */
  | { ok: false; reason: "mentor-needed" | "unknown-mentor" | "mentor-on-other-role" };

/**
 * A new admin account. A mentor's names an existing mentor profile (what it
 * teaches is found through it); no other role names one. Checked in the
 * transaction that inserts the row, so a profile deleted meanwhile is not named.
 */
export function createAdmin(input: NewAdmin): AdminCreation {
  const mentorId = input.mentorId ?? null;
  if (input.role === "mentor" && mentorId === null) return { ok: false, reason: "mentor-needed" };
  if (input.role !== "mentor" && mentorId !== null) return { ok: false, reason: "mentor-on-other-role" };
  try {
    return db.transaction(
      (tx): AdminCreation => {
        if (mentorId !== null && !tx.select({ id: mentors.id }).from(mentors).where(eq(mentors.id, mentorId)).get())
          return { ok: false, reason: "unknown-mentor" };
        const admin = tx
          .insert(admins)
          .values({ ...input, mentorId, adminId: normaliseAdminId(input.adminId) })
          .returning(publicColumns)
          .get();
        return { ok: true, admin };
      },
      { behavior: "immediate" },
    );
  } catch (error) {
    if (isUniqueViolation(error)) return { ok: false, reason: "taken" };
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
