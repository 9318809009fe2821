import { enrolStudent, makeClassroomCourse, progressRows, ARTICLE_TEXT, type ClassroomCourse } from "../support/classroom";
import { withDatabase } from "../support/database";
import { adminApiClient, beforeAll, describe, expect, queryTestDatabase, studentClient, test, type HttpClient } from "./support/test";

// Drip release on every door a student can knock at: the outline says when a
// locked lesson opens and does not link it; its page, file, join link and
// every post (complete, quiz) give nothing and record nothing; an admin opens
// it early for one student from their page; another batch's lesson is not
// found at all.

let course: ClassroomCourse;
let enrolled: HttpClient;
let enrolledId: string;
let admin: HttpClient;

const OPENS_ON = "2099-01-05";
const lesson = (id: number) => `/learn/${course.id}/${id}`;
const worksheet = () => `${lesson(course.lessons.download)}/files/${course.files.worksheet.id}`;
const text = async (response: { text(): Promise<string> }) =>
  (await response.text())
    .replaceAll("<!-- -->", "")
    .replace(/<[^>]*>/g, " ")
    .replace(/\s+/g, " ");

beforeAll(async () => {
  course = makeClassroomCourse();
  const student = await studentClient();
  enrolled = student.client;
  enrolledId = student.student.id;
  enrolStudent(enrolledId, course.id);
  admin = (await adminApiClient("admin")).client;
  // Everything after the free preview opens on a date far ahead.
  withDatabase((database) =>
    database
      .prepare("UPDATE lessons SET release_rule = 'on_date', release_on = ? WHERE course_id = ? AND is_free_preview = 0")
      .run(OPENS_ON, course.id),
  );
}, 60_000);

describe("a lesson that has not opened", () => {
  test("the outline lists it with the day it opens, unlinked", async () => {
    const response = await enrolled.get(`/learn/${course.id}`);
    expect(response.status()).toBe(200);
    const html = await response.text();
    expect(await text({ text: async () => html })).toContain("Reading market structure Article · 10 min Opens on Jan 5, 2099");
    expect(html).not.toContain(`href="${lesson(course.lessons.article)}"`);
    expect(html).toContain(`href="${lesson(course.lessons.video)}"`);
  });

  test("its page says when it opens and shows none of it: no text, quiz, join link or Mark complete", async () => {
    const article = await text(await enrolled.get(lesson(course.lessons.article)));
    expect(article).toContain("This lesson is not open yet. Opens on Jan 5, 2099 (India time).");
    expect(article).not.toContain(ARTICLE_TEXT);
    expect(article).not.toContain("Mark complete");
    const quiz = await enrolled.get(lesson(course.lessons.quiz));
    const quizHtml = await quiz.text();
    expect(quizHtml).not.toContain("Submit answers");
    expect(quizHtml).not.toContain(course.quiz[0] ? `answer-${course.quiz[0].questionId}` : "answer-");
    const live = await enrolled.get(lesson(course.lessons.live));
    expect(await live.text()).not.toContain("/join");
  });

  test("its file and its join link answer 403 with the day it opens", async () => {
    for (const path of [worksheet(), `${lesson(course.lessons.live)}/join`]) {
      const response = await enrolled.get(path, { maxRedirects: 0 });
      expect(response.status(), path).toBe(403);
      expect(await response.text(), path).toBe("This lesson is not open yet. Opens on Jan 5, 2099 (India time).");
    }
  });

  test("completing it, watching it or answering its quiz records nothing", async () => {
    const complete = await enrolled.post(lesson(course.lessons.article), { form: { intent: "complete" }, maxRedirects: 0 });
    expect(complete.status()).toBe(302);
    expect(complete.headers().location).toBe(lesson(course.lessons.article));
    const quiz = course.quiz.map((question) => [`answer-${question.questionId}`, "0"]);
    await enrolled.post(lesson(course.lessons.quiz), { form: { intent: "quiz", ...Object.fromEntries(quiz) }, maxRedirects: 0 });
    expect(progressRows(enrolledId, course.id)).toEqual([]);
    expect(queryTestDatabase("SELECT id FROM quiz_attempts WHERE user_id = ?", enrolledId)).toEqual([]);
  });
});

describe("opening a lesson early", () => {
  test("an admin opens it for one student from their page, with a reason; it opens for that student only", async () => {
    const page = `/admin/users/${enrolledId}`;
    const before = await text(await admin.get(page));
    expect(before).toContain("Open a lesson early");
    expect(before).toContain("Reading market structure (opens Jan 5, 2099)");

    const refused = await admin.post(page, { form: { intent: "unlock-lesson", lessonId: String(course.lessons.article), reason: "" } });
    expect(refused.status()).toBe(400);
    expect(queryTestDatabase("SELECT lesson_id FROM lesson_unlocks WHERE user_id = ?", enrolledId)).toEqual([]);

    const opened = await admin.post(page, {
      form: { intent: "unlock-lesson", lessonId: String(course.lessons.article), reason: "Travelling on the day it opens" },
      maxRedirects: 0,
    });
    expect(opened.status()).toBe(302);
    expect(
      queryTestDatabase("SELECT lesson_id AS lessonId, unlocked_by AS unlockedBy FROM lesson_unlocks WHERE user_id = ?", enrolledId),
    ).toEqual([{ lessonId: course.lessons.article, unlockedBy: expect.any(String) }]);
    expect(
      queryTestDatabase("SELECT action FROM audit_log WHERE action = 'lesson_unlocked' AND entity_id = ?", String(course.lessons.article)),
    ).toHaveLength(1);

    expect(await text(await enrolled.get(lesson(course.lessons.article)))).toContain(ARTICLE_TEXT);
    const done = await enrolled.post(lesson(course.lessons.article), { form: { intent: "complete" }, maxRedirects: 0 });
    expect(done.status()).toBe(302);
    expect(progressRows(enrolledId, course.id)).toEqual([{ lessonId: course.lessons.article, completedAt: expect.any(Number) }]);
    // The others stay shut.
    expect((await enrolled.get(worksheet(), { maxRedirects: 0 })).status()).toBe(403);
  });
});

describe("a batch's own lesson", () => {
  test("is not found by a student of another batch or of none, and opens for an admin's preview", async () => {
    const recording = withDatabase((database) => {
      const batch = Number(
        database
          .prepare("INSERT INTO batches (course_id, name, starts_on, ends_on) VALUES (?, 'Morning batch', '2026-01-05', '2026-03-01')")
          .run(course.id).lastInsertRowid,
      );
      const section = database.prepare("SELECT section_id AS id FROM lessons WHERE id = ?").get(course.lessons.article) as { id: number };
      return Number(
        database
          .prepare(
            "INSERT INTO lessons (course_id, section_id, position, title, type, body, batch_id, is_required) VALUES (?, ?, 9, 'Recording: Morning class 1', 'article', 'The class as it was.', ?, 0)",
          )
          .run(course.id, section.id, batch).lastInsertRowid,
      );
    });
    expect((await enrolled.get(lesson(recording), { maxRedirects: 0 })).status()).toBe(404);
    expect(await (await enrolled.get(`/learn/${course.id}`)).text()).not.toContain("Recording: Morning class 1");
    const contentManager = (await adminApiClient("content_manager")).client;
    expect(await text(await contentManager.get(lesson(recording)))).toContain("The class as it was.");
  });
});
