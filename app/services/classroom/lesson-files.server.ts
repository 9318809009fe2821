import { randomBytes } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { mkdir, rename, rm, stat } from "node:fs/promises";
import { join } from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { unstable_parseMultipartFormData, type UploadHandlerPart } from "@remix-run/node";
import { fileTypeFromFile } from "file-type";
import type { LessonFileKind } from "../../../db/enums";
import { LESSON_FILE_SPECS, lessonFileTooLarge, lessonFileWrongType } from "~/schemas/lesson-files";
import { lessonFilesDirectory } from "~/utils/lesson-files-directory.server";

// Lesson videos and attachments: kept under data/lesson-files/ beside the
// database, named by a random token, never served as static files (the
// classroom's file route checks access on every request). A file is written
// to disk as its bytes arrive, so a 500 MB video is never held in memory, and
// kept only when its content is of the kind its field asks for; the classroom's
// file route streams it back (ranges included) after its own access check.

const STORED_NAME = /^[a-f0-9]{32}\.(mp4|webm|pdf|xlsx|zip)$/;
const TEXT_FIELD_BYTES = 256 * 1024;
const MAX_FIELDS = 200;

/** The path of a stored file; null for any name the store itself would not make (so no `../`). */
export function lessonFilePath(storedName: string): string | null {
  return STORED_NAME.test(storedName) ? join(lessonFilesDirectory(), storedName) : null;
}

/** Removes stored files (those of a form that then failed, or of a deleted lesson). */
export async function discardLessonFiles(storedNames: string[]): Promise<void> {
  await Promise.all(
    storedNames.map((name) => {
      const path = lessonFilePath(name);
      return path ? rm(path, { force: true }) : undefined;
    }),
  );
}

/** A file just written to disk from an upload, before its row is recorded. */
export type UploadedLessonFile = { kind: LessonFileKind; filename: string; storedName: string; contentType: string; sizeBytes: number };

export type LessonMultipart =
  | { ok: true; formData: FormData; files: Record<string, UploadedLessonFile> }
  | { ok: false; field: string; message: string }
  | { ok: false; field: null; message: string };

const UNREADABLE = "The form could not be read. Please go back, reload the page and submit the form again.";

/**
 * A posted lesson form: text fields in `formData`; each file under a field of
 * `fileFields` (field name → kind) streamed to disk, checked for size as it
 * arrives and then for content, and listed in `files`. Any problem removes
 * every file already written, so a refused form leaves nothing behind.
 */
export async function readLessonMultipart(request: Request, fileFields: Record<string, LessonFileKind>): Promise<LessonMultipart> {
  const files: Record<string, UploadedLessonFile> = {};
  let problem: { field: string; message: string } | null = null;
  let fields = 0;

  const handler = async (part: UploadHandlerPart): Promise<string | undefined> => {
    fields += 1;
    if (fields > MAX_FIELDS) throw new Error("too many fields");
    const kind = fileFields[part.name];
    if (part.filename === undefined) return readText(part.data);
    if (!kind || problem || files[part.name]) return drain(part.data);
    const stored = await storeStreamed(part.data, kind, part.filename);
    if (stored.ok) {
      if (stored.file) files[part.name] = stored.file;
    } else problem = { field: part.name, message: stored.message };
    return undefined;
  };

  let formData: FormData;
  try {
    formData = await unstable_parseMultipartFormData(request, handler);
  } catch (error) {
    await discardLessonFiles(Object.values(files).map((file) => file.storedName));
    if (error instanceof Response) throw error;
    return { ok: false, field: null, message: UNREADABLE };
  }
  if (problem) {
    await discardLessonFiles(Object.values(files).map((file) => file.storedName));
    const { field, message } = problem;
    return { ok: false, field, message };
  }
  return { ok: true, formData, files };
}

async function readText(data: AsyncIterable<Uint8Array>): Promise<string> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of data) {
    size += chunk.length;
    if (size > TEXT_FIELD_BYTES) throw new Error("field too large");
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString("utf8");
}

async function drain(data: AsyncIterable<Uint8Array>): Promise<undefined> {
  for await (const chunk of data) void chunk;
  return undefined;
}

type Streamed = { ok: true; file: UploadedLessonFile | null } | { ok: false; message: string };

