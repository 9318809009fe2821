import { unescape } from "node:querystring";
import type { BodyLimits } from "./body-limits";

// A form body checked against its route's limits in one pass over its bytes,
// before any form parser or schema sees it. What the pass bounds is what makes
// the later steps cheap: Conform turns a repeated name into a list (quadratic
// in the copies) and a name like `features[99999]` into a list that long, so
// the count of fields, the size of each, the length of each name and the
// largest list index are all capped here.

export type FormProblem = "too-many-fields" | "field-too-large" | "unreadable";

/** Real field names are a few dozen characters; Conform splits a long dotted name into that many objects. */
export const MAX_FIELD_NAME_BYTES = 256;
/** A part's headers: its name, a file name, a content type. */
const MAX_PART_HEADER_BYTES = 2048;

const AMPERSAND = 0x26;
const EQUALS = 0x3d;
const HEADER_END = Buffer.from("\r\n\r\n");
const LIST_INDEX = /\[(\d+)\]/g;

/** What is wrong with `body` as a form under `limits`, or null (also for a body that is no form: JSON, text). */
export function formBodyProblem(contentType: string | null, body: Buffer, limits: BodyLimits): FormProblem | null {
  const essence = (contentType ?? "").split(";")[0]?.trim().toLowerCase();
  if (essence === "application/x-www-form-urlencoded") return urlEncodedProblem(body, limits);
  if (essence !== "multipart/form-data") return null;
  const boundary = multipartBoundary(contentType ?? "");
  return boundary === null ? "unreadable" : multipartProblem(body, boundary, limits);
}

function urlEncodedProblem(body: Buffer, limits: BodyLimits): FormProblem | null {
  let fields = 0;
  for (let start = 0; start < body.length;) {
    const found = body.indexOf(AMPERSAND, start);
    const end = found < 0 ? body.length : found;
    // Empty pairs ("a=1&&b=2") are skipped by every parser.
    if (end > start) {
      if (++fields > limits.maxFields) return "too-many-fields";
      if (end - start > limits.maxFieldBytes) return "field-too-large";
      const equals = body.subarray(start, end).indexOf(EQUALS);
      const nameEnd = equals >= 0 ? start + equals : end;
      // Even fully %-escaped, a name this long decodes to more than the limit.
      if (nameEnd - start > MAX_FIELD_NAME_BYTES * 3) return "field-too-large";
      const problem = nameProblem(decodeName(body.toString("latin1", start, nameEnd)), limits);
      if (problem) return problem;
    }
    start = end + 1;
  }
  return null;
}

/** A url-encoded name as the parser decodes it ("+" is a space; a broken %-escape stays as it is). */
function decodeName(raw: string): string {
  return unescape(raw.replaceAll("+", " "));
}

function nameProblem(name: string, limits: BodyLimits): FormProblem | null {
  if (Buffer.byteLength(name) > MAX_FIELD_NAME_BYTES) return "field-too-large";
  // A list item at index n means a list of n + 1 items: as many fields as that.
  for (const match of name.matchAll(LIST_INDEX)) if (Number(match[1]) >= limits.maxFields) return "too-many-fields";
  return null;
}

/**
 * The boundary, when the header names exactly one that every parser reads the
 * same way (RFC 2046's characters, quoted or not); null otherwise. Browsers,
 * curl and fetch all send such boundaries.
 */
export function multipartBoundary(contentType: string): string | null {
  const parameters = [...contentType.matchAll(/;[\t\n\r ]*boundary=(?:"([^"\\]*)"|([^;]*))/gi)];
  if (parameters.length !== 1) return null;
  const match = parameters[0];
  const value = match?.[1] ?? match?.[2]?.trimEnd();
  return value !== undefined && /^[0-9A-Za-z'()+_,\-./:=?]{1,70}$/.test(value) ? value : null;
}

/**
 * A multipart parser ends each part at the next occurrence of the boundary,
 * so the stretches between occurrences bound both how many parts it can find
 * and how large each can be. A part is taken for a file when its headers
 * mention a file name at all (a parser makes a file only of those).
 */
function multipartProblem(body: Buffer, boundary: string, limits: BodyLimits): FormProblem | null {
  const delimiter = Buffer.from(boundary, "latin1");
  let previous = body.indexOf(delimiter);
  let parts = 0;
  while (previous >= 0) {
    const partStart = previous + delimiter.length;
    const next = body.indexOf(delimiter, partStart);
    if (next < 0) break;
    if (++parts > limits.maxFields) return "too-many-fields";
    const window = body.subarray(partStart, Math.min(next, partStart + MAX_PART_HEADER_BYTES));
    const headerEnd = window.indexOf(HEADER_END);
    if (headerEnd < 0) return "unreadable";
    const headers = window.toString("latin1", 0, headerEnd);
    const isFile = /filename/i.test(headers);
    const size = next - partStart;
    if (size > (isFile ? (limits.maxFileBytes ?? limits.maxFieldBytes) : limits.maxFieldBytes)) return "field-too-large";
    // Every quoted name="…" in the headers, whichever header a parser ends up using.
    for (const match of headers.matchAll(/(?<![a-z])name="([^"]*)"/gi)) {
      const problem = nameProblem(match[1] ?? "", limits);
      if (problem) return problem;
    }
    previous = next;
  }
  return null;
}
