import { randomBytes } from "node:crypto";
import { mkdir, open, rename, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join, relative, resolve, sep, isAbsolute } from "node:path";
import { createReadableStreamFromReadable } from "@remix-run/node";
import { createSharedFile, deleteSharedFile, type SharedFileRow } from "~/models/shared-file.server";
import { getEnv } from "~/utils/env.server";
import { exportFilename, sheetsOf, writeWorkbook, type ExportDataset } from "./excel.server";

// The generated Excel files: each export is written to the exports
// folder beside the database and recorded in shared_files under a random
// token, which is its share link (/shared/<token>). A failed export leaves
// neither a partial file nor a shared_files row.

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

export const XLSX_CONTENT_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/** A share token: 32 random bytes, base64url (43 characters). */
export const SHARE_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
export const newShareToken = () => randomBytes(32).toString("base64url");
export const sharePathFor = (token: string) => `/shared/${token}`;

/** The names this module gives stored files; nothing else in the folder is ever served. */
const STORED_NAME = /^[a-f0-9]{32}\.xlsx$/;

/**
 * data/exports/ beside the database file; for an in-memory test database, a
 * temporary folder of this process's own (test files run side by side).
 */
export function exportsDirectory(): string {
  const database = getEnv().DATABASE_URL;
  return database === ":memory:" ? join(tmpdir(), `site-exports-${process.pid}`) : join(dirname(resolve(database)), "exports");
}

/**
 * The file a shared_files row stands for, or null when its stored path is not
 * a name this module made or would resolve outside the exports folder. Rows
 * keep the bare stored name (relative to the folder, so the data folder can
 * move); an absolute path is accepted only when it lies inside the folder.
 */
export function sharedFilePath(row: Pick<SharedFileRow, "storedPath">): string | null {
  const directory = exportsDirectory();
  const full = resolve(directory, row.storedPath);
  const inside = relative(directory, full);
  if (!inside || inside.startsWith("..") || isAbsolute(inside) || inside.includes(sep)) return null;
  return STORED_NAME.test(inside) ? full : null;
}

/** `attachment` with the filename, plain (RFC 6266) and RFC 5987-encoded (browsers take the latter). */
export function attachmentDisposition(filename: string): string {
  const plain = filename.replace(/[^\x20-\x7e]|["\\]/g, "_");
  return `attachment; filename="${plain}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

/**
 * A stored file's bytes as a web stream (read from disk as it is sent, never
 * held whole in memory) and its size; null when the file is gone. `path` must
 * come from `sharedFilePath` or `generateExport`, never from a request.
 */
export async function openStoredExport(path: string): Promise<{ body: ReadableStream<Uint8Array>; size: number } | null> {
  let handle;
  try {
    handle = await open(path, "r");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
  try {
    const { size } = await handle.stat();
    return { body: createReadableStreamFromReadable(handle.createReadStream()), size };
  } catch (error) {
    await handle.close();
    throw error;
  }
}

/** Writes the dataset's .xlsx to the exports folder, records it in shared_files, and returns it. Throws on failure. */
export async function generateExport(dataset: ExportDataset, adminId: number | null, now = new Date()): Promise<GeneratedExport> {
  const directory = exportsDirectory();
  await mkdir(directory, { recursive: true });
  const storedName = `${randomBytes(16).toString("hex")}.xlsx`;
  const storedPath = join(directory, storedName);
  // Written under a temporary name, renamed when complete: the stored name
  // only ever holds a whole workbook.
  const temporaryPath = join(directory, `.${storedName}.part`);
  try {
    await writeWorkbook(temporaryPath, sheetsOf(dataset));
    await rename(temporaryPath, storedPath);
    const { size } = await stat(storedPath);
    const token = newShareToken();
    const row = createSharedFile({
      token,
      filename: exportFilename(dataset, now),
      storedPath: storedName,
      sizeBytes: size,
      createdByAdminId: adminId,
    });
    return { id: row.id, filename: row.filename, sizeBytes: row.sizeBytes, sharePath: sharePathFor(token), storedPath };
  } catch (error) {
    await rm(temporaryPath, { force: true });
    await rm(storedPath, { force: true });
    throw error;
  }
}

/** A stored workbook handed over as a download; the same headers wherever it is sent from. */
export function workbookResponse(
  download: { body: ReadableStream<Uint8Array>; size: number },
  filename: string,
  headers: Record<string, string> = {},
): Response {
  return new Response(download.body, {
    headers: {
      "Content-Type": XLSX_CONTENT_TYPE,
      "Content-Length": String(download.size),
      "Content-Disposition": attachmentDisposition(filename),
      "Cache-Control": "no-store",
      ...headers,
    },
  });
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

/** Revokes a share: deletes the shared_files row and the file on disk. False when there was no such file. */
export async function revokeSharedFile(id: number): Promise<boolean> {
  const row = deleteSharedFile(id);
  if (!row) return false;
  const path = sharedFilePath(row);
  // A file already gone (or a row whose path was never ours) is revoked all the same.
  if (path) await rm(path, { force: true });
  return true;
}
