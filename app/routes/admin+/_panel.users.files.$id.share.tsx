import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useState } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { AdminDialog } from "~/components/admin/admin-dialog";
import { inputClass } from "~/components/forms";
import { buttonClass } from "~/components/ui/button";
import { sharePathFor } from "~/services/exports/stored-files.server";
import { requireAdmin } from "~/utils/admin-session.server";
import { siteOrigin } from "~/utils/seo.server";
import { pageMeta } from "~/utils/seo";
import { findGeneratedFile } from "./__excel-exports.server";

// 'Share Excel File' (admin spec §2 Users tab): a generated file's full share
// link in a read-only field, selectable without JavaScript, and a Copy button
// that puts it on the clipboard when JavaScript runs.

const BACK_TO = "/admin/users";

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request, "users");
  const file = findGeneratedFile(params.id);
  if (!file) throw new Response("Not Found", { status: 404 });
  return {
    file: { id: file.id, filename: file.filename },
    shareLink: `${siteOrigin(request)}${sharePathFor(file.token)}`,
  };
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  pageMeta(matches, {
    title: data ? `Share Excel File: ${data.file.filename}` : "Share Excel File",
    description: "Admin panel.",
    path: data ? `/admin/users/files/${data.file.id}/share` : BACK_TO,
    noindex: true,
  });

type CopyState = "idle" | "copied" | "failed";

export default function ShareExcelFileDialog() {
  const { file, shareLink } = useLoaderData<typeof loader>();
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
        <span className="font-semibold text-navy-900">{file.filename}</span>
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
