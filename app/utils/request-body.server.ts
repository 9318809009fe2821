import type { ActionFunction, ServerBuild } from "@remix-run/node";
import {
  BODY_BUSY_MESSAGE,
  bodyTooLargeMessage,
  fieldTooLargeMessage,
  PUBLIC_BODY_LIMITS,
  tooManyFieldsMessage,
  type BodyLimits,
} from "./body-limits";
import { formBodyProblem, type FormProblem } from "./form-fields.server";
import { UNREADABLE_FORM_MESSAGE } from "./form-data.server";
import { DRAINED_BODY_BYTES } from "./request-guards.server";
import { mapRouteModules, type RouteModule } from "./server-build.server";

// Every action's body, read once before the action runs: sized by the route
// Remix resolved (its `handle.bodyLimits`) and by who is signed in, held
// within a budget shared by all requests, and counted in one linear pass.
// The action then reads the same bytes from a fresh request, whatever it
// parses them with (Conform, remix-auth's FormStrategy, JSON).

const RETRY_AFTER_SECONDS = "30";

export type BodyGuardOptions = {
  /** Bytes of request bodies held at once, all requests together; beyond it a body waits outside with a 503. */
  inFlightBytes: number;
  /** Whether an admin is signed in on this request (read only: no session is touched). */
  isAdminSignedIn: (request: Request) => Promise<boolean>;
};

/** The build with every route's action behind its body limits. */
export function withBodyLimits(build: ServerBuild, options: BodyGuardOptions): ServerBuild {
  const largest = largestHeldBodyLimit(build);
  if (options.inFlightBytes < largest)
    throw new Error(`The in-flight body budget (${options.inFlightBytes}) is smaller than a route's limit (${largest}).`);
  const budget = createBodyBudget(options.inFlightBytes);
  return mapRouteModules(build, (module) =>
    module.action
      ? { ...module, action: guardedAction(module.action, declaredBodyLimits(module), budget, options.isAdminSignedIn) }
      : module,
  );
}

/** The largest body any route takes: the server refuses larger ones before routing. */
export function largestBodyLimit(build: ServerBuild): number {
  return Math.max(
    PUBLIC_BODY_LIMITS.maxBytes,
    ...Object.values(build.routes).map((route) => declaredBodyLimits(route.module)?.maxBytes ?? 0),
  );
}

/** The largest body a route holds in memory (streamed routes hold none of theirs). */
function largestHeldBodyLimit(build: ServerBuild): number {
  return Math.max(
    PUBLIC_BODY_LIMITS.maxBytes,
    ...Object.values(build.routes).map((route) => {
      const limits = declaredBodyLimits(route.module);
      return limits && !limits.streamed ? limits.maxBytes : 0;
    }),
  );
}

function declaredBodyLimits(module: RouteModule): BodyLimits | null {
  const handle: unknown = module.handle;
  if (typeof handle !== "object" || handle === null || !("bodyLimits" in handle)) return null;
  if (!isBodyLimits(handle.bodyLimits)) throw new Error("A route's handle.bodyLimits is not a BodyLimits (app/utils/body-limits.ts).");
  return handle.bodyLimits;
}

function isBodyLimits(value: unknown): value is BodyLimits {
  if (typeof value !== "object" || value === null) return false;
  const limits: Record<string, unknown> = { ...value };
  return ["maxBytes", "maxFields", "maxFieldBytes"].every((key) => typeof limits[key] === "number");
}

export type BodyBudget = ReturnType<typeof createBodyBudget>;

/** A count of body bytes held at once; a reservation is given back exactly once. */
export function createBodyBudget(totalBytes: number) {
  let held = 0;
  return {
    reserve(bytes: number): (() => void) | null {
      if (held + bytes > totalBytes) return null;
      held += bytes;
      let released = false;
      return () => {
        if (released) return;
        released = true;
        held -= bytes;
      };
    },
    held: () => held,
  };
}

