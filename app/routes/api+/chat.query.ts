import type { ActionFunctionArgs } from "@remix-run/node";
import { ChatQuestionSchema } from "~/schemas/chat";
import { answerQuestion, checkChatRateLimit } from "~/services/chat/chat.server";
import { apiJson, methodNotAllowed, parseJsonBody } from "~/utils/api.server";

const CHAT_ANSWER_MESSAGE = "Answer generated successfully";
/** The default text for a failed chat query, quoted from the product specification. */
const CHAT_FAILURE_MESSAGE = "Failed to get AI response";

/** The API helpers' error answers as `{ success: false, message, errors }`, the chat client's shape. */
async function asChatFailure(response: Response): Promise<Response> {
  const body = (await response.json().catch(() => ({}))) as { message?: string; errors?: Record<string, string[]> };
  const message = body.message ?? "The request is not valid.";
  return apiJson({ success: false, message, errors: body.errors ?? { form: [message] } }, response.status);
}

/**
 * POST /api/chat/query `{ question }`: 200 `{ success: true, data: { answer,
 * suggestions }, message }`. 400 `{ success: false, message, errors }` for an empty, blank or
 * over-long question or a body that is not JSON (415 when not sent as JSON); 429 `{ success:
 * false, message }` with Retry-After past the per-address limit; 500 `{ success: false, message }`
 * if answering fails; 405 for other methods.
 * The question is answered and forgotten: it is neither stored nor logged.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  let question: string;
  try {
    ({ question } = await parseJsonBody(request, ChatQuestionSchema, "first"));
  } catch (error) {
    if (error instanceof Response) return asChatFailure(error);
    throw error;
  }
  const limit = await checkChatRateLimit(context.clientAddress);
  if (!limit.allowed)
    return apiJson({ success: false, message: limit.message }, 429, {
      "Cache-Control": "no-store",
      "Retry-After": String(limit.retryAfterSeconds),
    });
  try {
    const data = await answerQuestion(question);
    return apiJson({ success: true, data, message: CHAT_ANSWER_MESSAGE });
  } catch (error) {
    // Logged without the question: questions are never stored or logged.
    console.error("Answering a chat question failed", error);
    return apiJson({ success: false, message: CHAT_FAILURE_MESSAGE }, 500);
  }
}

export function loader() {
  return methodNotAllowed(["POST"]);
}
