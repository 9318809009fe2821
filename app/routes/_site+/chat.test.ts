import { beforeAll, describe, expect, test, vi } from "vitest";
import { seedDemoContent } from "../../../db/seed";
import { CHAT_ERROR } from "~/components/chat/chat-replies";
import { ChatQuestionSchema } from "~/schemas/chat";
import { answerQuestion, chatRateLimitMessage } from "~/services/chat/chat.server";
import { db } from "~/utils/db.server";
import { getEnv } from "~/utils/env.server";
import { action } from "./chat";

// The no-JavaScript chat page's action over the real assistant and rate limit:
// the failure paths a browser test cannot provoke on a healthy server (the e2e
// spec covers the answers themselves). Each test asks from an address of its
// own, so one test's questions never count against another's.

beforeAll(() => {
  seedDemoContent(db);
});

type ActionResult = { data: unknown; init: ResponseInit | null };

async function ask(question: string, clientAddress: string) {
  const request = new Request("http://localhost/chat", { method: "POST", body: new URLSearchParams({ question }) });
  const result = (await action({ request, params: {}, context: { clientAddress } })) as unknown;
  // `data(...)` keeps its status in `init`; a plain object is a 200.
  if (result && typeof result === "object" && "init" in result && "data" in result) return result as ActionResult;
  return { data: result, init: null } as ActionResult;
}
const body = (result: ActionResult) => result.data as { result: { error?: Record<string, string[] | null> }; reply: unknown };

/** Asks until the address has used up its questions for the minute. */
async function useUpQuestions(clientAddress: string) {
  for (let asked = 0; asked < getEnv().CHAT_RATE_LIMIT_PER_MINUTE; asked++) {
    expect((await ask("What courses do you offer?", clientAddress)).init?.status ?? 200).toBe(200);
  }
}

describe("POST /chat", () => {
  test("answers the trimmed question with the assistant's answer and suggestions", async () => {
    const result = await ask("  What does the SMC course cost?  ", "203.0.113.7");
    expect(result.init?.status ?? 200).toBe(200);
    const expected = await answerQuestion("What does the SMC course cost?");
    expect(expected.answer).not.toBe("");
    expect(body(result).reply).toEqual({ question: "What does the SMC course cost?", ...expected, failed: false });
  });

  test("a blank question is refused inline and never reaches the assistant or the rate limit", async () => {
    const address = "203.0.113.8";
    const blank = ChatQuestionSchema.safeParse({ question: "   " });
    expect(blank.success).toBe(false);
    for (let sent = 0; sent <= getEnv().CHAT_RATE_LIMIT_PER_MINUTE; sent++) {
      const result = await ask("   ", address);
      expect(result.init?.status).toBe(400);
      expect(body(result).result.error?.question).toEqual([blank.error?.issues[0]?.message]);
      expect(body(result).reply).toBeNull();
    }
    // More blank posts than the limit allows questions, and the address may still ask all of its questions.
    await useUpQuestions(address);
  });

  test("past the rate limit: 429 with Retry-After and the limiter's message inline, for that address alone", async () => {
    await useUpQuestions("203.0.113.9");
    const result = await ask("Refund?", "203.0.113.9");
    expect(result.init?.status).toBe(429);
    const retryAfter = Number(new Headers(result.init?.headers).get("Retry-After"));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(JSON.stringify(body(result).result)).toContain(chatRateLimitMessage(retryAfter));
    expect(body(result).reply).toBeNull();
    // Another visitor is answered all the same.
    expect((await ask("Refund?", "203.0.113.10")).init?.status ?? 200).toBe(200);
  });

  test("when answering throws: the spec's apology and its three suggestions, and the error is logged", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
    // The courses cannot be read, as when the database fails under the assistant.
    db.$client.exec("ALTER TABLE courses RENAME TO courses_unreadable");
    let result: ActionResult;
    try {
      result = await ask("Is there a webinar this week?", "203.0.113.11");
    } finally {
      db.$client.exec("ALTER TABLE courses_unreadable RENAME TO courses");
    }
    expect(result.init?.status).toBe(500);
    expect(body(result).reply).toEqual({
      question: "Is there a webinar this week?",
      answer: "I'm sorry, I'm experiencing technical difficulties. Please contact our team directly via WhatsApp for immediate assistance.",
      suggestions: ["Contact us via WhatsApp", "View our FAQ section", "Browse our courses"],
      failed: true,
    });
    expect(CHAT_ERROR.suggestions).toEqual(["Contact us via WhatsApp", "View our FAQ section", "Browse our courses"]);
    expect(logged).toHaveBeenCalledWith(
      "Answering a chat question failed",
      expect.objectContaining({ message: expect.stringContaining("no such table: courses") }),
    );
  });
});
