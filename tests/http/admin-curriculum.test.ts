import ExcelJS from "exceljs";
import {
  addCompletedEnrollment,
  adminApiClient,
  auditActionsOf,
  clientWithCookie,
  createStudent,
  describe,
  expect,
  makeCourse,
  plantSession,
  test,
  uniqueTitle,
} from "./support/test";
import {
  lessonFilesOf,
  lessonsOf,
  completeLessonAs,
  makeLesson,
  makeSection,
  MP4_BYTES,
  PDF_BYTES,
  quizQuestionsOf,
  quizRulesOf,
  sectionTitlesOf,
  storedLessonFileNames,
} from "../support/curriculum";

// The curriculum editor's contracts (/admin/courses/:id/curriculum and the
// lesson and section dialogs under it): who may use it, what bad input gets,
// and that a refused post stores nothing, files included.

function arrange() {
  const course = makeCourse({ pricePaise: 100_000, title: uniqueTitle("Curriculum") });
  const intro = makeSection(course.id, "Intro", 1);
  const first = makeLesson(course.id, intro, "First", 1);
  const second = makeLesson(course.id, intro, "Second", 2);
  return { course, intro, first, second, editor: `/admin/courses/${course.id}/curriculum` };
}

const lesson = (fields: Record<string, string>) => ({ title: "Lesson", durationMinutes: "10", isRequired: "on", ...fields });

describe("who may open and change the curriculum", () => {
  test("anonymous visitors and students are sent to the admin sign-in and change nothing", async () => {
    const { course, editor } = arrange();
    const anonymous = await clientWithCookie();
    const student = await clientWithCookie(await plantSession(await createStudent()));
    for (const client of [anonymous, student]) {
      const page = await client.get(editor, { maxRedirects: 0 });
      expect(page.status()).toBe(302);
      expect(page.headers().location).toBe(`/admin/login?${new URLSearchParams({ redirectTo: editor })}`);
      const post = await client.post(editor, { form: { intent: "add-section", title: "Sneaky" }, maxRedirects: 0 });
      expect(post.status()).toBe(302);
    }
    expect(sectionTitlesOf(course.id)).toEqual(["Intro"]);
  });

  test("content managers and admins open the editor, with the course's figures and its lessons", async () => {
    const { editor } = arrange();
    for (const role of ["content_manager", "admin"] as const) {
      const { client } = await adminApiClient(role);
      const page = await client.get(editor);
      expect(page.status()).toBe(200);
      const html = await page.text();
      expect(html).toContain("Average progress");
      expect(html).toContain("First");
    }
  });

  test("another course's lesson or section is not found under this course", async () => {
    const { first, intro } = arrange();
    const other = makeCourse({ pricePaise: 0, title: uniqueTitle("Other") });
    const { client } = await adminApiClient("content_manager");
    expect((await client.get(`/admin/courses/${other.id}/curriculum/${first}`)).status()).toBe(404);
    expect((await client.get(`/admin/courses/${other.id}/curriculum/sections/${intro}`)).status()).toBe(404);
    expect((await client.get(`/admin/courses/${other.id}/curriculum/new?section=${intro}`)).status()).toBe(404);
  });
});

