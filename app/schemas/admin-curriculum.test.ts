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
