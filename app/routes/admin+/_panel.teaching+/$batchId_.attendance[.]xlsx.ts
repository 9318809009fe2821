import type { LoaderFunctionArgs } from "@remix-run/node";
import { recordAdminAction } from "~/models/site/audit-log.server";
import { batchAttendanceDownload } from "~/services/exports/batch-attendance.server";
import { requireAdmin } from "~/services/accounts/sessions/admin-session.server";
import { taughtBatchOr404 } from "./__teaching.server";

// GET /admin/teaching/:batchId/attendance.xlsx: the batch's attendance
// register, for whoever teaches it (404 for anyone else's batch). Its
// students' names and addresses leave the site in it, so each download is
// recorded in the audit log.

export async function loader({ request, params }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request, "teaching");
  const batch = taughtBatchOr404(admin, params);
  const download = await batchAttendanceDownload(batch.id);
  recordAdminAction(admin, "attendance_exported", { type: "batch", id: batch.id });
  return download;
}
