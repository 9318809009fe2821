import { randomUUID } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { Browser, BrowserContext, Page } from "@playwright/test";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { markdownTable } from "../../scripts/reliability-report";
import { adminCookie, createAdmin, createStudent, studentCookie } from "../support/accounts";
import { launchChromium } from "../support/chromium";
import { countRows, withDatabase } from "../support/database";
import { reportWhenAllPass } from "./support/report-on-pass";
import { BASE_PORT, startSite, type Site } from "./support/production-server";
import { FORMULA_PAYLOADS, HOSTILE_HTML, HOSTILE_LINKS, TEXT_PAYLOADS, probePage, watchForScripts } from "./support/xss-probe";

// Payloads written through the real forms and endpoints by the people who
// write them (visitors, students, admins), then every page that shows them
// loaded in Chromium with JavaScript on, and the Excel export opened.

const SITE_PORT = BASE_PORT + 80;
const DETECTOR_CHECK_PORT = BASE_PORT + 81;

let site: Site;
let admin: string;
let browser: Browser;
let context: BrowserContext;
let page: Page;
/** Record ids by kind, in the order of TEXT_PAYLOADS. */
const written = {
  blog: [] as { id: number; slug: string }[],
  testimonial: [] as number[],
  course: [] as number[],
  event: [] as number[],
  mentor: [] as number[],
};
let payloadStudentId = "";
let chatQuoted = false;
let registrationEventId = 0;
const figures = { writes: 0, refusedWrites: 0, pages: 0, pageChecks: 0, exportCells: 0, neutralisedCells: 0 };

function sameOrigin(cookie?: string): Record<string, string> {
  return { Origin: site.url, "Sec-Fetch-Site": "same-origin", ...(cookie ? { Cookie: cookie } : {}) };
}

async function postJson(path: string, body: unknown, cookie?: string) {
  return fetch(`${site.url}${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "application/json", ...sameOrigin(cookie) },
    body: JSON.stringify(body),
  });
}

async function postForm(path: string, fields: Record<string, string>, cookie?: string) {
  return fetch(`${site.url}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", ...sameOrigin(cookie) },
    body: new URLSearchParams(fields).toString(),
  });
}

async function expectStored(response: Response, what: string) {
  expect(
    response.status,
    `${what}: ${await response
      .clone()
      .text()
      .then((text) => text.slice(0, 300))}`,
  ).toBeLessThan(400);
  figures.writes += 1;
}

function idWhere(table: string, column: string, value: string): number {
  const row = withDatabase(
    (db) => db.prepare(`SELECT id FROM ${table} WHERE ${column} = ? ORDER BY id DESC LIMIT 1`).get(value),
    site.database,
  ) as { id: number } | undefined;
  if (!row) throw new Error(`No ${table} row with ${column} = ${value}`);
  return row.id;
}

const futureDate = () => new Date(Date.now() + 30 * 24 * 60 * 60 * 1000).toISOString();
const email = (label: string) => `${label}-${randomUUID().slice(0, 8)}@example.test`;

