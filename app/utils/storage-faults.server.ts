import type { ServerBuild } from "@remix-run/node";
import { wrapLoadersAndActions, type DataFunction } from "./server-build.server";

// When the disk is full or the database cannot be written (read-only mount,
// I/O error, a lock held too long), a write answers 503 with words a visitor
// understands, and the transaction that failed has rolled back: nothing half
// written. Reads go on working.

export const STORAGE_UNAVAILABLE_MESSAGE = "We can't save changes right now. Nothing was saved; please try again in a few minutes.";
const RETRY_AFTER_SECONDS = "120";

const SQLITE_STORAGE_CODES = /^SQLITE_(FULL|READONLY|IOERR|CANTOPEN|BUSY|LOCKED|NOMEM|CORRUPT|NOTADB)/;
const FILE_SYSTEM_CODES = new Set(["ENOSPC", "EROFS", "EDQUOT", "EIO", "EACCES", "EPERM"]);

export function isStorageFault(error: unknown): boolean {
  if (!(error instanceof Error) || !("code" in error) || typeof error.code !== "string") return false;
  return SQLITE_STORAGE_CODES.test(error.code) || FILE_SYSTEM_CODES.has(error.code);
}

function storageUnavailableResponse(): Response {
  return Response.json(
    { message: STORAGE_UNAVAILABLE_MESSAGE },
    { status: 503, headers: { "Retry-After": RETRY_AFTER_SECONDS, "Cache-Control": "no-store" } },
  );
}

/** For the places that catch a failed write themselves: let storage faults through to the 503. */
export function rethrowStorageFault(error: unknown) {
  if (isStorageFault(error)) throw error;
}

function answeringStorageFaults<F extends DataFunction>(fn: F): F {
  const wrapped = async (...args: Parameters<F>) => {
    try {
      return await fn(...args);
    } catch (error) {
      if (!isStorageFault(error)) throw error;
      console.error("Storage unavailable:", error instanceof Error ? error.message : error);
      // A thrown Response is the answer: as is for /api routes, the error page for pages.
      throw storageUnavailableResponse();
    }
  };
  return wrapped as F;
}

/** The build with every route's loader and action answering storage faults with a 503. */
export function withStorageFaultAnswers(build: ServerBuild): ServerBuild {
  return wrapLoadersAndActions(build, answeringStorageFaults);
}

/**
 * What a form that catches its own failed write answers: 503 and the storage
 * message when the disk is at fault (so the visitor's typing stays on the form),
 * otherwise 500 and the form's own words.
 */
export function failedWrite(error: unknown, message: string): { status: 500 | 503; message: string } {
  return isStorageFault(error) ? { status: 503, message: STORAGE_UNAVAILABLE_MESSAGE } : { status: 500, message };
}
