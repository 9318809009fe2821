import { Link, useLocation, useRevalidator } from "@remix-run/react";
import { useState, type FormEvent } from "react";
import { EmptyState } from "~/components/admin/admin-page";
import { FormNotice } from "~/components/forms";
import { buttonClass } from "~/components/ui/button";
import type { ExportDataset } from "~/services/exports/datasets";

// The Users tab's export pieces:
// the export buttons at the top, and below the tables the 'Excel Export
// Options' explanation and the 'Generated Excel Files' list.

/** One generated file as the list shows it (built by `loadGeneratedFiles` in routes/admin+/_panel.users+/__excel-exports.server.ts). */
export type GeneratedFile = {
  id: number;
  filename: string;
  /** "12.3 KB" */
  sizeLabel: string;
  createdIso: string;
  /** India time, e.g. "Dec 5, 2026, 7:30 pm IST" */
  createdLabel: string;
  /** "Link works until …", "Link expired on …" or "Link revoked on …"; Download is offered only while it works. */
  linkStatus: { live: boolean; text: string };
  downloadPath: string;
  shareDialogPath: string;
  deleteDialogPath: string;
};

/** The page route every export button posts to (routes/admin+/_panel.users+/export.tsx). */
const EXPORT_ACTION_PATH = "/admin/users/export";

/** The buttons, in the order of the tables, and what each file holds (the explanation box repeats it). */
const EXPORT_CHOICES: { dataset: ExportDataset; label: string; contents: string }[] = [
  {
    dataset: "users",
    label: "Export Users",
    contents: "every account: email, first and last name, Admin or User, and the date joined.",
  },
  {
    dataset: "registrations",
    label: "Export Event Registrations",
    contents: "every event registration: the name, email and phone given, the event and its date, and when they registered.",
  },
  {
    dataset: "enrollments",
    label: "Export Course Enrollments",
    contents:
      "every course enrollment: the student's name and email, the course, the amount in rupees, the payment status and reference, and the enrollment date.",
  },
  {
    dataset: "enrollment-forms",
    label: "Export Enrollment Forms",
    contents:
      "every enrollment form: all the details the visitor filled in (name, WhatsApp number, email, age, location, experience, course or event, how they heard of us), the payment status and the date.",
  },
  {
    dataset: "progress",
    label: "Export Course Progress",
    contents:
      "every paid enrollment's progress: the student's name and email, the course, required lessons completed of all, the percentage, the last activity and the certificate number.",
  },
  {
    dataset: "all-data",
    label: "Export All Data",
    contents: "the first four of the above in one workbook, one sheet per table.",
  },
];

/** What the export answers a script (with JavaScript) when it fails; without JavaScript the same words come as a toast. */
export type ExportFailure = { title: string; description: string };

/** The plain words an admin sees when an export fails: the failure is logged, and the tab says so too. */
export const EXPORT_FAILURE_MESSAGES = {
  title: "Export failed",
  notCreated: "The Excel file could not be created. Please try again in a moment.",
  unknownDataset: "There is no such export. Please use one of the export buttons.",
} as const;

const FALLBACK_FAILURE: ExportFailure = { title: EXPORT_FAILURE_MESSAGES.title, description: EXPORT_FAILURE_MESSAGES.notCreated };

/** The filename from a Content-Disposition header (the RFC 5987 `filename*` first). */
function filenameFromContentDisposition(header: string | null): string | null {
  if (!header) return null;
  const encoded = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(header)?.[1];
  if (encoded) {
    try {
      return decodeURIComponent(encoded.trim());
    } catch {
      // Fall through to the plain form.
    }
  }
  return /filename\s*=\s*"([^"]+)"/i.exec(header)?.[1] ?? /filename\s*=\s*([^;]+)/i.exec(header)?.[1]?.trim() ?? null;
}

async function readFailure(response: Response): Promise<ExportFailure> {
  if (!response.headers.get("Content-Type")?.includes("application/json")) return FALLBACK_FAILURE;
  const body: unknown = await response.json().catch(() => null);
  if (body && typeof body === "object" && "description" in body && typeof body.description === "string") {
    return { title: FALLBACK_FAILURE.title, description: body.description };
  }
  return FALLBACK_FAILURE;
}

