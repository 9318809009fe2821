import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { courseOr404, lessonLock, lessonOr404, lockedResponse, notFound, requireClassroomAccess } from "./__classroom.server";

// A live session's join link, for enrolled students and admins only (a free
// preview shows the session's time, never its link): the address itself is
// never in a page, so it cannot be copied from one.
export async function loader({ request, params }: LoaderFunctionArgs) {
  const course = courseOr404(params.courseId);
  const lesson = lessonOr404(course.id, params.lessonId);
  const door = await requireClassroomAccess(request, { courseId: course.id, isFreePreview: lesson.isFreePreview }, { enrolledOnly: true });
  const opensAt = lessonLock(door, lesson);
  if (opensAt) throw lockedResponse(opensAt);
  if (lesson.type !== "live" || !lesson.joinUrl || !/^https:\/\//i.test(lesson.joinUrl)) throw notFound();
  return redirect(lesson.joinUrl, { headers: { "Cache-Control": "private, no-store", "Referrer-Policy": "no-referrer" } });
}
