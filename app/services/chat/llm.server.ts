// Optional: an OpenAI-compatible chat-completions endpoint rephrases the
// built-in answer from the same retrieved facts. Any failure, timeout or odd
// reply keeps the built-in answer; nothing else depends on it.

export type LlmConfig = {
  /** Base URL ending in /v1, e.g. http://127.0.0.1:8080/v1 */
  url: string;
  model: string;
  apiKey?: string | undefined;
  timeoutMs: number;
};

const LLM_TIMEOUT_MS = 8_000;
const MAX_ANSWER_CHARS = 1_200;

export const LLM_SYSTEM_PROMPT = [
  "You are the assistant on a trading-education website in India.",
  "Answer the visitor's question using ONLY the facts given. Never add a price, date, time, number, link or promise that is not in the facts.",
  "If the facts do not answer the question, say you don't know and suggest WhatsApp.",
  // An educator not registered with SEBI may give no investment advice and claim no returns (SEBI circulars of 29 January 2025 and 8 May 2026).
  "Never advise on any security, index, currency pair or trade: never say what to buy, sell or hold, where to enter or exit, or which way a market will move. If asked, say the institute teaches and does not advise.",
  "Never claim or suggest returns, profits, accuracy, success rates, awards, rankings or any certification or endorsement by NSE, BSE, SEBI or anyone else.",
  "Never discuss today's or recent market prices: teaching uses prices at least 30 days old.",
  "Reply in plain text (no HTML, no Markdown headings), in 2 to 5 short sentences or a short list, in the visitor's language if it is English or Hinglish.",
].join(" ");

export function llmConfigFrom(env: {
  CHAT_LLM_URL?: string | undefined;
  CHAT_LLM_MODEL?: string | undefined;
  CHAT_LLM_API_KEY?: string | undefined;
}): LlmConfig | null {
  if (!env.CHAT_LLM_URL || !env.CHAT_LLM_MODEL) return null;
  return { url: env.CHAT_LLM_URL, model: env.CHAT_LLM_MODEL, apiKey: env.CHAT_LLM_API_KEY, timeoutMs: LLM_TIMEOUT_MS };
}

/** Plain text, as the widget renders it: tags removed, whitespace tidied, length capped. */
function plainText(text: string): string {
  const plain = text
    .replace(/<[^>]*>/g, "")
    .replace(/[ \t]+\n/g, "\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
  return plain.length > MAX_ANSWER_CHARS ? `${plain.slice(0, MAX_ANSWER_CHARS - 1).trimEnd()}…` : plain;
}

/** The model's phrasing of `facts` for `question`, or null (logged as a warning) on any failure. */
export async function phraseWithLlm(config: LlmConfig, question: string, facts: string[]): Promise<string | null> {
  const endpoint = `${config.url.replace(/\/+$/, "")}/chat/completions`;
  try {
    const response = await fetch(endpoint, {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        ...(config.apiKey ? { Authorization: `Bearer ${config.apiKey}` } : {}),
      },
      body: JSON.stringify({
        model: config.model,
        temperature: 0.2,
        max_tokens: 300,
        messages: [
          { role: "system", content: LLM_SYSTEM_PROMPT },
          { role: "user", content: `Facts:\n${facts.map((fact) => `- ${fact}`).join("\n")}\n\nQuestion: ${question}` },
        ],
      }),
      signal: AbortSignal.timeout(config.timeoutMs),
    });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    const body = (await response.json()) as { choices?: { message?: { content?: unknown } }[] };
    const content = body.choices?.[0]?.message?.content;
    if (typeof content !== "string" || !content.trim()) throw new Error("no answer in the reply");
    return plainText(content);
  } catch (error) {
    const reason = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    console.warn(`Chat LLM unavailable, using the built-in answer (${reason})`);
    return null;
  }
}
