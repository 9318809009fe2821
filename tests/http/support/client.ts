// A client for the in-process site with the part of Playwright's APIRequestContext
// the HTTP tests use (get/post/put/patch/delete/fetch with data, form, multipart,
// headers, maxRedirects), so a test reads the same whether it runs here or in a
// browser context: a cookie jar, redirects followed as Playwright follows them.

export type RequestOptions = {
  /** An object is sent as JSON; a string or bytes as they are (application/octet-stream unless a header says otherwise). */
  data?: unknown;
  form?: Record<string, string | number | boolean>;
  multipart?: FormData | Record<string, string | number | boolean | { name: string; mimeType: string; buffer: Buffer }>;
  headers?: Record<string, string>;
  params?: Record<string, string | number | boolean>;
  /** 0: answer the redirect itself. Default 20, as Playwright. */
  maxRedirects?: number;
  method?: string;
};

export class HttpResponse {
  constructor(
    private readonly response: Response,
    private readonly bytes: Buffer,
    private readonly finalUrl: string,
  ) {}
  status() {
    return this.response.status;
  }
  statusText() {
    return this.response.statusText;
  }
  ok() {
    return this.response.status >= 200 && this.response.status < 300;
  }
  url() {
    return this.finalUrl;
  }
  /** Lower-case names; several Set-Cookie headers joined by "\n", as Playwright does. */
  headers(): Record<string, string> {
    const result: Record<string, string> = Object.fromEntries(this.response.headers);
    const cookies = this.response.headers.getSetCookie();
    if (cookies.length) result["set-cookie"] = cookies.join("\n");
    return result;
  }
  headersArray(): { name: string; value: string }[] {
    const result = [...this.response.headers].filter(([name]) => name !== "set-cookie").map(([name, value]) => ({ name, value }));
    return [...result, ...this.response.headers.getSetCookie().map((value) => ({ name: "set-cookie", value }))];
  }
  async body(): Promise<Buffer> {
    return this.bytes;
  }
  async text(): Promise<string> {
    return this.bytes.toString("utf8");
  }
  // The tests read JSON answers of many shapes, as they did through Playwright.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  async json(): Promise<any> {
    return JSON.parse(this.bytes.toString("utf8"));
  }
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

export class HttpClient {
  private readonly jar = new Map<string, string>();

  constructor(
    private readonly handle: (request: Request) => Promise<Response>,
    private readonly origin: string,
    private readonly defaultHeaders: Record<string, string> = {},
  ) {}

  get(path: string, options: RequestOptions = {}) {
    return this.fetch(path, { ...options, method: "GET" });
  }
  head(path: string, options: RequestOptions = {}) {
    return this.fetch(path, { ...options, method: "HEAD" });
  }
  post(path: string, options: RequestOptions = {}) {
    return this.fetch(path, { ...options, method: "POST" });
  }
  put(path: string, options: RequestOptions = {}) {
    return this.fetch(path, { ...options, method: "PUT" });
  }
  patch(path: string, options: RequestOptions = {}) {
    return this.fetch(path, { ...options, method: "PATCH" });
  }
  delete(path: string, options: RequestOptions = {}) {
    return this.fetch(path, { ...options, method: "DELETE" });
  }

  /** The cookies the site has set on this client (name -> value). */
  cookies(): Record<string, string> {
    return Object.fromEntries(this.jar);
  }

  /** Forgets the cookies (Playwright's name for ending a request context). */
  async dispose() {
    this.jar.clear();
  }

  /** Adds a cookie as if the site had set it. */
  addCookie(name: string, value: string) {
    this.jar.set(name, value);
  }

