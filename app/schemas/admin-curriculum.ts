import { z } from "zod";
import { LESSON_RELEASES, LESSON_TYPES, VIDEO_SOURCES, type LessonRelease } from "../../db/enums";
import { indiaDateTimeToUtc } from "~/utils/dates";
import { QUIZ_DEFAULTS, QUIZ_LIMITS } from "~/utils/quiz-rules";
import { vimeoPlayerUrl, youtubeEmbedUrl } from "~/utils/video-embed";
import { checkboxField, optionalLink, optionalText, optionalWholeNumberField, requiredText, wholeNumberField } from "./admin-fields";

// The curriculum editor's forms: a section's title, the buttons that move a
// section or a lesson, and a lesson. A lesson's type decides which of its
// fields are required. A quiz's questions are typed in one box, one question
// per block, so the form needs no JavaScript to add a question:
//
//   What does RSI measure?
//   - Volume
//   * Momentum        (a * marks a right answer; one or many)

export const LESSON_TYPE_LABELS = {
  video: "Video",
  article: "Article",
  download: "Download",
  live: "Live session",
  quiz: "Quiz",
} as const satisfies Record<(typeof LESSON_TYPES)[number], string>;

/** The "Opens" choices of drip release; "now" is no rule. */
export const LESSON_RELEASE_LABELS = {
  now: "At once",
  after_enrolment: "Days after the student enrols",
  after_batch_start: "Days after the student's batch starts",
  on_date: "On a date (India time)",
} as const satisfies Record<LessonRelease | "now", string>;

/** "Opens 7 days after enrolment": a lesson's rule as the curriculum lists it; null when it opens at once. */
export function releaseSummary(lesson: { releaseRule: LessonRelease | null; releaseAfterDays: number | null; releaseOn: string | null }) {
  const days = `${lesson.releaseAfterDays ?? 0} ${lesson.releaseAfterDays === 1 ? "day" : "days"}`;
  switch (lesson.releaseRule) {
    case null:
      return null;
    case "after_enrolment":
      return `Opens ${days} after enrolment`;
    case "after_batch_start":
      return `Opens ${days} after the batch starts`;
    case "on_date":
      return `Opens on ${lesson.releaseOn ?? "a date"}`;
  }
}

/** A drip release reaches at most this far ahead: a year and a half of a long course. */
const RELEASE_DAYS_MAX = 540;

export const UNLISTED_VIDEO_WARNING =
  "An unlisted YouTube or Vimeo link plays for anyone who has it: a student can share it. For paid lessons upload the file, or use a Vimeo video whose embedding is restricted to this site's domain.";

export const SectionSchema = z.object({ title: requiredText("Section title", 200) });

export const MoveSchema = z.object({
  intent: z.literal("move"),
  item: z.enum(["section", "lesson"]),
  id: z.coerce.number().int().positive(),
  direction: z.enum(["up", "down"]),
});

/** The whole order after a drag: each section with its lessons, top to bottom. */
export const ReorderSchema = z.object({
  intent: z.literal("reorder"),
  order: z
    .string()
    .max(20_000)
    .transform((value, context) => {
      try {
        return z
          .array(z.object({ id: z.number().int().positive(), lessons: z.array(z.number().int().positive()).max(1000) }))
          .max(200)
          .parse(JSON.parse(value));
      } catch {
        context.addIssue({ code: "custom", message: "The new order could not be read. Reload the page and try again." });
        return z.NEVER;
      }
    }),
});

export type QuizQuestionInput = { prompt: string; options: string[]; correct: number[] };

const QUESTIONS_MAX = 50;
const OPTIONS_MAX = 10;

