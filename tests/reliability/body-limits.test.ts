import { statSync } from "node:fs";
import { dirname, join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { markdownTable } from "../../scripts/reliability-report";
import { rssOf, sampleRss } from "../../scripts/bench/memory";
import { adminCookie, createAdmin } from "../support/accounts";
import { withDatabase } from "../support/database";
import { refusalMessage } from "./support/fuzz-oracle";
import { postHeld, uploadThenRead, type HeldAnswer } from "./support/held-request";
import { percentile } from "./support/http";
import { reportWhenAllPass } from "./support/report-on-pass";
import { BASE_PORT, startSite, type Site } from "./support/production-server";

// What one request body may cost the server: a form with tens of thousands
// of fields, a body aimed at a public form through a path that only looks
// like the admin area, a large anonymous upload, many large bodies at once.
// Each is refused on its headers or after one linear count, before any form
// parser or schema sees it, and other visitors are served meanwhile.

const SITE_PORT = BASE_PORT + 110;
const MB = 1024 * 1024;
const BOUNDARY = "----bodyLimitsBoundary7MA4YWxkTrZu0gW";
/** Generous: the issue asks for milliseconds; a busy shared machine must not fail it. */
const REFUSED_WITHIN_MS = 2_000;

let site: Site;
let admin = "";

type Figure = { request: string; status: number; ms: number; note: string };
const refusals: Figure[] = [];
const routeFigures: Figure[] = [];
const visitorFigures: { phase: string; gets: number; p50: number; p99: number; max: number }[] = [];
let attackWallMs = 0;
const memoryFigures: { load: string; statuses: string; start: number; peak: number; end: number }[] = [];
let upload: { status: number; ms: number; bytes: number } | undefined;

beforeAll(async () => {
  site = await startSite({ name: "body-limits", port: SITE_PORT });
  admin = await adminCookie(site.database, createAdmin("admin", site.database));
});
afterAll(async () => {
  await site?.stop();
});

type Part = { name: string; value?: string; file?: { filename: string; type: string; bytes: Buffer } };

function multipart(parts: Part[]): Buffer {
  const pieces: Buffer[] = [];
  for (const part of parts) {
    const disposition = part.file
      ? `form-data; name="${part.name}"; filename="${part.file.filename}"\r\nContent-Type: ${part.file.type}`
      : `form-data; name="${part.name}"`;
    pieces.push(
      Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: ${disposition}\r\n\r\n`),
      part.file?.bytes ?? Buffer.from(part.value ?? ""),
      Buffer.from("\r\n"),
    );
  }
  pieces.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return Buffer.concat(pieces);
}

const MULTIPART = `multipart/form-data; boundary=${BOUNDARY}`;
const URLENCODED = "application/x-www-form-urlencoded";
const repeatedFields = (count: number, name = "name") => Buffer.from(Array.from({ length: count }, () => `${name}=x`).join("&"));
const kb = (bytes: number) => `${Math.round(bytes / 1024).toLocaleString("en-IN")} KB`;

type Post = { path: string; contentType: string; body: Buffer; accept: string; cookie?: string };

async function send(post: Post, options?: Parameters<typeof postHeld>[4]): Promise<HeldAnswer> {
  const headers: Record<string, string> = { "Content-Type": post.contentType, Accept: post.accept };
  if (post.cookie) headers.Cookie = post.cookie;
  // The whole body goes out at once unless a test holds it back.
  return postHeld(site.url, post.path, headers, post.body, { sendFirst: post.body.length, ...options });
}

describe("many fields, or one field too large: 413 before any parser or schema sees them", () => {
  type Case = Omit<Post, "cookie"> & { what: string; asAdmin?: boolean };
  const cases: Case[] = [
    {
      what: "80,000 repeated fields to the contact page",
      path: "/contact",
      contentType: URLENCODED,
      body: repeatedFields(80_000),
      accept: "text/html",
    },
    {
      what: "30,000 repeated fields to the contact page",
      path: "/contact",
      contentType: URLENCODED,
      body: repeatedFields(30_000, "a"),
      accept: "text/html",
    },
    {
      what: "80,000 repeated fields to the blog editor, as a signed-in admin",
      path: "/admin/blog/new",
      contentType: URLENCODED,
      body: repeatedFields(80_000),
      accept: "text/html",
      asAdmin: true,
    },
    {
      what: "1,000 multipart parts to the sign-up page",
      path: "/signup",
      contentType: MULTIPART,
      body: multipart(Array.from({ length: 1_000 }, () => ({ name: "email", value: "x" }))),
      accept: "text/html",
    },
    {
      what: "one field named `features[99999]` to course create, as a signed-in admin",
      path: "/admin/courses/new",
      contentType: MULTIPART,
      body: multipart([
        { name: "title", value: "Sparse" },
        { name: "features[99999]", value: "x" },
      ]),
      accept: "text/html",
      asAdmin: true,
    },
    {
      what: "30,000 repeated fields to /api/newsletter",
      path: "/api/newsletter",
      contentType: URLENCODED,
      body: repeatedFields(30_000, "a"),
      accept: "application/json",
    },
    {
      what: "40,000 JSON values to /api/contact",
      path: "/api/contact",
      contentType: "application/json",
      body: Buffer.from(JSON.stringify({ name: Array.from({ length: 40_000 }, () => 1) })),
      accept: "application/json",
    },
    {
      what: "an 80 KB message field to the contact page",
      path: "/contact",
      contentType: URLENCODED,
      body: Buffer.from(`name=Asha&email=a%40example.test&subject=Hi&message=${"x".repeat(80 * 1024)}`),
      accept: "text/html",
    },
  ];

  test.each(cases.map((post) => [`${post.what} (${kb(post.body.length)})`, post] as const))("%s", async (name, post) => {
    const answer = await send({ ...post, cookie: post.asAdmin ? admin : undefined });
    refusals.push({ request: name, status: answer.status, ms: answer.ms, note: `${refusalMessage(answer.contentType, answer.text)}` });
    expect(answer.status, name).toBe(413);
    expect(refusalMessage(answer.contentType, answer.text), name).toBeTruthy();
    expect(answer.ms, name).toBeLessThan(REFUSED_WITHIN_MS);
  });
});

describe("other visitors while hostile forms arrive", () => {
  const PAGES = ["/", "/courses", "/events", "/blog", "/about", "/contact"];
  const ATTACKS = 20;
  let visitor = 0;

  /** Visitors browsing (each page fresh from the server, not the page cache) until `busy` settles and at least `minimum` pages were served. */
  async function browseWhile(busy: Promise<unknown>, minimum: number): Promise<number[]> {
    let done = false;
    void busy.finally(() => (done = true));
    const times: number[] = [];
    await Promise.all(
      Array.from({ length: 4 }, async () => {
        while (!done || times.length < minimum) {
          const n = visitor++;
          const started = performance.now();
          const response = await fetch(`${site.url}${PAGES[n % PAGES.length]}?visitor=${n}`, { signal: AbortSignal.timeout(180_000) });
          await response.arrayBuffer();
          expect(response.status).toBe(200);
          times.push(performance.now() - started);
        }
      }),
    );
    return times;
  }

  const figure = (phase: string, times: number[]) => ({
    phase,
    gets: times.length,
    p50: Math.round(percentile(times, 50)),
    p99: Math.round(percentile(times, 99)),
    max: Math.round(Math.max(...times)),
  });

  test(`while ${ATTACKS} posts of 80,000 and of 30,000 repeated fields arrive, pages keep a normal p99`, async () => {
    visitorFigures.push(figure("no attack", await browseWhile(Promise.resolve(), 120)));
    const started = performance.now();
    const attack = Promise.all(
      Array.from({ length: ATTACKS }, (_, index) =>
        send(
          {
            path: "/contact",
            contentType: URLENCODED,
            body: index % 2 === 0 ? repeatedFields(80_000) : repeatedFields(30_000, "a"),
            accept: "text/html",
          },
          { timeoutMs: 600_000 },
        ),
      ),
    ).finally(() => (attackWallMs = performance.now() - started));
    const during = await browseWhile(attack, 60);
    const statuses = (await attack).map((answer) => answer.status);
    visitorFigures.push(figure(`during ${ATTACKS} hostile posts`, during));
    expect(statuses).toEqual(Array(ATTACKS).fill(413));
    expect(percentile(during, 99)).toBeLessThan(REFUSED_WITHIN_MS);
  });
});

describe("limits by the route the router resolves and by who is signed in", () => {
  const held = (path: string, body: Buffer, cookie?: string) =>
    postHeld(site.url, path, { "Content-Type": MULTIPART, Accept: "text/html", ...(cookie ? { Cookie: cookie } : {}) }, body, {
      waitMs: 5_000,
    });
  const bigForm = (bytes: number) => multipart([{ name: "name", value: "x".repeat(bytes) }]);

  test.each(["/admin/../contact", "/admin/%2e%2e/contact", "/admin/%2E%2E/signup", "/admin/./../contact", "/ADMIN/../Contact", "/Contact"])(
    "a 2 MB form to %s (a public form) gets the public limit, on its headers",
    async (path) => {
      const answer = await held(path, bigForm(2 * MB));
      routeFigures.push({
        request: `2 MB multipart to \`${path}\``,
        status: answer.status,
        ms: answer.ms,
        note: `answered after ${kb(answer.sentBeforeAnswer)} of the body; answer ${kb(answer.answerBytes)}`,
      });
      expect(answer.status).toBe(413);
      expect(answer.answeredEarly).toBe(true);
    },
  );

  test("an anonymous 10 MB multipart post to /admin/login is refused on its headers, and the answer is small", async () => {
    const answer = await held(
      "/admin/login",
      multipart([
        { name: "adminId", value: "x".repeat(10 * MB) },
        { name: "password", value: "p" },
      ]),
    );
    routeFigures.push({
      request: "anonymous 10 MB multipart to `/admin/login`",
      status: answer.status,
      ms: answer.ms,
      note: `answered after ${kb(answer.sentBeforeAnswer)} of the body; answer ${kb(answer.answerBytes)}`,
    });
    expect(answer.status).toBe(413);
    expect(answer.answeredEarly).toBe(true);
    expect(answer.answerBytes).toBeLessThan(64 * 1024);
    expect(answer.text).not.toContain("xxxxxxxxxxxxxxxx");
  });

  test("an anonymous 10 MB upload to course create (an upload route) gets the public limit", async () => {
    const answer = await held(
      "/admin/courses/new",
      multipart([{ name: "brochure", file: { filename: "b.pdf", type: "application/pdf", bytes: Buffer.alloc(10 * MB, 0x20) } }]),
    );
    routeFigures.push({
      request: "anonymous 10 MB upload to `/admin/courses/new`",
      status: answer.status,
      ms: answer.ms,
      note: `answered after ${kb(answer.sentBeforeAnswer)} of the body; answer ${kb(answer.answerBytes)}`,
    });
    expect(answer.status).toBe(413);
    expect(answer.answeredEarly).toBe(true);
  });

  test("a signed-in admin uploads a 6 MB brochure with a new course", async () => {
    const pdf = Buffer.concat([Buffer.from("%PDF-1.4\n"), Buffer.alloc(6 * MB, 0x20), Buffer.from("\n%%EOF\n")]);
    const title = `Brochure upload ${Date.now()}`;
    const body = multipart([
      { name: "title", value: title },
      { name: "shortDescription", value: "A course with a large brochure." },
      { name: "description", value: "Uploaded by the reliability suite." },
      { name: "price", value: "0" },
      { name: "duration", value: "4 weeks" },
      { name: "level", value: "beginner" },
      { name: "isActive", value: "on" },
      { name: "brochure", file: { filename: "brochure.pdf", type: "application/pdf", bytes: pdf } },
    ]);
    const answer = await send({ path: "/admin/courses/new", contentType: MULTIPART, body, accept: "text/html", cookie: admin });
    expect(answer.status, answer.text.slice(0, 300)).toBe(302);
    const stored = withDatabase(
      (db) => db.prepare("SELECT brochure_pdf_url AS url FROM courses WHERE title = ?").get(title) as { url: string } | undefined,
      site.database,
    );
    expect(stored?.url).toMatch(/^\/uploads\/[a-f0-9]{32}\.pdf$/);
    const bytes = statSync(join(dirname(site.database), "uploads", (stored?.url ?? "").replace("/uploads/", ""))).size;
    expect(bytes).toBe(pdf.length);
    upload = { status: answer.status, ms: answer.ms, bytes };
  });
});

