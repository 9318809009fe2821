import { findBatch } from "~/models/batches/batch.server";
import { findBatchSession } from "~/models/batches/batch-session.server";
import { timetablePath } from "../__batch-paths";
import { requireAdmin } from "~/services/accounts/sessions/admin-session.server";
import { canAccess } from "~/utils/permissions";
import { courseOr404, idOr404 } from "./__curriculum.server";

/** The course and batch a timetable route names; 404 when either is unknown or the batch is another course's. */
export function courseAndBatchOr404(params: { id?: string; batchId?: string }) {
  const course = courseOr404(params.id);
  const batch = findBatch(course.id, idOr404(params.batchId));
  if (!batch) throw new Response("Not Found", { status: 404 });
  return { course, batch };
}

/** The course, batch and session a session's routes name (404 when any is unknown), and the timetable to go back to. */
export function courseBatchAndSessionOr404(params: { id?: string; batchId?: string; sessionId?: string }) {
  const { course, batch } = courseAndBatchOr404(params);
  const session = findBatchSession(batch.id, idOr404(params.sessionId));
  if (!session) throw new Response("Not Found", { status: 404 });
  return { course, batch, session, backTo: timetablePath(course.id, batch.id) };
}

/**
 * For a batch change that refunds money or issues tax documents (cancelling a
 * batch, moving a student): an admin who may change courses and may also
 * refund on a student's page (the "users" area). Anyone else gets 403.
 */
export async function requireBatchMoneyAdmin(request: Request) {
  const admin = await requireAdmin(request, "courses");
  if (!canAccess(admin.role, "users"))
    throw new Response("Forbidden: your role cannot open this part of the admin area.", { status: 403, statusText: "Forbidden" });
  return admin;
}
