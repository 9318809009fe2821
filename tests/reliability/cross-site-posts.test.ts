import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CROSS_SITE_MESSAGE, CROSS_SITE_READ_MESSAGE, CROSS_SITE_RETURN_PATHS } from "../../app/utils/request-guards.server";
import { ADMIN_SESSION_COOKIE } from "../../app/utils/session-cookie";
import { markdownTable } from "../../scripts/reliability-report";
import { adminCookie, createAdmin, createStudent, studentCookie } from "../support/accounts";
import { actionRoutes, type ActionRoute } from "./support/route-files";
import { launchChromium } from "../support/chromium";
import { contentFingerprint, countRows, withDatabase } from "../support/database";
import { reportWhenAllPass } from "./support/report-on-pass";
import { BASE_PORT, RELIABILITY_SECRETS, startSite, type Site } from "./support/production-server";

// A page on another site can make a visitor's browser post a form here, with
// the visitor's cookies. Every route that writes must refuse that (403 and
// the refusal message) before its action runs, signed in or not.

// Not BASE_PORT + 90 itself: with the usual base of 4100 that is 4190, a port
// fetch and browsers refuse to use (the Fetch standard's "bad ports").
const SITE_PORT = BASE_PORT + 91;
const OTHER_SITE_PORT = BASE_PORT + 92;

/** What a browser sends with a post from a page elsewhere. */
const CROSS_SITE_HEADERS: Record<string, Record<string, string>> = {
  "Origin: http://evil.example + Sec-Fetch-Site: cross-site": { Origin: "http://evil.example", "Sec-Fetch-Site": "cross-site" },
  "Origin: null (sandboxed frame, data: page)": { Origin: "null" },
  "Origin: http://evil.example, no Sec-Fetch-Site (older browsers)": { Origin: "http://evil.example" },
};

/** Fields most of the forms and endpoints accept, so a missing check would show as a stored row, not only a status. */
const PLAUSIBLE_FIELDS = {
  name: "Cross Site",
  firstName: "Cross",
  lastName: "Site",
  email: "cross-site@example.test",
  phone: "9876543210",
  subject: "Cross-site post",
  message: "Posted from another website.",
  password: "a long enough password",
  adult: "on",
  consent: "on",
  adminId: "reliability-admin",
  code: "CROSSSITE",
  kind: "percent",
  percentOff: "10",
  isActive: "on",
  title: "Cross-site post",
  content: "<p>Posted from another website.</p>",
  dataset: "all-data",
  intent: "delete",
  name__confirm: "",
};

let site: Site;
let sessionCookies: string;
let sharedFile: { id: number; token: string };
const tally = { routes: 0, requests: 0, reads: 0 };

function valueFor(route: ActionRoute, previous: string, param: string): string {
  const ids = withDatabase((db) => {
    const first = (table: string) => String((db.prepare(`SELECT min(id) AS id FROM ${table}`).get() as { id: number }).id);
    return {
      "courses:id": first("courses"),
      "events:id": first("events"),
      "mentors:id": first("mentors"),
      "coupons:id": first("coupons"),
      "blog:id": first("blog_posts"),
      "post:id": first("blog_posts"),
      "testimonial:id": first("testimonials"),
      "testimonials:id": first("testimonials"),
      "files:id": String(sharedFile.id),
      "users:id": first("users"),
      "shared-files:id": String(sharedFile.id),
      "shared:token": sharedFile.token,
      "blog:slug": (db.prepare("SELECT slug FROM blog_posts ORDER BY id LIMIT 1").get() as { slug: string }).slug,
      "export:dataset": "all-data",
      // Refused before any lookup: any message id will do, even on a site that has sent none yet.
      "outbox:id": String((db.prepare("SELECT min(id) AS id FROM outbox_messages").get() as { id: number | null }).id ?? 1),
      // The seeded classroom: a lesson of a course, and a section.
      "curriculum:lessonId": first("lessons"),
      "sections:sectionId": first("course_sections"),
      "learn:courseId": String((db.prepare("SELECT course_id FROM lessons ORDER BY id LIMIT 1").get() as { course_id: number }).course_id),
      ":courseId:lessonId": first("lessons"),
      // Refused before any lookup as well.
      "batches:batchId": "1",
      "teaching:batchId": "1",
      "journals:tradeId": "1",
      "timetable:sessionId": "1",
      "sessions:sessionId": "1",
      "lab:exerciseId": "1",
      "journal:tradeId": "1",
      "students:userId": "1",
    } as Record<string, string>;
  }, site.database);
  const value = ids[`${previous}:${param}`];
  if (value === undefined) throw new Error(`${route.file}: no test value for :${param} after "${previous}"; add one to valueFor().`);
  return value;
}