async function storeStreamed(data: AsyncIterable<Uint8Array>, kind: LessonFileKind, filename: string): Promise<Streamed> {
  const spec = LESSON_FILE_SPECS[kind];
  const directory = lessonFilesDirectory();
  await mkdir(directory, { recursive: true });
  const token = randomBytes(16).toString("hex");
  const partial = join(directory, `${token}.part`);
  let sizeBytes = 0;
  async function* upToLimit() {
    for await (const chunk of data) {
      sizeBytes += chunk.length;
      // Past the limit the rest is read and dropped, so the form's other fields still arrive.
      if (sizeBytes <= spec.maxBytes) yield chunk;
    }
  }
  try {
    await pipeline(Readable.from(upToLimit()), createWriteStream(partial, { flags: "wx" }));
    // An empty file input posts a nameless, empty part: no file chosen.
    if (sizeBytes === 0 && filename === "") return { ok: true, file: null };
    if (sizeBytes > spec.maxBytes) return { ok: false, message: lessonFileTooLarge(kind) };
    const detected = await fileTypeFromFile(partial);
    const types: Record<string, string> = spec.types;
    const extension = detected ? types[detected.mime] : undefined;
    if (!detected || !extension) return { ok: false, message: lessonFileWrongType(kind) };
    const storedName = `${token}.${extension}`;
    await rename(partial, join(directory, storedName));
    return { ok: true, file: { kind, filename: cleanFilename(filename, extension), storedName, contentType: detected.mime, sizeBytes } };
  } finally {
    await rm(partial, { force: true });
  }
}

/** The uploaded name, offered again on download: printable, at most 200 characters, with a name when it had none. */
function cleanFilename(filename: string, extension: string): string {
  const printable = filename
    // eslint-disable-next-line no-control-regex -- control characters would break the download header
    .replace(/[\u0000-\u001f\u007f"\\/]/g, "")
    .trim()
    .slice(0, 200);
  return printable || `file.${extension}`;
}

export type ByteRange = { start: number; end: number };

/**
 * The one byte range a `Range` header asks for (RFC 9110 §14.1.2):
 * null to send the whole file (no header, another unit, several ranges or a
 * malformed one), "unsatisfiable" when it starts past the end.
 */
export function parseRange(header: string | null, size: number): ByteRange | "unsatisfiable" | null {
  const match = header?.trim().match(/^bytes=(\d*)-(\d*)$/);
  if (!match) return null;
  const [, first = "", last = ""] = match;
  if (first === "" && last === "") return null;
  if (first === "") {
    const suffix = Number(last);
    if (suffix === 0 || size === 0) return "unsatisfiable";
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  const end = last === "" ? size - 1 : Math.min(Number(last), size - 1);
  if (last !== "" && Number(last) < start) return null;
  if (start >= size) return "unsatisfiable";
  return { start, end };
}

export type ServedFile = { storedName: string; filename: string; contentType: string; disposition: "inline" | "attachment" };

/** `attachment; filename="…"; filename*=UTF-8''…`: the uploaded name, safe in a header whatever its script. */
function contentDisposition(file: ServedFile): string {
  const ascii = file.filename.replace(/[^\x20-\x7e]|["\\]/g, "_");
  return `${file.disposition}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(file.filename)}`;
}

/** The file (or the range asked for) as a streamed response; 404 when it is missing on disk. */
export async function lessonFileResponse(request: Request, file: ServedFile): Promise<Response> {
  const path = lessonFilePath(file.storedName);
  const info = path ? await stat(path).catch(() => null) : null;
  if (!path || !info?.isFile()) return new Response("Not Found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  const size = info.size;
  const headers = new Headers({
    "Accept-Ranges": "bytes",
    "Content-Type": file.contentType,
    "Content-Disposition": contentDisposition(file),
    // Each request is checked against the session: no shared cache may keep a copy.
    "Cache-Control": "private, no-store",
    "Last-Modified": info.mtime.toUTCString(),
  });
  const range = parseRange(request.headers.get("Range"), size);
  if (range === "unsatisfiable") {
    headers.set("Content-Range", `bytes */${size}`);
    return new Response(null, { status: 416, headers });
  }
  const { start, end } = range ?? { start: 0, end: size - 1 };
  headers.set("Content-Length", String(Math.max(0, end - start + 1)));
  if (range) headers.set("Content-Range", `bytes ${start}-${end}/${size}`);
  const status = range ? 206 : 200;
  if (request.method === "HEAD" || size === 0) return new Response(null, { status, headers });
  const body = Readable.toWeb(createReadStream(path, { start, end })) as ReadableStream<Uint8Array>;
  return new Response(body, { status, headers });
}