async function writeAdminContent() {
  for (const [index, payload] of TEXT_PAYLOADS.entries()) {
    const slug = `xss-post-${index + 1}`;
    await expectStored(
      await postJson(
        "/api/blog",
        {
          title: payload,
          slug,
          excerpt: payload,
          content: `<p>${payload}</p>${HOSTILE_HTML}`,
          category: "education",
          tags: [payload.slice(0, 50)],
          isPublished: true,
        },
        admin,
      ),
      `blog post ${index + 1}`,
    );
    written.blog.push({ id: idWhere("blog_posts", "slug", slug), slug });

    await expectStored(
      await postJson(
        "/api/testimonials",
        { name: payload, content: payload, profession: payload, city: "Pune", publishConsent: true, rating: 5, isApproved: true },
        admin,
      ),
      "testimonial",
    );
    written.testimonial.push(idWhere("testimonials", "name", payload));

    const course = {
      title: payload,
      shortDescription: payload,
      description: payload,
      price: 4999,
      duration: payload,
      level: "beginner",
      syllabus: payload,
      features: [payload],
      isActive: true,
    };
    await expectStored(await postJson("/api/courses", course, admin), "course");
    written.course.push(idWhere("courses", "title", payload));

    const event = {
      title: payload,
      description: payload,
      eventType: "webinar",
      eventDate: futureDate(),
      duration: 60,
      price: 0,
      maxParticipants: 100,
      isActive: true,
    };
    await expectStored(await postJson("/api/events", event, admin), "event");
    written.event.push(idWhere("events", "title", payload));

    const mentor = {
      name: payload,
      title: payload,
      bio: payload,
      experience: payload,
      specialization: payload,
      isActive: "on",
      displayOrder: String(index),
    };
    await expectStored(await postForm("/admin/mentors/new", mentor, admin), "mentor");
    written.mentor.push(idWhere("mentors", "name", payload));

    // Coupon codes are letters, digits, - and _ only: the payload is refused.
    const coupon = await postForm("/admin/coupons/new", { code: payload, kind: "percent", percentOff: "10", isActive: "on" }, admin);
    expect(coupon.status).toBe(400);
    figures.refusedWrites += 1;
  }
  expect(countRows(site.database, "coupons", "code LIKE 'XSS%'")).toBe(0);
}

async function writeVisitorContent() {
  const payloads = [...TEXT_PAYLOADS, ...FORMULA_PAYLOADS];
  for (const [index, payload] of payloads.entries()) {
    const firstName = payload.slice(0, 50);
    const signup = await postForm("/signup", {
      firstName,
      lastName: payload.slice(0, 50),
      email: email("xss-signup"),
      password: "a long enough password",
      adult: "on",
      consent: "on",
      name__confirm: "",
    });
    expect(signup.status, `signup ${index + 1}`).toBe(302);
    figures.writes += 1;
    if (index === 1) payloadStudentId = idWhere("users", "first_name", firstName).toString();

    await expectStored(
      await postJson("/api/contact", {
        name: payload,
        email: email("xss-contact"),
        phone: "9876543210",
        subject: payload,
        message: payload,
        consent: true,
      }),
      "contact",
    );

    const student = await createStudent({}, site.database);
    const cookie = await studentCookie(site.database, student);
    await expectStored(
      await postJson(
        `/api/events/${registrationEventId}/register`,
        { name: payload, email: email("xss-registration"), phone: "9876543210", consent: true },
        cookie,
      ),
      "event registration",
    );
    const form = {
      name: payload,
      whatsappNumber: "9876543210",
      email: email("xss-enrolment"),
      age: 30,
      country: payload,
      state: payload,
      city: payload,
      experienceLevel: "Beginner",
      sourceOfLead: "Referral",
      broker: payload,
      trainingPreference: "online",
      courseOrEventId: written.course[0],
      courseOrEventType: "course",
      consent: true,
    };
    await expectStored(await postJson("/api/enrollment-forms", form, cookie), "enrollment form");
  }
}

async function refuseHostileLinks() {
  const linkWrites: [string, (link: string) => Promise<Response>][] = [
    [
      "blog imageUrl",
      (link) =>
        postJson(
          "/api/blog",
          {
            title: "Link",
            slug: `link-${randomUUID().slice(0, 8)}`,
            excerpt: "x",
            content: "<p>x</p>",
            category: "education",
            imageUrl: link,
          },
          admin,
        ),
    ],
    ["testimonial imageUrl", (link) => postJson("/api/testimonials", { name: "Link", content: "x", imageUrl: link }, admin)],
    ...(["imageUrl", "coverPhotoUrl", "brochurePdfUrl"] as const).map((field): [string, (link: string) => Promise<Response>] => [
      `course ${field}`,
      (link) =>
        postJson(
          "/api/courses",
          { title: "Link", shortDescription: "x", description: "x", price: 1, duration: "1 day", [field]: link },
          admin,
        ),
    ]),
    [
      "event registrationUrl",
      (link) =>
        postJson(
          "/api/events",
          { title: "Link", description: "x", eventType: "webinar", eventDate: futureDate(), registrationUrl: link },
          admin,
        ),
    ],
    ...(["imageUrl", "linkedin", "twitter", "youtube"] as const).map((field): [string, (link: string) => Promise<Response>] => [
      `mentor ${field}`,
      (link) => postForm("/admin/mentors/new", { name: "Link", title: "x", bio: "x", isActive: "on", [field]: link }, admin),
    ]),
  ];
  for (const [field, write] of linkWrites) {
    for (const link of HOSTILE_LINKS) {
      const response = await write(link);
      expect(response.status, `${field} = ${JSON.stringify(link)}`).toBe(400);
      figures.refusedWrites += 1;
    }
  }
}

