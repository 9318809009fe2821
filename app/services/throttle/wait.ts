import type { HeadersFunction } from "@remix-run/node";

// How a throttled visitor is told to wait: whole seconds up to a minute and a
// half, whole minutes after that, always rounded up.

export function waitSeconds(waitMs: number): number {
  return Math.max(1, Math.ceil(waitMs / 1000));
}

function waitPhrase(waitMs: number): string {
  const seconds = waitSeconds(waitMs);
  if (seconds < 90) return `${seconds} second${seconds === 1 ? "" : "s"}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minutes`;
}

/** A refusal for now: its message and the Retry-After seconds that go with the 429. */
export type Throttled = { ok: false; status: 429; message: string; retryAfterSeconds: number };

export function throttled(message: (wait: string) => string, waitMs: number): Throttled {
  return { ok: false, status: 429, message: message(waitPhrase(waitMs)), retryAfterSeconds: waitSeconds(waitMs) };
}

/** The Retry-After header for an answer that may be a throttle's refusal. */
export function retryAfterHeaders(outcome: { ok: boolean; retryAfterSeconds?: number }): Record<string, string> {
  return !outcome.ok && outcome.retryAfterSeconds ? { "Retry-After": String(outcome.retryAfterSeconds) } : {};
}

/**
 * A page route's `headers` export: Remix puts an action's headers on the page
 * only through it, so a throttled form post's 429 carries its Retry-After.
 */
export const retryAfterFromAction: HeadersFunction = ({ actionHeaders, parentHeaders }) => {
  const headers = new Headers(parentHeaders);
  const retryAfter = actionHeaders.get("Retry-After");
  if (retryAfter) headers.set("Retry-After", retryAfter);
  return headers;
};

/** A JSON endpoint's refusal for now: 429 `{ message }` with Retry-After, never cached. */
export function throttledJson(outcome: Throttled): Response {
  return Response.json(
    { message: outcome.message },
    { status: outcome.status, headers: { "Cache-Control": "no-store", ...retryAfterHeaders(outcome) } },
  );
}
