import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { markdownTable, writeReliabilitySection } from "../../scripts/reliability-report";
import { adminCookie, cookieHeader, signedCookie, studentCookie } from "../support/accounts";
import { arrangeMatrix, cookieFor, ROLES, victims, type Matrix } from "./support/access-fixtures";
import { securityHeaderProblems } from "./support/access-headers";
import { siteUrlPatterns } from "./support/route-files";
import { accessRows, type Body, type Method, type Outcome } from "./support/access-table";
import type { Role } from "./support/access-fixtures";
import { countRows, withDatabase } from "../support/database";
import { BASE_PORT, startSite, type Site } from "./support/production-server";
import { ADMIN_SESSION_COOKIE, STUDENT_SESSION_COOKIE } from "../../app/utils/session-cookie";

// The access matrix, one table (support/access-table.ts) run against a
// production server. Every answer is also checked for the security headers,
// for data its role must not see, and (for writes) for what it stored.

const SITE_PORT = BASE_PORT + 60;
let site: Site;
let matrix: Matrix;
const figures = { passed: false, rows: 0, routes: 0, requests: 0, byStatus: new Map<string, number>(), writesChecked: 0, ms: 0 };
/** The "prices are the admin's" rows: each case's answer and whether the watched rows changed, per admin role. */
const pricing = new Map<string, Partial<Record<Role, string>>>();

beforeAll(async () => {
  site = await startSite({ name: "access-matrix", port: SITE_PORT });
  matrix = await arrangeMatrix(site.url, site.database);
});

afterAll(async () => {
  await site?.stop();
});

async function send(url: string, method: Method, path: string, cookie: string | null, body?: Body) {
  const headers: Record<string, string> = {};
  if (cookie) headers.Cookie = cookie;
  let payload: string | undefined;
  if (body && "form" in body) {
    headers["Content-Type"] = "application/x-www-form-urlencoded";
    payload = new URLSearchParams(body.form).toString();
  } else if (body) {
    headers["Content-Type"] = "application/json";
    payload = JSON.stringify(body.json);
  }
  const response = await fetch(`${url}${path}`, { method, headers, body: payload, redirect: "manual" });
  return { response, text: await response.text() };
}

const outcomeOf = (response: Response): string =>
  response.status >= 300 && response.status < 400 ? `${response.status} ${response.headers.get("location")}` : String(response.status);
/** A bare 302 in the table checks the status only (the Location carries an id made during the request). */
const shown = (expected: Outcome, actual: string): string => (expected === 302 && actual.startsWith("302 ") ? "302" : actual);

/** Puts the request's fresh row id where the table says `{victim}` (also inside an encoded redirectTo). */
const fill = (text: string, victim: number | undefined) =>
  victim === undefined ? text : text.replaceAll("{victim}", String(victim)).replaceAll(encodeURIComponent("{victim}"), String(victim));
function fillBody(body: Body | undefined, victim: number | undefined): Body | undefined {
  if (!body || victim === undefined || !("form" in body)) return body;
  return { form: Object.fromEntries(Object.entries(body.form).map(([key, value]) => [key, fill(value, victim)])) };
}