function concretePath(route: ActionRoute): string {
  const segments = route.pattern.split("/");
  if (segments.includes("*")) throw new Error(`${route.file}: a splat route with an action; give it a path here.`);
  return segments
    .map((segment, index) => (segment.startsWith(":") ? valueFor(route, segments[index - 1] ?? "", segment.slice(1)) : segment))
    .join("/");
}

function requestBody(path: string): { type: string; body: string } {
  return path.startsWith("/api/")
    ? { type: "application/json", body: JSON.stringify(PLAUSIBLE_FIELDS) }
    : { type: "application/x-www-form-urlencoded", body: new URLSearchParams(PLAUSIBLE_FIELDS).toString() };
}

async function send(path: string, method: string, headers: Record<string, string>) {
  const { type, body } = requestBody(path);
  const accept = path.startsWith("/api/") ? "application/json" : "text/html";
  return fetch(`${site.url}${path}`, {
    method,
    redirect: "manual",
    headers: { "Content-Type": type, Accept: accept, ...headers },
    body: method === "DELETE" ? undefined : body,
  });
}

function sameOrigin(extra: Record<string, string> = {}) {
  return { Origin: site.url, "Sec-Fetch-Site": "same-origin", ...extra };
}

beforeAll(async () => {
  site = await startSite({ name: "cross-site-posts", port: SITE_PORT });
  const student = await createStudent({}, site.database);
  const admin = createAdmin("admin", site.database);
  sessionCookies = `${await studentCookie(site.database, student)}; ${await adminCookie(site.database, admin)}`;
  // An export leaves a shared file, so the shared-file routes have a real row to (not) delete.
  const exported = await fetch(`${site.url}/admin/users/export`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", ...sameOrigin({ Cookie: sessionCookies }) },
    body: new URLSearchParams({ dataset: "all-data" }).toString(),
  });
  expect(exported.status).toBe(200);
  sharedFile = withDatabase(
    (db) => db.prepare("SELECT id, token FROM shared_files ORDER BY id DESC LIMIT 1").get() as { id: number; token: string },
    site.database,
  );
});

afterAll(async () => {
  await site?.stop();
});

describe("cross-site posts are refused on every route that writes", () => {
  // The payment provider's return is posted from its site by design; it is checked below instead.
  const routes = actionRoutes().filter((route) => !CROSS_SITE_RETURN_PATHS.includes(route.pattern));

  it("finds the routes with an action under app/routes", () => {
    expect(routes.length).toBeGreaterThan(60);
    expect(routes.map((route) => route.pattern)).toEqual(
      expect.arrayContaining(["/contact", "/admin/courses/new", "/api/events/:id/register"]),
    );
  });

  for (const route of routes) {
    it(`${route.pattern} (${route.file})`, async () => {
      const path = concretePath(route);
      const methods = path.startsWith("/api/") ? ["POST", "PUT", "PATCH", "DELETE"] : ["POST"];
      const before = contentFingerprint(site.database, []);
      for (const [label, headers] of Object.entries(CROSS_SITE_HEADERS)) {
        for (const cookie of [undefined, sessionCookies]) {
          for (const method of methods) {
            const response = await send(path, method, cookie ? { ...headers, Cookie: cookie } : headers);
            const what = `${method} ${path} with ${label}${cookie ? ", signed in" : ""}`;
            expect(response.status, what).toBe(403);
            const text = await response.text();
            if (path.startsWith("/api/")) expect(JSON.parse(text), what).toEqual({ message: CROSS_SITE_MESSAGE });
            else expect(text, what).toContain(CROSS_SITE_MESSAGE);
            expect(response.headers.getSetCookie(), what).toEqual([]);
            tally.requests += 1;
          }
        }
      }
      expect(contentFingerprint(site.database, []), `${path}: nothing stored, changed or deleted`).toEqual(before);
      tally.routes += 1;
    });
  }
});

describe("the payment provider's return, posted from its site, acts on no session", () => {
  it("/checkout/callback from another site, signed in or not: sent on (303) to pay again, nothing stored, no session cookie set", async () => {
    expect(CROSS_SITE_RETURN_PATHS).toEqual(["/checkout/callback"]);
    const before = contentFingerprint(site.database, []);
    for (const [label, headers] of Object.entries(CROSS_SITE_HEADERS)) {
      for (const cookie of [undefined, sessionCookies]) {
        const response = await send("/checkout/callback?retry=%2Fcourses", "POST", cookie ? { ...headers, Cookie: cookie } : headers);
        const what = `POST /checkout/callback with ${label}${cookie ? ", signed in" : ""}`;
        expect(response.status, what).toBe(303);
        expect(response.headers.get("location"), what).toBe("/courses");
        expect(
          response.headers.getSetCookie().map((c) => c.split("=")[0]),
          what,
        ).toEqual(["toast"]);
        tally.requests += 1;
      }
    }
    expect(contentFingerprint(site.database, []), "nothing stored, changed or deleted").toEqual(before);
  });
});

