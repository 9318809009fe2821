import { describe, expect, it } from "vitest";
import { LessonFormSchema, parseQuizQuestions, quizQuestionsText } from "./admin-curriculum";

const base = { title: "Lesson", durationMinutes: "10", isRequired: "on" };

describe("the lesson form", () => {
  it("takes a YouTube link and stores its privacy-enhanced player address", () => {
    const parsed = LessonFormSchema.safeParse({ ...base, type: "video", videoSource: "youtube", videoUrl: "https://youtu.be/dQw4w9WgXcQ" });
    expect(parsed.success && parsed.data.videoUrl).toBe("https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ");
  });

  it("refuses a video link from another site, with a message on the link", () => {
    const parsed = LessonFormSchema.safeParse({ ...base, type: "video", videoSource: "vimeo", videoUrl: "https://evil.example/1" });
    expect(parsed.error?.flatten().fieldErrors.videoUrl).toEqual(["Video link must be a Vimeo link like https://vimeo.com/123456789"]);
  });

  it("reads a live session's date and time as India time", () => {
    const parsed = LessonFormSchema.safeParse({
      ...base,
      type: "live",
      liveDate: "2026-12-05",
      liveTime: "19:30",
      joinUrl: "https://meet.example/x",
    });
    expect(parsed.success && parsed.data.liveStartsAt?.toISOString()).toBe("2026-12-05T14:00:00.000Z");
  });

  it("needs an article's text and a quiz's questions", () => {
    expect(LessonFormSchema.safeParse({ ...base, type: "article" }).error?.flatten().fieldErrors.body).toEqual([
      "An article needs its text",
    ]);
    expect(LessonFormSchema.safeParse({ ...base, type: "quiz" }).error?.flatten().fieldErrors.questions).toEqual([
      "A quiz needs at least one question",
    ]);
  });
});

describe("when a lesson opens (drip release)", () => {
  const article = { ...base, type: "article", body: "Read this." };
  const parse = (fields: Record<string, string>) => LessonFormSchema.safeParse({ ...article, ...fields });

  it("opens at once by default, and keeps only the field its rule reads", () => {
    expect(parse({}).data).toMatchObject({ releaseRule: null, releaseAfterDays: null, releaseOn: null });
    expect(parse({ release: "after_batch_start", releaseAfterDays: "14", releaseOn: "2027-01-01" }).data).toMatchObject({
      releaseRule: "after_batch_start",
      releaseAfterDays: 14,
      releaseOn: null,
    });
    expect(parse({ release: "on_date", releaseAfterDays: "3", releaseOn: "2027-01-15" }).data).toMatchObject({
      releaseRule: "on_date",
      releaseAfterDays: null,
      releaseOn: "2027-01-15",
    });
  });

  it("asks for the days or a real date, and refuses a rule on a free preview", () => {
    expect(parse({ release: "after_enrolment" }).error?.flatten().fieldErrors.releaseAfterDays).toEqual([
      "Say after how many days it opens",
    ]);
    expect(parse({ release: "on_date", releaseOn: "2027-02-30" }).error?.flatten().fieldErrors.releaseOn).toEqual([
      "Date must be a date like 2026-12-31",
    ]);
    expect(parse({ release: "after_enrolment", releaseAfterDays: "7", isFreePreview: "on" }).error?.flatten().fieldErrors.release).toEqual([
      "A free preview is open to everyone at once: untick Free preview, or let it open at once",
    ]);
    expect(parse({ release: "weekly" }).error?.flatten().fieldErrors.release).toEqual(["Choose when the lesson opens"]);
  });
});

describe("quiz questions typed in one box", () => {
  it("reads one or many right answers and writes the same text back", () => {
    const text = "What does RSI measure?\n- Volume\n* Momentum\n\nPick the candles\n* Doji\n- Moving average\n* Hammer";
    const parsed = parseQuizQuestions(text);
    expect(parsed).toEqual({
      ok: true,
      questions: [
        { prompt: "What does RSI measure?", options: ["Volume", "Momentum"], correct: [1] },
        { prompt: "Pick the candles", options: ["Doji", "Moving average", "Hammer"], correct: [0, 2] },
      ],
    });
    expect(parsed.ok && quizQuestionsText(parsed.questions)).toBe(text);
  });

  it.each([
    ["Only one?\n* Yes", "Question 1 needs at least 2 options"],
    ["Which?\n- a\n- b", 'Question 1 needs a right answer: start it with "* "'],
    ["Q\n- a\n* b\n\nSecond\nno dash", 'Question 2: each option starts with "- " (or "* " for a right one)'],
  ])("refuses %j: %s", (text, message) => {
    expect(parseQuizQuestions(text)).toEqual({ ok: false, message });
  });
});
