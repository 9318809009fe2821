import { parseWithZod } from "@conform-to/zod";
import type { SubmissionResult } from "@conform-to/react";
import { data } from "@remix-run/node";
import type { PublicAdmin } from "~/models/accounts/admin.server";
import { createLesson, updateLesson } from "~/models/classroom/curriculum-admin.server";
import { addLessonFiles, listLessonFiles } from "~/models/classroom/lesson-file.server";
import { LessonFormSchema } from "~/schemas/admin-curriculum";
import { discardLessonFiles, readLessonMultipart, type UploadedLessonFile } from "~/services/classroom/lesson-files.server";
import { redirectAfterAdminChange } from "~/services/accounts/sessions/admin-change.server";
import { withClaimWarning } from "~/utils/claim-warning.server";
import { curriculumPath } from "../__curriculum-paths";

// The new-lesson and edit-lesson dialogs post the same multipart form: the
// lesson's fields, optionally a video file and an attachment, streamed to disk
// as they arrive. Any refusal removes the files already written.

const LESSON_FILE_FIELDS = { videoFile: "video", attachment: "attachment" } as const;

const refuse = (error: Record<string, string[]>, status = 400) => {
  const result: SubmissionResult<string[]> = { status: "error", error };
  return data({ result }, { status });
};

export async function saveLessonForm(
  request: Request,
  admin: PublicAdmin,
  courseId: number,
  target: { sectionId: number } | { lessonId: number },
) {
  const multipart = await readLessonMultipart(request, LESSON_FILE_FIELDS);
  if (!multipart.ok) return refuse({ [multipart.field ?? ""]: [multipart.message] });
  const stored = Object.values(multipart.files);
  const submission = parseWithZod(multipart.formData, { schema: LessonFormSchema });
  const giveUp = async (result: ReturnType<typeof refuse>) => {
    await discardLessonFiles(stored.map((file) => file.storedName));
    return result;
  };
  if (submission.status !== "success") return giveUp(data({ result: submission.reply() }, { status: 400 }));
  const input = submission.value;
  const existing = "lessonId" in target ? listLessonFiles(target.lessonId) : [];
  const has = (kind: UploadedLessonFile["kind"]) =>
    stored.some((file) => file.kind === kind) || existing.some((file) => file.kind === kind);
  if (input.type === "video" && input.videoSource === "upload" && !has("video"))
    return giveUp(data({ result: submission.reply({ fieldErrors: { videoFile: ["Choose the video file to upload"] } }) }, { status: 400 }));
  if (input.type === "download" && !has("attachment"))
    return giveUp(
      data({ result: submission.reply({ fieldErrors: { attachment: ["A download lesson needs a file to download"] } }) }, { status: 400 }),
    );

  let lessonId: number;
  if ("sectionId" in target) {
    const created = createLesson(courseId, target.sectionId, input);
    if (!created) return giveUp(refuse({ "": ["That section is no longer there. Reload the page and try again."] }, 404));
    lessonId = created.id;
  } else {
    if (!updateLesson(courseId, target.lessonId, input)) throw new Response("Not Found", { status: 404 });
    lessonId = target.lessonId;
  }
  const replaced = addLessonFiles(lessonId, stored);
  await discardLessonFiles(replaced);
  return redirectAfterAdminChange(
    admin,
    { entity: "lesson", verb: "sectionId" in target ? "created" : "updated", id: lessonId },
    curriculumPath(courseId),
    withClaimWarning(
      { title: "sectionId" in target ? "Lesson added" : "Lesson saved", description: `“${input.title}” has been saved.` },
      input,
    ),
  );
}
