import http from "node:http";
import net from "node:net";
import type { Identity } from "./fuzz-catalogue";
import { refusalMessage } from "./fuzz-oracle";

// A few bodies past the size limits (128 KB for public forms, 1 MB for the
// editors and the webhook, 16 MB for a signed-in admin's course uploads, 64 KB
// a field; decision 0014), sent over a raw socket: the server answers before
// it reads them and ends its side of the connection, which a fetch that is
// still uploading reports as an error.

export type OversizedCase = {
  name: string;
  path: string;
  identity: Identity;
  accept: string;
  contentType: string;
  /** Bytes of body; null sends it chunked, without a Content-Length. */
  bytes: number;
  chunked?: boolean;
  expectedStatus: number;
};

export type OversizedAnswer = { name: string; size: string; status: number; message: string | null };

const MB = 1024 * 1024;
const BOUNDARY = "fuzzOversizedBoundary";

export const OVERSIZED_CASES: readonly OversizedCase[] = [
  {
    name: "JSON to /api/contact",
    path: "/api/contact",
    identity: "anonymous",
    accept: "application/json",
    contentType: "application/json",
    bytes: 1.1 * MB,
    expectedStatus: 413,
  },
  {
    name: "form to /contact",
    path: "/contact",
    identity: "anonymous",
    accept: "text/html",
    contentType: "application/x-www-form-urlencoded",
    bytes: 1.1 * MB,
    expectedStatus: 413,
  },
  {
    name: "multipart to /signup",
    path: "/signup",
    identity: "anonymous",
    accept: "text/html",
    contentType: `multipart/form-data; boundary=${BOUNDARY}`,
    bytes: 1.5 * MB,
    expectedStatus: 413,
  },
  {
    name: "JSON to /api/stripe/webhook",
    path: "/api/stripe/webhook",
    identity: "anonymous",
    accept: "application/json",
    contentType: "application/json",
    bytes: 2 * MB,
    expectedStatus: 413,
  },
  {
    name: "JSON to /api/courses as admin",
    path: "/api/courses",
    identity: "admin",
    accept: "application/json",
    contentType: "application/json",
    bytes: 1.1 * MB,
    expectedStatus: 413,
  },
  {
    name: "multipart to /admin/courses/new as admin",
    path: "/admin/courses/new",
    identity: "admin",
    accept: "text/html",
    contentType: `multipart/form-data; boundary=${BOUNDARY}`,
    bytes: 17 * MB,
    expectedStatus: 413,
  },
  {
    name: "2 MB text field to /admin/courses/new as admin (under the upload limit, over a text field's)",
    path: "/admin/courses/new",
    identity: "admin",
    accept: "text/html",
    contentType: `multipart/form-data; boundary=${BOUNDARY}`,
    bytes: 2 * MB,
    expectedStatus: 413,
  },
  {
    name: "chunked JSON to /api/contact",
    path: "/api/contact",
    identity: "anonymous",
    accept: "application/json",
    contentType: "application/json",
    bytes: 64 * 1024,
    chunked: true,
    expectedStatus: 411,
  },
];