beforeAll(async () => {
  site = await startSite({ name: "stored-xss", port: SITE_PORT });
  admin = await adminCookie(site.database, createAdmin("admin", site.database));
  registrationEventId = withDatabase(
    (db) => (db.prepare("SELECT min(id) AS id FROM events WHERE event_date > ?").get(Date.now()) as { id: number }).id,
    site.database,
  );
  await writeAdminContent();
  await writeVisitorContent();
  browser = await launchChromium();
  context = await browser.newContext();
  await watchForScripts(context);
  const cookies = [admin, await studentCookie(site.database, { id: payloadStudentId })].map((pair) => ({
    name: pair.slice(0, pair.indexOf("=")),
    value: pair.slice(pair.indexOf("=") + 1),
    url: site.url,
    httpOnly: true,
    sameSite: "Lax" as const,
  }));
  await context.addCookies(cookies);
  page = await context.newPage();
});

afterAll(async () => {
  await browser?.close();
  await site?.stop();
});

/** Each page that shows the payloads; `shows` must appear there as text (or as a field's value in a dialog). */
function pagesToVisit(): { path: string; shows: "each" | "some" | string[] }[] {
  const each = (paths: (index: number) => string) => TEXT_PAYLOADS.map((payload, index) => ({ path: paths(index), shows: [payload] }));
  return [
    { path: "/", shows: "some" },
    { path: "/blog", shows: "some" },
    ...each((index) => `/blog/${written.blog[index]?.slug}`),
    ...each((index) => `/blog/preview/${written.blog[index]?.slug}`),
    { path: "/testimonials", shows: "some" },
    { path: "/courses", shows: "some" },
    ...each((index) => `/courses/${written.course[index]}`),
    { path: "/events", shows: "some" },
    ...each((index) => `/events/${written.event[index]}/register`),
    { path: "/about", shows: "some" },
    { path: `/enrollment-form?course=${written.course[0]}`, shows: "some" },
    { path: "/admin", shows: [] },
    { path: "/admin/content", shows: "some" },
    { path: "/admin/blog", shows: "some" },
    { path: "/admin/testimonials", shows: "some" },
    { path: "/admin/courses", shows: "some" },
    { path: "/admin/events", shows: "some" },
    { path: "/admin/mentors", shows: "some" },
    { path: "/admin/coupons", shows: [] },
    { path: "/admin/inbox", shows: "some" },
    { path: "/admin/users", shows: "some" },
    { path: "/admin/users/registrations", shows: "some" },
    { path: "/admin/users/enrollment-forms", shows: "some" },
    { path: "/admin/users/enrollments", shows: [] },
    { path: `/admin/events/${registrationEventId}/registrations`, shows: "some" },
    ...each((index) => `/admin/blog/${written.blog[index]?.id}`),
    ...each((index) => `/admin/testimonials/${written.testimonial[index]}`),
    ...each((index) => `/admin/courses/${written.course[index]}`),
    ...each((index) => `/admin/events/${written.event[index]}`),
    ...each((index) => `/admin/mentors/${written.mentor[index]}`),
    { path: `/admin/blog/${written.blog[0]?.id}?confirm=delete`, shows: "some" },
    { path: `/admin/courses/${written.course[0]}?confirm=delete`, shows: "some" },
    { path: `/admin/mentors/${written.mentor[0]}?confirm=delete`, shows: "some" },
  ];
}

