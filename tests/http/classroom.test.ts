import { formatIndiaDateTime } from "../../app/utils/dates";
import {
  certificateRows,
  enrolStudent,
  makeClassroomCourse,
  moveQuizAttemptsBack,
  progressRows,
  quizAttemptRows,
  setEnrollmentStatus,
  ARTICLE_TEXT,
  type ClassroomCourse,
} from "../support/classroom";
import { withDatabase } from "../support/database";
import { makeCourse } from "../support/rows";
import { adminApiClient, beforeAll, describe, expect, studentClient, test, type HttpClient } from "./support/test";

// The classroom's doors: who opens a lesson, a file and a join link, what the
// others are sent to, and the writes a lesson page makes (decision 0022).

let course: ClassroomCourse;
let enrolled: HttpClient;
let enrolledId: string;
let other: HttpClient;
let admin: HttpClient;

const outline = () => `/learn/${course.id}`;
const lesson = (id: number) => `/learn/${course.id}/${id}`;
const file = (lessonId: number, fileId: number) => `${lesson(lessonId)}/files/${fileId}`;
const worksheet = () => file(course.lessons.download, course.files.worksheet.id);
const video = () => file(course.lessons.video, course.files.video.id);
const join = () => `${lesson(course.lessons.live)}/join`;

beforeAll(async () => {
  course = makeClassroomCourse();
  const student = await studentClient();
  enrolled = student.client;
  enrolledId = student.student.id;
  enrolStudent(enrolledId, course.id);
  other = (await studentClient()).client;
  admin = (await adminApiClient("content_manager")).client;
  // Opening the site (the build, the first password hash) is slow on a loaded machine: a time limit, not an assertion.
}, 60_000);

/** The page's markup without React's text separators. */
const markup = async (response: { text(): Promise<string> }) => (await response.text()).replaceAll("<!-- -->", "");
const location = (response: { headers(): Record<string, string> }) => response.headers()["location"];

describe("who opens the classroom", () => {
  test("an anonymous visitor is sent to sign in and back, from every lesson, file and join link", async ({ request }) => {
    for (const path of [outline(), lesson(course.lessons.article), lesson(course.lessons.quiz), worksheet(), join()]) {
      const response = await request.get(path, { maxRedirects: 0 });
      expect(response.status(), path).toBe(302);
      expect(location(response), path).toBe(`/login?${new URLSearchParams({ redirectTo: path })}`);
    }
  });

  test("another student is sent to the course page with a message", async () => {
    for (const path of [outline(), lesson(course.lessons.article), worksheet(), join()]) {
      const response = await other.get(path, { maxRedirects: 0 });
      expect(response.status(), path).toBe(302);
      expect(location(response), path).toBe(`/courses/${course.id}`);
    }
    const page = await other.get(lesson(course.lessons.article));
    expect(page.url()).toMatch(new RegExp(`/courses/${course.id}$`));
    expect(await page.text()).toContain("This lesson is for enrolled students");
  });

  test("a free preview lesson plays for anyone, its join link and other lessons stay closed", async ({ request }) => {
    const page = await request.get(lesson(course.lessons.video));
    expect(page.status()).toBe(200);
    const html = await page.text();
    expect(html).toContain("Welcome to the course");
    expect(html).toContain("This is a free preview.");
    expect(html).not.toContain("Mark complete");
    const stream = await request.get(video(), { headers: { Range: "bytes=0-9" } });
    expect(stream.status()).toBe(206);
  });

  test("an enrolled student opens the outline and every lesson", async () => {
    const page = await enrolled.get(outline());
    expect(page.status()).toBe(200);
    const html = await page.text();
    for (const title of [
      "Getting started",
      "Practice",
      "Reading market structure",
      "Check your understanding",
      "Live Q&amp;A with the mentor",
    ])
      expect(html).toContain(title);
    expect(html).toContain("0 of 5 lessons complete");
    for (const id of course.order) expect((await enrolled.get(lesson(id))).status(), String(id)).toBe(200);
  });

  test("an article is sanitised as blog posts are", async () => {
    const html = await (await enrolled.get(lesson(course.lessons.article))).text();
    expect(html).toContain(ARTICLE_TEXT);
    expect(html).not.toContain("<script>alert(1)</script>");
  });

  test("an admin of any role previews every lesson, and nothing is recorded", async () => {
    const page = await admin.get(lesson(course.lessons.article));
    expect(page.status()).toBe(200);
    expect(await page.text()).toContain("Preview as student");
    expect((await admin.get(worksheet())).status()).toBe(200);
    const posted = await admin.post(lesson(course.lessons.article), { form: { intent: "complete" } });
    expect(posted.status()).toBe(200);
    expect(await posted.text()).toContain("Nothing is recorded while you preview.");
  });

  test("an unknown course, lesson or file, or a lesson of another course, is 404", async () => {
    const otherCourse = makeClassroomCourse();
    for (const path of [
      "/learn/999999",
      lesson(999999),
      `/learn/${course.id}/${otherCourse.lessons.article}`,
      file(course.lessons.download, course.files.video.id),
      file(course.lessons.download, 999999),
    ])
      expect((await enrolled.get(path)).status(), path).toBe(404);
  });
});

