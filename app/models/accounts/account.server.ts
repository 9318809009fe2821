import { and, desc, eq, gt, ne, sql } from "drizzle-orm";
import { sessions, users } from "../../../db/schema";
import { sessionsOfStudent } from "~/models/accounts/session.server";
import { db, type Transaction } from "~/utils/db.server";

// What a student changes on their own account (/account): name and phone,
// password, and which of their sessions stay signed in. Each change checks
// what it relies on inside its own transaction.

export type Profile = { firstName: string; lastName: string; phone: string | null };

/** What the account page shows and edits beside the email. */
export function getProfile(userId: string): Profile | null {
  const row = db
    .select({ firstName: users.firstName, lastName: users.lastName, phone: users.phone })
    .from(users)
    .where(eq(users.id, userId))
    .get();
  return row ? { firstName: row.firstName ?? "", lastName: row.lastName ?? "", phone: row.phone } : null;
}

export function updateProfile(userId: string, profile: Profile, now = new Date()): boolean {
  return (
    db
      .update(users)
      .set({ ...profile, updatedAt: now })
      .where(eq(users.id, userId))
      .run().changes === 1
  );
}

/** The stored hash a password change checks the current password against (null: the account has none). */
export function getPasswordHash(userId: string): string | null {
  return db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, userId)).get()?.hash ?? null;
}

// Student sessions keep `{ userId }` in their JSON data (admin sessions keep `adminId`).
// Finding a student's sessions reads that field from every live row: no index
// serves it, but the table holds one row per signed-in browser (a few thousand
// at this institute's size), and the expired ones are swept, so the scan costs
// well under a millisecond and saves a column and a migration.

/**
 * Sets a new password and ends every other session of the student in one
 * transaction, keeping the one that asked (`keepSid`). `expectedHash` is the
 * hash the current password was checked against: if it changed meanwhile
 * (another device changed the password), nothing is written.
 */
export function changePassword(
  userId: string,
  { newHash, expectedHash, keepSid }: { newHash: string; expectedHash: string | null; keepSid: string },
  now = new Date(),
): boolean {
  return db.transaction(
    (tx) => {
      const current = tx.select({ hash: users.passwordHash }).from(users).where(eq(users.id, userId)).get();
      if (!current || current.hash !== expectedHash) return false;
      tx.update(users).set({ passwordHash: newHash, updatedAt: now }).where(eq(users.id, userId)).run();
      endSessionsBut(tx, userId, keepSid);
      return true;
    },
    { behavior: "immediate" },
  );
}

export type StudentSession = { sid: string; device: string | null; signedInAt: Date | null; expires: Date };

/** The student's live sessions, newest sign-in first (sessions from before devices were recorded last). */
export function listStudentSessions(userId: string, now = new Date()): StudentSession[] {
  return db
    .select({ sid: sessions.sid, sess: sessions.sess, expire: sessions.expire })
    .from(sessions)
    .where(and(sessionsOfStudent(userId), gt(sessions.expire, now)))
    .orderBy(desc(sql`json_extract(${sessions.sess}, '$.signedInAt')`), desc(sessions.expire))
    .all()
    .map((row) => ({
      sid: row.sid,
      device: typeof row.sess.device === "string" ? row.sess.device : null,
      signedInAt: typeof row.sess.signedInAt === "number" ? new Date(row.sess.signedInAt) : null,
      expires: row.expire,
    }));
}

/** Ends every session of the student but `keepSid`; how many ended. */
export function endOtherSessions(userId: string, keepSid: string): number {
  return endSessionsBut(db, userId, keepSid);
}

function endSessionsBut(database: Pick<Transaction, "delete">, userId: string, keepSid: string): number {
  return database
    .delete(sessions)
    .where(and(sessionsOfStudent(userId), ne(sessions.sid, keepSid)))
    .run().changes;
}
