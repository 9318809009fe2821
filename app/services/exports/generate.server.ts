import { randomBytes } from "node:crypto";
import { mkdir, rename, rm, stat } from "node:fs/promises";
import { join } from "node:path";
import { createSharedFileUnlessErasedSince } from "~/models/content/shared-file.server";
import { readSettings } from "~/models/site/site-settings.server";
import { formatIsoDateInIndia, formatIsoTimeInIndia } from "~/utils/dates";
import type { ExportDataset } from "./datasets";
import { enrollmentFormsSheet } from "./enrollment-forms.server";
import { enrollmentsSheet } from "./enrollments.server";
import { progressSheet } from "./progress.server";
import { registrationsSheet } from "./registrations.server";
import { exportsDirectory, newShareToken, openStoredExport, revokeSharedFile, sharePathFor, workbookResponse } from "./stored-files.server";
import { usersSheet } from "./users.server";
import { anySheet, writeWorkbook, type AnySheet } from "./workbook-writer.server";

// Making an export: the dataset's sheets written by the shared writer to the
// exports folder, recorded in shared_files. A failed export leaves neither a
// partial file nor a shared_files row.

export type GeneratedExport = {
  /** shared_files row id */
  id: number;
  filename: string;
  sizeBytes: number;
  /** The share path, e.g. "/shared/<token>" (the X-Shared-Link header). */
  sharePath: string;
  /** Absolute path of the stored file on disk (to stream it back). */
  storedPath: string;
};

const SHEETS: Record<Exclude<ExportDataset, "all-data">, AnySheet> = {
  users: anySheet(usersSheet),
  registrations: anySheet(registrationsSheet),
  enrollments: anySheet(enrollmentsSheet),
  "enrollment-forms": anySheet(enrollmentFormsSheet),
  progress: anySheet(progressSheet),
};

/** "All data" is the Users tab's four tables; course progress is exported on its own. */
const ALL_DATA = ["users", "registrations", "enrollments", "enrollment-forms"] as const;

function sheetsOf(dataset: ExportDataset): AnySheet[] {
  return dataset === "all-data" ? ALL_DATA.map((name) => SHEETS[name]) : [SHEETS[dataset]];
}

/** "users-2026-11-22-1530.xlsx": the dataset and the time of the export in India. */
export function exportFilename(dataset: ExportDataset, now = new Date()): string {
  return `${dataset}-${formatIsoDateInIndia(now)}-${formatIsoTimeInIndia(now).replace(":", "")}.xlsx`;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** A new share link works for the days set in site settings (1 to 30). */
const shareLinkExpiresAt = (now: Date) => new Date(now.getTime() + readSettings("retention").shareLinkDays * DAY_MS);

/** Writes the dataset's .xlsx to the exports folder, records it in shared_files, and returns it. Throws on failure. */
export async function generateExport(dataset: ExportDataset, adminId: number | null, now = new Date()): Promise<GeneratedExport> {
  // An account erased while the rows were read may be in the file; it is then written again, once, without them.
  return (await writeAndRecord(dataset, adminId, now)) ?? (await writeAndRecord(dataset, adminId, now)) ?? refusedTwice();
}

const refusedTwice = (): never => {
  throw new Error("Accounts were erased while the export was read, twice");
};

/** One attempt: the stored file, or null (and no file) when an account was erased while it was read. */
async function writeAndRecord(dataset: ExportDataset, adminId: number | null, now: Date): Promise<GeneratedExport | null> {
  const directory = exportsDirectory();
  await mkdir(directory, { recursive: true });
  const storedName = `${randomBytes(16).toString("hex")}.xlsx`;
  const storedPath = join(directory, storedName);
  // Written under a temporary name, renamed when complete: the stored name
  // only ever holds a whole workbook.
  const temporaryPath = join(directory, `.${storedName}.part`);
  const readStartedAt = new Date();
  try {
    await writeWorkbook(temporaryPath, sheetsOf(dataset));
    await rename(temporaryPath, storedPath);
    const { size } = await stat(storedPath);
    const token = newShareToken();
    const row = createSharedFileUnlessErasedSince(
      {
        token,
        filename: exportFilename(dataset, now),
        storedPath: storedName,
        sizeBytes: size,
        createdByAdminId: adminId,
        expiresAt: shareLinkExpiresAt(now),
      },
      readStartedAt,
    );
    if (!row) {
      await rm(storedPath, { force: true });
      return null;
    }
    return { id: row.id, filename: row.filename, sizeBytes: row.sizeBytes, sharePath: sharePathFor(token), storedPath };
  } catch (error) {
    await rm(temporaryPath, { force: true });
    await rm(storedPath, { force: true });
    throw error;
  }
}

/**
 * Generates an export and answers with the file (X-Shared-Link carries its
 * share path), for the Users tab's buttons and the JSON door alike. Null when
 * it failed: 'Export failed' is logged with the detail and nothing is left
 * behind, not even a listed file that could not be sent.
 */
export async function exportAsDownload(
  dataset: ExportDataset,
  admin: { id: number; adminId: string },
): Promise<{ file: GeneratedExport; response: Response } | null> {
  let file: GeneratedExport | undefined;
  try {
    file = await generateExport(dataset, admin.id);
    const download = await openStoredExport(file.storedPath);
    if (!download) throw new Error(`The written export ${file.storedPath} is missing`);
    return { file, response: workbookResponse(download, file.filename, { "X-Shared-Link": file.sharePath }) };
  } catch (error) {
    console.error("Export failed", { dataset, adminId: admin.adminId }, error);
    if (file) await revokeSharedFile(file.id).catch(() => undefined);
    return null;
  }
}