describe("lesson files", () => {
  test("the whole file: its type, length, name and Accept-Ranges", async () => {
    const response = await enrolled.get(worksheet());
    expect(response.status()).toBe(200);
    const headers = response.headers();
    expect(headers["content-type"]).toBe("application/pdf");
    expect(headers["accept-ranges"]).toBe("bytes");
    expect(headers["content-length"]).toBe(String(course.files.worksheet.bytes.length));
    expect(headers["content-disposition"]).toMatch(/^attachment; filename="structure-worksheet.pdf"/);
    expect(headers["cache-control"]).toBe("private, no-store");
    expect(Buffer.compare(await response.body(), course.files.worksheet.bytes)).toBe(0);
  });

  test("ranges: 206 with Content-Range, open-ended and suffix ranges, 416 past the end", async () => {
    const bytes = course.files.video.bytes;
    const size = bytes.length;
    const first = await enrolled.get(video(), { headers: { Range: "bytes=100-199" } });
    expect(first.status()).toBe(206);
    expect(first.headers()["content-range"]).toBe(`bytes 100-199/${size}`);
    expect(first.headers()["content-type"]).toBe("video/mp4");
    expect(first.headers()["content-disposition"]).toMatch(/^inline;/);
    expect(Buffer.compare(await first.body(), bytes.subarray(100, 200))).toBe(0);
    const rest = await enrolled.get(video(), { headers: { Range: `bytes=${size - 5}-` } });
    expect(rest.status()).toBe(206);
    expect(Buffer.compare(await rest.body(), bytes.subarray(size - 5))).toBe(0);
    const suffix = await enrolled.get(video(), { headers: { Range: "bytes=-10" } });
    expect(suffix.headers()["content-range"]).toBe(`bytes ${size - 10}-${size - 1}/${size}`);
    const past = await enrolled.get(video(), { headers: { Range: `bytes=${size}-` } });
    expect(past.status()).toBe(416);
    expect(past.headers()["content-range"]).toBe(`bytes */${size}`);
    const malformed = await enrolled.get(video(), { headers: { Range: "bytes=abc" } });
    expect(malformed.status()).toBe(200);
  });

  test("a refunded enrollment loses the lessons, files and join link at the next request", async () => {
    const student = await studentClient();
    enrolStudent(student.student.id, course.id);
    expect((await student.client.get(worksheet(), { headers: { Range: "bytes=0-0" } })).status()).toBe(206);
    expect((await student.client.get(lesson(course.lessons.article))).status()).toBe(200);
    setEnrollmentStatus(student.student.id, course.id, "refunded");
    for (const path of [worksheet(), lesson(course.lessons.article), outline(), join()]) {
      const response = await student.client.get(path, { maxRedirects: 0, headers: { Range: "bytes=0-0" } });
      expect(response.status(), path).toBe(302);
      expect(location(response), path).toBe(`/courses/${course.id}`);
    }
    const posted = await student.client.post(lesson(course.lessons.article), { form: { intent: "complete" }, maxRedirects: 0 });
    expect(location(posted)).toBe(`/courses/${course.id}`);
    expect(progressRows(student.student.id, course.id).filter((row) => row.completedAt !== null)).toEqual([]);
  });
});

describe("join links", () => {
  test("an enrolled student is sent to the live session; the address is never in the page", async () => {
    const response = await enrolled.get(join(), { maxRedirects: 0 });
    expect(response.status()).toBe(302);
    expect(location(response)).toBe(course.joinUrl);
    const page = await markup(await enrolled.get(lesson(course.lessons.live)));
    expect(page).toContain("Join the live session");
    expect(page).toContain("Jan 15, 2030, 7:00 pm IST");
    expect(page).not.toContain(course.joinUrl);
  });
});

