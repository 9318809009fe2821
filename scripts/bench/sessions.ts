// Signed-in visitors for the benchmark, planted straight into a database: a
// session row and the signed cookie a browser would hold for it, as the site's
// session storage writes them (app/services/accounts/sessions/).
import { randomBytes, randomUUID } from "node:crypto";
import { createCookie } from "@remix-run/node";
import Database from "better-sqlite3";

const STUDENT_COOKIE = "__session";
const ADMIN_COOKIE = "__admin_session";
const HOUR = 3_600_000;

/** `name=value` of the cookie holding this session id, signed with the site's secret. */
async function cookieFor(name: string, sid: string, sessionSecret: string): Promise<string> {
  return (await createCookie(name, { secrets: [sessionSecret] }).serialize(sid)).split(";")[0] ?? "";
}

function withDatabase<T>(databasePath: string, work: (database: Database.Database) => T): T {
  const database = new Database(databasePath);
  database.pragma("busy_timeout = 10000");
  try {
    return work(database);
  } finally {
    database.close();
  }
}

function insertSession(database: Database.Database, data: Record<string, unknown>, lifetimeMs: number): string {
  const sid = randomBytes(24).toString("base64url");
  database.prepare("INSERT INTO sessions (sid, sess, expire) VALUES (?, ?, ?)").run(sid, JSON.stringify(data), Date.now() + lifetimeMs);
  return sid;
}

/**
 * An admin account (role admin: every tab) signed in now. The panel moves a
 * session's end to two hours after each request, never past twelve after
 * sign-in, so it outlasts any run.
 */
export async function plantAdmin(databasePath: string, sessionSecret: string): Promise<{ cookie: string; adminId: string }> {
  const adminId = `bench-admin-${randomUUID().slice(0, 8)}`;
  const sid = withDatabase(databasePath, (database) => {
    const { id } = database
      .prepare("INSERT INTO admins (admin_id, password_hash, role) VALUES (?, '$argon2id$not-a-real-hash', 'admin') RETURNING id")
      .get(adminId) as { id: number };
    return insertSession(database, { adminId: id, signedInAt: Date.now() }, 12 * HOUR);
  });
  return { cookie: await cookieFor(ADMIN_COOKIE, sid, sessionSecret), adminId };
}

/** A session for an existing student account. */
export async function signInStudent(databasePath: string, sessionSecret: string, userId: string): Promise<string> {
  const sid = withDatabase(databasePath, (database) => insertSession(database, { userId }, 24 * HOUR));
  return cookieFor(STUDENT_COOKIE, sid, sessionSecret);
}

/**
 * A new student, confirmed as an adult with a verified address (so checkout
 * and the account pages show what a real student sees), with a paid order for
 * each of `courseIds`.
 */
export function plantStudent(databasePath: string, courseIds: number[]): { id: string; email: string } {
  return withDatabase(databasePath, (database) => {
    const id = randomUUID();
    const email = `bench-${id.slice(0, 8)}@example.test`;
    const now = Date.now();
    database
      .prepare(
        `INSERT INTO users (id, email, first_name, last_name, password_hash, email_verified_at, adult_confirmed_at)
         VALUES (?, ?, 'Asha', 'Bench', '$argon2id$not-a-real-hash', ?, ?)`,
      )
      .run(id, email, now, now);
    const order = database.prepare("INSERT INTO orders (user_id, course_id, payment_status, amount_paise) VALUES (?, ?, 'completed', 0)");
    for (const courseId of courseIds) order.run(id, courseId);
    return { id, email };
  });
}

/** A course's first lesson in the order students take them. */
export function firstLessonOf(databasePath: string, courseId: number): number {
  return withDatabase(databasePath, (database) => {
    const lesson = database
      .prepare(
        `SELECT lessons.id FROM lessons JOIN course_sections ON course_sections.id = lessons.section_id
         WHERE lessons.course_id = ? ORDER BY course_sections.position, lessons.position LIMIT 1`,
      )
      .get(courseId) as { id: number } | undefined;
    if (!lesson) throw new Error(`course ${courseId} has no lessons to load`);
    return lesson.id;
  });
}

/**
 * Seats the student in the batch whose next class comes soonest (the demo's
 * batch under way), with a paid order for it, so /learn leads with that class;
 * the class's course and id. A student already in a batch of that course
 * keeps their seat.
 */
export function seatInBatch(databasePath: string, userId: string): { courseId: number; sessionId: number } {
  return withDatabase(databasePath, (database) => {
    const next = database
      .prepare(
        `SELECT batches.id AS batchId, batches.course_id AS courseId, batch_sessions.id AS sessionId
         FROM batch_sessions JOIN batches ON batches.id = batch_sessions.batch_id
         WHERE batches.cancelled_at IS NULL AND batch_sessions.cancelled_at IS NULL AND batch_sessions.starts_at > ?
         ORDER BY batch_sessions.starts_at LIMIT 1`,
      )
      .get(Date.now()) as { batchId: number; courseId: number; sessionId: number } | undefined;
    if (!next) throw new Error("no batch has a class ahead: the demo content has none");
    const seated = database
      .prepare("INSERT INTO batch_students (batch_id, course_id, user_id, joined_at) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING")
      .run(next.batchId, next.courseId, userId, Date.now());
    if (seated.changes === 1)
      database
        .prepare("INSERT INTO orders (user_id, course_id, batch_id, payment_status, amount_paise) VALUES (?, ?, ?, 'completed', 0)")
        .run(userId, next.courseId, next.batchId);
    const seat = database
      .prepare("SELECT batch_id AS batchId FROM batch_students WHERE course_id = ? AND user_id = ?")
      .get(next.courseId, userId) as { batchId: number };
    if (seat.batchId === next.batchId) return { courseId: next.courseId, sessionId: next.sessionId };
    const own = database
      .prepare("SELECT id FROM batch_sessions WHERE batch_id = ? AND cancelled_at IS NULL ORDER BY starts_at DESC LIMIT 1")
      .get(seat.batchId) as { id: number };
    return { courseId: next.courseId, sessionId: own.id };
  });
}
