import { z } from "zod";
import { CHAT_QUESTION_MAX } from "~/content/chat";

// A visitor's chat question: trimmed; blank is not sent.
// The chat page's form and POST /api/chat/query share it.

export const ChatQuestionSchema = z.object(
  {
    question: z
      .string({ required_error: "Please type a question.", invalid_type_error: "Please type a question." })
      .trim()
      .min(1, "Please type a question.")
      .max(CHAT_QUESTION_MAX, `Please keep your question under ${CHAT_QUESTION_MAX} characters.`),
  },
  { invalid_type_error: 'Send the question as a JSON object: { "question": "..." }.' },
);
