import type { ActionFunctionArgs, ServerBuild } from "@remix-run/node";
import { describe, expect, test } from "vitest";
import {
  ADMIN_UPLOAD_BODY_LIMITS,
  BODY_BUSY_MESSAGE,
  PUBLIC_BODY_LIMITS,
  bodyTooLargeMessage,
  tooManyFieldsMessage,
  type BodyLimits,
} from "./body-limits";
import { createBodyBudget, largestBodyLimit, withBodyLimits } from "./request-body.server";

/** A promise the test awaits and the code under test opens. */
function latch() {
  let open: () => void = () => undefined;
  const promise = new Promise<void>((resolve) => (open = resolve));
  return { promise, open };
}

const MB = 1024 * 1024;

type Action = (args: ActionFunctionArgs) => Promise<unknown>;

/** A build with one route whose action reports the form it was given. */
function buildWith(bodyLimits?: BodyLimits): { build: ServerBuild; calls: string[][] } {
  const calls: string[][] = [];
  const action: Action = async ({ request }) => {
    const form = await request.formData();
    calls.push([...form.keys()]);
    return form.get("title");
  };
  const module = bodyLimits ? { action, handle: { bodyLimits } } : { action };
  const build = { routes: { "routes/form": { id: "routes/form", path: "form", module } } } as unknown as ServerBuild;
  return { build, calls };
}

function actionOf(build: ServerBuild): Action {
  return build.routes["routes/form"]?.module.action as unknown as Action;
}

const post = (body: BodyInit, headers: Record<string, string> = {}) => {
  const request = new Request("http://localhost/form", { method: "POST", body });
  const length = String(new TextEncoder().encode(typeof body === "string" ? body : "").length);
  for (const [name, value] of Object.entries({ "Content-Length": length, ...headers })) request.headers.set(name, value);
  return { request, params: {}, context: {} };
};

const urlencoded = (body: string) => post(body, { "Content-Type": "application/x-www-form-urlencoded" });

async function refusal(promise: Promise<unknown>): Promise<{ status: number; message: string; retryAfter: string | null }> {
  const thrown: unknown = await promise.then(
    () => null,
    (error: unknown) => error,
  );
  if (!(thrown instanceof Response)) throw new Error(`expected a thrown Response, got ${String(thrown)}`);
  const { message } = (await thrown.json()) as { message: string };
  return { status: thrown.status, message, retryAfter: thrown.headers.get("Retry-After") };
}

const options = (signedIn = false, inFlightBytes = 32 * MB) => ({ inFlightBytes, isAdminSignedIn: async () => signedIn });

