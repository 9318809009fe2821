import type { NextFunction, Request, Response } from "express";
import type { RenderPlan } from "../services/site-build/shared-render.server";

/**
 * A short-lived cache of whole HTML pages and JSON reads, kept per data version.
 *
 * `planFor` says how a GET may be served from a stored render (for anonymous
 * visitors, and for signed-in students on pages that differ between them only
 * by the greeting: shared-render.server.ts), or null for a fresh render. Every
 * visitor gets the stored page apart from the CSP nonce, which is swapped for
 * the request's own, and what the plan personalises. A response that sets a
 * cookie is never stored, and any request that may write (POST, PUT, DELETE…)
 * starts a new data version, so a change shows at once to the person who made
 * it and within `ttlMs` to everyone. `postsNoVisitorSees` names POST paths whose
 * writes no stored page shows (a chat question, a contact message, a student's
 * registration), which would otherwise empty the cache at every message. A
 * page whose render began before a write is not stored when it ends after it:
 * it may predate the write.
 */
type CachedPage = { body: string; nonce: string; headers: Record<string, string>; storedAt: number };

// The route's own headers worth replaying; security headers are set afresh for
// every request, and length and encoding belong to each response.
const REPLAYED_HEADERS = ["content-type", "cache-control", "link", "vary", "x-robots-tag", "last-modified"];

export type PageCacheOptions = {
  ttlMs: number;
  maxEntries: number;
  postsNoVisitorSees?: (string | RegExp)[];
  planFor: (req: Request) => Promise<RenderPlan | null>;
  now?: () => number;
};

const SAFE_METHODS = new Set(["GET", "HEAD"]);
/** Documents and JSON reads; never files, feeds or anything else a route may stream. */
const isCacheableType = (contentType: string) => contentType.startsWith("text/html") || contentType.startsWith("application/json");

export function createPageCache({ ttlMs, maxEntries, postsNoVisitorSees = [], planFor, now = Date.now }: PageCacheOptions) {
  const pages = new Map<string, CachedPage>();
  /** Visitors waiting for the page another request is rendering: told whether it was stored. */
  const rendering = new Map<string, ((stored: boolean) => void)[]>();
  let generation = 0;
  const clear = () => {
    pages.clear();
    generation++;
  };
  const changesNoPublicPage = (req: Request) =>
    req.method === "POST" && postsNoVisitorSees.some((path) => (typeof path === "string" ? path === req.path : path.test(req.path)));

  function middleware(req: Request, res: Response, next: NextFunction) {
    if (!SAFE_METHODS.has(req.method) && !changesNoPublicPage(req)) clear();
    if (req.method !== "GET") return next();
    // Whatever stops a plan (the session unreadable for now) leaves the page to a fresh render, which answers for itself.
    planFor(req).then(
      (plan) => (plan ? serve(plan, req, res, next) : next()),
      () => next(),
    );
  }

  function serve(plan: RenderPlan, req: Request, res: Response, next: NextFunction) {
    const nonce = String(res.locals.cspNonce);
    const key = `${plan.variant} ${req.hostname}${req.originalUrl}`;
    const personalise = plan.personalise ?? ((stored: string) => stored);
    const hit = pages.get(key);
    if (hit && now() - hit.storedAt < ttlMs) {
      // Each copy carries this response's nonce, so an ETag (a hash of the body, which res.send would compute) could never match:
      // the bytes are sent as they are.
      const body = Buffer.from(personalise(hit.body).replaceAll(hit.nonce, nonce));
      res.status(200).set(hit.headers).set("X-Page-Cache", "hit").set("Content-Length", String(body.length));
      res.end(body);
      return;
    }
    if (hit) pages.delete(key);
    // When a page expires, many visitors ask for it at once: one renders, the rest wait for its copy.
    const waiting = rendering.get(key);
    if (waiting) {
      waiting.push((stored) => (stored ? serve(plan, req, res, next) : next()));
      return;
    }
    rendering.set(key, []);
    let released = false;
    const release = (stored: boolean) => {
      if (released) return;
      released = true;
      const waiters = rendering.get(key) ?? [];
      rendering.delete(key);
      for (const waiter of waiters) waiter(stored);
    };
    res.once("close", () => release(false));
    const renderedIn = generation;

    // Remix streams the page through res.write/res.end; keep a copy of what it writes.
    // A copy made for a stand-in goes out only at the end, made this visitor's own.
    const chunks: Buffer[] = [];
    const collect = (chunk: unknown, encoding: unknown) => {
      if (typeof chunk === "string")
        chunks.push(Buffer.from(chunk, typeof encoding === "string" && Buffer.isEncoding(encoding) ? encoding : "utf8"));
      else if (chunk instanceof Uint8Array) chunks.push(Buffer.from(chunk));
    };
    const { write, end } = res;
    // Express types write/end as overload sets; the wrappers pass every argument through untouched.
    res.write = function (this: Response, ...args: unknown[]) {
      collect(args[0], args[1]);
      return plan.personalise ? true : Boolean(Reflect.apply(write, this, args));
    } as Response["write"];
    res.end = function (this: Response, ...args: unknown[]) {
      if (typeof args[0] !== "function") collect(args[0], args[1]);
      const contentType = String(res.getHeader("content-type") ?? "");
      const body = Buffer.concat(chunks);
      if (res.statusCode === 200 && isCacheableType(contentType) && !res.getHeader("set-cookie") && generation === renderedIn) {
        const oldest = pages.keys().next();
        if (pages.size >= maxEntries && !oldest.done) pages.delete(oldest.value);
        const headers: Record<string, string> = {};
        for (const name of REPLAYED_HEADERS) {
          const value = res.getHeader(name);
          if (value !== undefined) headers[name] = String(value);
        }
        pages.set(key, { body: body.toString("utf8"), nonce, headers, storedAt: now() });
      }
      if (plan.personalise) {
        res.removeHeader("content-length");
        const isText = isCacheableType(contentType);
        Reflect.apply(end, this, [isText ? plan.personalise(body.toString("utf8")) : body]);
      } else Reflect.apply(end, this, args);
      release(pages.has(key));
      return this;
    } as Response["end"];
    plan.render(req, res, next);
  }

  return { middleware, clear, size: () => pages.size };
}
