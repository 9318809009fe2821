import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { isExportDataset } from "~/services/exports/datasets";
import { exportAsDownload } from "~/services/exports/generate.server";
import { requireApiAdmin } from "~/services/accounts/sessions/admin-session.server";
import { recordAdminChange } from "~/services/accounts/sessions/admin-change.server";
import { apiError, methodNotAllowed } from "~/utils/api.server";
import { CROSS_SITE_READ_MESSAGE, isCrossSiteRead } from "~/utils/request-guards.server";

/**
 * GET /api/admin/export/:dataset (admin only, area users):
 * users | registrations | enrollments | enrollment-forms | progress | all-data.
 *
 * Writes the workbook to the exports folder (listed in /api/admin/shared-files)
 * and answers with the file: Content-Disposition carries the filename,
 * X-Shared-Link the share path (/shared/<token>). 401/403 · 404 `{ message }`
 * for an unknown dataset · 500 `{ message }` when the export fails (logged as
 * 'Export failed' with the detail) · 405 for other methods, HEAD included (it
 * would make a file nobody receives) · 403 when a browser was sent here from
 * another site (an export is a file and a share link: it is made only when the
 * admin asks from this site; the panel's own button is a POST).
 */
const EXPORT_FAILED_MESSAGE = "Export failed. Please try again.";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const admin = await requireApiAdmin(request, "users");
  if (request.method === "HEAD") return methodNotAllowed(["GET"]);
  if (isCrossSiteRead(request)) return apiError(403, CROSS_SITE_READ_MESSAGE);
  const dataset = params.dataset;
  if (!isExportDataset(dataset))
    return apiError(404, "Unknown export. Choose users, registrations, enrollments, enrollment-forms, progress or all-data.");

  const exported = await exportAsDownload(dataset, admin);
  if (!exported) return apiError(500, EXPORT_FAILED_MESSAGE);
  recordAdminChange(admin, { entity: "export", verb: "created", id: exported.file.id });
  return exported.response;
}

export async function action({ request }: ActionFunctionArgs) {
  await requireApiAdmin(request, "users");
  return methodNotAllowed(["GET"]);
}
