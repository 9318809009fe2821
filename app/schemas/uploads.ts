import { z } from "zod";

// The files admin forms take (course cover photo and brochure, a meeting's participant report). The browser
// checks size and extension before posting; the server checks size again and
// the content itself (app/services/images/uploads.server.ts).

const MB = 1024 * 1024;

export const UPLOAD_KINDS = {
  image: {
    types: { "image/jpeg": "jpg", "image/png": "png" },
    maxBytes: 5 * MB,
    accept: ".jpg,.jpeg,.png",
    describe: "a .jpg, .jpeg or .png image",
  },
  pdf: { types: { "application/pdf": "pdf" }, maxBytes: 10 * MB, accept: ".pdf", describe: "a .pdf file" },
  // A meeting's participant report: read once and kept nowhere (app/services/attendance-reports), so no type is stored.
  csv: { types: {}, maxBytes: 1 * MB, accept: ".csv,text/csv", describe: "a .csv file" },
} as const satisfies Record<string, { types: Record<string, string>; maxBytes: number; accept: string; describe: string }>;

export type UploadKind = keyof typeof UPLOAD_KINDS;

export function tooLargeMessage(label: string, kind: UploadKind): string {
  return `${label} must be ${UPLOAD_KINDS[kind].maxBytes / MB} MB or smaller`;
}

export function wrongTypeMessage(label: string, kind: UploadKind): string {
  return `${label} must be ${UPLOAD_KINDS[kind].describe}`;
}

/** A file input: left empty (a nameless, empty file) counts as none; a chosen file must fit the kind's size. */
export function uploadField(label: string, kind: UploadKind) {
  return z.preprocess(
    (value) => (typeof File !== "undefined" && value instanceof File && value.size > 0 ? value : undefined),
    z
      .instanceof(File)
      .refine((file) => file.size <= UPLOAD_KINDS[kind].maxBytes, tooLargeMessage(label, kind))
      .optional(),
  );
}
