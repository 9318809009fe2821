import type { z } from "zod";
import { PUBLIC_BODY_LIMITS } from "./body-limits";

// The JSON API's answers. Errors are `{ message, errors? }`: a client
// shows `message`, and `errors` names the fields at fault.

const NO_STORE = { "Cache-Control": "no-store" };

export function apiJson(body: unknown, status = 200, headers: HeadersInit = NO_STORE) {
  return Response.json(body, { status, headers });
}

export function apiError(status: number, message: string, errors?: Record<string, string[]>) {
  return Response.json(errors ? { message, errors } : { message }, { status, headers: NO_STORE });
}

class TooManyJsonValues extends Error {}

/**
 * The request's JSON body, or a thrown 400/413/415 answer for anything else.
 * Values are counted as they are parsed: a body of more than a form's worth
 * (PUBLIC_BODY_LIMITS.maxFields) is refused before any schema walks it.
 */
export async function readJsonBody(request: Request): Promise<unknown> {
  if (!request.headers.get("Content-Type")?.includes("application/json"))
    throw apiError(415, "Send the body as JSON with Content-Type: application/json.");
  let values = 0;
  try {
    return JSON.parse(await request.text(), (_key, value: unknown) => {
      if (++values > PUBLIC_BODY_LIMITS.maxFields) throw new TooManyJsonValues();
      return value;
    });
  } catch (error) {
    if (error instanceof TooManyJsonValues)
      throw apiError(413, `The body has too many values: at most ${PUBLIC_BODY_LIMITS.maxFields} are accepted.`);
    throw apiError(400, "The request body is not valid JSON.");
  }
}

/**
 * Parses a JSON body with a form's schema; a thrown 400 names each field's
 * problems. `message` is the summary, or "first" for the first problem's text.
 */
export async function parseJsonBody<Schema extends z.ZodTypeAny>(
  request: Request,
  schema: Schema,
  message: string | "first" = "Please check the highlighted fields.",
): Promise<z.infer<Schema>> {
  const result = schema.safeParse(await readJsonBody(request));
  if (result.success) return result.data;
  const summary = message === "first" ? (result.error.issues[0]?.message ?? "The request is not valid.") : message;
  throw apiError(400, summary, fieldErrorsOf(result.error));
}

/** Each field's messages, keyed by its path; problems with the body as a whole under "form". */
export function fieldErrorsOf(error: z.ZodError): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = issue.path.join(".") || "form";
    (errors[key] ??= []).push(issue.message);
  }
  return errors;
}

/** 405 for methods a resource route does not take, naming the ones it does. */
export function methodNotAllowed(allowed: string[]) {
  return Response.json(
    { message: `This address does not take that method. Use ${allowed.join(" or ")}.` },
    { status: 405, headers: { ...NO_STORE, Allow: allowed.join(", ") } },
  );
}
