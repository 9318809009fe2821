import { afterAll, beforeAll, describe, expect, test } from "vitest";
import {
  certificateRows,
  enrolStudent,
  makeClassroomCourse,
  progressRows,
  setEnrollmentStatus,
  type ClassroomCourse,
} from "../support/classroom";
import { adminCookie, createAdmin, createStudent, studentCookie } from "../support/accounts";
import { get, postForm } from "./support/http";
import { BASE_PORT, startSite, type Site } from "./support/production-server";

// The classroom's doors against a production server: every lesson, file and
// join-link URL for each kind of visitor; ranges through the real stack
// (compression, the page cache); a refund closing the doors at the next
// request; and the progress rules under concurrent posts (decision 0022).

const SITE_PORT = BASE_PORT + 170;
let site: Site;
let course: ClassroomCourse;
const cookies: Record<Viewer, string | undefined> = { anonymous: undefined, other: "", enrolled: "", admin: "", contentManager: "" };
type Viewer = "anonymous" | "other" | "enrolled" | "admin" | "contentManager";

beforeAll(async () => {
  site = await startSite({ name: "classroom-access", port: SITE_PORT });
  course = makeClassroomCourse({ databasePath: site.database });
  const enrolled = await createStudent({}, site.database);
  enrolStudent(enrolled.id, course.id, site.database);
  cookies.enrolled = await studentCookie(site.database, enrolled);
  cookies.other = await studentCookie(site.database, await createStudent({}, site.database));
  cookies.admin = await adminCookie(site.database, createAdmin("admin", site.database));
  cookies.contentManager = await adminCookie(site.database, createAdmin("content_manager", site.database));
}, 120_000);

afterAll(async () => {
  await site?.stop();
});

type Door = { path: string; preview: boolean; join?: boolean };

function doors(): Door[] {
  const lesson = (id: number) => `/learn/${course.id}/${id}`;
  return [
    { path: `/learn/${course.id}`, preview: false },
    ...course.order.map((id) => ({ path: lesson(id), preview: id === course.lessons.video })),
    { path: `${lesson(course.lessons.video)}/files/${course.files.video.id}`, preview: true },
    { path: `${lesson(course.lessons.download)}/files/${course.files.worksheet.id}`, preview: false },
    { path: `${lesson(course.lessons.live)}/join`, preview: false, join: true },
  ];
}

/** What each visitor gets: the page (200), the live session (302 to it), sign-in, or the course page. */
function expected(viewer: Viewer, door: Door): string {
  const opens = viewer === "enrolled" || viewer === "admin" || viewer === "contentManager";
  if (opens) return door.join ? `302 ${course.joinUrl}` : "200";
  if (door.preview) return "200";
  if (viewer === "anonymous") return `302 /login?${new URLSearchParams({ redirectTo: door.path })}`;
  return `302 /courses/${course.id}`;
}

const outcome = (response: Response) =>
  response.status >= 300 && response.status < 400 ? `${response.status} ${response.headers.get("location")}` : String(response.status);

