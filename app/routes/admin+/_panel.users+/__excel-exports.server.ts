import type { GeneratedFile } from "~/components/admin/excel-exports";
import { findSharedFile, listSharedFiles, shareLinkExpiry, shareLinkState, type SharedFileRow } from "~/models/content/shared-file.server";
import { sharePathFor } from "~/services/exports/stored-files.server";
import { confirmDeletePath } from "~/utils/admin-routes";
import { formatIndiaDateTime } from "~/utils/dates";

// What the Users tab shows of the generated Excel files (filename, size in KB
// with one decimal, created date, Share Link, Download).

/** "12.3 KB": the size in kilobytes (1 KB = 1024 bytes) with one decimal. */
export function fileSizeLabel(sizeBytes: number): string {
  return `${(Math.max(0, sizeBytes) / 1024).toFixed(1)} KB`;
}

/**
 * The generated files, newest first, as the 'Generated Excel Files' list shows them.
 * The Users layout's loader calls it after its own `requireAdmin(request, "users")`.
 */
export function loadGeneratedFiles(_request: Request): GeneratedFile[] {
  return listSharedFiles().map((file) => ({
    id: file.id,
    filename: file.filename,
    sizeLabel: fileSizeLabel(file.sizeBytes),
    createdIso: file.createdAt.toISOString(),
    createdLabel: formatIndiaDateTime(file.createdAt),
    linkStatus: shareLinkStatus(file),
    // Download goes through the file's share link: the same file, served as an attachment
    // to whoever holds the link, so no second download route is needed for admins.
    downloadPath: sharePathFor(file.token),
    shareDialogPath: `/admin/users/files/${file.id}`,
    deleteDialogPath: confirmDeletePath(`/admin/users/files/${file.id}`, ""),
  }));
}

/** The generated file a dialog's `:id` names; null for an unknown or malformed id (the dialogs answer 404). */
export function findGeneratedFile(id: string | undefined): SharedFileRow | null {
  if (!id || !/^[1-9]\d{0,15}$/.test(id)) return null;
  const number = Number(id);
  return Number.isSafeInteger(number) ? findSharedFile(number) : null;
}

/** Whether the share link works, in the words the list and the dialog show. */
export function shareLinkStatus(file: SharedFileRow, now = new Date()): { live: boolean; text: string } {
  const state = shareLinkState(file, now);
  if (state === "revoked" && file.revokedAt) return { live: false, text: `Link revoked on ${formatIndiaDateTime(file.revokedAt)}` };
  const expiry = formatIndiaDateTime(shareLinkExpiry(file));
  return state === "live" ? { live: true, text: `Link works until ${expiry}` } : { live: false, text: `Link expired on ${expiry}` };
}
