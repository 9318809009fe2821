import { eq, lt, sql } from "drizzle-orm";
import { sessions } from "../../../db/schema";
import { db } from "~/utils/db.server";
import { isStorageFault } from "~/utils/storage-faults.server";

export type SessionData = Record<string, unknown>;

export function insertSession(sid: string, data: SessionData, expires: Date) {
  db.insert(sessions).values({ sid, sess: data, expire: expires }).run();
}

/** The session's data while it is live; an expired row is deleted and reads as absent. */
// Read on every signed-in request: prepared once rather than built and compiled each time.
let sessionBySidQuery: ReturnType<typeof prepareSessionBySid> | undefined;
const prepareSessionBySid = () =>
  db
    .select()
    .from(sessions)
    .where(eq(sessions.sid, sql.placeholder("sid")))
    .prepare();

export function readLiveSession(sid: string, now = new Date()): SessionData | null {
  sessionBySidQuery ??= prepareSessionBySid();
  const row = sessionBySidQuery.get({ sid });
  if (!row) return null;
  if (row.expire.getTime() <= now.getTime()) {
    try {
      deleteSession(sid);
    } catch (error) {
      // An expired session reads as absent even while the database cannot be written.
      if (!isStorageFault(error)) throw error;
    }
    return null;
  }
  return row.sess;
}

export function updateSession(sid: string, data: SessionData, expires: Date) {
  db.insert(sessions)
    .values({ sid, sess: data, expire: expires })
    .onConflictDoUpdate({ target: sessions.sid, set: { sess: data, expire: expires } })
    .run();
}

export function deleteSession(sid: string) {
  db.delete(sessions).where(eq(sessions.sid, sid)).run();
}

export function deleteExpiredSessions(now = new Date()): number {
  return db.delete(sessions).where(lt(sessions.expire, now)).run().changes;
}

/** Moves a live session's end (admin idle expiry); an unknown id changes nothing. */
export function extendSession(sid: string, expires: Date) {
  db.update(sessions).set({ expire: expires }).where(eq(sessions.sid, sid)).run();
}

/**
 * A student's sessions: the rows whose data names them. The expression is the
 * one sessions_user_idx is built on (written out, not a parameter, so SQLite
 * sees they are the same and uses the index).
 */
export const sessionsOfStudent = (userId: string) => sql`json_extract(${sessions.sess}, '$.userId') = ${userId}`;
