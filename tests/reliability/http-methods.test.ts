import http from "node:http";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { BASE_PORT, startSite, type Site } from "./support/production-server";

// Methods the site does not take, sent to the real server: Node's parser,
// Express and Remix each see some of them first. Every one gets 405 with the
// route's methods in Allow and a message, and none is logged as a failure.

const SITE_PORT = BASE_PORT + 247;

let site: Site;
let closed: Promise<void>;

beforeAll(async () => {
  site = await startSite({ name: "http-methods", port: SITE_PORT });
  closed = new Promise((resolve) => site.child.once("close", () => resolve()));
});
afterAll(async () => {
  await site?.stop();
});

type Answer = { status: number; allow: string | undefined; type: string; text: string };

/** node:http, not fetch: fetch refuses to send TRACE at all. */
function send(method: string, path: string, headers: Record<string, string> = {}, body?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.request(new URL(path, site.url), { method, headers, agent: false }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () =>
        resolve({
          status: response.statusCode ?? 0,
          allow: response.headers.allow,
          type: String(response.headers["content-type"] ?? ""),
          text: Buffer.concat(chunks).toString("utf8"),
        }),
      );
    });
    request.on("error", reject);
    request.end(body);
  });
}

describe("methods the site does not take", () => {
  test.each(["TRACE", "PROPFIND", "BREW", "OPTIONS"])("%s / → 405, Allow: GET, HEAD, and a message", async (method) => {
    const answer = await send(method, "/", { Accept: "application/json" });
    expect(answer.status).toBe(405);
    expect(answer.allow).toBe("GET, HEAD");
    expect(JSON.parse(answer.text)).toEqual({ message: expect.stringContaining("does not take that method") });
  });

  test("TRACE to a form names its methods, and a browser gets a page", async () => {
    const answer = await send("TRACE", "/contact", { Accept: "text/html" });
    expect(answer.status).toBe(405);
    expect(answer.allow).toBe("GET, HEAD, POST");
    expect(answer.type).toContain("text/html");
    expect(answer.text).toContain("does not take that method");
  });

  test("PROPFIND to a JSON endpoint with PUT and DELETE names them", async () => {
    const answer = await send("PROPFIND", "/api/courses/1");
    expect(answer.status).toBe(405);
    expect(answer.allow).toBe("GET, PUT, DELETE");
  });
});

describe("methods a route has no code for", () => {
  test.each([
    ["POST", "/healthz", "GET, HEAD"],
    ["POST", "/robots.txt", "GET, HEAD"],
    ["POST", "/about", "GET, HEAD"],
    ["PUT", "/about", "GET, HEAD"],
  ])("%s %s → 405, Allow: %s", async (method, path, allow) => {
    const answer = await send(method, path, { "Content-Type": "application/x-www-form-urlencoded" }, "a=1");
    expect(answer.status).toBe(405);
    expect(answer.allow).toBe(allow);
    expect(answer.text).toContain("does not take that method");
  });
});

describe("what keeps working", () => {
  test("a post with neither Origin nor Sec-Fetch-Site (a text browser, a webhook) is taken", async () => {
    const answer = await send(
      "POST",
      "/api/contact",
      { "Content-Type": "application/json", Accept: "application/json" },
      JSON.stringify({
        name: "Asha Rao",
        email: "asha@example.test",
        subject: "Batch timings",
        message: "When does the next batch start?",
        consent: true,
      }),
    );
    expect(answer.status).toBe(201);
  });
});

describe("the server's own log", () => {
  test("none of these answers wrote an error", async () => {
    await site.stop();
    await closed;
    expect(site.errors()).toBe("");
  });
});