describe("a refusal given before the body was read reaches a browser", () => {
  test("a 2 MB form sent over 7 s, its answer read only once all of it is out (as browsers do), gets the 413 and Connection: close", async () => {
    // 32 pieces of 64 KB, one every 220 ms: still sending well after the answer went out.
    const answer = await uploadThenRead(
      site.url,
      "/contact",
      { "Content-Type": MULTIPART, Accept: "text/html" },
      multipart([{ name: "message", value: "x".repeat(2 * MB) }]),
      { pieceBytes: 64 * 1024, everyMs: 220 },
    );
    expect(answer.error).toBeNull();
    expect(answer.status).toBe(413);
    expect(answer.connection).toBe("close");
    expect(answer.text).toContain("too large");
  });
});

describe("many large bodies at once", () => {
  const CONCURRENT = 100;
  const ONE_MB_FORM = multipart([{ name: "message", value: "x".repeat(1_000_000) }]);
  const UPLOADS = 50;
  // A form the action reads in full and refuses (no title): nothing is stored, however many arrive.
  const SIX_MB_UPLOAD = multipart([
    { name: "brochure", file: { filename: "b.pdf", type: "application/pdf", bytes: Buffer.alloc(6 * MB, 0x20) } },
  ]);

  async function underLoad(load: string, posts: () => Promise<HeldAnswer>[]) {
    const pid = site.child.pid ?? 0;
    const start = rssOf(pid) ?? 0;
    const sampler = sampleRss(pid);
    const answers = await Promise.all(posts());
    const peak = sampler.stop();
    // After the answers: what stays resident once the bodies are garbage.
    const end = rssOf(pid) ?? 0;
    const counts = new Map<number, number>();
    for (const answer of answers) counts.set(answer.status, (counts.get(answer.status) ?? 0) + 1);
    const statuses = [...counts]
      .sort(([a], [b]) => a - b)
      .map(([status, n]) => `${status}×${n}`)
      .join(", ");
    memoryFigures.push({ load, statuses, start, peak, end });
    return { answers, start, peak };
  }

  test(`${CONCURRENT} concurrent 1 MB bodies to a public form: refused unread, memory flat`, async () => {
    const { answers, start, peak } = await underLoad(`${CONCURRENT} × 1 MB multipart to \`/contact\` (anonymous)`, () =>
      Array.from({ length: CONCURRENT }, () => send({ path: "/contact", contentType: MULTIPART, body: ONE_MB_FORM, accept: "text/html" })),
    );
    expect(answers.every((answer) => answer.status === 413)).toBe(true);
    expect(peak - start).toBeLessThan(100 * MB);
  });

  test(`${UPLOADS} concurrent 6 MB uploads as an admin: the in-flight budget holds memory, the rest hear 503`, async () => {
    const { answers, start, peak } = await underLoad(`${UPLOADS} × 6 MB upload to \`/admin/courses/new\` (signed-in admin)`, () =>
      Array.from({ length: UPLOADS }, () =>
        send({ path: "/admin/courses/new", contentType: MULTIPART, body: SIX_MB_UPLOAD, accept: "text/html", cookie: admin }),
      ),
    );
    // Read and answered by the form (400: title missing), or turned away while the budget is spent (503 + Retry-After).
    expect(answers.every((answer) => answer.status === 400 || answer.status === 503)).toBe(true);
    // The budget lets 32 MB of bodies in at once; each is held about five times over while it is
    // read (the socket's chunks, the whole body, the parsed file, the bytes checked), and V8 gives
    // memory back late: 170–210 MB measured here. Without the budget the 50 bodies would take 1.5 GB.
    expect(peak - start).toBeLessThan(256 * MB);
  });
});

