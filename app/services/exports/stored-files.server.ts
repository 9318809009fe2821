import { randomBytes } from "node:crypto";
import { open, rm, unlink } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join, relative, resolve, sep, isAbsolute } from "node:path";
import { createReadableStreamFromReadable } from "@remix-run/node";
import { deleteSharedFile, listStoppedSharedFiles, revokeShareLink, type SharedFileRow } from "~/models/content/shared-file.server";
import { getEnv } from "~/utils/env.server";
import { newUrlToken, URL_TOKEN_PATTERN } from "~/utils/url-token.server";
import { writeWorkbook, type AnySheet } from "./workbook-writer.server";

// Where generated exports are kept and how they are handed out: the exports
// folder beside the database, a shared_files row per file under a random
// token (its share link, /shared/<token>), and the download response.

const XLSX_CONTENT_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/** A share token: 32 random bytes, base64url (43 characters). */
export const SHARE_TOKEN_PATTERN = URL_TOKEN_PATTERN;
export const newShareToken = newUrlToken;
export const sharePathFor = (token: string) => `/shared/${token}`;

/** The names generated files are stored under (see generate.server.ts); nothing else in the folder is ever served. */
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
 * Sheets handed over as an .xlsx download and kept nowhere: written by the
 * shared writer to a temporary path, whose name is gone once the response
 * holds the open file.
 */
export async function temporaryWorkbookDownload(sheets: AnySheet[], filename: string): Promise<Response> {
  const path = join(tmpdir(), `download-${randomBytes(8).toString("hex")}.xlsx`);
  try {
    await writeWorkbook(path, sheets);
    const download = await openStoredExport(path);
    if (!download) throw new Error(`The written workbook ${path} is missing`);
    return workbookResponse(download, filename);
  } finally {
    // The open file stays readable to the response after its name is gone.
    await rm(path, { force: true });
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

/**
 * Stops a share link and removes the stored file, keeping the row and its
 * downloads for the admin to read. Null when there was no such live link.
 */
export async function revokeShareLinkAndFile(id: number): Promise<SharedFileRow | null> {
  const row = revokeShareLink(id);
  const path = row && sharedFilePath(row);
  if (path) await rm(path, { force: true });
  return row;
}

/** Removes these rows' stored files; how many were still on disk. A row whose path was never ours is skipped. */
export async function removeStoredFiles(rows: Pick<SharedFileRow, "storedPath">[]): Promise<number> {
  let removed = 0;
  for (const row of rows) {
    const path = sharedFilePath(row);
    if (!path) continue;
    try {
      await unlink(path);
      removed += 1;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    }
  }
  return removed;
}

/**
 * The retention job's sweep: the stored file of every link that has expired
 * or was revoked goes, rows kept (decision 0037). Revoking removes its file at
 * once; this also catches a removal that failed or a process that stopped
 * between the revocation and the removal. How many files went.
 */
export async function sweepStoppedExportFiles(now = new Date()): Promise<number> {
  return removeStoredFiles(listStoppedSharedFiles(now));
}
