import type { IncomingMessage, Server } from "node:http";
import type { Duplex } from "node:stream";
import type { ServerBuild } from "@remix-run/node";
import { matchRoutes } from "@remix-run/react";
import { methodNotAllowed } from "./api.server";
import { mapRouteModules, type RouteModule } from "./server-build.server";

// Which HTTP methods the site answers. Six methods reach the routes; any
// other (TRACE, PROPFIND, a made-up one) is refused before routing with 405.
// A route answers 405 to a method it has no code for (a post to a page
// without an action, a GET to an action-only endpoint) instead of Remix's
// internal 405, which logs a stack trace as if the server had failed. Every
// 405 names the route's methods in `Allow` (RFC 9110 §15.5.6).

export const SITE_METHODS: readonly string[] = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"];

/** A route whose action takes more than POST (JSON endpoints with PUT and DELETE) says so. */
export type MethodsHandle = { methods?: readonly string[] };

export const METHOD_NOT_ALLOWED_MESSAGE = "This address does not take that method.";

type RouteObject = Parameters<typeof matchRoutes>[0][number];

/** Handlers added to answer 405: they do not count as the route taking the method. */
const refusers = new WeakSet<object>();

function declaredMethods(module: RouteModule): readonly string[] | null {
  const handle: unknown = module.handle;
  if (typeof handle !== "object" || handle === null || !("methods" in handle)) return null;
  const { methods } = handle;
  if (!Array.isArray(methods) || !methods.every((method) => SITE_METHODS.includes(String(method))))
    throw new Error(`A route's handle.methods must list some of ${SITE_METHODS.join(", ")}.`);
  return methods.map(String);
}

const takes = (handler: unknown) => typeof handler === "function" && !refusers.has(handler);

/** A route's methods: as declared, else GET and HEAD for a page or a loader, POST for an action. */
function routeMethods(module: RouteModule): readonly string[] {
  const declared = declaredMethods(module);
  if (declared) return declared;
  const methods: string[] = [];
  if (module.default || takes(module.loader)) methods.push("GET", "HEAD");
  if (takes(module.action)) methods.push("POST");
  return methods;
}

/** Remix's test for a route without a page: its answers are the loader's and action's own. */
const isResourceRoute = (module: RouteModule) => module.default == null && module.ErrorBoundary == null;

/** The build with a 405 answer wherever a route has no action, and no loader on an endpoint. */
export function withMethodAnswers(build: ServerBuild): ServerBuild {
  return mapRouteModules(build, (module) => {
    const methods = routeMethods(module);
    const refuse = () => {
      throw methodNotAllowed([...methods]);
    };
    refusers.add(refuse);
    return {
      ...module,
      action: module.action ?? refuse,
      ...(isResourceRoute(module) && !module.loader && { loader: refuse }),
    };
  });
}

/**
 * The methods of the route a path leads to, matched as Remix matches it (a
 * data request's `.data` ending set aside): for 405s given before routing,
 * and for the `Allow` a page's 405 loses on its way through Remix.
 */
export function allowedMethodsByPath(build: ServerBuild): (pathname: string) => readonly string[] {
  const routes = Object.values(build.routes);
  const tree = (parentId: string | undefined): RouteObject[] =>
    routes
      .filter((route) => route.parentId === parentId)
      .map(({ id, path, index, caseSensitive }) =>
        index ? { id, path, index, caseSensitive } : { id, path, caseSensitive, children: tree(id) },
      );
  const roots = tree(undefined);
  return (pathname) => {
    const path = pathname.endsWith(".data") ? pathname.replace(/\.data$/, "").replace(/^\/_root$/, "/") : pathname;
    const leaf = matchRoutes(roots, path)?.at(-1);
    const module = leaf?.route.id ? build.routes[leaf.route.id]?.module : undefined;
    return module ? routeMethods(module) : ["GET", "HEAD"];
  };
}

/** The `Allow` to add to a 405 that has none (a page's, dropped on its way through Remix), or null. */
export function missingAllow(status: number, hasAllow: boolean, methodsHere: () => readonly string[]): string | null {
  return status === 405 && !hasAllow ? methodsHere().join(", ") : null;
}

type ParserError = Error & { code?: string; rawPacket?: Buffer };
/** What Node answers to other requests its parser cannot read, as it would without this listener. */
const PARSER_REFUSALS: Record<string, string> = {
  HPE_HEADER_OVERFLOW: "431 Request Header Fields Too Large",
  HPE_CHUNK_EXTENSIONS_OVERFLOW: "413 Payload Too Large",
  ERR_HTTP_REQUEST_TIMEOUT: "408 Request Timeout",
};

/**
 * Node's parser turns away a method it does not know (a made-up one) with a
 * bare 400 before any route runs, and hands CONNECT to a listener or drops
 * it: both get the site's 405 here, written on the socket as Node's own
 * `clientError` example does. Other unreadable requests get Node's answers.
 */
export function answerMethodsNodeRefuses(server: Server, answer: (pathname: string) => { headers: Record<string, string>; body: string }) {
  const respond = (socket: Duplex, status: string, pathname?: string) => {
    const { headers, body } = pathname === undefined ? { headers: {}, body: "" } : answer(pathname);
    const lines = Object.entries({ ...headers, "Content-Length": String(Buffer.byteLength(body)), Connection: "close" }).map(
      ([name, value]) => `${name}: ${value}\r\n`,
    );
    socket.end(`HTTP/1.1 ${status}\r\n${lines.join("")}\r\n${body}`);
  };
  server.on("clientError", (error: ParserError, socket: Duplex) => {
    // An answer already on its way must not be cut into.
    const inFlight = (socket as Duplex & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
    if (error.code === "ECONNRESET" || !socket.writable || inFlight?.headersSent) return void socket.destroy();
    if (error.code !== "HPE_INVALID_METHOD") return respond(socket, PARSER_REFUSALS[error.code ?? ""] ?? "400 Bad Request");
    const target = /^\S+ (\S+) HTTP\/1\.[01]\r?$/m.exec(error.rawPacket?.toString("latin1") ?? "")?.[1];
    respond(socket, "405 Method Not Allowed", pathOf(target));
  });
  server.on("connect", (_request: IncomingMessage, socket: Duplex) => respond(socket, "405 Method Not Allowed", "/"));
}

/** The path as the router reads it: dot segments resolved, no query. */
export function pathOf(url = "/"): string {
  try {
    return new URL(url, "http://site.invalid").pathname;
  } catch {
    return "/";
  }
}
