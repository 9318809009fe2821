// The chat assistant behind the floating chat widget and /api/chat/*.
// It answers from the site's own knowledge read at the moment of asking
// (chat/knowledge.server.ts), retrieved with MiniSearch and a trader's
// synonyms (chat/retrieval.server.ts, chat/text.ts) behind a few intent rules
// (chat/answers.server.ts). An OpenAI-compatible endpoint, when configured,
// only rephrases the same facts (chat/llm.server.ts).
//
// Privacy: questions are never stored or logged; the rate limiter keeps only
// a per-address counter in memory for one minute.
import { RateLimiterMemory, RateLimiterRes } from "rate-limiter-flexible";
import { CHAT_QUICK_QUESTIONS } from "~/content/chat";
import { pageProblems } from "~/utils/claims";
import { getEnv } from "~/utils/env.server";
import { builtInAnswer } from "./answers.server";
import { loadKnowledge } from "./knowledge.server";
import { llmConfigFrom, phraseWithLlm, type LlmConfig } from "./llm.server";
import { fallbackAnswer } from "./replies.server";

export type ChatAnswer = {
  answer: string;
  /** Follow-up questions the visitor can tap. */
  suggestions: string[];
};

export type AnswerOptions = {
  /** The phrasing endpoint; by default from CHAT_LLM_URL / CHAT_LLM_MODEL / CHAT_LLM_API_KEY, null for none. */
  llm?: LlmConfig | null;
};

/** Answers a visitor's (already trimmed, validated) question from the site's own data at this moment. */
export async function answerQuestion(question: string, now = new Date(), options: AnswerOptions = {}): Promise<ChatAnswer> {
  const built = builtInAnswer(question, loadKnowledge(now));
  // Facts come from texts an admin typed: a built-in answer that makes a claim gives way to the fallback.
  const draft = isLawful(built.answer, "built-in") ? built : fallbackAnswer();
  const llm = options.llm === undefined ? llmConfigFrom(getEnv()) : options.llm;
  // No facts (the "I don't know" answer) means nothing for a model to phrase: never let it guess.
  if (llm && draft.facts.length > 0) {
    const phrased = await phraseWithLlm(llm, question, draft.facts);
    if (phrased && isLawful(phrased, "model's")) return { answer: phrased, suggestions: draft.suggestions };
  }
  return { answer: draft.answer, suggestions: draft.suggestions };
}

/**
 * Whether an answer passes the same check as the public pages (app/utils/claims.ts);
 * a refusal is logged with the phrase, never the visitor's question.
 */
function isLawful(answer: string, source: string): boolean {
  const problems = pageProblems(answer);
  if (problems.length === 0) return true;
  console.warn(`Chat: the ${source} answer was not shown (${problems.map((problem) => `“${problem.text}”: ${problem.why}`).join("; ")})`);
  return false;
}

/** The quick questions offered when the chat is empty. */
export function chatSuggestions(): string[] {
  return [...CHAT_QUICK_QUESTIONS];
}

// ---- Rate limit ----

export type ChatRateLimit = { allowed: true } | { allowed: false; retryAfterSeconds: number; message: string };

export function chatRateLimitMessage(retryAfterSeconds: number): string {
  return `You're asking questions too quickly. Please wait ${retryAfterSeconds} second${retryAfterSeconds === 1 ? "" : "s"} and try again.`;
}

export function createChatRateLimiter(questionsPerMinute: number) {
  const limiter = new RateLimiterMemory({ keyPrefix: "chat", points: questionsPerMinute, duration: 60 });
  return async function check(address: string | undefined): Promise<ChatRateLimit> {
    try {
      await limiter.consume(address || "unknown");
      return { allowed: true };
    } catch (error) {
      if (!(error instanceof RateLimiterRes)) throw error;
      const retryAfterSeconds = Math.max(1, Math.ceil(error.msBeforeNext / 1000));
      return { allowed: false, retryAfterSeconds, message: chatRateLimitMessage(retryAfterSeconds) };
    }
  };
}

let defaultLimiter: ReturnType<typeof createChatRateLimiter> | undefined;

/**
 * Counts one question from the visitor's address and says whether it may be
 * answered: at most CHAT_RATE_LIMIT_PER_MINUTE (default 20) a minute per address.
 * Pass the address the server derived, `context.clientAddress` from the
 * loader/action args (a Request carries no trustworthy address of its own).
 * Used by POST /api/chat/query and the no-JavaScript chat page alike.
 */
export function checkChatRateLimit(address: string | undefined): Promise<ChatRateLimit> {
  defaultLimiter ??= createChatRateLimiter(getEnv().CHAT_RATE_LIMIT_PER_MINUTE);
  return defaultLimiter(address);
}
