import { mkdir, open, readFile, rm } from "node:fs/promises";
import { remember } from "@epic-web/remember";
import { findStoredPdf, recordStoredPdf, type PdfSubject } from "~/models/site/stored-pdf.server";
import { notFoundText, personalDownload } from "~/utils/file-response.server";
import { newStoredPdfName, storedPdfDirectory, storedPdfPath } from "~/utils/stored-pdf-files.server";
import { rendersWaiting } from "./render-pool.server";

// Certificates, receipts and GST documents are rendered once and kept under
// data/pdfs/: every later download is that file, byte for byte (decision 0031
// asks it of tax documents). Rendering happens in the PDF worker; a student
// may have a few renders waiting at a time, and asking for more is refused
// with 429 and a time to come back, so one account cannot queue work without
// bound. Two requests for the same document share one render.

/** Renders one student may have in the worker's queue at once. */
export const RENDERS_PER_STUDENT = 2;
/** Beyond this many waiting renders, students are asked to come back (mail and admins still wait their turn). */
const RENDERS_WAITING_AT_MOST = 40;
const RETRY_AFTER_SECONDS = 5;

export type StoredPdf =
  | { ok: true; bytes: Buffer }
  /** The student (or everyone) has enough renders waiting: come back in a few seconds. */
  | { ok: false; reason: "busy"; retryAfterSeconds: number }
  /** The document went while it rendered (a revoked certificate, an erased account). */
  | { ok: false; reason: "gone" }
  /** The worker failed to draw it (logged); trying again may work. */
  | { ok: false; reason: "failed" };

const rendering = remember("pdf-renders-in-flight", () => new Map<string, Promise<Buffer | null>>());
const rendersByStudent = remember("pdf-renders-by-student", () => new Map<string, number>());

async function readStored(fileName: string): Promise<Buffer | null> {
  const path = storedPdfPath(fileName);
  if (!path) return null;
  try {
    return await readFile(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
}

/** Writes the file and flushes it to disk before any row names it, so a recorded file is never a torn one. */
async function writeStored(fileName: string, bytes: Buffer): Promise<void> {
  const path = storedPdfPath(fileName);
  if (!path) throw new Error(`Not a stored PDF name: ${fileName}`);
  await mkdir(storedPdfDirectory(), { recursive: true });
  const file = await open(path, "wx");
  try {
    await file.writeFile(bytes);
    await file.sync();
  } finally {
    await file.close();
  }
}

async function renderAndStore(subject: PdfSubject, render: () => Promise<Buffer>, missing: string | null): Promise<Buffer | null> {
  const bytes = await render();
  const fileName = newStoredPdfName();
  try {
    await writeStored(fileName, bytes);
  } catch (error) {
    // A full or read-only disk: the student still gets the document, drawn again next time.
    console.error(`The ${subject.kind.replace("_", " ")} PDF ${subject.id} could not be stored:`, error);
    // A part written before the failure, if the folder can be reached at all.
    await rm(storedPdfPath(fileName) ?? "", { force: true }).catch(() => undefined);
    return bytes;
  }
  const standing = recordStoredPdf(subject, fileName, missing);
  if (standing === fileName) return bytes;
  await rm(storedPdfPath(fileName) ?? "", { force: true });
  if (standing === null) return null;
  // Another render recorded first: its file is the document's from now on.
  return (await readStored(standing)) ?? bytes;
}

function countRender(student: string, change: 1 | -1) {
  const count = (rendersByStudent.get(student) ?? 0) + change;
  if (count > 0) rendersByStudent.set(student, count);
  else rendersByStudent.delete(student);
}

/**
 * The document's PDF: the stored file, or rendered by `render` (in the PDF
 * worker), stored, and then served from the file ever after. `student` names
 * who asks, for the per-student limit; the mail sender and admins pass none.
 */
export async function storedPdf(subject: PdfSubject, render: () => Promise<Buffer>, student?: string): Promise<StoredPdf> {
  const stored = findStoredPdf(subject);
  const bytes = stored === null ? null : await readStored(stored);
  if (bytes) return { ok: true, bytes };
  const key = `${subject.kind}:${subject.id}`;
  let pending = rendering.get(key);
  if (!pending) {
    if (
      student !== undefined &&
      ((rendersByStudent.get(student) ?? 0) >= RENDERS_PER_STUDENT || rendersWaiting() >= RENDERS_WAITING_AT_MOST)
    )
      return { ok: false, reason: "busy", retryAfterSeconds: RETRY_AFTER_SECONDS };
    const owner = student;
    if (owner !== undefined) countRender(owner, 1);
    pending = renderAndStore(subject, render, stored).finally(() => {
      rendering.delete(key);
      if (owner !== undefined) countRender(owner, -1);
    });
    rendering.set(key, pending);
  }
  try {
    const rendered = await pending;
    return rendered ? { ok: true, bytes: rendered } : { ok: false, reason: "gone" };
  } catch (error) {
    console.error(`The ${subject.kind.replace("_", " ")} PDF ${subject.id} could not be rendered:`, error);
    return { ok: false, reason: "failed" };
  }
}

/** The answer of a student's PDF download: the file, or why not in words (never a 500). */
export function pdfDownload(pdf: StoredPdf, filename: string): Response {
  const text = (status: number, message: string, headers: Record<string, string> = {}) =>
    new Response(message, { status, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store", ...headers } });
  if (pdf.ok) return personalDownload(pdf.bytes, "application/pdf", filename);
  switch (pdf.reason) {
    case "busy":
      return text(429, `Your earlier PDFs are still being prepared. Try this one again in ${pdf.retryAfterSeconds} seconds.`, {
        "Retry-After": String(pdf.retryAfterSeconds),
      });
    case "failed":
      return text(503, "This PDF could not be prepared just now. Try again in a minute.", { "Retry-After": "60" });
    case "gone":
      return notFoundText();
  }
}
