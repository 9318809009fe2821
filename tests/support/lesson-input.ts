import type { LessonInput } from "../../app/schemas/admin-curriculum";

/** A required article lesson as the editor's form hands it to the model. */
export const articleLessonInput = (title: string, body = "Read this."): LessonInput => ({
  title,
  type: "article",
  durationMinutes: 5,
  isFreePreview: false,
  isRequired: true,
  body,
  videoSource: null,
  videoUrl: null,
  liveStartsAt: null,
  joinUrl: null,
  recordingUrl: null,
  passPercent: null,
  quizMaxAttempts: null,
  quizRetryWaitMinutes: null,
  questions: [],
  releaseRule: null,
  releaseAfterDays: null,
  releaseOn: null,
});