describe("sections and order", () => {
  test("a section without a title is refused with a message; a titled one is added and audited", async () => {
    const { course, editor } = arrange();
    const { admin, client } = await adminApiClient();
    const refused = await client.post(editor, { form: { intent: "add-section", title: "  " } });
    expect(refused.status()).toBe(400);
    expect(await refused.text()).toContain("Section title is required");
    expect(sectionTitlesOf(course.id)).toEqual(["Intro"]);

    const added = await client.post(editor, { form: { intent: "add-section", title: "Charts" }, maxRedirects: 0 });
    expect(added.status()).toBe(302);
    expect(sectionTitlesOf(course.id)).toEqual(["Intro", "Charts"]);
    expect(auditActionsOf(admin).map((row) => row.action)).toContain("course_section_created");
  });

  test("Up and Down move a lesson; a move past the top changes nothing; unreadable moves and orders are refused", async () => {
    const { course, editor, second } = arrange();
    const { client } = await adminApiClient("content_manager");
    await client.post(editor, { form: { intent: "move", item: "lesson", id: String(second), direction: "up" } });
    expect(lessonsOf(course.id).map((row) => row.title)).toEqual(["Second", "First"]);
    await client.post(editor, { form: { intent: "move", item: "lesson", id: String(second), direction: "up" } });
    expect(lessonsOf(course.id).map((row) => row.title)).toEqual(["Second", "First"]);
    expect((await client.post(editor, { form: { intent: "move", item: "lesson", id: "x", direction: "sideways" } })).status()).toBe(400);
    expect((await client.post(editor, { form: { intent: "reorder", order: "[{" } })).status()).toBe(400);
    expect((await client.post(editor, { form: { intent: "reorder", order: "[]" } })).status()).toBe(400);
    expect((await client.post(editor, { form: { intent: "archive" } })).status()).toBe(400);
    expect(lessonsOf(course.id).map((row) => row.title)).toEqual(["Second", "First"]);
  });

  test("a drag's whole order is saved", async () => {
    const { course, editor, intro, first, second } = arrange();
    const { client } = await adminApiClient();
    const order = JSON.stringify([{ id: intro, lessons: [second, first] }]);
    expect((await client.post(editor, { form: { intent: "reorder", order }, maxRedirects: 0 })).status()).toBe(302);
    expect(lessonsOf(course.id).map((row) => row.title)).toEqual(["Second", "First"]);
  });
});

