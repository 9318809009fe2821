import { randomBytes } from "node:crypto";
import { copyFileSync, cpSync, existsSync, mkdirSync, rmSync } from "node:fs";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { dirname, resolve } from "node:path";
import { createRequestHandler } from "@remix-run/node";
import { rateLimitKey } from "../../../app/utils/client-address.server";
import { missingAllow } from "../../../app/utils/http-methods.server";
import { refuseRequest } from "../../../app/utils/request-guards.server";
import { securityHeaders } from "../../../app/utils/security-headers.server";
import { TEST_SESSION_SECRET } from "../../support/accounts";
import { testDatabasePath, useTestDatabase } from "../../support/database";
import { FEATURES_OFF_ENV } from "../../support/features-off";
import { HttpClient } from "./client";
import { TEMPLATE_DATABASE, TEST_DATA_DIR } from "./template";

// The site in the test's own process: the production build, wrapped as server.ts
// wraps it (body limits, storage-fault answers), behind the same checks server.ts
// makes before routing (unknown methods, cross-site writes, body sizes) and with the same security
// headers and the `Allow` of a 405, serving a copy of the seeded template database that belongs to this
// test file alone. Requests are plain `Request`s: no port, no browser.
// Not here: Express's static files, compression and the anonymous page cache
// (the Playwright and reliability suites run the real server for those).

/** Everything off unless a file turns it on; the same secret the Playwright servers use. */
const BASE_ENV: Record<string, string> = {
  ...FEATURES_OFF_ENV,
  NODE_ENV: "production",
  SESSION_SECRET: TEST_SESSION_SECRET,
  TRUST_PROXY: "loopback",
};

/** Where the in-process requests go, and the address the site names in its links (PORT 3000, SITE_URL unset). */
export const SITE_ORIGIN = "http://localhost:3000";

export type Site = {
  /** This file's database (a copy of the seeded template). */
  database: string;
  /** Answers one request as the production server would. */
  handle(request: Request): Promise<Response>;
  /** A client with its own cookie jar (and default headers, e.g. a session cookie). */
  newClient(options?: { headers?: Record<string, string> }): HttpClient;
};

let opened: Promise<Site> | undefined;
const cleanups: (() => void | Promise<void>)[] = [];

/** Removes this file's database and closes what the file opened (the http project's setup file runs it after all tests). */
export async function closeSite() {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
}
let configured: Record<string, string> = {};

/**
 * Environment for this file's site (payments on, analytics on…). Call before the
 * first request: the build reads its configuration once, as the server does.
 */
export function configureSite(env: Record<string, string>) {
  if (opened) throw new Error("configureSite() must run before the site is first used in this file.");
  configured = { ...configured, ...env };
}

/** The site of this test file, opened on first use. */
export function site(): Promise<Site> {
  opened ??= openSite();
  return opened;
}

/**
 * This file's copy of the seeded template, and the environment every file starts
 * from: set before any app module is imported (the http project's setup file),
 * since the app opens its database when db.server is first imported.
 */
export function prepareFileDatabase(): string {
  // A folder of its own: what the app keeps beside its database (lesson files, exports)
  // then belongs to this file alone, so one file's uploads never show in another's checks.
  const folder = resolve(TEST_DATA_DIR, `file-${process.pid}-${randomBytes(4).toString("hex")}`);
  mkdirSync(folder, { recursive: true });
  const database = resolve(folder, "site.db");
  copyFileSync(TEMPLATE_DATABASE, database);
  // The seeded lessons' files, which the template's rows name.
  const seededFiles = resolve(dirname(TEMPLATE_DATABASE), "lesson-files");
  if (existsSync(seededFiles)) cpSync(seededFiles, resolve(folder, "lesson-files"), { recursive: true });
  cleanups.push(() => rmSync(folder, { recursive: true, force: true }));
  Object.assign(process.env, BASE_ENV, { DATABASE_URL: database });
  useTestDatabase(database);
  return database;
}

async function openSite(): Promise<Site> {
  Object.assign(process.env, configured);
  const database = testDatabasePath();
  // Imported late: the app reads its configuration once, when first asked.
  const { getEnv } = await import("../../../app/utils/env.server");
  const { loadSiteBuild, refusalAnswer } = await import("../../../app/services/site-build/site-build.server");
  const env = getEnv();
  const { build, maxBodyBytes, allowedMethods } = await loadSiteBuild();
  const handleRemix = createRequestHandler(build, env.NODE_ENV);

  async function handle(request: Request): Promise<Response> {
    const nonce = randomBytes(16).toString("base64");
    const headers = securityHeaders(nonce, env);
    const { pathname, search } = new URL(request.url);
    const refusal = refuseRequest(
      { method: request.method, headers: Object.fromEntries(request.headers), url: `${pathname}${search}` },
      { maxBodyBytes, allowedMethods },
      env.SITE_URL,
    );
    let response: Response;
    if (refusal) {
      const answer = refusalAnswer(refusal, prefersHtml(request.headers.get("accept")));
      response = new Response(answer.body, {
        status: answer.status,
        headers: {
          ...answer.headers,
          "content-type": answer.type === "html" ? "text/html; charset=utf-8" : "application/json; charset=utf-8",
        },
      });
    } else {
      response = await handleRemix(request, { cspNonce: nonce, clientAddress: rateLimitKey(clientAddressOf(request)) });
    }
    // Express sets these first and lets the route's own headers replace them.
    const merged = new Headers(headers);
    for (const [name, value] of response.headers) if (name !== "set-cookie") merged.set(name, value);
    for (const cookie of response.headers.getSetCookie()) merged.append("set-cookie", cookie);
    const allow = missingAllow(response.status, merged.has("allow"), () => allowedMethods(pathname));
    if (allow) merged.set("allow", allow);
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers: merged });
  }

  return { database, handle, newClient: (options = {}) => new HttpClient(handle, SITE_ORIGIN, options.headers) };
}

/**
 * Express with TRUST_PROXY=loopback, for a request from loopback: the nearest
 * address X-Forwarded-For names, or loopback itself.
 */
function clientAddressOf(request: Request): string {
  const forwarded = request.headers.get("x-forwarded-for");
  const nearest = forwarded?.split(",").at(-1)?.trim();
  return nearest || "127.0.0.1";
}

/** Express's `req.accepts(["json", "html"]) === "html"` for the Accept headers tests send. */
function prefersHtml(accept: string | null): boolean {
  if (!accept) return false;
  const html = accept.indexOf("text/html");
  const json = accept.indexOf("application/json");
  return html >= 0 && (json < 0 || html < json);
}

/**
 * The site on a loopback port of its own, for an outside program that must call
 * it (the fake Stripe server delivering webhooks). Tests still call `handle`.
 */
export async function listenForCallbacks(): Promise<{ url: string; close(): Promise<void> }> {
  const server = createServer((req, res) => void forward(req, res));
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  const { port } = server.address() as { port: number };
  const close = () =>
    new Promise<void>((done) => {
      server.close(() => done());
      server.closeAllConnections();
    });
  cleanups.push(close);
  return { url: `http://127.0.0.1:${port}`, close };
}

async function forward(req: IncomingMessage, res: ServerResponse) {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) if (typeof value === "string") headers.set(name, value);
  const body = chunks.length && req.method !== "GET" && req.method !== "HEAD" ? Buffer.concat(chunks) : undefined;
  const response = await (await site()).handle(new Request(new URL(req.url ?? "/", SITE_ORIGIN), { method: req.method, headers, body }));
  res.writeHead(response.status, Object.fromEntries(response.headers));
  res.end(Buffer.from(await response.arrayBuffer()));
}
