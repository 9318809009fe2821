import type { IncomingMessage, ServerResponse } from "node:http";
import { METHOD_NOT_ALLOWED_MESSAGE, pathOf, SITE_METHODS } from "./http-methods.server";

// Checks every request passes before the app reads it: cross-site writes and
// bodies the server cannot size up front are refused here, once, for all routes.
// Each route's own body limits are applied where the route is known
// (request-body.server.ts); this is the outer bound.

const STATE_CHANGING = new Set(["POST", "PUT", "PATCH", "DELETE"]);

export type IncomingRequest = {
  method: string;
  headers: Record<string, string | string[] | undefined>;
  /** The path and query asked for (Express's `req.url`). */
  url?: string;
};

/**
 * The one route another site's page posts to by design: the payment
 * provider's hosted checkout returns the student with a cross-site POST, which
 * carries no SameSite=Lax session cookie. It acts on the provider's signature
 * alone, never on a session, so the reason for the same-origin check does not
 * apply there (decision 0028).
 */
export const CROSS_SITE_RETURN_PATHS: readonly string[] = ["/checkout/callback"];

export type Refusal = { status: number; message: string; headers?: Record<string, string> };

export const CROSS_SITE_MESSAGE =
  "This form was sent from another website, so it was not accepted. Open the page on our site and submit it there.";
export const LENGTH_REQUIRED_MESSAGE = "Send the request body with a Content-Length header.";
export const BODY_TOO_LARGE_MESSAGE = "Request body is too large.";

function header(request: IncomingRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/**
 * A browser names where a write comes from (Sec-Fetch-Site, Origin); anything
 * other than this site is refused, so a page elsewhere cannot post a form here
 * with a visitor's cookies or in a visitor's name. Requests with neither header
 * are not from a browser page (curl, Stripe's webhooks) and pass.
 */
export function isCrossSiteWrite(request: IncomingRequest, siteUrl?: string): boolean {
  if (!STATE_CHANGING.has(request.method.toUpperCase())) return false;
  if (request.method.toUpperCase() === "POST" && CROSS_SITE_RETURN_PATHS.includes(request.url?.split("?")[0] ?? "")) return false;
  const fetchSite = header(request, "sec-fetch-site");
  if (fetchSite && fetchSite !== "same-origin" && fetchSite !== "none") return true;
  const origin = header(request, "origin");
  if (origin === undefined) return false;
  let originHost: string;
  try {
    originHost = new URL(origin).host;
  } catch {
    return true; // "null" (sandboxed frames, data: pages) or garbage
  }
  const ownHosts = [header(request, "host"), siteUrl ? new URL(siteUrl).host : undefined];
  return !ownHosts.includes(originHost);
}

export type RequestBounds = {
  /** No route takes a larger body. */
  maxBodyBytes: number;
  /** The methods of the route a path leads to, for the 405 of a method no route takes. */
  allowedMethods: (pathname: string) => readonly string[];
};

/** A method no route takes (TRACE, PROPFIND, a made-up one): 405, naming the methods the path's route takes. */
export function methodRefusal(allowed: readonly string[]): Refusal {
  return { status: 405, message: METHOD_NOT_ALLOWED_MESSAGE, headers: { Allow: allowed.join(", ") } };
}

/** The refusal for a request, or null when the app may read it. */
export function refuseRequest(request: IncomingRequest, limits: RequestBounds, siteUrl?: string): Refusal | null {
  if (!SITE_METHODS.includes(request.method.toUpperCase())) return methodRefusal(limits.allowedMethods(pathOf(request.url)));
  if (isCrossSiteWrite(request, siteUrl)) return { status: 403, message: CROSS_SITE_MESSAGE };
  const length = header(request, "content-length");
  // A chunked body has no length to check before reading; browsers always send one.
  if (length === undefined && header(request, "transfer-encoding") !== undefined) return { status: 411, message: LENGTH_REQUIRED_MESSAGE };
  if (Number(length ?? 0) > limits.maxBodyBytes) return { status: 413, message: BODY_TOO_LARGE_MESSAGE };
  return null;
}

export const CROSS_SITE_READ_MESSAGE =
  "This link was opened from another website, so nothing was made. Open it from the admin panel instead.";

/**
 * A GET that creates something (a file, a row) must not run when another
 * site sent the visitor's browser here: SameSite=Lax cookies travel with
 * top-level navigations, so the admin's session would come along. Browsers
 * say where a request comes from in Sec-Fetch-Site; clients that are not
 * browsers send none and pass.
 */
export function isCrossSiteRead(request: Pick<Request, "headers">): boolean {
  const fetchSite = request.headers.get("Sec-Fetch-Site");
  return fetchSite !== null && fetchSite !== "same-origin" && fetchSite !== "none";
}

/** A refused body up to this size is read and dropped, so the client hears the answer on a connection it can reuse. */
export const DRAINED_BODY_BYTES = 1024 * 1024;
/** A larger one is read and dropped until the client stops sending: this long without a byte ends it… */
const LINGER_IDLE_MS = 5_000;
/** …and so does this long in all, however slowly the client goes on. */
const LINGER_MAX_MS = 120_000;

/**
 * When the answer goes out before its body was read (a refusal, a route that
 * takes no body), the rest of the body must not stay queued on the
 * connection. A small one is read and dropped. A larger one makes the answer
 * say `Connection: close`; the server then ends its side and reads and drops
 * what still arrives until the whole body is in, or the client falls silent,
 * and only then closes. Closing while bytes still arrive would answer them
 * with a reset, and a reset makes the client's system throw away an answer
 * it has not read yet: a browser reads the answer only once it has sent the
 * whole file. Nothing of the body is ever held.
 */
export function settleUnreadBody(req: IncomingMessage, res: ServerResponse) {
  const declared = Number(req.headers["content-length"] ?? Infinity);
  const large = !(declared <= DRAINED_BODY_BYTES);
  beforeHeadersGoOut(res, () => {
    if (large && !req.complete) res.setHeader("Connection", "close");
  });
  res.once("finish", () => {
    if (req.complete || req.destroyed) return;
    req.removeAllListeners("data");
    req.resume();
    if (large) lingerUntilTheBodyStops(req);
  });
}

/** Runs `adjust` just before the answer's status line and headers are written, however they are written. */
export function beforeHeadersGoOut(res: ServerResponse, adjust: (status: number) => void) {
  const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => ServerResponse;
  let adjusted = false;
  res.writeHead = ((...args: unknown[]) => {
    if (!adjusted) {
      adjusted = true;
      adjust(Number(args[0]));
    }
    return writeHead(...args);
  }) as ServerResponse["writeHead"];
}

function lingerUntilTheBodyStops(req: IncomingMessage) {
  const socket = req.socket;
  // Node closes a `Connection: close` answer's socket as soon as its last byte is out
  // (`destroySoon`): keep only the end of our side, and close when the body stops.
  socket.removeListener("finish", socket.destroy);
  if (!socket.writableEnded) socket.end();
  const close = () => socket.destroy();
  const deadline = setTimeout(close, LINGER_MAX_MS).unref();
  socket.setTimeout(LINGER_IDLE_MS, close);
  // The whole body is in: nothing arrives any more, so closing resets nothing.
  req.once("end", close);
  socket.once("close", () => clearTimeout(deadline));
}
