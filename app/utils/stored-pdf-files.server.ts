import { randomBytes } from "node:crypto";
import { rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { getEnv } from "./env.server";

// Where rendered PDFs (certificates, receipts, GST documents) are kept: the
// pdfs folder beside the database, like uploads and exports, so the data
// volume holds them and nothing under public/ ever serves them. Each file has
// a random name that a stored_pdfs row points at; a database that does not
// name a file never serves it, whatever else the folder holds.

const STORED_NAME = /^[a-f0-9]{32}\.pdf$/;

/** data/pdfs/ beside the database file; for an in-memory test database, a temporary folder of this process's own. */
export function storedPdfDirectory(): string {
  const database = getEnv().DATABASE_URL;
  return database === ":memory:" ? join(tmpdir(), `site-pdfs-${process.pid}`) : join(dirname(resolve(database)), "pdfs");
}

export const newStoredPdfName = () => `${randomBytes(16).toString("hex")}.pdf`;

/** The path of a stored file; null for any name this module would not make (so no `../`). */
export function storedPdfPath(fileName: string): string | null {
  return STORED_NAME.test(fileName) ? join(storedPdfDirectory(), fileName) : null;
}

/**
 * Deletes stored files (missing ones are no error). Called inside the
 * transaction that ends a document's life (a revoked certificate, an erased
 * account): if that transaction rolls back, the document is rendered afresh on
 * its next download.
 */
export function discardStoredPdfFiles(fileNames: string[]): void {
  for (const name of fileNames) {
    const path = storedPdfPath(name);
    if (path) rmSync(path, { force: true });
  }
}
