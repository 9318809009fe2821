import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { useState } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { AdminDialog, ConfirmDeleteDialog } from "~/components/admin/admin-dialog";
import { inputClass } from "~/components/forms";
import { buttonClass } from "~/components/ui/button";
import { listSharedFileDownloads } from "~/models/content/shared-file.server";
import { revokeShareLinkAndFile, revokeSharedFile, sharePathFor } from "~/services/exports/stored-files.server";
import { requireAdmin } from "~/services/accounts/sessions/admin-session.server";
import { redirectAfterAdminChange } from "~/services/accounts/sessions/admin-change.server";
import { readItemForm } from "~/utils/form-intent.server";
import { asksToConfirmDelete } from "~/utils/admin-routes";
import { publicOrigin } from "~/utils/env.server";
import { pageMeta } from "~/utils/seo";
import { redirectWithToast } from "~/utils/toast.server";
import { findGeneratedFile, shareLinkStatus } from "./__excel-exports.server";
import { formatIndiaDateTime } from "~/utils/dates";
import { ShareDownloads, type ShareDownloadRow } from "./__share-downloads";

// One generated Excel file. 'Share Excel File': its
// full share link in a read-only field, selectable without JavaScript, and a
// Copy button that puts it on the clipboard when JavaScript runs; until when
// the link works, a Revoke link button (the link answers 404 from then on and
// the stored file goes), and each download through the link. With
// ?confirm=delete, the question before deleting the file and its row.

const BACK_TO = "/admin/users";
const notFound = () => new Response("Not Found", { status: 404 });

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request, "users");
  const file = findGeneratedFile(params.id);
  if (!file) throw notFound();
  const downloads: ShareDownloadRow[] = listSharedFileDownloads(file.id).map((download) => ({
    atIso: download.downloadedAt.toISOString(),
    atLabel: formatIndiaDateTime(download.downloadedAt),
    ipAddress: download.ipAddress ?? "unknown",
    userAgent: download.userAgent ?? "unknown",
  }));
  return {
    file: { id: file.id, filename: file.filename },
    status: shareLinkStatus(file),
    downloads,
    confirmDelete: asksToConfirmDelete(request) ? { question: `Delete "${file.filename}"? Its share link will stop working.` } : null,
    shareLink: `${publicOrigin()}${sharePathFor(file.token)}`,
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
  const { intent } = await readItemForm(request, ["delete", "revoke"]);
  const file = findGeneratedFile(params.id);
  if (!file) throw notFound();
  if (intent === "revoke") {
    // Revoking twice (a second tab, a repeated post) changes nothing and says so.
    if (!(await revokeShareLinkAndFile(file.id))) {
      return redirectWithToast(`/admin/users/files/${file.id}`, { title: "Link already stopped", description: shareLinkStatus(file).text });
    }
    return redirectAfterAdminChange(admin, { entity: "shared_file", verb: "revoked", id: file.id }, `/admin/users/files/${file.id}`, {
      title: "Link revoked",
      description: `The share link of “${file.filename}” no longer works.`,
    });
  }
  if (!(await revokeSharedFile(file.id))) throw notFound();
  return redirectAfterAdminChange(admin, { entity: "shared_file", verb: "deleted", id: file.id }, BACK_TO, {
    title: "File deleted",
    description: `“${file.filename}” has been deleted; its share link no longer works.`,
  });
}

type CopyState = "idle" | "copied" | "failed";

export default function ExcelFileDialog() {
  const { file, confirmDelete, shareLink, status, downloads } = useLoaderData<typeof loader>();
  if (confirmDelete) return <ConfirmDeleteDialog id="delete-file" backTo={BACK_TO} {...confirmDelete} />;
  return (
    <AdminDialog id="share-file" title="Share Excel File" backTo={BACK_TO} wide>
      <p className="mt-2 break-all text-slate-700">
        <span className="font-semibold text-navy-900">{file.filename}</span>
      </p>
      <p className="mt-2 text-sm font-semibold text-slate-800">{status.text}</p>
      {status.live ? <ShareLinkField shareLink={shareLink} /> : null}
      <ShareDownloads downloads={downloads} />
      <div className="mt-4 flex flex-wrap justify-end gap-2">
        {status.live ? (
          <Form method="post">
            <button type="submit" name="intent" value="revoke" className={buttonClass("secondary", "bg-red-700 hover:bg-red-800")}>
              Revoke link
            </button>
          </Form>
        ) : null}
        <Link to={BACK_TO} preventScrollReset className={buttonClass("outline")}>
          Close
        </Link>
      </div>
    </AdminDialog>
  );
}

function ShareLinkField({ shareLink }: { shareLink: string }) {
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
    <>
      <p className="mt-2 text-sm text-slate-700">
        Anyone who has this link can download the file without signing in until it expires or you revoke it. It holds students’ personal
        data: share it only with people who need it.
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
    </>
  );
}
