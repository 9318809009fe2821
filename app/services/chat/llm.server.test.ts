// The optional LLM phrasing, against a tiny OpenAI-compatible server on loopback.
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from "vitest";
import { seedDemoContent } from "../../../db/seed";
import { listActiveCourses, saveCourse } from "~/models/courses/course.server";
import { db } from "~/utils/db.server";
import { parseEnv } from "~/utils/env.server";
import { formatPrice } from "~/utils/money";
import { answerQuestion } from "./chat.server";
import { LLM_SYSTEM_PROMPT, llmConfigFrom, type LlmConfig } from "./llm.server";

const NOW = new Date("2026-03-10T06:00:00Z");
const API_KEY = "test-key-123";

type Behaviour = "answer" | "fail" | "slow" | "garbage" | "advice";
/** What a model that ignores its instructions might say. */
const ADVICE = "Buy Nifty 24000 CE in real time today: our students get guaranteed returns, and we are NSE certified.";
let behaviour: Behaviour = "answer";
const received: { path: string; method: string; auth: string | undefined; body: Record<string, unknown> }[] = [];
let server: Server;
let baseUrl: string;

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

/** Replies with a canned completion built from the facts it was given (the first fact line). */
function handler(request: IncomingMessage, response: import("node:http").ServerResponse) {
  void readBody(request).then((text) => {
    const body = JSON.parse(text || "{}") as Record<string, unknown>;
    received.push({ path: request.url ?? "", method: request.method ?? "", auth: request.headers.authorization, body });
    if (behaviour === "fail") {
      response.writeHead(500, { "Content-Type": "application/json" }).end(JSON.stringify({ error: { message: "boom" } }));
      return;
    }
    if (behaviour === "garbage") {
      response.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify({ choices: [] }));
      return;
    }
    const messages = body.messages as { role: string; content: string }[];
    const firstFact = /Facts:\n- (.*)/.exec(messages[1]?.content ?? "")?.[1] ?? "no facts";
    const content = behaviour === "advice" ? ADVICE : `<b>From our data:</b> ${firstFact}`;
    const completion = {
      id: "chatcmpl-test",
      object: "chat.completion",
      model: body.model,
      choices: [{ index: 0, finish_reason: "stop", message: { role: "assistant", content } }],
    };
    const send = () => {
      if (!response.destroyed) response.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify(completion));
    };
    if (behaviour === "slow") setTimeout(send, 1_000);
    else send();
  });
}

beforeAll(async () => {
  seedDemoContent(db, NOW);
  server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

afterEach(() => {
  behaviour = "answer";
  received.length = 0;
  vi.restoreAllMocks();
});

const config = (overrides: Partial<LlmConfig> = {}): LlmConfig => ({
  url: baseUrl,
  model: "tiny-test-model",
  apiKey: API_KEY,
  timeoutMs: 5_000,
  ...overrides,
});
const smc = () => listActiveCourses().find((course) => /SMC/.test(course.title))!;
const builtIn = (question: string) => answerQuestion(question, NOW, { llm: null });

describe("answerQuestion with an OpenAI-compatible endpoint", () => {
  test("sends the facts and the question to POST {url}/chat/completions and returns the phrased answer", async () => {
    const question = "what does the SMC course cost?";
    const result = await answerQuestion(question, NOW, { llm: config() });

    expect(received).toHaveLength(1);
    const [call] = received;
    expect(call?.path).toBe("/v1/chat/completions");
    expect(call?.method).toBe("POST");
    expect(call?.auth).toBe(`Bearer ${API_KEY}`);
    expect(call?.body.model).toBe("tiny-test-model");
    const messages = call?.body.messages as { role: string; content: string }[];
    expect(messages.map((message) => message.role)).toEqual(["system", "user"]);
    expect(messages[0]?.content).toBe(LLM_SYSTEM_PROMPT);
    expect(messages[0]?.content).toContain("ONLY the facts");
    expect(messages[1]?.content).toContain(`Question: ${question}`);
    expect(messages[1]?.content).toContain(formatPrice(smc().pricePaise));

    // The model's words, tags stripped (the widget shows plain text), with the built-in suggestions.
    expect(result.answer).toMatch(/^From our data: /);
    expect(result.answer).toContain(formatPrice(smc().pricePaise));
    expect(result.answer).not.toContain("<b>");
    expect(result.suggestions).toEqual((await builtIn(question)).suggestions);
  });

  test("no API key: no Authorization header", async () => {
    await answerQuestion("refund?", NOW, { llm: config({ apiKey: undefined }) });
    expect(received[0]?.auth).toBeUndefined();
  });

  test("a question without facts never reaches the model: the fallback stands", async () => {
    const question = "who won the cricket match yesterday";
    const result = await answerQuestion(question, NOW, { llm: config() });
    expect(received).toHaveLength(0);
    expect(result).toEqual(await builtIn(question));
  });

  test.each([
    ["an error status", "fail" as const, {}],
    ["a reply without an answer", "garbage" as const, {}],
    ["a timeout", "slow" as const, { timeoutMs: 200 }],
  ])("%s falls back to the built-in answer with a warning", async (name, mode, overrides) => {
    behaviour = mode;
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const question = "what does the SMC course cost?";
    const result = await answerQuestion(question, NOW, { llm: config(overrides) });
    // On a busy machine a 200 ms timeout can fire before the request reaches the fake model.
    if (name !== "a timeout") expect(received).toHaveLength(1);
    expect(result).toEqual(await builtIn(question));
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]?.[0])).toContain("Chat LLM unavailable");
  });

  test("an unreachable endpoint falls back too", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const result = await answerQuestion("refund?", NOW, { llm: config({ url: `http://127.0.0.1:${port}/v1` }) });
    expect(result).toEqual(await builtIn("refund?"));
    expect(warn).toHaveBeenCalledTimes(1);
  });
});