  async fetch(path: string, options: RequestOptions = {}): Promise<HttpResponse> {
    let url = new URL(path, this.origin);
    for (const [name, value] of Object.entries(options.params ?? {})) url.searchParams.set(name, String(value));
    let method = (options.method ?? "GET").toUpperCase();
    let body = encodeBody(options);
    let redirectsLeft = options.maxRedirects ?? 20;
    for (;;) {
      const headers = new Headers({ accept: "*/*", "user-agent": "in-process-test", ...this.defaultHeaders });
      for (const [name, value] of Object.entries(options.headers ?? {})) headers.set(name, value);
      if (body?.contentType && !headers.has("content-type")) headers.set("content-type", body.contentType);
      if (body) headers.set("content-length", String(body.bytes.byteLength));
      const cookie = [headers.get("cookie"), ...[...this.jar].map(([name, value]) => `${name}=${value}`)].filter(Boolean).join("; ");
      if (cookie) headers.set("cookie", cookie);
      const response = await this.handle(
        new Request(url, { method, headers, body: body ? new Uint8Array(body.bytes) : undefined, redirect: "manual" }),
      );
      this.keepCookies(response);
      const location = response.headers.get("location");
      if (!REDIRECTS.has(response.status) || !location || redirectsLeft <= 0) {
        const bytes = method === "HEAD" ? Buffer.alloc(0) : Buffer.from(await response.arrayBuffer());
        return new HttpResponse(response, bytes, url.href);
      }
      await response.arrayBuffer();
      redirectsLeft -= 1;
      const next = new URL(location, url);
      // Off-site redirects (Stripe's hosted page, the sign-in provider) are answered as they are.
      if (next.origin !== this.origin) return new HttpResponse(response, Buffer.alloc(0), url.href);
      url = next;
      if (response.status === 303 || ((response.status === 301 || response.status === 302) && method === "POST")) {
        method = "GET";
        body = null;
      }
    }
  }

  private keepCookies(response: Response) {
    for (const line of response.headers.getSetCookie()) {
      const [pair = "", ...attributes] = line.split(";");
      const index = pair.indexOf("=");
      const name = pair.slice(0, index).trim();
      const value = pair.slice(index + 1).trim();
      const expired = attributes.some((attribute) => {
        const [key = "", raw = ""] = attribute.split("=");
        const lower = key.trim().toLowerCase();
        return (lower === "max-age" && Number(raw) <= 0) || (lower === "expires" && Date.parse(raw) <= Date.now());
      });
      if (expired || value === "") this.jar.delete(name);
      else this.jar.set(name, value);
    }
  }
}

function encodeBody(options: RequestOptions): { bytes: Buffer; contentType?: string } | null {
  if (options.form) {
    const params = new URLSearchParams(Object.entries(options.form).map(([name, value]) => [name, String(value)]));
    return { bytes: Buffer.from(params.toString()), contentType: "application/x-www-form-urlencoded" };
  }
  if (options.multipart) return encodeMultipart(options.multipart);
  const data = options.data;
  if (data === undefined) return null;
  if (typeof data === "string") return { bytes: Buffer.from(data), contentType: "application/octet-stream" };
  if (data instanceof Uint8Array) return { bytes: Buffer.from(data), contentType: "application/octet-stream" };
  return { bytes: Buffer.from(JSON.stringify(data)), contentType: "application/json" };
}

function encodeMultipart(multipart: NonNullable<RequestOptions["multipart"]>) {
  const boundary = `----InProcessFormBoundary${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  const entries: [string, string | { name: string; mimeType: string; buffer: Buffer }][] =
    multipart instanceof FormData
      ? [...multipart].map(([name, value]) => {
          if (typeof value === "string") return [name, value];
          throw new Error("Pass files as { name, mimeType, buffer } in a plain object.");
        })
      : Object.entries(multipart).map(([name, value]) => [name, typeof value === "object" ? value : String(value)]);
  for (const [name, value] of entries) {
    if (typeof value === "string") {
      parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
    } else {
      parts.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${value.name}"\r\nContent-Type: ${value.mimeType}\r\n\r\n`,
        ),
        value.buffer,
        Buffer.from("\r\n"),
      );
    }
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { bytes: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}
