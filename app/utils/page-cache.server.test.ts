import type { AddressInfo } from "node:net";
import express, { type Request } from "express";
import { afterAll, beforeAll, beforeEach, expect, test, vi } from "vitest";
import { createPageCache } from "./page-cache.server";
import type { RenderPlan } from "../services/site-build/shared-render.server";

let clock = 0;
let renders = 0;
// As for anonymous visitors on every page: a request with a cookie is rendered afresh. A
// `viewer=<name>` cookie stands for a signed-in visitor: one copy rendered for a stand-in, the name put in.
const anonymousOnly = async (req: Request): Promise<RenderPlan | null> => {
  const viewer = /^viewer=(\w+)$/.exec(req.headers.cookie ?? "")?.[1];
  if (viewer)
    return {
      variant: "viewer",
      render: (request, _res, next) => {
        delete request.headers.cookie;
        next();
      },
      personalise: (stored) => stored.replaceAll("STAND-IN", viewer),
    };
  return req.headers.cookie ? null : { variant: "anonymous", render: (_req, _res, next) => next() };
};
const cache = createPageCache({
  ttlMs: 1000,
  maxEntries: 2,
  postsNoVisitorSees: ["/ask", /^\/events\/\d+\/register$/],
  planFor: anonymousOnly,
  now: () => clock,
});
const app = express();
let nextNonce = 0;
// Requests for /slow that reached the server (the cache sits behind this): a test
// waits for its visitors to be there before the render finishes.
let slowArrivals = 0;
app.use((req, res, next) => {
  if (req.path === "/slow") slowArrivals++;
  res.locals.cspNonce = `nonce${++nextNonce}x`;
  next();
});
app.use(cache.middleware);
app.get("/page/:name", (req, res) => {
  renders++;
  res.type("html").set("Cache-Control", "no-cache");
  res.write(`<script nonce="${res.locals.cspNonce}"></script>`);
  res.end(`<p>${req.params.name} render ${renders}</p>`);
});
let finishSlowRender: () => void = () => undefined;
app.get("/slow", (_req, res) => {
  renders++;
  res.type("html").write("<p>before the write");
  finishSlowRender = () => res.end("</p>");
});
app.get("/with-cookie", (_req, res) => {
  renders++;
  res.cookie("toast", "1").type("html").send("<p>toast</p>");
});
app.get("/missing", (_req, res) => {
  renders++;
  res.status(404).type("html").send("<p>missing</p>");
});
app.get("/greeting", (req, res) => {
  renders++;
  res.type("html").write(`<p>Hello ${req.headers.cookie ? "cookie seen" : "STAND-IN"}`);
  res.end(` (render ${renders})</p>`);
});
app.post("/page/:name", (_req, res) => {
  res.status(204).end();
});
app.post("/events/:id/register", (_req, res) => {
  res.status(204).end();
});
app.post("/ask", (_req, res) => {
  res.status(204).end();
});

let base = "";
const server = app.listen(0);
beforeAll(() => {
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.close();
});
beforeEach(() => {
  cache.clear();
  clock = 0;
  renders = 0;
  slowArrivals = 0;
});

/** Until `count` renders have begun. */
const rendersBegun = (count: number) => vi.waitFor(() => expect(renders).toBeGreaterThanOrEqual(count));
/** Until `count` visitors' requests for /slow have reached the cache. */
const slowVisitorsArrived = (count: number) => vi.waitFor(() => expect(slowArrivals).toBe(count));

const get = (path: string, headers: Record<string, string> = {}) => fetch(`${base}${path}`, { headers });

test("an anonymous page is rendered once and served again with the new request's nonce", async () => {
  const first = await (await get("/page/a")).text();
  const second = await get("/page/a");
  const body = await second.text();
  expect(renders).toBe(1);
  expect(second.headers.get("x-page-cache")).toBe("hit");
  expect(second.headers.get("cache-control")).toBe("no-cache");
  expect(second.headers.get("content-type")).toMatch(/^text\/html/);
  expect(body).toContain("a render 1");
  const firstNonce = /nonce="([^"]+)"/.exec(first)?.[1];
  const secondNonce = /nonce="([^"]+)"/.exec(body)?.[1];
  expect(secondNonce).toBeTruthy();
  expect(secondNonce).not.toBe(firstNonce);
});

test("visitors with a cookie always get a fresh render", async () => {
  await get("/page/a");
  await get("/page/a", { cookie: "session=abc" });
  expect(renders).toBe(2);
});

test("responses that set a cookie or are not 200 are never stored", async () => {
  await get("/with-cookie");
  await get("/with-cookie");
  await get("/missing");
  await get("/missing");
  expect(renders).toBe(4);
});

test("a write empties the cache and entries expire after the TTL", async () => {
  await get("/page/a");
  await fetch(`${base}/page/a`, { method: "POST" });
  await get("/page/a");
  expect(renders).toBe(2);
  clock = 1500;
  await get("/page/a");
  expect(renders).toBe(3);
});

test("a post named as writing nothing leaves the cache alone", async () => {
  await get("/page/a");
  await fetch(`${base}/ask`, { method: "POST" });
  await get("/page/a");
  expect(renders).toBe(1);
  await fetch(`${base}/events/7/register`, { method: "POST" });
  await get("/page/a");
  expect(renders).toBe(1);
  await fetch(`${base}/ask/more`, { method: "POST" });
  await get("/page/a");
  expect(renders).toBe(2);
});

test("the oldest page leaves when the cache is full", async () => {
  await get("/page/a");
  await get("/page/b");
  await get("/page/c");
  expect(cache.size()).toBe(2);
  await get("/page/a");
  expect(renders).toBe(4);
});

test("a page whose render began before a write is not kept", async () => {
  const slow = get("/slow");
  await rendersBegun(1);
  await fetch(`${base}/page/a`, { method: "POST" });
  finishSlowRender();
  await (await slow).text();
  await (
    await get("/slow").then((response) => {
      finishSlowRender();
      return response;
    })
  ).text();
  expect(renders).toBe(2);
});

test("visitors asking for an expired page at once wait for one render, each with its own nonce", async () => {
  const first = get("/slow");
  await rendersBegun(1);
  const others = [get("/slow"), get("/slow"), get("/slow")];
  await slowVisitorsArrived(4);
  finishSlowRender();
  const bodies = await Promise.all([first, ...others].map(async (response) => (await response).text()));
  expect(renders).toBe(1);
  expect(new Set(bodies).size).toBe(1);
});

test("when the one render is not kept, the waiting visitors get their own", async () => {
  const first = get("/slow");
  await rendersBegun(1);
  const second = get("/slow");
  await slowVisitorsArrived(2);
  await fetch(`${base}/page/a`, { method: "POST" });
  finishSlowRender();
  await (await first).text();
  await rendersBegun(2);
  finishSlowRender();
  expect(await (await second).text()).toContain("before the write");
  expect(renders).toBe(2);
});

test("a signed-in visitor's copy is rendered once without their cookie and each gets their own name in it", async () => {
  const asha = await (await get("/greeting", { cookie: "viewer=Asha" })).text();
  const ravi = await get("/greeting", { cookie: "viewer=Ravi" });
  const anonymous = await (await get("/greeting")).text();
  expect(asha).toBe("<p>Hello Asha (render 1)</p>");
  expect(ravi.headers.get("x-page-cache")).toBe("hit");
  expect(await ravi.text()).toBe("<p>Hello Ravi (render 1)</p>");
  // Anonymous visitors have a copy of their own.
  expect(anonymous).toContain("(render 2)");
  expect(renders).toBe(2);
});