describe("stored payloads never run", () => {
  it("the blog's rich HTML is stored without its active parts", () => {
    const contents = withDatabase(
      (db) => db.prepare("SELECT content FROM blog_posts WHERE slug LIKE 'xss-post-%'").all() as { content: string }[],
      site.database,
    );
    expect(contents).toHaveLength(TEXT_PAYLOADS.length);
    for (const { content } of contents) {
      expect(content).toContain("XSS-rich text stays");
      expect(content).not.toMatch(/<script|<iframe|<object|<form|<meta|<svg|\son[a-z]+\s*=|javascript:|srcdoc/i);
    }
  });

  it("link fields refuse javascript:, vbscript: and data: URLs, and none is stored anywhere", async () => {
    await refuseHostileLinks();
    withDatabase((db) => {
      const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as { name: string }[];
      for (const { name } of tables) {
        for (const row of db.prepare(`SELECT * FROM "${name}"`).iterate() as Iterable<Record<string, unknown>>) {
          const text = Object.values(row)
            .filter((value) => typeof value === "string")
            .join("\n")
            .replace(/\s/g, "")
            .toLowerCase();
          expect(text, `${name} row`).not.toMatch(/javascript:|vbscript:|data:text\/html/);
        }
      }
    }, site.database);
  });

  for (const part of [0, 1, 2, 3]) {
    // Four slices of the page list, so a failure names a smaller set of pages.
    it(`pages, part ${part + 1} of 4: no marker, dialog, CSP report or injected element; the payload shown as text`, async () => {
      const pages = pagesToVisit();
      const slice = pages.slice(Math.ceil((pages.length * part) / 4), Math.ceil((pages.length * (part + 1)) / 4));
      for (const { path, shows } of slice) {
        const findings = await probePage(page, `${site.url}${path}`);
        expect(findings.marker, `${path}: a payload ran`).toBeUndefined();
        expect(findings.dialogs, `${path}: dialogs`).toEqual([]);
        expect(findings.violations, `${path}: CSP reports`).toEqual([]);
        expect(findings.injected, `${path}: injected markup`).toEqual([]);
        const visible = (payload: string) => findings.text.includes(payload) || findings.values.some((value) => value.includes(payload));
        if (shows === "some") expect(TEXT_PAYLOADS.some(visible), `${path}: some payload shown as text`).toBe(true);
        else if (shows === "each") expect(TEXT_PAYLOADS.every(visible), `${path}: every payload shown as text`).toBe(true);
        else for (const payload of shows) expect(visible(payload), `${path}: ${payload} shown as text`).toBe(true);
        figures.pages += 1;
        figures.pageChecks += TEXT_PAYLOADS.length;
      }
    });
  }
});

describe("the detector itself", () => {
  let server: Server;
  beforeAll(async () => {
    // A deliberately vulnerable page, with and without a CSP: the checks above must catch both.
    server = createServer((request, response) => {
      const headers: Record<string, string> = { "Content-Type": "text/html" };
      if (request.url === "/with-csp") headers["Content-Security-Policy"] = "script-src 'none'";
      response.writeHead(200, headers).end(`<!DOCTYPE html><title>t</title><p>${TEXT_PAYLOADS[1]}</p>`);
    });
    await new Promise<void>((resolve) => server.listen(DETECTOR_CHECK_PORT, "127.0.0.1", resolve));
  });
  afterAll(async () => {
    await new Promise((resolve) => server?.close(resolve));
  });

  it("catches a payload that runs, and one that a CSP stopped", async () => {
    const open = await probePage(page, `http://127.0.0.1:${DETECTOR_CHECK_PORT}/without-csp`);
    expect(open.marker).toBe(2);
    expect(open.injected.join(" ")).toContain("onerror");
    const blocked = await probePage(page, `http://127.0.0.1:${DETECTOR_CHECK_PORT}/with-csp`);
    expect(blocked.marker).toBeUndefined();
    expect(blocked.violations.length).toBeGreaterThan(0);
    expect(blocked.injected.join(" ")).toContain("onerror");
  });
});

