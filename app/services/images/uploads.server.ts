import { randomBytes } from "node:crypto";
import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileTypeFromBuffer } from "file-type";
import { UPLOAD_KINDS, tooLargeMessage, wrongTypeMessage, type UploadKind } from "~/schemas/uploads";
import { getEnv } from "~/utils/env.server";

// Files admins upload (course cover photos and brochures): kept under
// data/uploads/ beside the database, named by a random token, and accepted only
// when their bytes are what the field asks for, whatever the file is called.

const STORED_NAME = /^[a-f0-9]{32}\.(jpg|png|pdf)$/;
/** An uploaded image's encoded variant (app/services/images/images.server.ts): "<token>-640.avif". */
const VARIANT_NAME = /^[a-f0-9]{32}-\d{1,4}\.(avif|webp|jpg)$/;
const CONTENT_TYPES: Record<string, string> = {
  jpg: "image/jpeg",
  png: "image/png",
  pdf: "application/pdf",
  avif: "image/avif",
  webp: "image/webp",
};

/** data/uploads/ beside the database file (a temporary folder for an in-memory test database). */
export function uploadsDirectory(): string {
  const database = getEnv().DATABASE_URL;
  return database === ":memory:" ? join(tmpdir(), "site-uploads") : join(dirname(database), "uploads");
}

export type MultipartResult =
  { ok: true; formData: FormData } | { ok: false; reason: "too-large"; field: string } | { ok: false; reason: "unreadable" };

/**
 * A posted form, each file field held to its kind's size limit (`files`:
 * field name → kind); a file under any other field is dropped. The
 * server has already sized and counted the body (request-body.server.ts), so
 * it is parsed whole by the platform's linear parser. A body that is no form
 * at all is "unreadable".
 */
export async function readMultipartForm(request: Request, files: Record<string, UploadKind>): Promise<MultipartResult> {
  let formData: FormData;
  try {
    formData = await request.formData();
  } catch {
    return { ok: false, reason: "unreadable" };
  }
  const kept = new FormData();
  for (const [name, value] of formData) {
    if (typeof value === "string") {
      kept.append(name, value);
      continue;
    }
    const kind = files[name];
    if (!kind) continue;
    if (value.size > UPLOAD_KINDS[kind].maxBytes) return { ok: false, reason: "too-large", field: name };
    kept.append(name, value);
  }
  return { ok: true, formData: kept };
}

export type StoredUpload = { ok: true; url: string } | { ok: false; message: string };

/** Removes a stored upload (one stored for a form that then failed). */
export async function discardUpload(url: string): Promise<void> {
  const name = url.replace(/^\/uploads\//, "");
  if (STORED_NAME.test(name)) await rm(join(uploadsDirectory(), name), { force: true });
}

/** Stores the file when its content is of `kind`; its public URL (/uploads/<token>.<ext>). */
export async function storeUpload(file: File, kind: UploadKind, label: string): Promise<StoredUpload> {
  const spec = UPLOAD_KINDS[kind];
  if (file.size > spec.maxBytes) return { ok: false, message: tooLargeMessage(label, kind) };
  const bytes = Buffer.from(await file.arrayBuffer());
  const detected = await fileTypeFromBuffer(bytes);
  const extension = detected ? (spec.types as Record<string, string>)[detected.mime] : undefined;
  if (!extension) return { ok: false, message: wrongTypeMessage(label, kind) };
  const name = `${randomBytes(16).toString("hex")}.${extension}`;
  const directory = uploadsDirectory();
  await mkdir(directory, { recursive: true });
  await writeFile(join(directory, name), bytes, { flag: "wx" });
  return { ok: true, url: `/uploads/${name}` };
}

/** A stored upload's (or its variant's) bytes and type, or null. Only names the store itself makes are looked up. */
export async function readUpload(name: string): Promise<{ body: Buffer; contentType: string } | null> {
  const match = STORED_NAME.exec(name) ?? VARIANT_NAME.exec(name);
  const extension = match?.[1];
  if (!extension) return null;
  try {
    return { body: await readFile(join(uploadsDirectory(), name)), contentType: CONTENT_TYPES[extension] ?? "application/octet-stream" };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
}