describe("withBodyLimits", () => {
  test("the action gets the same form, read once from the body", async () => {
    const { build, calls } = buildWith();
    await expect(actionOf(withBodyLimits(build, options()))(urlencoded("title=Price+action&level=beginner"))).resolves.toBe("Price action");
    expect(calls).toEqual([["title", "level"]]);
  });

  test("a body over the route's limit is refused on its length, before the action runs", async () => {
    const { build, calls } = buildWith();
    const oversized = urlencoded("title=x");
    oversized.request.headers.set("Content-Length", String(PUBLIC_BODY_LIMITS.maxBytes + 1));
    expect(await refusal(actionOf(withBodyLimits(build, options()))(oversized))).toMatchObject({
      status: 413,
      message: bodyTooLargeMessage(PUBLIC_BODY_LIMITS),
    });
    expect(calls).toEqual([]);
  });

  test("too many fields are refused with 413 and never reach the action", async () => {
    const { build, calls } = buildWith();
    const answer = await refusal(actionOf(withBodyLimits(build, options()))(urlencoded(Array(201).fill("a=1").join("&"))));
    expect(answer).toMatchObject({ status: 413, message: tooManyFieldsMessage(PUBLIC_BODY_LIMITS) });
    expect(calls).toEqual([]);
  });

  test("a route's admin-only limits hold only while an admin is signed in", async () => {
    const bigField = `title=${"x".repeat(100 * 1024)}`;
    const { build } = buildWith(ADMIN_UPLOAD_BODY_LIMITS);
    expect((await refusal(actionOf(withBodyLimits(build, options(false)))(urlencoded(bigField)))).status).toBe(413);
    await expect(actionOf(withBodyLimits(build, options(true)))(urlencoded(bigField))).resolves.toHaveLength(100 * 1024);
  });

  test("while the in-flight budget is spent, a body waits outside with 503 and Retry-After; it is given back after", async () => {
    let finish: () => void = () => undefined;
    // Opened when the action holds a body; the test waits on it, then hands out the next.
    let held = latch();
    const slow: Action = async ({ request }) => {
      await request.formData();
      await new Promise<void>((resolve) => {
        finish = resolve;
        held.open();
      });
      return "done";
    };
    const build = { routes: { "routes/form": { id: "routes/form", path: "form", module: { action: slow } } } } as unknown as ServerBuild;
    const guarded = actionOf(withBodyLimits(build, options(false, PUBLIC_BODY_LIMITS.maxBytes)));
    const first = guarded(urlencoded(`a=${"x".repeat(60 * 1024)}&b=${"x".repeat(60 * 1024)}`));
    await held.promise;
    held = latch();
    expect(await refusal(guarded(urlencoded(`title=${"y".repeat(40 * 1024)}`)))).toEqual({
      status: 503,
      message: BODY_BUSY_MESSAGE,
      retryAfter: "30",
    });
    finish();
    await expect(first).resolves.toBe("done");
    const second = guarded(urlencoded(`title=${"y".repeat(40 * 1024)}`));
    await held.promise;
    finish();
    await expect(second).resolves.toBe("done");
  });

  test("a streamed route's body reaches the action unheld, outside the budget, and is cut off past its limit", async () => {
    const limits: BodyLimits = { maxBytes: 1024, maxFields: 2, maxFieldBytes: 16, adminOnly: true, streamed: true };
    const read: Action = async ({ request }) => (await request.text()).length;
    const build = {
      routes: { "routes/form": { id: "routes/form", path: "form", module: { action: read, handle: { bodyLimits: limits } } } },
    } as unknown as ServerBuild;
    // A budget far smaller than the route's limit: a streamed body holds none of it.
    const guarded = actionOf(withBodyLimits(build, options(true, PUBLIC_BODY_LIMITS.maxBytes)));
    // Three fields over the field limits: not counted beforehand, the route's own parser caps them.
    await expect(guarded(urlencoded(`a=${"x".repeat(500)}&b=1&c=2`))).resolves.toBe(510);
    const lying = urlencoded("x".repeat(2000));
    lying.request.headers.set("Content-Length", "10");
    expect((await refusal(guarded(lying))).status).toBe(413);
    // Anyone but a signed-in admin gets the public limits, counted as ever.
    const asVisitor = actionOf(withBodyLimits(build, options(false)));
    expect((await refusal(asVisitor(urlencoded("a=1&b=2&c=3&" + Array(200).fill("d=1").join("&"))))).status).toBe(413);
  });

  test("a budget smaller than a route's limit is a configuration error", () => {
    expect(() => withBodyLimits(buildWith(ADMIN_UPLOAD_BODY_LIMITS).build, options(false, MB))).toThrow(/budget/);
  });
});

test("largestBodyLimit is the largest any route declares, or the public limit", () => {
  expect(largestBodyLimit(buildWith().build)).toBe(PUBLIC_BODY_LIMITS.maxBytes);
  expect(largestBodyLimit(buildWith(ADMIN_UPLOAD_BODY_LIMITS).build)).toBe(16 * MB);
});

test("a budget reservation is given back once, however often it is released", () => {
  const budget = createBodyBudget(10);
  const release = budget.reserve(8);
  expect(budget.reserve(3)).toBeNull();
  release?.();
  release?.();
  expect(budget.held()).toBe(0);
  expect(budget.reserve(10)).not.toBeNull();
});