describe("lessons", () => {
  test("bad input gets a message and stores nothing", async () => {
    const { course, editor, intro } = arrange();
    const { client } = await adminApiClient();
    const cases: [Record<string, string>, string][] = [
      [{ type: "quiz", questions: "Only one?\n* Yes" }, "Question 1 needs at least 2 options"],
      [{ type: "quiz", questions: "Two?\n* Yes\n- No", quizMaxAttempts: "0" }, "Attempts allowed must be at least 1"],
      [{ type: "quiz", questions: "Two?\n* Yes\n- No", quizMaxAttempts: "11" }, "Attempts allowed must be at most 10"],
      [{ type: "quiz", questions: "Two?\n* Yes\n- No", quizRetryWaitMinutes: "0" }, "Wait between attempts (minutes) must be at least 1"],
      [{ type: "video", videoSource: "youtube", videoUrl: "https://evil.example/watch?v=1" }, "Video link must be a YouTube link"],
      [{ type: "live", liveDate: "2026-02-30", liveTime: "19:30" }, "Date must be a date like 2026-12-31"],
      [{ type: "video", videoSource: "upload" }, "Choose the video file to upload"],
      [{ type: "download" }, "A download lesson needs a file to download"],
    ];
    for (const [fields, message] of cases) {
      const response = await client.post(`${editor}/new?section=${intro}`, { multipart: lesson(fields) });
      expect(response.status()).toBe(400);
      expect(await response.text()).toContain(message);
    }
    expect(lessonsOf(course.id)).toHaveLength(2);
  });

  test("a file that is not what its field takes is refused by its content, and nothing is left on disk", async () => {
    const { course, editor, intro } = arrange();
    const { client } = await adminApiClient();
    const before = storedLessonFileNames();
    const response = await client.post(`${editor}/new?section=${intro}`, {
      multipart: {
        ...lesson({ type: "video", videoSource: "upload" }),
        videoFile: { name: "lesson.mp4", mimeType: "video/mp4", buffer: PDF_BYTES },
      },
    });
    expect(response.status()).toBe(400);
    expect(await response.text()).toContain("The video must be an MP4 or WebM video");
    expect(lessonsOf(course.id)).toHaveLength(2);
    expect(storedLessonFileNames()).toEqual(before);

    // Past the kind's size the rest is read and dropped, and the part written so far removed.
    const oversized = Buffer.concat([PDF_BYTES, Buffer.alloc(50 * 1024 * 1024)]);
    const tooLarge = await client.post(`${editor}/new?section=${intro}`, {
      multipart: { ...lesson({ type: "download" }), attachment: { name: "big.pdf", mimeType: "application/pdf", buffer: oversized } },
    });
    expect(tooLarge.status()).toBe(400);
    expect(await tooLarge.text()).toContain("The attachment must be 50 MB or smaller. Nothing was saved.");
    expect(lessonsOf(course.id)).toHaveLength(2);
    expect(storedLessonFileNames()).toEqual(before);
  });

  test("a video and an attachment are stored by content under random names; deleting the lesson removes them", async () => {
    const { course, editor, intro } = arrange();
    const { admin, client } = await adminApiClient("content_manager");
    const created = await client.post(`${editor}/new?section=${intro}`, {
      multipart: {
        ...lesson({ title: "Candles on video", type: "video", videoSource: "upload" }),
        videoFile: { name: "candles.mp4", mimeType: "video/mp4", buffer: MP4_BYTES },
        attachment: { name: "notes.pdf", mimeType: "application/pdf", buffer: PDF_BYTES },
      },
      maxRedirects: 0,
    });
    expect(created.status()).toBe(302);
    const stored = lessonsOf(course.id).find((row) => row.title === "Candles on video");
    const files = lessonFilesOf(stored!.id);
    expect(files.map(({ kind, filename, content_type, size_bytes }) => ({ kind, filename, content_type, size_bytes }))).toEqual([
      { kind: "video", filename: "candles.mp4", content_type: "video/mp4", size_bytes: MP4_BYTES.length },
      { kind: "attachment", filename: "notes.pdf", content_type: "application/pdf", size_bytes: PDF_BYTES.length },
    ]);
    for (const file of files) expect(file.stored_name).toMatch(/^[a-f0-9]{32}\.(mp4|pdf)$/);
    expect(storedLessonFileNames()).toEqual(expect.arrayContaining(files.map((file) => file.stored_name)));

    // An attachment can be removed on its own; its file goes with it.
    const removed = await client.post(`${editor}/${stored!.id}`, {
      form: { intent: "remove-file", fileId: String(files[1]!.id) },
      maxRedirects: 0,
    });
    expect(removed.status()).toBe(302);
    expect(lessonFilesOf(stored!.id).map((file) => file.kind)).toEqual(["video"]);
    expect(storedLessonFileNames()).not.toContain(files[1]!.stored_name);
    const other = makeLesson(course.id, intro, "Other", 3);
    const refused = await client.post(`${editor}/${other}`, { form: { intent: "remove-file", fileId: String(files[0]!.id) } });
    expect(refused.status()).toBe(400);
    expect(lessonFilesOf(stored!.id)).toHaveLength(1);

    const question = await client.get(`${editor}/${stored!.id}?confirm=delete`);
    expect(await question.text()).toContain("Are you sure you want to delete &quot;Candles on video&quot;?");
    const deleted = await client.post(`${editor}/${stored!.id}?confirm=delete`, { form: { intent: "delete" }, maxRedirects: 0 });
    expect(deleted.status()).toBe(302);
    expect(lessonsOf(course.id).map((row) => row.title)).toEqual(["First", "Second", "Other"]);
    expect(storedLessonFileNames()).not.toEqual(expect.arrayContaining([files[0]!.stored_name]));
    expect(auditActionsOf(admin).map((row) => row.action)).toEqual(expect.arrayContaining(["lesson_created", "lesson_deleted"]));
  });

  test("a YouTube lesson plays from the privacy-enhanced host; a quiz's questions are stored with their right answers", async () => {
    const { course, editor, intro, first } = arrange();
    const { client } = await adminApiClient();
    await client.post(`${editor}/${first}`, {
      multipart: lesson({ title: "Watch", type: "video", videoSource: "youtube", videoUrl: "https://www.youtube.com/watch?v=dQw4w9WgXcQ" }),
    });
    expect(lessonsOf(course.id).find((row) => row.id === first)?.video_url).toBe("https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ");
    const page = await client.get(`${editor}/${first}`);
    expect(await page.text()).toContain("An unlisted YouTube or Vimeo link plays for anyone who has it");

    await client.post(`${editor}/new?section=${intro}`, {
      multipart: lesson({
        title: "Check",
        type: "quiz",
        passPercent: "60",
        quizMaxAttempts: "5",
        quizRetryWaitMinutes: "30",
        questions: "RSI measures?\n- Volume\n* Momentum\n\nPick two\n* a\n- b\n* c",
      }),
    });
    const quiz = lessonsOf(course.id).find((row) => row.title === "Check");
    expect(quizQuestionsOf(quiz!.id)).toEqual([
      { prompt: "RSI measures?", options: '["Volume","Momentum"]', correct: "[1]" },
      { prompt: "Pick two", options: '["a","b","c"]', correct: "[0,2]" },
    ]);
    expect(quizRulesOf(quiz!.id)).toEqual({ passPercent: 60, maxAttempts: 5, retryWaitMinutes: 30 });
    const edit = await (await client.get(`${editor}/${quiz!.id}`)).text();
    expect(edit).toMatch(/name="quizMaxAttempts"[^>]*value="5"|value="5"[^>]*name="quizMaxAttempts"/);
    expect(edit).toMatch(/name="quizRetryWaitMinutes"[^>]*value="30"|value="30"[^>]*name="quizRetryWaitMinutes"/);

    // Left blank, a quiz gets three attempts ten minutes apart.
    await client.post(`${editor}/new?section=${intro}`, {
      multipart: lesson({ title: "Defaults", type: "quiz", questions: "Two?\n* Yes\n- No" }),
    });
    const defaults = lessonsOf(course.id).find((row) => row.title === "Defaults");
    expect(quizRulesOf(defaults!.id)).toEqual({ passPercent: 70, maxAttempts: 3, retryWaitMinutes: 10 });
  });
});

