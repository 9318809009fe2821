import type { LoaderFunctionArgs } from "@remix-run/node";
import { findLessonFile } from "~/models/classroom/lesson-file.server";
import { lessonFileResponse } from "~/services/classroom/lesson-files.server";
import { parseId } from "~/utils/validation";
import { courseOr404, lessonLock, lessonOr404, lockedResponse, notFound, requireClassroomAccess } from "./__classroom.server";

// A lesson's file, streamed with range requests (a phone seeks in a video). The
// session and enrollment are checked on every request, each range included:
// there is no static address for the file, and a refund closes it at once.
export async function loader({ request, params }: LoaderFunctionArgs) {
  const course = courseOr404(params.courseId);
  const lesson = lessonOr404(course.id, params.lessonId);
  const door = await requireClassroomAccess(request, { courseId: course.id, isFreePreview: lesson.isFreePreview });
  const opensAt = lessonLock(door, lesson);
  if (opensAt) throw lockedResponse(opensAt);
  const fileId = parseId(params.fileId);
  const file = fileId === null ? null : findLessonFile(course.id, lesson.id, fileId);
  if (!file) throw notFound();
  // Only a video plays in the page; anything else is saved, never rendered from our origin.
  const inline = file.kind === "video" && file.contentType.startsWith("video/");
  return lessonFileResponse(request, {
    storedName: file.storedName,
    filename: file.filename,
    contentType: file.contentType || "application/octet-stream",
    disposition: inline ? "inline" : "attachment",
  });
}
