import { existsSync, readdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { testDatabasePath, withDatabase } from "./database";

// A course's curriculum as a test arranges it and reads it back: sections and
// lessons inserted directly, the stored rows and the files under
// data/lesson-files/ beside the test's database.

export function makeSection(courseId: number, title: string, position: number, databasePath?: string): number {
  return withDatabase(
    (database) =>
      Number(
        database.prepare("INSERT INTO course_sections (course_id, title, position) VALUES (?, ?, ?)").run(courseId, title, position)
          .lastInsertRowid,
      ),
    databasePath,
  );
}

export function makeLesson(
  courseId: number,
  sectionId: number,
  title: string,
  position: number,
  type = "article",
  databasePath?: string,
): number {
  return withDatabase(
    (database) =>
      Number(
        database
          .prepare("INSERT INTO lessons (course_id, section_id, position, title, type, body) VALUES (?, ?, ?, ?, ?, 'Text')")
          .run(courseId, sectionId, position, title, type).lastInsertRowid,
      ),
    databasePath,
  );
}

export type StoredLesson = { id: number; section_id: number; position: number; title: string; type: string; video_url: string | null };

/** The course's lessons in curriculum order. */
export function lessonsOf(courseId: number, databasePath?: string): StoredLesson[] {
  return withDatabase(
    (database) =>
      database
        .prepare(
          `SELECT l.id, l.section_id, l.position, l.title, l.type, l.video_url FROM lessons l
           JOIN course_sections s ON s.id = l.section_id WHERE l.course_id = ? ORDER BY s.position, l.position`,
        )
        .all(courseId) as StoredLesson[],
    databasePath,
  );
}

export function sectionTitlesOf(courseId: number, databasePath?: string): string[] {
  return withDatabase(
    (database) =>
      (
        database.prepare("SELECT title FROM course_sections WHERE course_id = ? ORDER BY position").all(courseId) as { title: string }[]
      ).map((row) => row.title),
    databasePath,
  );
}

export type StoredLessonFile = {
  id: number;
  filename: string;
  stored_name: string;
  content_type: string;
  size_bytes: number;
  kind: string;
};

export function lessonFilesOf(lessonId: number, databasePath?: string): StoredLessonFile[] {
  return withDatabase(
    (database) =>
      database
        .prepare("SELECT id, filename, stored_name, content_type, size_bytes, kind FROM lesson_files WHERE lesson_id = ? ORDER BY id")
        .all(lessonId) as StoredLessonFile[],
    databasePath,
  );
}

export function quizQuestionsOf(lessonId: number, databasePath?: string): { prompt: string; options: string; correct: string }[] {
  return withDatabase(
    (database) =>
      database.prepare("SELECT prompt, options, correct FROM quiz_questions WHERE lesson_id = ? ORDER BY position").all(lessonId) as {
        prompt: string;
        options: string;
        correct: string;
      }[],
    databasePath,
  );
}

/** A quiz lesson's pass mark, attempts allowed and wait between attempts, as stored (null: the default). */
export function quizRulesOf(lessonId: number, databasePath?: string) {
  return withDatabase(
    (database) =>
      database
        .prepare(
          "SELECT pass_percent AS passPercent, quiz_max_attempts AS maxAttempts, quiz_retry_wait_minutes AS retryWaitMinutes FROM lessons WHERE id = ?",
        )
        .get(lessonId) as { passPercent: number | null; maxAttempts: number | null; retryWaitMinutes: number | null } | undefined,
    databasePath,
  );
}

/** The names in data/lesson-files/ beside the test's database (partial uploads included). */
export function storedLessonFileNames(databasePath = testDatabasePath()): string[] {
  const directory = join(dirname(databasePath), "lesson-files");
  return existsSync(directory) ? readdirSync(directory) : [];
}

/** The smallest bytes `file-type` reads as an MP4 video (an `ftyp` box). */
export const MP4_BYTES = Buffer.from("000000186674797069736f6d0000020069736f6d69736f32", "hex");
export const PDF_BYTES = Buffer.from("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n");

/** A lesson completed by a student, as the classroom records it. */
export function completeLessonAs(userId: string, courseId: number, lessonId: number, databasePath?: string): void {
  withDatabase(
    (database) =>
      database
        .prepare("INSERT INTO lesson_progress (user_id, lesson_id, course_id, completed_at) VALUES (?, ?, ?, ?)")
        .run(userId, lessonId, courseId, Date.now()),
    databasePath,
  );
}
