import type { LessonFileKind } from "../../db/enums";

// The files a lesson takes: its video, and attachments to download. The
// browser offers the extensions; the server checks the size as the bytes
// arrive and the content itself (app/services/classroom/lesson-files.server.ts).

const MB = 1024 * 1024;

export const LESSON_FILE_SPECS = {
  video: {
    types: { "video/mp4": "mp4", "video/webm": "webm" },
    maxBytes: 500 * MB,
    accept: ".mp4,.webm,video/mp4,video/webm",
    describe: "an MP4 or WebM video",
  },
  attachment: {
    types: {
      "application/pdf": "pdf",
      "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": "xlsx",
      "application/zip": "zip",
    },
    maxBytes: 50 * MB,
    accept: ".pdf,.xlsx,.zip",
    describe: "a PDF, Excel (.xlsx) or ZIP file",
  },
} as const satisfies Record<LessonFileKind, { types: Record<string, string>; maxBytes: number; accept: string; describe: string }>;

export const lessonFileTooLarge = (kind: LessonFileKind) =>
  `The ${kind === "video" ? "video" : "attachment"} must be ${LESSON_FILE_SPECS[kind].maxBytes / MB} MB or smaller. Nothing was saved.`;

export const lessonFileWrongType = (kind: LessonFileKind) =>
  `The ${kind === "video" ? "video" : "attachment"} must be ${LESSON_FILE_SPECS[kind].describe} (checked by its content, not its name). Nothing was saved.`;