describe("the chat", () => {
  it("an answer that quotes stored events and courses shows them as text", async () => {
    for (const question of ["What upcoming webinars are there?", "Which courses do you offer?"]) {
      const findings = await probePage(page, `${site.url}/chat`, async (chat) => {
        await chat.locator('[name="question"]').first().fill(question);
        await chat.locator('[name="question"]').first().press("Enter");
        await chat.getByText(question).last().waitFor();
        await chat.waitForLoadState("networkidle", { timeout: 5_000 }).catch(() => undefined);
      });
      expect(findings.marker, question).toBeUndefined();
      expect(findings.dialogs, question).toEqual([]);
      expect(findings.violations, question).toEqual([]);
      expect(findings.injected, question).toEqual([]);
      figures.pages += 1;
      figures.pageChecks += TEXT_PAYLOADS.length;
      chatQuoted ||= TEXT_PAYLOADS.some((payload) => findings.text.includes(payload));
    }
  });
});

describe("the Excel export", () => {
  it("has no formula cell, and cells that would start a formula are neutralised", async () => {
    const response = await fetch(`${site.url}/api/admin/export/all-data`, { headers: { Cookie: admin } });
    expect(response.status).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await response.arrayBuffer());
    const texts: string[] = [];
    workbook.eachSheet((sheet) =>
      sheet.eachRow((row) =>
        row.eachCell((cell) => {
          figures.exportCells += 1;
          expect(cell.type, `${sheet.name}!${cell.address}`).not.toBe(ExcelJS.ValueType.Formula);
          expect(cell.formula, `${sheet.name}!${cell.address}`).toBeFalsy();
          if (typeof cell.value === "string") {
            expect(cell.value, `${sheet.name}!${cell.address}`).not.toMatch(/^[=+\-@\t\r]/);
            texts.push(cell.value);
          }
        }),
      ),
    );
    for (const payload of FORMULA_PAYLOADS) {
      const cells = texts.filter((text) => text.includes(payload));
      expect(cells.length, `${payload} exported`).toBeGreaterThan(0);
      figures.neutralisedCells += cells.length;
    }
    for (const payload of TEXT_PAYLOADS)
      expect(
        texts.some((text) => text.includes(payload.slice(0, 50))),
        `${payload} exported as text`,
      ).toBe(true);
  });
});

reportWhenAllPass("xss", () => {
  const rows = [
    [
      "Payload records written (admin: blog, testimonial, course, event, mentor; visitor: signup, contact, registration, enrollment form)",
      figures.writes,
    ],
    ["Writes refused (javascript:/vbscript:/data: links in 10 link fields, payload coupon codes)", figures.refusedWrites],
    ["Pages loaded in Chromium with JavaScript on", figures.pages],
    ["Payload × page checks (marker, dialog, CSP report, injected markup, text shown)", figures.pageChecks],
    ["Chat answers checked (quoted a payload: " + (chatQuoted ? "yes" : "no") + ")", 2],
    ["Excel cells checked (no formula, none starting = + - @)", figures.exportCells],
    ["Formula payload cells found neutralised in the export", figures.neutralisedCells],
  ];
  return `## Stored XSS\n\n\`tests/reliability/stored-xss.test.ts\`: ${TEXT_PAYLOADS.length} text payloads (\`<script>\`, \`<img onerror>\`, \`"><svg onload>\`, \`</script>\` breakout, template strings), hostile rich HTML in blog content, ${HOSTILE_LINKS.length} hostile link values and ${FORMULA_PAYLOADS.length} spreadsheet formulas. No payload ran, no dialog opened, no CSP report was raised and no element or attribute came from a payload; the text was shown as text.\n\n${markdownTable(["Check", "Count"], rows)}`;
});
