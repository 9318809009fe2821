import { z } from "zod";

// The classroom's forms. A lesson page posts one of three intents to its own
// action: "Mark complete", how far a video was watched (sent by the player
// with JavaScript), or a quiz's answers.

/** "Mark complete": no fields besides the intent. */
const CompleteLessonSchema = z.object({ intent: z.literal("complete") });

/** The player's report: the furthest point reached, in whole percent. */
const VideoWatchedSchema = z.object({
  intent: z.literal("watched"),
  percent: z.coerce.number().int().min(0).max(100),
});

/** A quiz's answers: `answer-<question id>` once per option ticked (the option's index). */
const QuizAnswersSchema = z.object({ intent: z.literal("quiz") });

export const answerFieldName = (questionId: number) => `answer-${questionId}`;

const ANSWER_FIELD = /^answer-(\d{1,9})$/;
const OPTION_INDEX = z.coerce.number().int().min(0).max(99);

/** Question id → the option indexes chosen; fields that are not answers, or not indexes, are left out. */
export function quizAnswersFrom(formData: FormData): Record<string, number[]> {
  const answers: Record<string, number[]> = {};
  for (const [name, value] of formData) {
    const questionId = ANSWER_FIELD.exec(name)?.[1];
    const option = typeof value === "string" ? OPTION_INDEX.safeParse(value) : null;
    if (!questionId || !option?.success) continue;
    (answers[questionId] ??= []).push(option.data);
  }
  return answers;
}

export const LessonIntentSchema = z.discriminatedUnion("intent", [CompleteLessonSchema, VideoWatchedSchema, QuizAnswersSchema]);