/** Hands a downloaded file to the browser as if it had been a plain download. */
function saveFile(blob: Blob, filename: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = filename;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started from the object URL; let it go once the browser has read it.
  window.setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/**
 * The export buttons at the top of the Users tab. Without JavaScript each is a
 * plain form post whose answer is the file itself (an attachment: the browser
 * downloads it and stays on the page). With JavaScript the post goes through
 * fetch, so the button can say "Exporting…", the file is saved from the answer,
 * and the 'Generated Excel Files' list reloads at once.
 */
export function ExportButtons() {
  const location = useLocation();
  const revalidator = useRevalidator();
  const [pending, setPending] = useState<string | null>(null);
  const [failure, setFailure] = useState<ExportFailure | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const returnTo = location.pathname + location.search;

  async function exportWithScript(event: FormEvent<HTMLFormElement>) {
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    if (!(submitter instanceof HTMLButtonElement)) return; // Leave anything unexpected to the browser's own post.
    event.preventDefault();
    if (pending) return;
    const body = new FormData(event.currentTarget, submitter);
    const label = submitter.dataset.label ?? "Export";
    setPending(submitter.value);
    setFailure(null);
    setDone(null);
    try {
      const response = await fetch(EXPORT_ACTION_PATH, {
        method: "POST",
        body,
        // Asks for a failure as JSON (shown here) instead of the no-JavaScript redirect with a toast.
        headers: { Accept: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet, application/json" },
      });
      if (response.redirected) {
        // The admin session ended: the sign-in page, which returns to the Users tab afterwards.
        window.location.assign(response.url);
        return;
      }
      if (!response.ok) {
        setFailure(await readFailure(response));
        return;
      }
      const filename = filenameFromContentDisposition(response.headers.get("Content-Disposition")) ?? `${submitter.value}.xlsx`;
      saveFile(await response.blob(), filename);
      setDone(`${label}: downloaded ${filename}.`);
      revalidator.revalidate();
    } catch {
      // The network failed (offline, server down): the same plain words as any failure.
      setFailure(FALLBACK_FAILURE);
    } finally {
      setPending(null);
    }
  }

  return (
    <div className="mt-4">
      <form
        method="post"
        action={EXPORT_ACTION_PATH}
        onSubmit={exportWithScript}
        aria-label="Export to Excel"
        className="flex flex-wrap gap-2"
      >
        <input type="hidden" name="returnTo" value={returnTo} />
        {EXPORT_CHOICES.map((choice) => (
          <button
            key={choice.dataset}
            type="submit"
            name="dataset"
            value={choice.dataset}
            data-label={choice.label}
            disabled={pending !== null}
            aria-busy={pending === choice.dataset || undefined}
            className={buttonClass(choice.dataset === "all-data" ? "secondary" : "outline")}
          >
            {pending === choice.dataset ? "Exporting…" : choice.label}
          </button>
        ))}
      </form>
      <p role="status" className="mt-2 min-h-5 text-sm text-slate-700">
        {pending ? "Exporting… the download starts when the file is ready." : done}
      </p>
      {failure ? (
        <div className="mt-2">
          <FormNotice title={failure.title}>{failure.description}</FormNotice>
        </div>
      ) : null}
    </div>
  );
}

const linkClass = buttonClass("outline", "min-h-11 px-3 py-1.5");

/** 'Excel Export Options' (the explanation box) and 'Generated Excel Files' (the list), below the tables. */
export function ExcelExports({ files }: { files: GeneratedFile[] }) {
  return (
    <div className="mt-10 grid gap-10">
      <section aria-labelledby="excel-export-options-heading">
        <h2 id="excel-export-options-heading" className="text-xl font-bold text-navy-900">
          Excel Export Options
        </h2>
        <div className="mt-4 rounded-2xl border border-sky-300 bg-sky-50 p-5 text-sm text-slate-800">
          <p className="font-semibold text-navy-900">What each export contains</p>
          <dl className="mt-2 grid gap-2">
            {EXPORT_CHOICES.map((choice) => (
              <div key={choice.dataset}>
                <dt className="inline font-semibold">{choice.label}:</dt> <dd className="inline">{choice.contents}</dd>
              </div>
            ))}
          </dl>
          <p className="mt-3">
            Each file is an .xlsx workbook with a header row, dates and times in India time, and rupee amounts as numbers. Every export is
            kept in Generated Excel Files below, where you can download it again, share it or delete it.
          </p>
          <p className="mt-3">
            A share link lets anyone who holds it download the file, without signing in, for 7 days (or the days set under Settings,
            Retention and share links). Revoke a link to stop it sooner; each download through it is listed with the file.
          </p>
          <p className="mt-3 font-semibold">
            These files hold students’ personal data (names, emails and phone numbers). Share links only with people who need them, and
            delete files you no longer need.
          </p>
        </div>
      </section>

      <section aria-labelledby="generated-excel-files-heading">
        <h2 id="generated-excel-files-heading" className="text-xl font-bold text-navy-900">
          Generated Excel Files
        </h2>
        {files.length === 0 ? (
          <div className="mt-4">
            <EmptyState
              title="No files generated yet"
              hint="Use an export button at the top of this tab; each file you export is listed here."
            />
          </div>
        ) : (
          <ul className="mt-4 grid gap-3" aria-label="Generated Excel files">
            {files.map((file) => (
              <li
                key={file.id}
                className="flex flex-col gap-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 md:flex-row md:items-center md:justify-between"
              >
                <div className="min-w-0">
                  <p className="break-all font-semibold text-navy-900">{file.filename}</p>
                  <p className="mt-1 text-sm text-slate-700">
                    <span>{file.sizeLabel}</span>
                    <span aria-hidden="true"> · </span>
                    <span className="sr-only">, created </span>
                    <time dateTime={file.createdIso}>{file.createdLabel}</time>
                  </p>
                  <p className="mt-1 text-sm text-slate-700">{file.linkStatus.text}</p>
                </div>
                <div className="flex flex-wrap gap-2">
                  <Link to={file.shareDialogPath} preventScrollReset className={linkClass}>
                    Share Link<span className="sr-only"> for {file.filename}</span>
                  </Link>
                  {/* The share link itself: the stored file as an attachment (reloadDocument: not a page). */}
                  {file.linkStatus.live ? (
                    <a href={file.downloadPath} download={file.filename} className={linkClass}>
                      Download<span className="sr-only"> {file.filename}</span>
                    </a>
                  ) : null}
                  <Link
                    to={file.deleteDialogPath}
                    preventScrollReset
                    className={buttonClass("ghost", "min-h-11 px-3 py-1.5 text-red-800 hover:bg-red-50")}
                  >
                    Delete<span className="sr-only"> {file.filename}</span>
                  </Link>
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