describe("progress", () => {
  test("Mark complete, posted twice, leaves one completed row and moves on to the next lesson", async () => {
    const { client, student } = await studentClient();
    enrolStudent(student.id, course.id);
    const first = await client.post(lesson(course.lessons.article), { form: { intent: "complete" }, maxRedirects: 0 });
    expect(first.status()).toBe(302);
    expect(location(first)).toBe(lesson(course.lessons.download));
    await client.post(lesson(course.lessons.article), { form: { intent: "complete" }, maxRedirects: 0 });
    const rows = progressRows(student.id, course.id).filter((row) => row.lessonId === course.lessons.article);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.completedAt).not.toBeNull();
    expect(await (await client.get(outline())).text()).toContain("1 of 5 lessons complete");
  });

  test("a quiz: a failed attempt shows the score, the attempts left and when to try again (IST), not which answers were wrong; after the wait a pass completes it and shows the answers", async () => {
    const { client, student } = await studentClient();
    enrolStudent(student.id, course.id);
    const [single, many] = course.quiz;
    if (!single || !many) throw new Error("The fixture's quiz has two questions.");
    const before = await markup(await client.get(lesson(course.lessons.quiz)));
    expect(before).toContain("You have 3 attempts at this quiz, at least 10 minutes apart.");
    const failed = await client.post(lesson(course.lessons.quiz), {
      form: { intent: "quiz", [`answer-${single.questionId}`]: single.correct[0] ?? 0, [`answer-${many.questionId}`]: 1 },
    });
    expect(failed.status()).toBe(200);
    const failedHtml = await markup(failed);
    expect(failedHtml).toContain("Not passed: you scored 50%");
    expect(failedHtml).toContain("1 of 2 right; the pass mark is 70%.");
    expect(failedHtml).toContain("2 attempts left of 3.");
    const [attempt] = quizAttemptRows(student.id, course.lessons.quiz);
    const opens = formatIndiaDateTime(new Date((attempt?.createdAt ?? 0) + 10 * 60_000));
    expect(failedHtml).toContain(
      `You can try again after <time dateTime="${new Date((attempt?.createdAt ?? 0) + 10 * 60_000).toISOString()}">${opens}</time>.`,
    );
    for (const hidden of ["Wrong in your last attempt", "Right in your last attempt", "Right answer", "The answers"])
      expect(failedHtml).not.toContain(hidden);
    expect(failedHtml).not.toContain("Submit answers");

    const pass = new URLSearchParams({ intent: "quiz", [`answer-${single.questionId}`]: String(single.correct[0]) });
    for (const option of many.correct) pass.append(`answer-${many.questionId}`, String(option));
    const post = () =>
      client.post(lesson(course.lessons.quiz), { data: pass.toString(), headers: { "content-type": "application/x-www-form-urlencoded" } });
    const tooSoon = await post();
    expect(tooSoon.status()).toBe(429);
    expect(Number(tooSoon.headers()["retry-after"])).toBeGreaterThan(0);
    expect(await markup(tooSoon)).toContain(`You can try this quiz again after ${opens}. These answers were not marked.`);
    expect(quizAttemptRows(student.id, course.lessons.quiz)).toHaveLength(1);

    moveQuizAttemptsBack(student.id, course.lessons.quiz, 10);
    const passedHtml = await markup(await post());
    expect(passedHtml).toContain("Passed: you scored 100%");
    expect(passedHtml).toContain("You passed this quiz. The right answers are below.");
    expect(passedHtml).toContain("The answers");
    expect(passedHtml.match(/Right in your last attempt/g)).toHaveLength(2);
    expect(passedHtml.match(/✓ Right answer/g)).toHaveLength(3);
    expect(passedHtml).toContain("Your attempts");
    expect(progressRows(student.id, course.id).find((row) => row.lessonId === course.lessons.quiz)?.completedAt).not.toBeNull();
    const again = await post();
    expect(again.status()).toBe(409);
    expect(await markup(again)).toContain("You have already passed this quiz: these answers were not marked.");
    expect(quizAttemptRows(student.id, course.lessons.quiz)).toHaveLength(2);
    const markComplete = await client.post(lesson(course.lessons.quiz), { form: { intent: "complete" }, maxRedirects: 0 });
    expect(markComplete.status()).toBe(302);
  });

  test("a quiz's last attempt used without a pass shows the right answers beside the student's, and takes no more", async () => {
    const { client, student } = await studentClient();
    enrolStudent(student.id, course.id);
    const [single, many] = course.quiz;
    if (!single || !many) throw new Error("The fixture's quiz has two questions.");
    const wrong = (single.correct[0] ?? 0) === 0 ? 1 : 0;
    const attempt = () =>
      client.post(lesson(course.lessons.quiz), {
        form: { intent: "quiz", [`answer-${single.questionId}`]: wrong, [`answer-${many.questionId}`]: 1 },
      });
    for (let used = 1; used <= 3; used++) {
      const html = await markup(await attempt());
      expect(html, `attempt ${used}`).toContain("Not passed: you scored 0%");
      if (used < 3) expect(html).not.toContain("✓ Right answer");
      moveQuizAttemptsBack(student.id, course.lessons.quiz, 10);
    }
    const page = await markup(await client.get(lesson(course.lessons.quiz)));
    expect(page).toContain("You have used all 3 attempts. The right answers are below; write to us if you need another try.");
    expect(page.match(/Wrong in your last attempt/g)).toHaveLength(2);
    expect(page.match(/✓ Right answer/g)).toHaveLength(3);
    expect(page.match(/\(your answer\)/g)).toHaveLength(2);
    expect(page).not.toContain("Submit answers");
    const fourth = await attempt();
    expect(fourth.status()).toBe(409);
    expect(await markup(fourth)).toContain("You have used every attempt at this quiz: these answers were not marked.");
    expect(quizAttemptRows(student.id, course.lessons.quiz)).toHaveLength(3);
  });

  test("five attempts posted at once record one; the others are told when to try again", async () => {
    const { client, student } = await studentClient();
    enrolStudent(student.id, course.id);
    const [single] = course.quiz;
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        client.post(lesson(course.lessons.quiz), { form: { intent: "quiz", [`answer-${single?.questionId}`]: single?.correct[0] ?? 0 } }),
      ),
    );
    expect(answers.map((answer) => answer.status()).sort()).toEqual([200, 429, 429, 429, 429]);
    expect(quizAttemptRows(student.id, course.lessons.quiz)).toHaveLength(1);
  });

  test("completing every lesson issues one certificate, and the outline and dashboard link it", async () => {
    const { client, student } = await studentClient();
    enrolStudent(student.id, course.id);
    for (const id of course.order.filter((id) => id !== course.lessons.quiz))
      await client.post(lesson(id), { form: { intent: "complete" } });
    const answers = new URLSearchParams({ intent: "quiz" });
    for (const question of course.quiz)
      for (const option of question.correct) answers.append(`answer-${question.questionId}`, String(option));
    await client.post(lesson(course.lessons.quiz), {
      data: answers.toString(),
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(certificateRows(student.id, course.id)).toHaveLength(1);
    const outlineHtml = await (await client.get(outline())).text();
    expect(outlineHtml).toContain("5 of 5 lessons complete");
    expect(outlineHtml).toContain(`href="/learn/${course.id}/certificate"`);
    const dashboard = await (await client.get("/")).text();
    expect(dashboard).toContain(`href="/learn/${course.id}/certificate"`);
  });

  test("bad input changes nothing and says so", async () => {
    const { client, student } = await studentClient();
    enrolStudent(student.id, course.id);
    const response = await client.post(lesson(course.lessons.video), { form: { intent: "watched", percent: "lots" } });
    expect(response.status()).toBe(400);
    expect(await response.text()).toContain("That could not be saved.");
    expect(progressRows(student.id, course.id).every((row) => row.completedAt === null)).toBe(true);
  });
});

