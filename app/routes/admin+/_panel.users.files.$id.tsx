import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useState } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { AdminDialog, ConfirmDeleteDialog } from "~/components/admin/admin-dialog";
import { inputClass } from "~/components/forms";
import { buttonClass } from "~/components/ui/button";
import { revokeSharedFile, sharePathFor } from "~/services/exports/stored-files.server";
import { requireAdmin } from "~/utils/admin-session.server";
import { redirectAfterAdminChange } from "~/utils/admin-change.server";
import { readItemForm } from "~/utils/admin-intent.server";
import { asksToConfirmDelete } from "~/utils/admin-routes";
import { siteOrigin } from "~/utils/seo.server";
import { pageMeta } from "~/utils/seo";
import { findGeneratedFile } from "./__excel-exports.server";

// One generated Excel file (admin spec §2 Users tab). 'Share Excel File': its
// full share link in a read-only field, selectable without JavaScript, and a
// Copy button that puts it on the clipboard when JavaScript runs. With
// ?confirm=delete, the question before deleting it: deleting is how a share
// link is revoked (the stored file and its row go; the link answers 404).

const BACK_TO = "/admin/users";
const notFound = () => new Response("Not Found", { status: 404 });

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request, "users");
  const file = findGeneratedFile(params.id);
  if (!file) throw notFound();
  return {
    file: { id: file.id, filename: file.filename },
    confirmDelete: asksToConfirmDelete(request) ? { question: `Delete "${file.filename}"? Its share link will stop working.` } : null,
    shareLink: `${siteOrigin(request)}${sharePathFor(file.token)}`,
  };
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  pageMeta(matches, {
    title: data ? `${data.confirmDelete ? "Delete" : "Share"} Excel File: ${data.file.filename}` : "Excel File",
    description: "Admin panel.",
    path: data ? `/admin/users/files/${data.file.id}` : BACK_TO,
    noindex: true,
  });

export async function action({ request, params }: ActionFunctionArgs) {
  const admin = await requireAdmin(request, "users");
  await readItemForm(request, ["delete"]);
  const file = findGeneratedFile(params.id);
  if (!file || !(await revokeSharedFile(file.id))) throw notFound();
  return redirectAfterAdminChange(admin, { entity: "shared_file", verb: "deleted", id: file.id }, BACK_TO, {
    title: "File deleted",
    description: `“${file.filename}” has been deleted; its share link no longer works.`,
  });
}

type CopyState = "idle" | "copied" | "failed";

export default function ExcelFileDialog() {
  const { file, confirmDelete, shareLink } = useLoaderData<typeof loader>();
  if (confirmDelete) return <ConfirmDeleteDialog id="delete-file" backTo={BACK_TO} {...confirmDelete} />;
  return <ShareDialog filename={file.filename} shareLink={shareLink} />;
}

function ShareDialog({ filename, shareLink }: { filename: string; shareLink: string }) {
  const hydrated = useHydrated();
  const [copy, setCopy] = useState<CopyState>("idle");

  async function copyLink() {
    try {
      await navigator.clipboard.writeText(shareLink);
      setCopy("copied");
    } catch {
      // The browser refused the clipboard: the link stays selected in the field for a manual copy.
      setCopy("failed");
    }
  }

  return (
    <AdminDialog id="share-file" title="Share Excel File" backTo={BACK_TO}>
      <p className="mt-2 break-all text-slate-700">
        <span className="font-semibold text-navy-900">{filename}</span>
      </p>
      <p className="mt-2 text-sm text-slate-700">
        Anyone who has this link can download the file without signing in, until you delete the file from Generated Excel Files. It holds
        students’ personal data: share it only with people who need it.
      </p>
      <div className="mt-4 grid gap-1.5">
        <label htmlFor="share-link" className="text-sm font-semibold text-navy-900">
          Share link
        </label>
        <div className="flex flex-col gap-2 sm:flex-row">
          <input
            id="share-link"
            type="text"
            readOnly
            value={shareLink}
            onFocus={(event) => event.currentTarget.select()}
            className={inputClass}
            aria-describedby="share-link-hint"
          />
          {hydrated ? (
            <button type="button" onClick={copyLink} className={buttonClass("primary", "shrink-0")}>
              Copy
            </button>
          ) : null}
        </div>
        <p id="share-link-hint" className="text-sm text-slate-600">
          {hydrated ? "Copy the link, or select it and copy it yourself." : "Select the link and copy it."}
        </p>
        <p role="status" className={`min-h-6 text-sm font-semibold ${copy === "failed" ? "text-red-800" : "text-emerald-800"}`}>
          {copy === "copied" ? "Copied" : copy === "failed" ? "Could not copy: select the link and copy it yourself." : ""}
        </p>
      </div>
      <div className="mt-2 flex justify-end">
        <Link to={BACK_TO} preventScrollReset className={buttonClass("outline")}>
          Close
        </Link>
      </div>
    </AdminDialog>
  );
}