describe("admin figures", () => {
  test("the curriculum page, the student's user page and the Course Progress export show how far students got", async () => {
    const { course, editor, first } = arrange();
    const student = await createStudent({ firstName: "Kavya", lastName: uniqueTitle("Progress") });
    addCompletedEnrollment(student.id, course.id);
    completeLessonAs(student.id, course.id, first);

    const { client } = await adminApiClient();
    const page = await (await client.get(editor)).text();
    expect(page).toContain("Completed by <!-- -->1");

    const userPage = await client.get(`/admin/users/${student.id}`);
    expect(userPage.status()).toBe(200);
    const html = await userPage.text();
    expect(html).toContain(course.title);
    expect(html).toMatch(/1<!-- --> of <!-- -->2/);
    expect(html).toMatch(/50<!-- -->%/);
    const { client: contentManager } = await adminApiClient("content_manager");
    expect((await contentManager.get(`/admin/users/${student.id}`)).status()).toBe(403);
    expect((await client.get("/admin/users/no-such-student")).status()).toBe(404);

    const exported = await client.get("/api/admin/export/progress");
    expect(exported.status()).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load((await exported.body()) as unknown as ArrayBuffer);
    const sheet = book.getWorksheet("Course Progress");
    const rows: ExcelJS.CellValue[][] = [];
    sheet?.eachRow((row) => rows.push((row.values as ExcelJS.CellValue[]).slice(1)));
    expect(rows[0]).toEqual([
      "Student Email",
      "Student Name",
      "Course ID",
      "Course",
      "Enrolled At (IST)",
      "Required Lessons Completed",
      "Required Lessons",
      "Progress (%)",
      "Last Activity (IST)",
      "Certificate",
    ]);
    const row = rows.find((cells) => cells[0] === student.email);
    expect(row?.slice(1, 4)).toEqual([`Kavya ${student.lastName}`, course.id, course.title]);
    expect(row?.slice(5, 8)).toEqual([1, 2, 50]);
  });
});
