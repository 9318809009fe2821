import {
  adminApiClient,
  auditActionsOf,
  clientWithCookie,
  createStudent,
  describe,
  expect,
  makeCourse,
  plantSession,
  queryTestDatabase,
  test,
  uniqueTitle,
  withDatabase,
} from "./support/test";
import { lessonFilesOf, MP4_BYTES, makeSection, storedLessonFileNames } from "../support/curriculum";

// A class's recording published from the timetable (decision 0062): once the
// class is over, the session's dialog offers "Publish recording"; the upload
// becomes a video lesson of the batch alone (`lessons.batch_id`) in the
// course's "Class recordings" section, and the session links it. Vimeo is
// taken only with its embedding restricted to this site; YouTube never.

const HOUR = 3_600_000;

/** A course with a section, a batch, a class that ended an hour ago and one still to come. */
function arrange() {
  const course = makeCourse({ pricePaise: 500_000, title: uniqueTitle("Recorded") });
  makeSection(course.id, "Basics", 1);
  const ids = withDatabase((database) => {
    const batch = Number(
      database
        .prepare("INSERT INTO batches (course_id, name, starts_on, ends_on) VALUES (?, 'Evenings', '2026-01-01', '2031-01-01')")
        .run(course.id).lastInsertRowid,
    );
    const session = (title: string, startsAt: number) =>
      Number(
        database
          .prepare(
            "INSERT INTO batch_sessions (batch_id, title, starts_at, duration_minutes, join_url, prices_at_least_30_days_old) VALUES (?, ?, ?, 60, 'https://meet.jit.si/recorded', 1)",
          )
          .run(batch, title, startsAt).lastInsertRowid,
      );
    return { batch, past: session("Support and resistance", Date.now() - 2 * HOUR), coming: session("Candles", Date.now() + 24 * HOUR) };
  });
  const timetable = `/admin/courses/${course.id}/batches/${ids.batch}/timetable`;
  return { course, ...ids, timetable, recordingOf: (session: number) => `${timetable}/${session}/recording` };
}

type StoredLesson = {
  id: number;
  title: string;
  type: string;
  batch_id: number | null;
  video_source: string | null;
  video_url: string | null;
  is_required: number;
  duration_minutes: number;
  section: string;
};
const batchLessonsOf = (courseId: number) =>
  queryTestDatabase<StoredLesson>(
    `SELECT lessons.id, lessons.title, type, batch_id, video_source, video_url, is_required, duration_minutes, course_sections.title AS section
     FROM lessons JOIN course_sections ON course_sections.id = lessons.section_id WHERE lessons.course_id = ? AND batch_id IS NOT NULL`,
    courseId,
  );
const recordingLessonOf = (session: number) =>
  queryTestDatabase<{ recording_lesson_id: number | null }>("SELECT recording_lesson_id FROM batch_sessions WHERE id = ?", session)[0]
    ?.recording_lesson_id;

const upload = (fields: Record<string, string>, file = true) => ({
  multipart: {
    title: "Recording: Support and resistance",
    ...fields,
    ...(file ? { videoFile: { name: "class.mp4", mimeType: "video/mp4", buffer: MP4_BYTES } } : {}),
  },
  maxRedirects: 0,
});

describe("publishing a class's recording", () => {
  test("after the class, an upload becomes a video lesson of the batch in 'Class recordings', linked from the session", async () => {
    const { course, batch, past, timetable, recordingOf } = arrange();
    const { admin, client } = await adminApiClient("content_manager");
    expect(await (await client.get(`${timetable}/${past}`)).text()).toContain(`href="${recordingOf(past)}"`);
    expect(await (await client.get(recordingOf(past))).text()).toContain("Publish Recording");

    const posted = await client.post(recordingOf(past), upload({ videoSource: "upload" }));
    expect(posted.status()).toBe(302);
    expect(posted.headers().location).toBe(timetable);
    const [lesson] = batchLessonsOf(course.id);
    expect(lesson).toMatchObject({
      title: "Recording: Support and resistance",
      type: "video",
      batch_id: batch,
      video_source: "upload",
      is_required: 0,
      duration_minutes: 60,
      section: "Class recordings",
    });
    expect(recordingLessonOf(past)).toBe(lesson!.id);
    expect(lessonFilesOf(lesson!.id)).toMatchObject([{ kind: "video", filename: "class.mp4", content_type: "video/mp4" }]);
    expect(auditActionsOf(admin).map((row) => row.action)).toContain("lesson_published");
    // The dialog now leads to the lesson instead.
    expect(await (await client.get(`${timetable}/${past}`)).text()).toContain("Recording published");

    // Published once: a second upload is refused, and its file is not kept.
    const files = storedLessonFileNames().length;
    const again = await client.post(recordingOf(past), upload({ videoSource: "upload" }));
    expect(again.status()).toBe(409);
    expect(await again.text()).toContain("This session&#x27;s recording is published already");
    expect(batchLessonsOf(course.id)).toHaveLength(1);
    expect(storedLessonFileNames()).toHaveLength(files);
  });

  test("Vimeo needs its domain restriction; YouTube, a missing file and a class still to come are refused; the section follows the last", async () => {
    const { course, batch, past, coming, recordingOf } = arrange();
    const { client } = await adminApiClient("admin");
    const vimeo = { videoSource: "vimeo", videoUrl: "https://vimeo.com/123456789" };
    const open = await client.post(recordingOf(past), upload(vimeo, false));
    expect(open.status()).toBe(400);
    expect(await open.text()).toContain("Restrict the video&#x27;s embedding to this site&#x27;s domain in Vimeo first");
    const youtube = await client.post(
      recordingOf(past),
      upload({ videoSource: "youtube", videoUrl: "https://www.youtube.com/watch?v=dQw4w9WgXcQ" }, false),
    );
    expect(youtube.status()).toBe(400);
    expect(await youtube.text()).toContain("Choose where the recording plays from");
    const noFile = await client.post(recordingOf(past), upload({ videoSource: "upload" }, false));
    expect(noFile.status()).toBe(400);
    expect(await noFile.text()).toContain("Choose the video file to upload");
    // A class still to come has nothing recorded yet.
    const early = await client.post(recordingOf(coming), upload({ videoSource: "upload" }));
    expect(early.status()).toBe(409);
    expect(await early.text()).toContain("This class is not over yet");
    expect(batchLessonsOf(course.id)).toEqual([]);

    const restricted = await client.post(recordingOf(past), upload({ ...vimeo, vimeoDomainOnly: "on" }, false));
    expect(restricted.status()).toBe(302);
    expect(batchLessonsOf(course.id)).toMatchObject([
      { batch_id: batch, video_source: "vimeo", video_url: "https://player.vimeo.com/video/123456789", section: "Class recordings" },
    ]);
    const sections = queryTestDatabase<{ title: string }>(
      "SELECT title FROM course_sections WHERE course_id = ? ORDER BY position",
      course.id,
    );
    expect(sections.map((section) => section.title)).toEqual(["Basics", "Class recordings"]);
  });

  test("students and signed-out visitors are sent to the admin sign-in and publish nothing", async () => {
    const { course, past, recordingOf } = arrange();
    const anonymous = await clientWithCookie();
    const student = await clientWithCookie(await plantSession(await createStudent()));
    for (const client of [anonymous, student]) {
      const posted = await client.post(recordingOf(past), upload({ videoSource: "upload" }));
      expect(posted.status()).toBe(302);
      expect(posted.headers().location).toContain("/admin/login");
    }
    expect(batchLessonsOf(course.id)).toEqual([]);
    expect(recordingLessonOf(past)).toBeNull();
  });
});