const mb = (bytes: number) => `${Math.round(bytes / MB)} MB`;

reportWhenAllPass(
  "body-limits",
  () => `## Request bodies: fields, sizes, routes, memory (\`tests/reliability/body-limits.test.ts\`)

Every action's body is sized by the route Remix resolved and by who is signed in, read once (within an
in-flight budget), and counted in one linear pass (fields, and each field's size) before any form parser or
schema sees it (decision 0014). Public forms take 128 KB, 200 fields and 64 KB per field; the blog and course
editors 1 MB; course create and edit 16 MB, for a signed-in admin only.

**Before** (main as of 6813aba, measured with this file on this machine): 80,000 copies of \`name=x\` (547 KB) to
/contact kept the event loop busy for 29–40 s, and 30,000 copies of \`a=x\` (117 KB) for 3.1–3.6 s (Conform builds
a list for a repeated name in time that grows with the square of the copies); 80,000 to the blog editor, 25 s. One
field named \`features[99999]\` cost 1.6–2.3 s in course create. While 20 such posts arrived, 4 visitors' pages
failed after 321–368 s, one answered 500 after 811 s (p99 811,181 ms), and 13 of the 20 posts never got an answer.
A 2 MB multipart post to \`/admin/../contact\`, \`/admin/%2e%2e/contact\`, \`/admin/./../contact\` or
\`/admin/%2E%2E/signup\` got the 16 MB admin limit: read in full, answered 400 with a 4.1 MB page (the field
echoed back). An anonymous 10 MB multipart post to /admin/login was read in full (7 s) and answered 400 with 20 MB.
100 concurrent 1 MB posts to /contact grew the server from 234 MB to 531 MB; 50 concurrent 6 MB admin uploads
from 531 MB to 889 MB.

**Now** — refusals:

${markdownTable(
  ["Request", "Status", "Answered in ms", "Message"],
  refusals.map((figure) => [figure.request, figure.status, Math.round(figure.ms), figure.note]),
)}

Other visitors (4 at a time, each page rendered fresh) while 20 hostile posts arrived (all refused with 413 in
${Math.round(attackWallMs)} ms of wall time):

${markdownTable(
  ["Phase", "Pages served", "p50 ms", "p99 ms", "max ms"],
  visitorFigures.map((figure) => [figure.phase, figure.gets, figure.p50, figure.p99, figure.max]),
)}

Routes as the router resolves them (the client holds the body back after 64 KB until it hears an answer):

${markdownTable(
  ["Request", "Status", "Answered in ms", "How"],
  routeFigures.map((figure) => [figure.request, figure.status, Math.round(figure.ms), figure.note]),
)}

A signed-in admin's 6 MB brochure with a new course: ${upload?.status} in ${Math.round(upload?.ms ?? 0)} ms, ${mb(upload?.bytes ?? 0)} stored.

Server memory (RSS) under many bodies at once:

${markdownTable(
  ["Load", "Answers", "RSS start", "RSS peak", "RSS after"],
  memoryFigures.map((figure) => [figure.load, figure.statuses, mb(figure.start), mb(figure.peak), mb(figure.end)]),
)}`,
);