/** The questions box as typed → questions, or the first problem in words. */
export function parseQuizQuestions(text: string): { ok: true; questions: QuizQuestionInput[] } | { ok: false; message: string } {
  const blocks = text
    .replace(/\r\n?/g, "\n")
    .split(/\n\s*\n/)
    .map((block) =>
      block
        .split("\n")
        .map((line) => line.trim())
        .filter(Boolean),
    )
    .filter((lines) => lines.length > 0);
  if (blocks.length === 0) return { ok: false, message: "A quiz needs at least one question" };
  if (blocks.length > QUESTIONS_MAX) return { ok: false, message: `A quiz can have at most ${QUESTIONS_MAX} questions` };
  const questions: QuizQuestionInput[] = [];
  for (const [index, [prompt = "", ...lines]] of blocks.entries()) {
    const number = index + 1;
    if (/^[-*]\s/.test(prompt)) return { ok: false, message: `Question ${number} must start with the question, then its options` };
    const options: string[] = [];
    const correct: number[] = [];
    for (const line of lines) {
      const option = /^([-*])\s+(.+)$/.exec(line);
      if (!option?.[2]) return { ok: false, message: `Question ${number}: each option starts with "- " (or "* " for a right one)` };
      if (option[1] === "*") correct.push(options.length);
      options.push(option[2].slice(0, 500));
    }
    if (options.length < 2) return { ok: false, message: `Question ${number} needs at least 2 options` };
    if (options.length > OPTIONS_MAX) return { ok: false, message: `Question ${number} can have at most ${OPTIONS_MAX} options` };
    if (correct.length === 0) return { ok: false, message: `Question ${number} needs a right answer: start it with "* "` };
    questions.push({ prompt: prompt.slice(0, 1000), options, correct });
  }
  return { ok: true, questions };
}

/** Questions → the box's text, for the edit form. */
export function quizQuestionsText(questions: QuizQuestionInput[]): string {
  return questions
    .map(({ prompt, options, correct }) =>
      [prompt, ...options.map((option, index) => `${correct.includes(index) ? "*" : "-"} ${option}`)].join("\n"),
    )
    .join("\n\n");
}

/**
 * A YouTube or Vimeo link as the player address stored for a lesson
 * (YouTube's privacy-enhanced player, Vimeo's player keeping an unlisted
 * video's hash), or what is wrong with it.
 */
export function videoLinkOf(
  source: "youtube" | "vimeo",
  url: string | undefined,
): { ok: true; embedUrl: string } | { ok: false; message: string } {
  const embed = url && (source === "youtube" ? youtubeEmbedUrl : vimeoPlayerUrl)(url);
  if (embed) return { ok: true, embedUrl: embed };
  return {
    ok: false,
    message:
      source === "youtube"
        ? "Video link must be a YouTube link like https://www.youtube.com/watch?v=…"
        : "Video link must be a Vimeo link like https://vimeo.com/123456789",
  };
}

const dateMessage = "Date must be a date like 2026-12-31";
const timeMessage = "Time must be a time like 19:30";

