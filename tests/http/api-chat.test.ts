import { randomInt } from "node:crypto";
import { CHAT_QUICK_QUESTIONS } from "../../app/content/chat";
import { DEFAULT_LEGAL_TEXTS } from "../../app/content/legal-defaults";
import { CHAT_QUESTION_MAX } from "../../app/content/chat";
import { formatPrice } from "../../app/utils/money";
import { describe, expect, type HttpClient, type HttpResponse, queryTestDatabase, test } from "./support/test";

// The test server trusts X-Forwarded-For from loopback (TRUST_PROXY=loopback in playwright.config.ts),
// and these requests come from loopback: each test asks from its own address, so the
// per-address rate limit (20 questions a minute by default) never mixes tests.
const freshAddress = () => `198.51.${randomInt(0, 256)}.${randomInt(1, 255)}`;

async function jsonOf(response: HttpResponse, status: number) {
  expect(response.status(), await response.text()).toBe(status);
  expect(response.headers()["content-type"]).toMatch(/^application\/json/);
  return response.json();
}

function ask(request: HttpClient, address: string, data: unknown) {
  return request.post("/api/chat/query", { data, headers: { "X-Forwarded-For": address } });
}

describe("GET /api/chat/suggestions", () => {
  test("200 with success and the chat's quick questions", async ({ request }) => {
    expect(await jsonOf(await request.get("/api/chat/suggestions"), 200)).toEqual({
      success: true,
      suggestions: CHAT_QUICK_QUESTIONS,
    });
  });

  test("405 with Allow: GET for other methods", async ({ request }) => {
    const response = await request.post("/api/chat/suggestions", { data: {} });
    expect(response.status()).toBe(405);
    expect(response.headers().allow).toBe("GET");
  });
});

describe("POST /api/chat/query", () => {
  test("200 { success, data: { answer, suggestions }, message } with the price from the database", async ({ request }) => {
    const [smc] = queryTestDatabase<{ title: string; price_paise: number }>(
      "SELECT title, price_paise FROM courses WHERE is_active = 1 AND title LIKE '%SMC%'",
    );
    if (!smc) throw new Error("no active SMC course in the test database");
    const body = await jsonOf(await ask(request, freshAddress(), { question: "  what does the SMC course cost?  " }), 200);
    expect(body).toEqual({
      success: true,
      data: { answer: expect.any(String), suggestions: expect.any(Array) },
      message: "Answer generated successfully",
    });
    expect(body.data.answer).toContain(formatPrice(smc.price_paise));
    expect(body.data.suggestions).toContain(`What does ${smc.title} cover?`);
  });

  test("200 for the refund policy and the fallback for an unknown question", async ({ request }) => {
    const address = freshAddress();
    const refund = await jsonOf(await ask(request, address, { question: "refund?" }), 200);
    expect(refund.data.answer).toContain(DEFAULT_LEGAL_TEXTS.refundPolicy.split("\n\n")[0]);
    const unknown = await jsonOf(await ask(request, address, { question: "who won the cricket match yesterday" }), 200);
    expect(unknown.data.answer).toContain("I don't have an answer to that");
    expect(unknown.data.answer).toContain("WhatsApp");
    expect(unknown.data.suggestions).toEqual(["View our FAQ section", "Contact us via WhatsApp", "Browse our courses"]);
  });

  const invalid: [string, unknown, string][] = [
    ["an empty question", { question: "" }, "Please type a question."],
    ["a whitespace-only question", { question: "   \n\t " }, "Please type a question."],
    ["a missing question", {}, "Please type a question."],
    ["a question that is not a string", { question: 42 }, "Please type a question."],
    [
      "an over-long question",
      { question: "x".repeat(CHAT_QUESTION_MAX + 1) },
      `Please keep your question under ${CHAT_QUESTION_MAX} characters.`,
    ],
  ];
  for (const [name, data, message] of invalid)
    test(`400 { success: false, message, errors } for ${name}`, async ({ request }) => {
      expect(await jsonOf(await ask(request, freshAddress(), data), 400)).toEqual({
        success: false,
        message,
        errors: { question: [message] },
      });
    });

  test("400 for a body that is not valid JSON or not an object; 415 for one not sent as JSON", async ({ request }) => {
    const address = freshAddress();
    const headers = { "Content-Type": "application/json", "X-Forwarded-For": address };
    const broken = await request.post("/api/chat/query", { data: Buffer.from('{"question": "refund?"'), headers });
    expect(await jsonOf(broken, 400)).toEqual({
      success: false,
      message: "The request body is not valid JSON.",
      errors: { form: ["The request body is not valid JSON."] },
    });
    const notAnObject = 'Send the question as a JSON object: { "question": "..." }.';
    for (const data of ['"refund?"', '["refund?"]', "null"])
      expect(await jsonOf(await request.post("/api/chat/query", { data: Buffer.from(data), headers }), 400)).toEqual({
        success: false,
        message: notAnObject,
        errors: { form: [notAnObject] },
      });
    const form = await request.post("/api/chat/query", { form: { question: "refund?" }, headers: { "X-Forwarded-For": address } });
    const body = await jsonOf(form, 415);
    expect(body.success).toBe(false);
    expect(body.message).toBe("Send the body as JSON with Content-Type: application/json.");
  });

  test("405 with Allow: POST for other methods", async ({ request }) => {
    for (const response of [await request.get("/api/chat/query"), await request.put("/api/chat/query", { data: {} })]) {
      expect(response.status()).toBe(405);
      expect(response.headers().allow).toBe("POST");
    }
  });

  test("429 with Retry-After after 20 questions a minute from one address; other addresses still answered", async ({ request }) => {
    const address = freshAddress();
    for (let i = 0; i < 20; i++) expect((await ask(request, address, { question: `refund? ${i}` })).status()).toBe(200);
    const refused = await ask(request, address, { question: "refund?" });
    const body = await jsonOf(refused, 429);
    const retryAfter = Number(refused.headers()["retry-after"]);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(body).toEqual({
      success: false,
      message: `You're asking questions too quickly. Please wait ${retryAfter} second${retryAfter === 1 ? "" : "s"} and try again.`,
    });
    expect((await ask(request, freshAddress(), { question: "refund?" })).status()).toBe(200);
  });
});