function bodyFor(oversized: OversizedCase): Buffer {
  const filler = "x".repeat(Math.floor(oversized.bytes));
  if (oversized.contentType.startsWith("multipart/")) {
    const head = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="title"\r\n\r\n`;
    const tail = `\r\n--${BOUNDARY}--\r\n`;
    return Buffer.from(`${head}${filler.slice(head.length + tail.length)}${tail}`);
  }
  if (oversized.contentType === "application/json")
    return Buffer.from(JSON.stringify({ name: "Asha", email: "asha@example.test", subject: "Hi", message: filler.slice(60) }));
  return Buffer.from(`name=Asha&email=asha%40example.test&subject=Hi&message=${filler.slice(60)}`);
}

export function sendOversized(baseUrl: string, oversized: OversizedCase, cookie?: string): Promise<OversizedAnswer> {
  const body = bodyFor(oversized);
  const headers: Record<string, string> = { "Content-Type": oversized.contentType, Accept: oversized.accept };
  if (cookie) headers.Cookie = cookie;
  const size = `${(body.length / MB).toFixed(2)} MB${oversized.chunked ? " (chunked)" : ""}`;
  return rawRequest(new URL(oversized.path, baseUrl), "POST", headers, body, oversized.chunked).then((answer) => ({
    name: oversized.name,
    size,
    status: answer.status,
    message: refusalMessage(answer.contentType, answer.text),
  }));
}

const EARLY_ANSWER_BYTES = 1024 * 1024;

export type RawAnswer = { status: number; contentType: string; text: string };

/** One request on a connection of its own (no keep-alive: an answer given before the body was read leaves a connection the next request would trip over). */
export function plainRequest(url: URL, method: string, headers: Record<string, string>, body: Buffer): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method, headers: { ...headers, "Content-Length": body.length }, agent: false }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () =>
        resolve({
          status: response.statusCode ?? 0,
          contentType: String(response.headers["content-type"] ?? ""),
          text: Buffer.concat(chunks).toString("utf8"),
        }),
      );
      response.on("error", reject);
    });
    request.setTimeout(30_000, () => request.destroy(new Error(`${method} ${url.pathname}: no answer in 30 s`)));
    request.on("error", reject);
    request.end(body);
  });
}

/**
 * One request over a raw socket, not fetch: for a body over the limit the
 * server answers and ends its side while the body is still going out, and a
 * client library then reports the closed connection instead of the answer.
 * Whatever arrived before the close is the answer.
 */
export function rawRequest(url: URL, method: string, headers: Record<string, string>, body: Buffer, chunked = false): Promise<RawAnswer> {
  const head = [
    `${method} ${url.pathname}${url.search} HTTP/1.1`,
    `Host: ${url.host}`,
    "Connection: close",
    ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
    chunked ? "Transfer-Encoding: chunked" : `Content-Length: ${body.length}`,
  ].join("\r\n");
  return new Promise((resolve, reject) => {
    const received: Buffer[] = [];
    const socket = net.connect(Number(url.port), url.hostname, () => {
      socket.write(`${head}\r\n\r\n`);
      const payload = chunked ? Buffer.concat([Buffer.from(`${body.length.toString(16)}\r\n`), body, Buffer.from("\r\n0\r\n\r\n")]) : body;
      // Never half-close after the body, as no browser does: Node's server drops a request
      // whose client sent FIN before the answer was written.
      if (payload.length <= EARLY_ANSWER_BYTES) return void socket.write(payload);
      // A large body goes out in pieces, and stops once an answer came: a server that
      // refuses on the headers need not be sent the rest. The pause after the headers is
      // the client's pace, not a wait for something: the body follows whether or not
      // an answer came.
      void (async () => {
        await new Promise((wait) => setTimeout(wait, 100));
        for (let offset = 0; offset < payload.length && received.length === 0 && !socket.destroyed; offset += 64 * 1024) {
          if (!socket.write(payload.subarray(offset, offset + 64 * 1024))) await new Promise((drained) => socket.once("drain", drained));
        }
      })();
    });
    socket.setTimeout(60_000, () => socket.destroy(new Error(`${method} ${url.pathname}: no answer in 60 s`)));
    socket.on("data", (chunk: Buffer) => received.push(chunk));
    socket.on("error", (error) => {
      if (received.length === 0 && !("code" in error && (error.code === "EPIPE" || error.code === "ECONNRESET"))) reject(error);
    });
    socket.on("close", () => {
      const raw = Buffer.concat(received);
      const split = raw.indexOf("\r\n\r\n");
      const headerText = raw.subarray(0, split < 0 ? raw.length : split).toString("latin1");
      const payload = split < 0 ? Buffer.alloc(0) : raw.subarray(split + 4);
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(headerText)?.[1] ?? 0);
      const contentType = /^content-type:\s*(.+)$/im.exec(headerText)?.[1]?.trim() ?? "";
      const text = (/^transfer-encoding:\s*chunked/im.test(headerText) ? dechunk(payload) : payload).toString("utf8");
      resolve({ status, contentType, text });
    });
  });
}

function dechunk(payload: Buffer): Buffer {
  const parts: Buffer[] = [];
  let offset = 0;
  for (;;) {
    const newline = payload.indexOf("\r\n", offset);
    if (newline < 0) break;
    const length = parseInt(payload.subarray(offset, newline).toString("latin1"), 16);
    if (!length) break;
    parts.push(payload.subarray(newline + 2, newline + 2 + length));
    offset = newline + 2 + length + 2;
  }
  return Buffer.concat(parts);
}
