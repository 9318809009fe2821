import { randomBytes, randomUUID } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { testDatabasePath, withDatabase } from "./database";
import { makeCourse, type TestCourse } from "./rows";

// A course with a classroom, written straight to the test database: two
// sections, five lessons of every kind but one (a free-preview uploaded video,
// an article, a download, a quiz, a live session last), the video and the
// worksheet on disk under data/lesson-files/ beside the database, as the
// curriculum editor stores them.

export type ClassroomLessons = { video: number; article: number; download: number; quiz: number; live: number };

export type ClassroomCourse = TestCourse & {
  lessons: ClassroomLessons;
  /** Every lesson in the order a student takes them. */
  order: number[];
  files: { video: { id: number; bytes: Buffer }; worksheet: { id: number; bytes: Buffer; filename: string } };
  joinUrl: string;
  /** The quiz's questions, each with its right options. */
  quiz: { questionId: number; correct: number[]; optionCount: number }[];
};

export const ARTICLE_TEXT = "Price moves from liquidity to liquidity.";
export const QUIZ_PROMPTS = ["What is a break of structure?", "Which of these are liquidity pools?"];

export function makeClassroomCourse(options: { pricePaise?: number; databasePath?: string } = {}): ClassroomCourse {
  const databasePath = options.databasePath ?? testDatabasePath();
  const course = makeCourse({
    pricePaise: options.pricePaise ?? 499_900,
    title: `Classroom Course ${randomUUID().slice(0, 8)}`,
    databasePath,
  });
  const filesDirectory = join(dirname(databasePath), "lesson-files");
  mkdirSync(filesDirectory, { recursive: true });
  const videoBytes = randomBytes(64 * 1024);
  const worksheetBytes = Buffer.concat([Buffer.from("%PDF-1.4\n"), randomBytes(4 * 1024)]);
  const joinUrl = `https://meet.example.test/${randomUUID().slice(0, 8)}`;

  return withDatabase((database) => {
    const insertSection = database.prepare("INSERT INTO course_sections (course_id, title, position) VALUES (?, ?, ?)");
    const insertLesson = database.prepare(
      `INSERT INTO lessons (course_id, section_id, position, title, type, duration_minutes, is_free_preview, body, video_source,
                            live_starts_at, join_url, pass_percent)
       VALUES (@courseId, @sectionId, @position, @title, @type, @duration, @preview, @body, @videoSource, @liveStartsAt, @joinUrl, @passPercent)`,
    );
    const insertFile = database.prepare(
      "INSERT INTO lesson_files (lesson_id, kind, filename, stored_name, content_type, size_bytes) VALUES (?, ?, ?, ?, ?, ?)",
    );
    const insertQuestion = database.prepare(
      "INSERT INTO quiz_questions (lesson_id, position, prompt, options, correct) VALUES (?, ?, ?, ?, ?)",
    );
    const section = (title: string, position: number) => Number(insertSection.run(course.id, title, position).lastInsertRowid);
    const lesson = (sectionId: number, position: number, title: string, type: string, extra: Record<string, unknown> = {}) =>
      Number(
        insertLesson.run({
          courseId: course.id,
          sectionId,
          position,
          title,
          type,
          duration: 10,
          preview: 0,
          body: "",
          videoSource: null,
          liveStartsAt: null,
          joinUrl: null,
          passPercent: null,
          ...extra,
        }).lastInsertRowid,
      );
    const storeFile = (lessonId: number, kind: string, filename: string, contentType: string, bytes: Buffer) => {
      // Named as the curriculum editor names what it stores: 32 hex digits and the type's extension.
      const storedName = `${randomBytes(16).toString("hex")}.${contentType === "video/mp4" ? "mp4" : "pdf"}`;
      writeFileSync(join(filesDirectory, storedName), bytes);
      return Number(insertFile.run(lessonId, kind, filename, storedName, contentType, bytes.length).lastInsertRowid);
    };

    const basics = section("Getting started", 1);
    const practice = section("Practice", 2);
    const video = lesson(basics, 1, "Welcome to the course", "video", { preview: 1, videoSource: "upload", body: "Watch this first." });
    const article = lesson(basics, 2, "Reading market structure", "article", { body: `<p>${ARTICLE_TEXT}</p><script>alert(1)</script>` });
    const download = lesson(practice, 1, "Structure worksheet", "download", { body: "Print the worksheet." });
    const quiz = lesson(practice, 2, "Check your understanding", "quiz", { passPercent: 70 });
    const live = lesson(practice, 3, "Live Q&A with the mentor", "live", {
      liveStartsAt: Date.UTC(2030, 0, 15, 13, 30),
      joinUrl,
    });
    const videoFile = storeFile(video, "video", "welcome.mp4", "video/mp4", videoBytes);
    const worksheetName = "structure-worksheet.pdf";
    const worksheetFile = storeFile(download, "attachment", worksheetName, "application/pdf", worksheetBytes);
    const questions = [
      { prompt: QUIZ_PROMPTS[0], options: ["A new high beyond the last swing", "A moving average cross", "A gap"], correct: [0] },
      { prompt: QUIZ_PROMPTS[1], options: ["Equal highs", "A round number", "Equal lows"], correct: [0, 2] },
    ].map((question, index) => ({
      questionId: Number(
        insertQuestion.run(quiz, index + 1, question.prompt, JSON.stringify(question.options), JSON.stringify(question.correct))
          .lastInsertRowid,
      ),
      correct: question.correct,
      optionCount: question.options.length,
    }));

    return {
      ...course,
      lessons: { video, article, download, quiz, live },
      order: [video, article, download, quiz, live],
      files: {
        video: { id: videoFile, bytes: videoBytes },
        worksheet: { id: worksheetFile, bytes: worksheetBytes, filename: worksheetName },
      },
      joinUrl,
      quiz: questions,
    };
  }, databasePath);
}

