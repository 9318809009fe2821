// Small HTTP helpers. Global fetch decompresses bodies and hides the bytes
// on the wire, so transfer sizes are measured with node:http instead.
import { request } from "node:http";
import type { IncomingHttpHeaders } from "node:http";
import { createServer } from "node:net";
import { constants, gunzipSync, gzipSync } from "node:zlib";

export interface RawResponse {
  status: number;
  headers: IncomingHttpHeaders;
  /** Bytes as they crossed the wire (compressed when the server compressed). */
  wire: Buffer;
  /** Decoded body. */
  body: Buffer;
  compressed: boolean;
}

export function getRaw(url: string, acceptGzip = true, extraHeaders: Record<string, string> = {}): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { ...(acceptGzip ? { "Accept-Encoding": "gzip" } : {}), ...extraHeaders };
    const req = request(url, { method: "GET", headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("error", reject);
      res.on("end", () => {
        const wire = Buffer.concat(chunks);
        const compressed = res.headers["content-encoding"] === "gzip";
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          wire,
          body: compressed ? gunzipSync(wire) : wire,
          compressed,
        });
      });
    });
    req.setTimeout(30_000, () => req.destroy(new Error(`Timed out fetching ${url}`)));
    req.on("error", reject);
    req.end();
  });
}

/** Gzipped size as served: the wire size when compressed, else our own gzip. */
export function gzipBytes(response: RawResponse): number {
  return response.compressed ? response.wire.length : gzipSync(response.body, { level: 9 }).length;
}

export async function getOk(url: string, acceptGzip = true, extraHeaders: Record<string, string> = {}): Promise<RawResponse> {
  const response = await getRaw(url, acceptGzip, extraHeaders);
  if (response.status !== 200) throw new Error(`GET ${url} answered ${response.status}`);
  return response;
}

export function freePort(preferred?: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", (error: NodeJS.ErrnoException) => {
      if (preferred !== undefined && error.code === "EADDRINUSE") freePort().then(resolve, reject);
      else reject(error);
    });
    server.listen(preferred ?? 0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export async function waitForOk(url: string, timeoutMs: number, isAlive: () => boolean): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!isAlive()) throw new Error(`The server exited before ${url} answered.`);
    try {
      const response = await getRaw(url, false);
      if (response.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} did not answer 200 within ${Math.round(timeoutMs / 1000)} s.`);
}

const KEPT_BYTES = 1024 * 1024;

export interface TimedResponse {
  status: number;
  /** From sending the request to the body's last byte. */
  ms: number;
  /** Body bytes as they crossed the wire. */
  bytes: number;
  headers: IncomingHttpHeaders;
  /** The body's first megabyte as text (a whole page, an error message); the rest of a download is counted, not kept. */
  text: string;
}

/** One request, its body read to the end and timed (a large download is counted, not held). */
export function timedRequest(
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: string; timeoutMs?: number } = {},
): Promise<TimedResponse> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const headers = { ...options.headers };
    // Without a length Node sends the body chunked, which the site refuses (411), as browsers never do.
    if (options.body !== undefined) headers["content-length"] = String(Buffer.byteLength(options.body));
    const req = request(url, { method: options.method ?? "GET", headers }, (res) => {
      let bytes = 0;
      const kept: Buffer[] = [];
      res.on("data", (chunk: Buffer) => {
        if (bytes < KEPT_BYTES) kept.push(chunk);
        bytes += chunk.length;
      });
      res.on("error", reject);
      res.on("end", () => {
        const body = Buffer.concat(kept);
        const text = res.headers["content-encoding"] === "gzip" ? gunzipPrefix(body) : body.toString("utf8");
        resolve({ status: res.statusCode ?? 0, ms: performance.now() - started, bytes, headers: res.headers, text });
      });
    });
    req.setTimeout(options.timeoutMs ?? 10 * 60_000, () => req.destroy(new Error(`Timed out: ${url}`)));
    req.on("error", reject);
    req.end(options.body);
  });
}

/** What a gzip body's first bytes decode to (a cut-off stream decodes as far as it goes). */
function gunzipPrefix(bytes: Buffer): string {
  try {
    return gunzipSync(bytes, { finishFlush: constants.Z_SYNC_FLUSH }).toString("utf8");
  } catch {
    return "";
  }
}

export function kb(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KB`;
}