describe("the claims check on every answer", () => {
  test("the model is told never to advise on a security or a trade and never to claim returns", async () => {
    await answerQuestion("what does the SMC course cost?", NOW, { llm: config() });
    const [system] = received[0]?.body.messages as { role: string; content: string }[];
    expect(system?.content).toContain("Never advise on any security, index, currency pair or trade");
    expect(system?.content).toContain("Never claim or suggest returns, profits, accuracy, success rates, awards, rankings");
  });

  test("a model answer that advises or claims returns is not shown: the built-in answer is, with a warning naming the phrase", async () => {
    behaviour = "advice";
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const question = "what does the SMC course cost?";
    const result = await answerQuestion(question, NOW, { llm: config() });
    expect(received).toHaveLength(1);
    expect(result).toEqual(await builtIn(question));
    expect(result.answer).toContain(formatPrice(smc().pricePaise));
    expect(String(warn.mock.calls[0]?.[0])).toContain("“NSE certified”");
    expect(String(warn.mock.calls[0]?.[0])).not.toContain(question);
  });

  test("a built-in answer built from an admin's text with a claim gives way to the fallback, and no model sees it", async () => {
    const saved = saveCourse("admin", {
      title: "Option Buying Blueprint",
      shortDescription: "Our option buying method with guaranteed returns every month.",
      description: "OVERVIEW\nOption buying.",
      pricePaise: 199_900,
      duration: "2 weeks",
      level: "beginner",
      features: ["Guaranteed returns every month"],
      isActive: true,
    });
    expect(saved.ok).toBe(true);
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const result = await answerQuestion("What does Option Buying Blueprint cover?", NOW, { llm: config() });
    expect(result.answer).not.toMatch(/guaranteed/i);
    expect(result.answer).toContain("I don't have an answer to that");
    expect(received).toHaveLength(0);
  });
});

describe("llmConfigFrom", () => {
  test("is off unless both the URL and the model are set; empty keys count as unset", () => {
    expect(llmConfigFrom(parseEnv({}))).toBeNull();
    expect(llmConfigFrom(parseEnv({ CHAT_LLM_URL: "http://127.0.0.1:9/v1", CHAT_LLM_MODEL: "" }))).toBeNull();
    expect(llmConfigFrom(parseEnv({ CHAT_LLM_URL: "http://127.0.0.1:9/v1", CHAT_LLM_MODEL: "m", CHAT_LLM_API_KEY: "" }))).toEqual({
      url: "http://127.0.0.1:9/v1",
      model: "m",
      apiKey: undefined,
      timeoutMs: 8_000,
    });
    expect(() => parseEnv({ CHAT_LLM_URL: "not a url" })).toThrow(/CHAT_LLM_URL/);
  });

  test("the chat rate limit defaults to 20 a minute and can be raised", () => {
    expect(parseEnv({}).CHAT_RATE_LIMIT_PER_MINUTE).toBe(20);
    expect(parseEnv({ CHAT_RATE_LIMIT_PER_MINUTE: "100000" }).CHAT_RATE_LIMIT_PER_MINUTE).toBe(100000);
    expect(() => parseEnv({ CHAT_RATE_LIMIT_PER_MINUTE: "0" })).toThrow(/CHAT_RATE_LIMIT_PER_MINUTE/);
  });
});