/** Sets the student's orders for the course to `status` (a refund or an admin's revocation is "refunded"). */
export function setEnrollmentStatus(userId: string, courseId: number, status: "completed" | "refunded", databasePath?: string) {
  withDatabase(
    (database) =>
      database.prepare("UPDATE orders SET payment_status = ? WHERE user_id = ? AND course_id = ?").run(status, userId, courseId),
    databasePath,
  );
}

export function progressRows(userId: string, courseId: number, databasePath?: string) {
  return withDatabase(
    (database) =>
      database
        .prepare("SELECT lesson_id AS lessonId, completed_at AS completedAt FROM lesson_progress WHERE user_id = ? AND course_id = ?")
        .all(userId, courseId) as { lessonId: number; completedAt: number | null }[],
    databasePath,
  );
}

export function certificateRows(userId: string, courseId: number, databasePath?: string) {
  return withDatabase(
    (database) =>
      database.prepare("SELECT number FROM certificates WHERE user_id = ? AND course_id = ?").all(userId, courseId) as { number: string }[],
    databasePath,
  );
}

/** A paid enrollment of the student in the course (a completed order). */
export function enrolStudent(userId: string, courseId: number, databasePath?: string): number {
  return withDatabase(
    (database) =>
      Number(
        database
          .prepare("INSERT INTO orders (user_id, course_id, payment_status, amount_paise) VALUES (?, ?, 'completed', 0)")
          .run(userId, courseId).lastInsertRowid,
      ),
    databasePath,
  );
}

/** A student's attempts at a quiz, oldest first (created_at in milliseconds). */
export function quizAttemptRows(userId: string, lessonId: number, databasePath?: string) {
  return withDatabase(
    (database) =>
      database
        .prepare(
          "SELECT score_percent AS scorePercent, passed, created_at AS createdAt FROM quiz_attempts WHERE user_id = ? AND lesson_id = ? ORDER BY id",
        )
        .all(userId, lessonId) as { scorePercent: number; passed: number; createdAt: number }[],
    databasePath,
  );
}

/** Time passing for a quiz's wait: the student's attempts are moved `minutes` into the past. */
export function moveQuizAttemptsBack(userId: string, lessonId: number, minutes: number, databasePath?: string) {
  withDatabase(
    (database) =>
      database
        .prepare("UPDATE quiz_attempts SET created_at = created_at - ? WHERE user_id = ? AND lesson_id = ?")
        .run(minutes * 60_000, userId, lessonId),
    databasePath,
  );
}
