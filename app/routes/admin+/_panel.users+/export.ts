import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { isExportDataset } from "~/services/exports/datasets";
import { exportAsDownload } from "~/services/exports/generate.server";
import { EXPORT_FAILURE_MESSAGES, type ExportFailure } from "~/components/admin/excel-exports";
import { requireAdmin } from "~/services/accounts/sessions/admin-session.server";
import { recordAdminChange } from "~/services/accounts/sessions/admin-change.server";
import { redirectWithToast } from "~/utils/toast.server";
import { readFormData } from "~/utils/form-data.server";

// POST /admin/users/export: the Users tab's export buttons.
// A resource route: the answer is the .xlsx itself as an attachment
// (Content-Disposition with the filename, X-Shared-Link with the share path),
// so a plain form post without JavaScript downloads the file and the browser
// stays on the page. The buttons' script posts here too (with fetch) and asks
// for failures as JSON; without it a failure comes back as a toast on the tab
// (logged, and the admin also sees a plain message).

const USERS_TAB = "/admin/users";

/** A GET (a bookmarked or reloaded address) goes to the tab itself. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request, "users");
  return redirect(USERS_TAB);
}

/** Back to the table the admin was on (only paths of the Users tab), else the tab. */
function returnPath(value: FormDataEntryValue | null): string {
  if (typeof value !== "string") return USERS_TAB;
  const url = new URL(value, "http://local.invalid");
  return url.origin === "http://local.invalid" && (url.pathname === USERS_TAB || url.pathname.startsWith(`${USERS_TAB}/`))
    ? url.pathname + url.search
    : USERS_TAB;
}

/** With JavaScript: JSON the buttons show inline. Without: the tab again, with a destructive toast. */
function exportFailed(wantsJson: boolean, status: 400 | 500, description: string, returnTo: string) {
  const failure: ExportFailure = { title: EXPORT_FAILURE_MESSAGES.title, description };
  if (wantsJson) return Response.json(failure, { status, headers: { "Cache-Control": "no-store" } });
  return redirectWithToast(returnTo, { type: "destructive", ...failure });
}

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdmin(request, "users");
  const form = await readFormData(request);
  const wantsJson = request.headers.get("Accept")?.includes("application/json") ?? false;
  const returnTo = returnPath(form.get("returnTo"));
  const dataset = form.get("dataset");

  if (typeof dataset !== "string" || !isExportDataset(dataset)) {
    console.warn("Export refused: unknown dataset", { dataset: String(dataset).slice(0, 60), adminId: admin.adminId });
    return exportFailed(wantsJson, 400, EXPORT_FAILURE_MESSAGES.unknownDataset, returnTo);
  }

  const exported = await exportAsDownload(dataset, admin);
  if (!exported) return exportFailed(wantsJson, 500, EXPORT_FAILURE_MESSAGES.notCreated, returnTo);
  recordAdminChange(admin, { entity: "export", verb: "created", id: exported.file.id });
  return exported.response;
}