describe("a GET that makes a file is refused when another site sent the browser", () => {
  // The spec's export endpoint is a GET that writes a workbook and a share link.
  const exportPath = "/api/admin/export/all-data";

  it(`${exportPath}: cross-site and same-site navigations → 403, no file; HEAD → 405, no file; from this site → 200`, async () => {
    const files = () => countRows(site.database, "shared_files");
    const before = files();
    for (const fetchSite of ["cross-site", "same-site"]) {
      const response = await fetch(`${site.url}${exportPath}`, { headers: { Cookie: sessionCookies, "Sec-Fetch-Site": fetchSite } });
      expect(response.status, fetchSite).toBe(403);
      expect(await response.json()).toEqual({ message: CROSS_SITE_READ_MESSAGE });
      tally.reads += 1;
    }
    const head = await fetch(`${site.url}${exportPath}`, { method: "HEAD", headers: { Cookie: sessionCookies } });
    expect(head.status).toBe(405);
    expect(files()).toBe(before);
    const own = await fetch(`${site.url}${exportPath}`, { headers: { Cookie: sessionCookies, "Sec-Fetch-Site": "same-origin" } });
    expect(own.status).toBe(200);
    await own.arrayBuffer();
    expect(files()).toBe(before + 1);
  });
});

describe("the same posts from this site still work (one per route family)", () => {
  it("the contact form (visitor, page form) → 302 and the message is stored", async () => {
    const before = countRows(site.database, "contact_messages");
    const { type, body } = requestBody("/contact");
    const response = await fetch(`${site.url}/contact`, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": type, ...sameOrigin() },
      body,
    });
    expect(response.status).toBe(302);
    expect(countRows(site.database, "contact_messages")).toBe(before + 1);
  });

  it("POST /api/contact (visitor, JSON) → 201 and the message is stored", async () => {
    const before = countRows(site.database, "contact_messages");
    const { type, body } = requestBody("/api/contact");
    const response = await fetch(`${site.url}/api/contact`, { method: "POST", headers: { "Content-Type": type, ...sameOrigin() }, body });
    expect(response.status).toBe(201);
    expect(countRows(site.database, "contact_messages")).toBe(before + 1);
  });

  it("an admin's Add Coupon form → 302 and the coupon is stored", async () => {
    const { type, body } = requestBody("/admin/coupons/new");
    const response = await fetch(`${site.url}/admin/coupons/new`, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": type, ...sameOrigin({ Cookie: sessionCookies }) },
      body,
    });
    expect(response.status).toBe(302);
    expect(countRows(site.database, "coupons", "code = ?", "CROSSSITE")).toBe(1);
  });

  it("POST /api/admin/login (admin, JSON) → 200 with a session", async () => {
    const response = await fetch(`${site.url}/api/admin/login`, {
      method: "POST",
      headers: { "Content-Type": "application/json", ...sameOrigin() },
      body: JSON.stringify({ adminId: "reliability-admin", password: RELIABILITY_SECRETS.ADMIN_PASSWORD }),
    });
    expect(response.status).toBe(200);
    expect(response.headers.getSetCookie().some((cookie) => cookie.startsWith(`${ADMIN_SESSION_COOKIE}=`))).toBe(true);
  });

  it("a student's log-out → 302 and the session row is gone", async () => {
    const student = await createStudent({}, site.database);
    const cookie = await studentCookie(site.database, student);
    const sessions = () => countRows(site.database, "sessions", "sess LIKE ?", `%${student.id}%`);
    expect(sessions()).toBe(1);
    const response = await fetch(`${site.url}/api/logout`, { method: "POST", redirect: "manual", headers: sameOrigin({ Cookie: cookie }) });
    expect(response.status).toBe(302);
    expect(sessions()).toBe(0);
  });
});

