import { LESSON_FILE_SPECS } from "~/schemas/lesson-files";
import { UPLOAD_KINDS } from "~/schemas/uploads";

// How much one request body may carry. Every action gets the public limits
// unless its route module declares others in `handle.bodyLimits`; limits
// marked `adminOnly` apply only while an admin is signed in, so the router's
// own route, not the path as typed, decides how much is read (decision 0014).

const KB = 1024;
const MB = 1024 * KB;

export type BodyLimits = {
  /** The whole body, by its Content-Length; larger ones are refused unread. */
  maxBytes: number;
  /** Form fields (url-encoded pairs or multipart parts), or values in a JSON body. */
  maxFields: number;
  /** One text field as sent, name and value (a multipart part with its headers). */
  maxFieldBytes: number;
  /** One file part, on routes that take uploads; elsewhere a file is held to maxFieldBytes. */
  maxFileBytes?: number;
  /** For a signed-in admin only: anyone else gets the public limits. */
  adminOnly?: boolean;
  /**
   * The route reads its body as a stream and writes files to disk as they
   * arrive (lesson videos): the body is neither held nor counted before the
   * action, only cut off past `maxBytes`. Only with `adminOnly`.
   */
  streamed?: boolean;
};

/**
 * Public forms: the longest field a visitor types is a 5,000-character
 * contact message, at most 45 KB even url-encoded in an Indian script; the
 * largest form has a few dozen fields.
 */
export const PUBLIC_BODY_LIMITS: BodyLimits = { maxBytes: 128 * KB, maxFields: 200, maxFieldBytes: 64 * KB };

/** The blog and course editors: a post's content is up to 100,000 characters. */
export const ADMIN_TEXT_BODY_LIMITS: BodyLimits = { maxBytes: 1 * MB, maxFields: 200, maxFieldBytes: 1 * MB, adminOnly: true };

/** Course create and edit: a cover photo and a brochure beside the text fields. */
export const ADMIN_UPLOAD_BODY_LIMITS: BodyLimits = {
  maxBytes: 16 * MB,
  maxFields: 200,
  maxFieldBytes: 256 * KB,
  // The largest kind, plus room for the part's own headers.
  maxFileBytes: Math.max(...Object.values(UPLOAD_KINDS).map((kind) => kind.maxBytes)) + 4 * KB,
  adminOnly: true,
};

/**
 * A session's attendance: a mark for each student of the batch (a field each,
 * hundreds in a large batch), or a meeting's participant report (a CSV file).
 */
export const ATTENDANCE_BODY_LIMITS: BodyLimits = {
  maxBytes: UPLOAD_KINDS.csv.maxBytes + 256 * KB,
  maxFields: 2000,
  maxFieldBytes: 4 * KB,
  maxFileBytes: UPLOAD_KINDS.csv.maxBytes + 4 * KB,
  adminOnly: true,
};

/**
 * A lesson's video (MP4/WebM, 500 MB) or attachment, streamed to disk by the
 * curriculum editor (app/services/classroom/lesson-files.server.ts) and never held.
 */
export const LESSON_UPLOAD_BODY_LIMITS: BodyLimits = {
  maxBytes: LESSON_FILE_SPECS.video.maxBytes + 1 * MB,
  maxFields: 200,
  maxFieldBytes: 256 * KB,
  maxFileBytes: LESSON_FILE_SPECS.video.maxBytes,
  adminOnly: true,
  streamed: true,
};

/** The practice lab's candle files (CSV, up to 20 MB), read whole by /admin/lab to check every row. */
export const MARKET_DATA_BODY_LIMITS: BodyLimits = {
  maxBytes: 20 * MB + 64 * KB,
  maxFields: 20,
  maxFieldBytes: 16 * KB,
  maxFileBytes: 20 * MB + 4 * KB,
  adminOnly: true,
};

/** A payment provider's signed event: not a form, read whole by its route to check the signature. */
export const SIGNED_EVENT_BODY_LIMITS: BodyLimits = { maxBytes: 1 * MB, maxFields: 200, maxFieldBytes: 1 * MB };

/** What a route module exports to declare its limits: `export const handle = { bodyLimits: … }`. */
export type BodyLimitsHandle = { bodyLimits: BodyLimits };

function sizeInWords(bytes: number): string {
  return bytes >= MB ? `${bytes / MB} MB` : `${Math.round(bytes / KB)} KB`;
}

export const bodyTooLargeMessage = (limits: BodyLimits) =>
  `The request is too large: this address takes at most ${sizeInWords(limits.maxBytes)}. Nothing was saved.`;
export const tooManyFieldsMessage = (limits: BodyLimits) =>
  `The form has too many fields: at most ${limits.maxFields} are accepted. Nothing was saved; reload the page and send it again.`;
export const fieldTooLargeMessage = (limits: BodyLimits) =>
  `One of the fields is too long: at most ${sizeInWords(limits.maxFieldBytes)} each. Nothing was saved; shorten it and send the form again.`;
export const BODY_BUSY_MESSAGE =
  "The server is receiving too many large requests at once. Nothing was saved; please try again in a minute.";