describe("the classroom's doors", () => {
  test("every lesson, file and join link × anonymous, another student, enrolled, admin and content manager", async () => {
    const answers: string[] = [];
    const wanted: string[] = [];
    for (const viewer of Object.keys(cookies) as Viewer[]) {
      for (const door of doors()) {
        const response = await get(`${site.url}${door.path}`, cookies[viewer]);
        await response.arrayBuffer();
        answers.push(`${viewer} ${door.path} → ${outcome(response)}`);
        wanted.push(`${viewer} ${door.path} → ${expected(viewer, door)}`);
        // A page some visitors may not see is never stored for others.
        if (response.status === 200) expect(response.headers.get("cache-control") ?? "", door.path).not.toMatch(/public/);
      }
    }
    expect(answers).toEqual(wanted);
  });

  test("ranges through the production server: 206 with the bytes asked for, 416 past the end", async () => {
    const path = `${site.url}/learn/${course.id}/${course.lessons.download}/files/${course.files.worksheet.id}`;
    const bytes = course.files.worksheet.bytes;
    const headers = { Cookie: cookies.enrolled ?? "", "Accept-Encoding": "gzip, br" };
    const partial = await fetch(path, { headers: { ...headers, Range: "bytes=10-19" } });
    expect(partial.status).toBe(206);
    expect(partial.headers.get("content-range")).toBe(`bytes 10-19/${bytes.length}`);
    expect(partial.headers.get("accept-ranges")).toBe("bytes");
    expect(Buffer.compare(Buffer.from(await partial.arrayBuffer()), bytes.subarray(10, 20))).toBe(0);
    const whole = await fetch(path, { headers });
    expect(whole.status).toBe(200);
    expect(Buffer.compare(Buffer.from(await whole.arrayBuffer()), bytes)).toBe(0);
    const past = await fetch(path, { headers: { ...headers, Range: `bytes=${bytes.length}-` } });
    expect(past.status).toBe(416);
    expect(past.headers.get("content-range")).toBe(`bytes */${bytes.length}`);
  });

  test("a refunded enrollment loses every door at the next request", async () => {
    const student = await createStudent({}, site.database);
    enrolStudent(student.id, course.id, site.database);
    const cookie = await studentCookie(site.database, student);
    for (const door of doors()) expect(outcome(await get(`${site.url}${door.path}`, cookie)), door.path).toBe(expected("enrolled", door));
    setEnrollmentStatus(student.id, course.id, "refunded", site.database);
    for (const door of doors()) expect(outcome(await get(`${site.url}${door.path}`, cookie)), door.path).toBe(expected("other", door));
  });
});

describe("progress under concurrent posts", () => {
  test("a double post of Mark complete leaves one progress row", async () => {
    const student = await createStudent({}, site.database);
    enrolStudent(student.id, course.id, site.database);
    const cookie = await studentCookie(site.database, student);
    const url = `${site.url}/learn/${course.id}/${course.lessons.article}`;
    const answers = await Promise.all([postForm(url, { intent: "complete" }, cookie), postForm(url, { intent: "complete" }, cookie)]);
    expect(answers.map((response) => response.status)).toEqual([302, 302]);
    const rows = progressRows(student.id, course.id, site.database);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.completedAt).not.toBeNull();
  });

  test("20 simultaneous completions of the last lesson issue exactly one certificate", async () => {
    const student = await createStudent({}, site.database);
    enrolStudent(student.id, course.id, site.database);
    const cookie = await studentCookie(site.database, student);
    const lessonUrl = (id: number) => `${site.url}/learn/${course.id}/${id}`;
    for (const id of [course.lessons.video, course.lessons.article, course.lessons.download])
      expect((await postForm(lessonUrl(id), { intent: "complete" }, cookie)).status).toBe(302);
    const answers = new URLSearchParams({ intent: "quiz" });
    for (const question of course.quiz)
      for (const option of question.correct) answers.append(`answer-${question.questionId}`, String(option));
    const quiz = await fetch(lessonUrl(course.lessons.quiz), {
      method: "POST",
      headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded", Accept: "text/html" },
      body: answers.toString(),
    });
    expect(quiz.status).toBe(200);
    expect(certificateRows(student.id, course.id, site.database)).toHaveLength(0);
    const last = await Promise.all(
      Array.from({ length: 20 }, () => postForm(lessonUrl(course.lessons.live), { intent: "complete" }, cookie)),
    );
    expect(last.map((response) => response.status)).toEqual(Array(20).fill(302));
    expect(certificateRows(student.id, course.id, site.database)).toHaveLength(1);
    const rows = progressRows(student.id, course.id, site.database);
    expect(rows).toHaveLength(course.order.length);
    expect(rows.every((row) => row.completedAt !== null)).toBe(true);
  });
});