describe("a real browser on another site", () => {
  let otherSite: Server;

  beforeAll(async () => {
    // 127.0.0.1 is another site than localhost: the browser sends its cross-site headers itself.
    const forms: Record<string, { action: string; fields: Record<string, string> }> = {
      "/contact.html": { action: `${site.url}/contact`, fields: { ...PLAUSIBLE_FIELDS } },
      "/coupon.html": {
        action: `${site.url}/admin/coupons/new`,
        fields: { code: "BROWSERXSITE", kind: "percent", percentOff: "50", isActive: "on" },
      },
    };
    otherSite = createServer((request, response) => {
      if (request.url === "/export.html") {
        // A plain navigation: SameSite=Lax cookies go with it.
        response.writeHead(200, { "Content-Type": "text/html" });
        return response.end(
          `<!DOCTYPE html><title>Win a prize</title><script>location.href = ${JSON.stringify(`${site.url}/api/admin/export/all-data`)}</script>`,
        );
      }
      const form = forms[request.url ?? ""];
      if (!form) return response.writeHead(404).end();
      const inputs = Object.entries(form.fields)
        .map(([name, value]) => `<input type="hidden" name="${name}" value="${value.replace(/[<>&"]/g, "")}">`)
        .join("");
      response.writeHead(200, { "Content-Type": "text/html" });
      response.end(
        `<!DOCTYPE html><title>Win a prize</title><form method="post" action="${form.action}">${inputs}</form><script>document.forms[0].submit()</script>`,
      );
    });
    await new Promise<void>((resolve) => otherSite.listen(OTHER_SITE_PORT, "127.0.0.1", resolve));
  });

  afterAll(async () => {
    await new Promise((resolve) => otherSite?.close(resolve));
  });

  it("auto-submitted forms to /contact and to an admin's Add Coupon are refused and store nothing", async () => {
    const browser = await launchChromium();
    try {
      const context = await browser.newContext();
      const admin = createAdmin("admin", site.database);
      const pair = await adminCookie(site.database, admin);
      const [name, value] = [pair.slice(0, pair.indexOf("=")), pair.slice(pair.indexOf("=") + 1)];
      await context.addCookies([{ name, value, url: site.url, httpOnly: true, sameSite: "Lax" }]);
      const page = await context.newPage();
      const otherOrigin = `http://127.0.0.1:${(otherSite.address() as AddressInfo).port}`;
      for (const [form, target] of [
        ["/contact.html", "/contact"],
        ["/coupon.html", "/admin/coupons/new"],
      ] as const) {
        const before = contentFingerprint(site.database, []);
        const answer = page.waitForResponse(
          (response) => response.url() === `${site.url}${target}` && response.request().method() === "POST",
        );
        await page.goto(`${otherOrigin}${form}`);
        const response = await answer;
        expect(response.status(), target).toBe(403);
        expect(response.request().headers()["origin"]).toBe(otherOrigin);
        await page.waitForURL(`${site.url}${target}`);
        await expect.poll(() => page.locator("body").innerText()).toContain(CROSS_SITE_MESSAGE);
        expect(contentFingerprint(site.database, []), target).toEqual(before);
        tally.requests += 1;
      }
      expect(countRows(site.database, "coupons", "code = ?", "BROWSERXSITE")).toBe(0);

      const filesBefore = countRows(site.database, "shared_files");
      const exportUrl = `${site.url}/api/admin/export/all-data`;
      const answer = page.waitForResponse((response) => response.url() === exportUrl);
      await page.goto(`${otherOrigin}/export.html`);
      const response = await answer;
      expect(response.status()).toBe(403);
      expect((await response.request().allHeaders())["sec-fetch-site"]).toBe("cross-site");
      expect(countRows(site.database, "shared_files")).toBe(filesBefore);
      tally.reads += 1;
    } finally {
      await browser.close();
    }
  });
});

reportWhenAllPass("cross-site", () => {
  const variants = Object.keys(CROSS_SITE_HEADERS).map((label) => [label, "403 + refusal message"]);
  return `## Cross-site posts\n\n\`tests/reliability/cross-site-posts.test.ts\`: ${tally.routes} routes with an action (found by walking app/routes), each posted to with the headers below, signed out and with a student and an admin session (JSON endpoints also with PUT, PATCH and DELETE): ${tally.requests} refused requests, each answered 403 with the refusal message and no cookie, with the database byte-for-byte unchanged after each route. Same-origin controls (contact form and API, Add Coupon, admin API login, log-out) still succeed, and a real Chromium on another site auto-submitting to /contact and to Add Coupon with an admin signed in saw the refusal page and stored nothing.\n\nThe one GET that makes something, the spec's export endpoint (a workbook and a share link), was sent ${tally.reads} times as a browser sent by another site would (Sec-Fetch-Site cross-site and same-site, and a real Chromium navigating there from another origin with an admin's cookie): each got 403 and no file was made. Before, the same navigation exported every student's data into a new shared file. HEAD (which ran a whole export for nobody) is 405; the admin's own request still downloads.\n\n${markdownTable(["Cross-site headers", "Answer"], variants)}`;
});
