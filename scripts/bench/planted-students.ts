// Students the bench plants in its database, each with a live session: one
// enrolled in a course (the dashboard and the classroom have something to
// show), and one seated in a batch (/learn leads with the batch's next class).
import { randomBytes, randomUUID } from "node:crypto";
import { createCookie } from "@remix-run/node";
import Database from "better-sqlite3";

function withDatabase<T>(databasePath: string, work: (database: Database.Database) => T): T {
  const database = new Database(databasePath);
  database.pragma("busy_timeout = 10000");
  try {
    return database.transaction(() => work(database))();
  } finally {
    database.close();
  }
}

/** A new account with a paid enrollment in `courseId` (for `batchId` when given) and a session; its session id. */
function insertStudent(database: Database.Database, courseId: number, batchId: number | null): { userId: string; sid: string } {
  const userId = randomUUID();
  const sid = randomBytes(24).toString("base64url");
  database
    .prepare(
      "INSERT INTO users (id, email, first_name, last_name, password_hash) VALUES (?, ?, 'Asha', 'Bench', '$argon2id$not-a-real-hash')",
    )
    .run(userId, `bench-${userId.slice(0, 8)}@example.test`);
  database
    .prepare("INSERT INTO orders (user_id, course_id, batch_id, payment_status, amount_paise) VALUES (?, ?, ?, 'completed', 0)")
    .run(userId, courseId, batchId);
  database
    .prepare("INSERT INTO sessions (sid, sess, expire) VALUES (?, ?, ?)")
    .run(sid, JSON.stringify({ userId }), Date.now() + 86_400_000);
  return { userId, sid };
}

/** A student enrolled in `courseId`, and the course's first lesson. */
export function plantStudent(databasePath: string, courseId: number): { sid: string; lessonId: number } {
  return withDatabase(databasePath, (database) => {
    const { sid } = insertStudent(database, courseId, null);
    const lesson = database
      .prepare(
        `SELECT lessons.id FROM lessons JOIN course_sections ON course_sections.id = lessons.section_id
         WHERE lessons.course_id = ? ORDER BY course_sections.position, lessons.position LIMIT 1`,
      )
      .get(courseId) as { id: number } | undefined;
    if (!lesson) throw new Error("the course has no lessons to load");
    return { sid, lessonId: lesson.id };
  });
}

/** A student seated in the batch whose next class comes soonest (the demo's batch under way). */
export function plantBatchStudent(databasePath: string): { sid: string } {
  return withDatabase(databasePath, (database) => {
    const batch = database
      .prepare(
        `SELECT batches.id, batches.course_id AS courseId FROM batches JOIN batch_sessions ON batch_sessions.batch_id = batches.id
         WHERE batches.cancelled_at IS NULL AND batch_sessions.cancelled_at IS NULL AND batch_sessions.starts_at > ?
         ORDER BY batch_sessions.starts_at LIMIT 1`,
      )
      .get(Date.now()) as { id: number; courseId: number } | undefined;
    if (!batch) throw new Error("no batch has a class ahead: the demo content has none");
    const { userId, sid } = insertStudent(database, batch.courseId, batch.id);
    database
      .prepare("INSERT INTO batch_students (batch_id, course_id, user_id, joined_at) VALUES (?, ?, ?, ?)")
      .run(batch.id, batch.courseId, userId, Date.now());
    return { sid };
  });
}

/** The Cookie header that signs in as the session `sid`. */
export async function sessionCookie(sid: string, sessionSecret: string): Promise<string> {
  return (await createCookie("__session", { secrets: [sessionSecret] }).serialize(sid)).split(";")[0] ?? "";
}
