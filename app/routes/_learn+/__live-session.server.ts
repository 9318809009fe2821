import { findSessionForStudent } from "~/models/batches/live-session.server";
import { requireUser } from "~/services/accounts/sessions/student-session.server";
import { parseId } from "~/utils/validation";
import { notFound } from "./__classroom.server";

/** The signed-in student's session of their batch, or a 404 that says nothing of whether it exists. */
export async function sessionOr404(request: Request, params: { courseId?: string; sessionId?: string }) {
  const user = await requireUser(request);
  const courseId = parseId(params.courseId);
  const sessionId = parseId(params.sessionId);
  const session = courseId === null || sessionId === null ? null : findSessionForStudent(courseId, sessionId, user.id);
  if (!session) throw notFound();
  return { user, session };
}
