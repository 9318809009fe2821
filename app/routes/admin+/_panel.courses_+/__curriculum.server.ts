import { findCourse } from "~/models/courses/course.server";

// Shared by the curriculum editor's routes.

export function courseOr404(id: string | undefined) {
  const course = findCourse(id ?? "");
  if (!course) throw new Response("Not Found", { status: 404 });
  return course;
}

/** A route parameter that must be a row id; 404 otherwise. */
export function idOr404(value: string | undefined): number {
  const id = Number(value);
  if (!Number.isSafeInteger(id) || id <= 0) throw new Response("Not Found", { status: 404 });
  return id;
}

const SMALL_FORM_BYTES = 64 * 1024;

export const isMultipart = (request: Request) => (request.headers.get("Content-Type") ?? "").startsWith("multipart/form-data");

/**
 * A small url-encoded form (the delete button) posted to a route whose body is
 * streamed, not counted beforehand (decision 0014): refused past 64 KB.
 */
export async function readSmallForm(request: Request): Promise<FormData> {
  const length = Number(request.headers.get("Content-Length") ?? 0);
  if (!Number.isSafeInteger(length) || length > SMALL_FORM_BYTES)
    throw Response.json({ message: "The form is too large. Nothing was saved." }, { status: 413 });
  const text = await request.text();
  if (text.length > SMALL_FORM_BYTES) throw Response.json({ message: "The form is too large. Nothing was saved." }, { status: 413 });
  const form = new FormData();
  for (const [name, value] of new URLSearchParams(text)) form.append(name, value);
  return form;
}