function guardedAction(
  action: ActionFunction,
  declared: BodyLimits | null,
  budget: BodyBudget,
  isAdminSignedIn: BodyGuardOptions["isAdminSignedIn"],
): ActionFunction {
  return async (args) => {
    const { request } = args;
    const limits = declared && (!declared.adminOnly || (await isAdminSignedIn(request))) ? declared : PUBLIC_BODY_LIMITS;
    const length = Number(request.headers.get("Content-Length") ?? 0);
    if (!Number.isSafeInteger(length) || length > limits.maxBytes) throw await refusedUnread(request, 413, bodyTooLargeMessage(limits));
    if (limits.streamed && limits.adminOnly) return action({ ...args, request: cappedRequest(request, limits) });
    const release = budget.reserve(length);
    if (!release) throw await refusedUnread(request, 503, BODY_BUSY_MESSAGE, { "Retry-After": RETRY_AFTER_SECONDS });
    try {
      const body = await readBody(request, limits);
      const problem = formBodyProblem(request.headers.get("Content-Type"), Buffer.from(body.buffer), limits);
      if (problem) throw refusal(...REFUSALS[problem](limits));
      return await action({
        ...args,
        request: new Request(request.url, { method: request.method, headers: request.headers, body, signal: request.signal }),
      });
    } finally {
      release();
    }
  };
}

/** The request with its body cut off (an error to its reader) past the limit, whatever the client declared. */
function cappedRequest(request: Request, limits: BodyLimits): Request {
  let total = 0;
  const cap = new TransformStream<Uint8Array, Uint8Array>({
    transform(chunk, controller) {
      total += chunk.length;
      if (total > limits.maxBytes) controller.error(refusal(413, bodyTooLargeMessage(limits)));
      else controller.enqueue(chunk);
    },
  });
  const body = request.body?.pipeThrough(cap) ?? null;
  return new Request(request.url, { method: request.method, headers: request.headers, body, signal: request.signal, duplex: "half" });
}

const REFUSALS: Record<FormProblem, (limits: BodyLimits) => [number, string]> = {
  "too-many-fields": (limits) => [413, tooManyFieldsMessage(limits)],
  "field-too-large": (limits) => [413, fieldTooLargeMessage(limits)],
  unreadable: () => [400, UNREADABLE_FORM_MESSAGE],
};

/** The answer, thrown as the action's: as is for /api routes, the error screen with its message for pages. Never the body. */
function refusal(status: number, message: string, headers: Record<string, string> = {}): Response {
  return Response.json({ message }, { status, headers: { "Cache-Control": "no-store", ...headers } });
}

/**
 * A refusal made on the headers alone. A small body is read and dropped first
 * (never held), so every client sees the answer on a connection it can go on
 * using; a larger one is left unread and the server closes the connection
 * after the answer (request-guards.server.ts).
 */
async function refusedUnread(request: Request, status: number, message: string, headers?: Record<string, string>): Promise<Response> {
  const length = Number(request.headers.get("Content-Length") ?? 0);
  if (length <= DRAINED_BODY_BYTES && request.body) await request.body.pipeTo(new WritableStream()).catch(() => undefined);
  return refusal(status, message, headers);
}

/** The body's bytes; never more than the limit, whatever the client declared. */
async function readBody(request: Request, limits: BodyLimits): Promise<Uint8Array<ArrayBuffer>> {
  const chunks: Uint8Array[] = [];
  let total = 0;
  const reader = request.body?.getReader();
  try {
    for (let read = await reader?.read(); read && !read.done; read = await reader?.read()) {
      total += read.value.length;
      if (total > limits.maxBytes) throw refusal(413, bodyTooLargeMessage(limits));
      chunks.push(read.value);
    }
  } catch (error) {
    if (error instanceof Response) throw error;
    // The client went away mid-body.
    throw refusal(400, UNREADABLE_FORM_MESSAGE);
  } finally {
    reader?.releaseLock();
  }
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.length;
  }
  return bytes;
}
