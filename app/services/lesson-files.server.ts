import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join, resolve, sep } from "node:path";
import { Readable } from "node:stream";
import { getEnv } from "~/utils/env.server";

// Lesson files (uploaded videos and attachments) live under data/lesson-files/
// beside the database, named by a random token. Nothing serves that folder
// statically: the classroom's file route checks the session and enrolment on
// every request and then streams the file from here.

/** data/lesson-files/ beside the database file (a temporary folder for an in-memory test database). */
export function lessonFilesDirectory(): string {
  const database = getEnv().DATABASE_URL;
  return database === ":memory:" ? join(tmpdir(), "site-lesson-files") : join(dirname(database), "lesson-files");
}

// A stored name is one path segment the uploader chose: no separators, no dot files.
const STORED_NAME = /^[A-Za-z0-9][A-Za-z0-9_-]*(\.[A-Za-z0-9]{1,8})?$/;

/** The stored file's absolute path, or null for a name that could leave the folder. */
export function lessonFilePath(storedName: string): string | null {
  if (!STORED_NAME.test(storedName)) return null;
  const directory = resolve(lessonFilesDirectory());
  const path = resolve(directory, storedName);
  return path.startsWith(directory + sep) ? path : null;
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