describe("access matrix", () => {
  test("the table names every route file of the site, and only those", () => {
    const named = [...new Set(accessRows(matrix.ids).map((row) => row.route))].sort();
    expect(named).toEqual(siteUrlPatterns());
    figures.routes = named.length;
  });

  test("every page and endpoint × {anonymous, student, another student, content_manager, mentor, admin} answers as the table says", async () => {
    const started = Date.now();
    const rows = accessRows(matrix.ids);
    const seen: string[] = [];
    const expected: string[] = [];
    const headerProblems: string[] = [];
    const leaks: string[] = [];
    const writeProblems: string[] = [];
    // Proof that the leak check can see each kind of private data: the roles allowed it do get it somewhere.
    const shownToItsRoles = new Set<string>();

    for (const row of rows) {
      for (const role of ROLES) {
        const victim = row.victim ? withDatabase(victims[row.victim], site.database) : undefined;
        const path = fill(row.path, victim);
        const count = () => (row.watch ? countRows(site.database, row.watch.table, row.watch.where) : 0);
        const cookie = await cookieFor(matrix, site.database, role);
        const before = count();
        const { response, text } = await send(site.url, row.method, path, cookie, fillBody(row.body, victim));
        const label = `${role} ${row.method} ${path}`;
        const actual = outcomeOf(response);
        seen.push(`${label} → ${shown(row.expect[role], actual)}`);
        expected.push(`${label} → ${fill(String(row.expect[role]), victim)}`);
        headerProblems.push(...securityHeaderProblems(label, response, text));
        for (const marker of matrix.markers) {
          if (!marker.values.some((value) => text.includes(value))) continue;
          if (marker.visibleTo.includes(role)) shownToItsRoles.add(marker.label);
          else leaks.push(`${label} shows ${marker.label}`);
        }
        if (row.watch) {
          const changed = count() !== before;
          if (row.pricingCase && (role === "contentManager" || role === "admin"))
            pricing.set(row.pricingCase, {
              ...pricing.get(row.pricingCase),
              [role]: `${shown(row.expect[role], actual)}, ${changed ? "yes" : "no"}`,
            });
          const shouldChange = row.writes?.includes(role) ?? false;
          if (changed !== shouldChange)
            writeProblems.push(`${label}: ${row.watch.table} ${changed ? "changed" : "did not change"} (${before} → ${count()})`);
          figures.writesChecked++;
        }
        const status = String(row.expect[role]).slice(0, 3);
        figures.byStatus.set(status, (figures.byStatus.get(status) ?? 0) + 1);
        figures.requests++;
      }
    }
    figures.rows = rows.length;
    figures.ms = Date.now() - started;

    // One line per disagreement, so a failure names each request and both answers.
    const mismatches = seen.flatMap((line, index) => (line === expected[index] ? [] : [`${line}, table says ${expected[index]}`]));
    expect(mismatches).toEqual([]);
    expect(leaks).toEqual([]);
    expect([...shownToItsRoles].sort()).toEqual(matrix.markers.map((marker) => marker.label).sort());
    expect(writeProblems).toEqual([]);
    expect(headerProblems).toEqual([]);
    figures.passed = true;
  });

  test("expired and tampered session cookies read as signed out", async () => {
    const { owner, admins } = matrix;
    const database = site.database;
    const validStudent = await studentCookie(database, owner);
    const validAdmin = await adminCookie(database, admins.admin);
    const oneCharacterChanged = (cookie: string) => {
      const at = cookie.length - 2; // inside the signature
      return `${cookie.slice(0, at)}${cookie[at] === "A" ? "B" : "A"}${cookie.slice(at + 1)}`;
    };
    const sidOf = (cookie: string) => decodeURIComponent(cookie.split("=").slice(1).join("=")).split(".")[0] ?? "";
    const studentCookies = {
      expired: await studentCookie(database, owner, { expiresInMs: -60_000 }),
      "signed with another secret": await studentCookie(database, owner, { secret: "another-secret-that-is-at-least-32-chars" }),
      "one character changed": oneCharacterChanged(validStudent),
      "a live session id, unsigned": `${STUDENT_SESSION_COOKIE}=${sidOf(validStudent)}`,
    };
    const adminCookies = {
      expired: await adminCookie(database, admins.admin, { expiresInMs: -60_000 }),
      "signed with another secret": await adminCookie(database, admins.admin, { secret: "another-secret-that-is-at-least-32-chars" }),
      "one character changed": oneCharacterChanged(validAdmin),
      "a live session id, unsigned": `${ADMIN_SESSION_COOKIE}=${sidOf(validAdmin)}`,
      "a student's session id, signed as an admin cookie": cookieHeader(await signedCookie(ADMIN_SESSION_COOKIE, sidOf(validStudent))),
    };

    const seen: string[] = [];
    const expected: string[] = [];
    const check = async (kind: string, cookie: string, method: Method, path: string, outcome: Outcome, body?: Body) => {
      const { response } = await send(site.url, method, path, cookie, body);
      seen.push(`${kind}: ${method} ${path} → ${outcomeOf(response)}`);
      expected.push(`${kind}: ${method} ${path} → ${outcome}`);
    };
    // The valid cookies open the doors the broken ones must not.
    await check("valid student", validStudent, "GET", "/api/my-enrollments", 200);
    await check("valid admin", validAdmin, "GET", "/api/admin/users", 200);
    const formsBefore = countRows(database, "enrollment_forms");
    for (const [kind, cookie] of Object.entries(studentCookies)) {
      await check(kind, cookie, "GET", "/enrollment-form", `302 /login?redirectTo=%2Fenrollment-form`);
      await check(kind, cookie, "GET", "/api/my-enrollments", 401);
      await check(kind, cookie, "POST", "/api/enrollment-forms", 401, {
        json: {
          name: "X Y",
          whatsappNumber: "+91 90000 22222",
          state: "Goa",
          city: "Panaji",
          experienceLevel: "Beginner",
          sourceOfLead: "YouTube",
          courseOrEventId: matrix.ids.course,
          courseOrEventType: "course",
        },
      });
    }
    const coursesBefore = countRows(database, "courses");
    for (const [kind, cookie] of Object.entries(adminCookies)) {
      await check(kind, cookie, "GET", "/admin/users", `302 /admin/login?redirectTo=%2Fadmin%2Fusers`);
      await check(kind, cookie, "GET", "/api/admin/users", 401);
      await check(kind, cookie, "POST", "/api/courses", 401, {
        json: { title: "Forged", shortDescription: "s", description: "d", duration: "1 week", price: "10.00" },
      });
    }
    expect(seen).toEqual(expected);
    expect(countRows(database, "enrollment_forms")).toBe(formsBefore);
    expect(countRows(database, "courses")).toBe(coursesBefore);
  });

  test("a student cookie opens no admin page, an admin cookie no student page", async () => {
    const student = await studentCookie(site.database, matrix.owner);
    const admin = await adminCookie(site.database, matrix.admins.admin);
    const seen = [
      outcomeOf((await send(site.url, "GET", "/admin", student)).response),
      outcomeOf((await send(site.url, "GET", "/api/admin/enrollments", student)).response),
      outcomeOf((await send(site.url, "GET", "/api/admin/export/users", student)).response),
      outcomeOf((await send(site.url, "GET", "/enrollment-form", admin)).response),
      outcomeOf((await send(site.url, "GET", "/api/my-enrollments", admin)).response),
      outcomeOf((await send(site.url, "GET", "/api/auth/user", admin)).response),
    ];
    expect(seen).toEqual(["302 /admin/login", "401", "401", "302 /login?redirectTo=%2Fenrollment-form", "401", "401"]);
  });

  afterAll(() => {
    if (!figures.passed) return;
    const byStatus = [...figures.byStatus.entries()].sort(([a], [b]) => a.localeCompare(b));
    writeReliabilitySection(
      "access",
      [
        "## Access matrix",
        "",
        "`tests/reliability/access-matrix.test.ts`: every page and endpoint (each method it takes) × anonymous, student,",
        "another student, content_manager, mentor (teaching one batch) and admin, against a production server. Each answer",
        "was also checked for the security headers, for data its role must not see (another student's orders, forms and",
        "registrations; a student's phones to their mentor; drafts; the inbox) and, for writes, for the row count of the",
        "table it targets.",
        "",
        markdownTable(
          ["Figure", "Value"],
          [
            ["Route patterns (all route files)", figures.routes],
            ["Table rows (route × method × case)", figures.rows],
            ["Roles", ROLES.length],
            ["Requests checked", figures.requests],
            ["Writes checked against a row count", figures.writesChecked],
            ["Run time", `${(figures.ms / 1000).toFixed(1)} s`],
          ],
        ),
        "",
        "Expected answers by status:",
        "",
        markdownTable(["Status", "Requests"], byStatus),
        "",
        "### Prices are the admin's",
        "",
        "A content manager edits a course's or an event's content, never what students pay: the price, the original price",
        "and (for a course) whether it is on sale. Each change below aimed at a fresh row priced ₹123.45 and on sale; the",
        "answer to each question is read from the database after the request. A content manager's update never names the",
        "pricing columns in its SQL (unit tests: an `UPDATE OF price_paise` trigger never fires for it), so an admin",
        "repricing at the same moment is never undone.",
        "",
        "Before (measured on the code without the rule): a content manager's requests did exactly what an admin's do.",
        '`PUT /api/courses/:id` with `"price": "1.00"` answered 200 and stored ₹1.00; `"isActive": false` took the course off',
        "sale (200); `POST /api/courses` and `POST /api/events` with a price answered 201 and stored it; the Edit Course and Edit",
        "Event forms saved a typed price (302); Deactivate Course answered 302 and took the course off sale; a content-only",
        'form post was 400 ("Price is required"); and the course delete dialog counted the orders for them',
        '("This course has 1 order and …").',
        "",
        "Now (this run):",
        "",
        markdownTable(
          ["Request", "content_manager", "admin"],
          [...pricing.entries()].map(([request, byRole]) => [request, byRole.contentManager ?? "", byRole.admin ?? ""]),
        ),
        "",
        "A content manager's course delete dialog says the course has orders or enrollment forms without counting them (the",
        'leak check above looks for the admin\'s "This course has 1 order" in every answer a content manager gets).',
      ].join("\n"),
    );
  });
});