describe("the course page, dashboard and study materials", () => {
  test("anyone sees the real curriculum, preview badges and a link to the preview lesson", async ({ request }) => {
    const html = await (await request.get(`/courses/${course.id}`)).text();
    expect(html).toContain("2 sections · 5 lessons · 50 min");
    expect(html).toContain("Free preview");
    expect(html).toContain(`href="${lesson(course.lessons.video)}"`);
    expect(html).not.toContain(`href="${lesson(course.lessons.article)}"`);
  });

  test("an enrolled student's button says Go to course, never Enroll Now; the dashboard's Continue leads to the classroom", async () => {
    const html = await (await enrolled.get(`/courses/${course.id}`)).text();
    expect(html).toContain(`href="/learn/${course.id}"`);
    expect(html).toContain("Go to course");
    expect(html).not.toContain("Enroll Now");
    expect(await (await other.get(`/courses/${course.id}`)).text()).toContain("Enroll Now");
    const dashboard = await (await enrolled.get("/")).text();
    expect(dashboard).toMatch(new RegExp(`href="/learn/${course.id}"[^>]*>Continue`));
  });

  test("course materials are listed for the course's students only", async ({ request }) => {
    expect(await (await enrolled.get("/study-materials")).text()).toContain(`href="${worksheet()}"`);
    expect(await (await other.get("/study-materials")).text()).not.toContain("Your course materials");
    expect(await (await request.get("/study-materials")).text()).not.toContain("Your course materials");
  });
});

describe("the course page's curriculum", () => {
  test("a course with no sections yet lists its syllabus lines in order instead", async ({ request }) => {
    const plain = makeCourse({ pricePaise: 99_900 });
    const lines = ["Module 1: Reading structure", "Module 2: Risk per trade", "Module 3: A written plan"];
    withDatabase((database) => database.prepare("UPDATE courses SET syllabus = ? WHERE id = ?").run(lines.join("\n"), plain.id));
    const page = await markup(await request.get(`/courses/${plain.id}`));
    const curriculum = page.slice(page.indexOf('id="curriculum-heading"'));
    const positions = lines.map((line) => curriculum.indexOf(`<span class="text-slate-800">${line}</span>`));
    expect(positions.every((position) => position > 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
  });
});