export const LessonFormSchema = z
  .object({
    title: requiredText("Title", 200),
    type: z.enum(LESSON_TYPES, { errorMap: () => ({ message: "Choose the lesson's type" }) }),
    durationMinutes: wholeNumberField("Duration (minutes)", { min: 0, max: 1000 }),
    isFreePreview: checkboxField,
    isRequired: checkboxField,
    body: optionalText("Text", 100_000),
    videoSource: z.preprocess((value) => (value === "" ? undefined : value), z.enum(VIDEO_SOURCES).optional()),
    videoUrl: optionalText("Video link", 2000),
    liveDate: optionalText("Date", 10),
    liveTime: optionalText("Time", 8),
    joinUrl: optionalLink("Join link"),
    recordingUrl: optionalLink("Recording link"),
    passPercent: optionalWholeNumberField("Pass mark (%)", { min: 1, max: 100 }),
    quizMaxAttempts: optionalWholeNumberField("Attempts allowed", QUIZ_LIMITS.maxAttempts),
    quizRetryWaitMinutes: optionalWholeNumberField("Wait between attempts (minutes)", QUIZ_LIMITS.retryWaitMinutes),
    questions: optionalText("Questions", 50_000),
    release: z.preprocess(
      (value) => (value === "" || value === undefined ? "now" : value),
      z.enum(["now", ...LESSON_RELEASES], { errorMap: () => ({ message: "Choose when the lesson opens" }) }),
    ),
    releaseAfterDays: optionalWholeNumberField("Days", { min: 1, max: RELEASE_DAYS_MAX }),
    releaseOn: optionalText("Opens on", 10),
    // The file inputs: streamed to disk before this schema runs (app/services/classroom/lesson-files.server.ts).
    videoFile: z.unknown().optional(),
    attachment: z.unknown().optional(),
  })
  .transform((form, context) => {
    const fail = (path: string, message: string) => {
      context.addIssue({ code: "custom", path: [path], message });
      return z.NEVER;
    };
    let videoUrl: string | null = null;
    let liveStartsAt: Date | null = null;
    let questions: QuizQuestionInput[] = [];
    if (form.type === "video") {
      if (!form.videoSource) return fail("videoSource", "Choose where the video plays from");
      if (form.videoSource !== "upload") {
        const link = videoLinkOf(form.videoSource, form.videoUrl);
        if (!link.ok) return fail("videoUrl", link.message);
        videoUrl = link.embedUrl;
      }
    }
    if (form.type === "article" && !form.body) return fail("body", "An article needs its text");
    if (form.type === "live") {
      if (!form.liveDate || !/^\d{4}-\d{2}-\d{2}$/.test(form.liveDate)) return fail("liveDate", dateMessage);
      if (!form.liveTime || !/^\d{2}:\d{2}$/.test(form.liveTime)) return fail("liveTime", timeMessage);
      liveStartsAt = indiaDateTimeToUtc(form.liveDate, form.liveTime);
      if (!liveStartsAt) return fail("liveDate", dateMessage);
    }
    const release = form.release === "now" ? null : form.release;
    if (release && form.isFreePreview)
      return fail("release", "A free preview is open to everyone at once: untick Free preview, or let it open at once");
    if ((release === "after_enrolment" || release === "after_batch_start") && !form.releaseAfterDays)
      return fail("releaseAfterDays", "Say after how many days it opens");
    if (release === "on_date" && !(form.releaseOn && indiaDateTimeToUtc(form.releaseOn, "00:00"))) return fail("releaseOn", dateMessage);
    if (form.type === "quiz") {
      const parsed = parseQuizQuestions(form.questions ?? "");
      if (!parsed.ok) return fail("questions", parsed.message);
      questions = parsed.questions;
    }
    return {
      title: form.title,
      type: form.type,
      durationMinutes: form.durationMinutes,
      isFreePreview: form.isFreePreview,
      isRequired: form.isRequired,
      body: form.body ?? "",
      videoSource: form.type === "video" ? (form.videoSource ?? null) : null,
      videoUrl,
      liveStartsAt,
      joinUrl: form.type === "live" ? (form.joinUrl ?? null) : null,
      recordingUrl: form.type === "live" ? (form.recordingUrl ?? null) : null,
      passPercent: form.type === "quiz" ? (form.passPercent ?? QUIZ_DEFAULTS.passPercent) : null,
      quizMaxAttempts: form.type === "quiz" ? (form.quizMaxAttempts ?? QUIZ_DEFAULTS.maxAttempts) : null,
      quizRetryWaitMinutes: form.type === "quiz" ? (form.quizRetryWaitMinutes ?? QUIZ_DEFAULTS.retryWaitMinutes) : null,
      questions,
      releaseRule: release,
      releaseAfterDays: release === "after_enrolment" || release === "after_batch_start" ? (form.releaseAfterDays ?? null) : null,
      releaseOn: release === "on_date" ? (form.releaseOn ?? null) : null,
    };
  });

export type LessonInput = z.output<typeof LessonFormSchema>;
