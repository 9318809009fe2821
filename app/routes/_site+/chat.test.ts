import { describe, expect, test, vi } from "vitest";
import { CHAT_ERROR } from "~/components/chat/chat-replies";
import { ChatQuestionSchema } from "~/schemas/chat";
import { answerQuestion, checkChatRateLimit } from "~/services/chat.server";
import { action } from "./chat";

// The no-JavaScript chat page's failure paths, which a browser test cannot
// provoke on a healthy server (the e2e spec covers the answers themselves).

vi.mock("~/services/chat.server", () => ({
  answerQuestion: vi.fn(),
  chatSuggestions: () => [],
  checkChatRateLimit: vi.fn(async () => ({ allowed: true })),
}));

type ActionResult = { data: unknown; init: ResponseInit | null };

async function ask(question: string, clientAddress = "203.0.113.7") {
  const request = new Request("http://localhost/chat", { method: "POST", body: new URLSearchParams({ question }) });
  const result = (await action({ request, params: {}, context: { clientAddress } })) as unknown;
  // `data(...)` keeps its status in `init`; a plain object is a 200.
  if (result && typeof result === "object" && "init" in result && "data" in result) return result as ActionResult;
  return { data: result, init: null } as ActionResult;
}
const body = (result: ActionResult) => result.data as { result: { error?: Record<string, string[] | null> }; reply: unknown };

describe("POST /chat", () => {
  test("answers the trimmed question with the assistant's answer and suggestions", async () => {
    vi.mocked(answerQuestion).mockResolvedValueOnce({ answer: "It costs ₹4,499.", suggestions: ["Can I get a refund?"] });
    const result = await ask("  What does the SMC course cost?  ");
    expect(result.init?.status ?? 200).toBe(200);
    expect(answerQuestion).toHaveBeenCalledWith("What does the SMC course cost?");
    expect(checkChatRateLimit).toHaveBeenCalledWith("203.0.113.7");
    expect(body(result).reply).toEqual({
      question: "What does the SMC course cost?",
      answer: "It costs ₹4,499.",
      suggestions: ["Can I get a refund?"],
      failed: false,
    });
  });

  test("a blank question is refused inline and never reaches the assistant or the rate limit", async () => {
    vi.mocked(answerQuestion).mockClear();
    vi.mocked(checkChatRateLimit).mockClear();
    const result = await ask("   ");
    expect(result.init?.status).toBe(400);
    const blank = ChatQuestionSchema.safeParse({ question: "   " });
    expect(blank.success).toBe(false);
    expect(body(result).result.error?.question).toEqual([blank.error?.issues[0]?.message]);
    expect(body(result).reply).toBeNull();
    expect(answerQuestion).not.toHaveBeenCalled();
    expect(checkChatRateLimit).not.toHaveBeenCalled();
  });

  test("past the rate limit: 429 with Retry-After and the limiter's message inline", async () => {
    vi.mocked(answerQuestion).mockClear();
    vi.mocked(checkChatRateLimit).mockResolvedValueOnce({ allowed: false, retryAfterSeconds: 42, message: "Slow down, please." });
    const result = await ask("Refund?");
    expect(result.init?.status).toBe(429);
    expect(new Headers(result.init?.headers).get("Retry-After")).toBe("42");
    expect(JSON.stringify(body(result).result)).toContain("Slow down, please.");
    expect(answerQuestion).not.toHaveBeenCalled();
  });

  test("when answering throws: the spec's apology and its three suggestions, and the error is logged", async () => {
    const logged = vi.mocked(console.error).mockImplementation(() => undefined);
    vi.mocked(answerQuestion).mockRejectedValueOnce(new Error("database is locked"));
    const result = await ask("Is there a webinar this week?");
    expect(result.init?.status).toBe(500);
    expect(body(result).reply).toEqual({
      question: "Is there a webinar this week?",
      answer: "I'm sorry, I'm experiencing technical difficulties. Please contact our team directly via WhatsApp for immediate assistance.",
      suggestions: ["Contact us via WhatsApp", "View our FAQ section", "Browse our courses"],
      failed: true,
    });
    expect(CHAT_ERROR.suggestions).toEqual(["Contact us via WhatsApp", "View our FAQ section", "Browse our courses"]);
    expect(logged).toHaveBeenCalledWith("Answering a chat question failed", expect.objectContaining({ message: "database is locked" }));
  });
});
