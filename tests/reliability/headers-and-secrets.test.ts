import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import {
  E2E_SESSION_SECRET,
  STRIPE_SECRET_KEY as E2E_STRIPE_SECRET_KEY,
  STRIPE_WEBHOOK_SECRET as E2E_STRIPE_WEBHOOK_SECRET,
} from "../../playwright.config";
import { markdownTable, writeReliabilitySection } from "../../scripts/reliability-report";
import { CROSS_SITE_MESSAGE } from "../../app/utils/request-guards.server";
import { createStudent, STUDENT_PASSWORD, studentCookie } from "../support/accounts";
import { securityHeaderProblems } from "./support/access-headers";
import { withDatabase } from "../support/database";
import { BASE_PORT, BUILD_DIR, RELIABILITY_SECRETS, startSite, type Site } from "./support/production-server";

// The headers of every kind of response (documents, assets, errors,
// redirects), the flags of the cookies the real sign-in forms set, and no
// configured secret in anything a browser can fetch.

const SITE_PORT = BASE_PORT + 70;
const UNREACHABLE = "http://127.0.0.1:9";
/** Payments and OAuth configured (with nothing listening), so their secrets are live in the server; a public https address. */
const CONFIGURED = {
  SITE_URL: "https://academy.example",
  STRIPE_SECRET_KEY: RELIABILITY_SECRETS.STRIPE_SECRET_KEY,
  STRIPE_WEBHOOK_SECRET: RELIABILITY_SECRETS.STRIPE_WEBHOOK_SECRET,
  STRIPE_PUBLISHABLE_KEY: "pk_test_reliability_publishable_key",
  STRIPE_API_URL: UNREACHABLE,
  OAUTH_CLIENT_ID: "reliability-client",
  OAUTH_CLIENT_SECRET: RELIABILITY_SECRETS.OAUTH_CLIENT_SECRET,
  OAUTH_AUTHORIZATION_URL: `${UNREACHABLE}/authorize`,
  OAUTH_TOKEN_URL: `${UNREACHABLE}/token`,
  OAUTH_USERINFO_URL: `${UNREACHABLE}/userinfo`,
};
const SECRET_VALUES: Record<string, string> = {
  ...RELIABILITY_SECRETS,
  "e2e STRIPE_SECRET_KEY": E2E_STRIPE_SECRET_KEY,
  "e2e STRIPE_WEBHOOK_SECRET": E2E_STRIPE_WEBHOOK_SECRET,
  "e2e E2E_SESSION_SECRET": E2E_SESSION_SECRET,
};
const SECRET_PATTERNS = [/sk_test_[A-Za-z0-9]{6,}/, /sk_live_[A-Za-z0-9]{6,}/, /whsec_[A-Za-z0-9]{6,}/];

let site: Site;
let courseId: number;
const figures = { headers: new Map<string, number>(), cookies: [] as string[][], clientFiles: 0, bodiesScanned: 0 };
const passed = { headers: false, cookies: false, secrets: false };

type Fetched = { kind: string; label: string; response: Response; text: string };
const fetched: Fetched[] = [];

async function fetchAs(kind: string, path: string, init: RequestInit = {}): Promise<Fetched> {
  const response = await fetch(`${site.url}${path}`, { redirect: "manual", ...init });
  const text = await response.text();
  const entry = { kind, label: `${init.method ?? "GET"} ${path}`, response, text };
  fetched.push(entry);
  return entry;
}

const setCookies = (response: Response) => response.headers.getSetCookie();
const cookieNamed = (response: Response, name: string) => setCookies(response).find((cookie) => cookie.startsWith(`${name}=`));

beforeAll(async () => {
  site = await startSite({ name: "headers-and-secrets", port: SITE_PORT, env: CONFIGURED });
  courseId = withDatabase(
    (db) =>
      Number(
        db
          .prepare(
            "INSERT INTO courses (title, short_description, description, duration, price_paise) VALUES ('Headers course', 's', 'd', '1 week', 99900)",
          )
          .run().lastInsertRowid,
      ),
    site.database,
  );
});

afterAll(async () => {
  await site?.stop();
  if (!passed.headers || !passed.cookies || !passed.secrets) return;
  writeReliabilitySection(
    "headers",
    [
      "## Security headers, cookies and secrets",
      "",
      "`tests/reliability/headers-and-secrets.test.ts` against a production server (NODE_ENV=production) with Stripe and OAuth",
      "configured. Every response below carried a CSP with `frame-ancestors 'none'` (documents: a fresh nonce on every",
      "inline script), `X-Content-Type-Options: nosniff`, `Referrer-Policy`, `X-Frame-Options: DENY` and HSTS.",
      "",
      markdownTable(["Responses checked", "Count"], [...figures.headers.entries()]),
      "",
      "Cookies set by the real sign-in forms:",
      "",
      markdownTable(["Cookie", "Set by", "Flags"], figures.cookies),
      "",
      `Secrets: ${Object.keys(SECRET_VALUES).length} configured values and the patterns \`sk_test_\`, \`sk_live_\`, \`whsec_\` were`,
      `searched in ${figures.clientFiles} files under the build's client folder and ${figures.bodiesScanned} HTML/JS/JSON response bodies: none found.`,
    ].join("\n"),
  );
});

describe("headers and secrets", () => {
  test("documents, assets, errors and redirects all carry the security headers", async () => {
    const student = await createStudent({}, site.database);
    const signedIn = { headers: { Cookie: await studentCookie(site.database, student) } };
    for (const path of [
      "/",
      "/courses",
      `/courses/${courseId}`,
      "/events",
      "/blog",
      "/contact",
      "/login",
      "/signup",
      "/chat",
      "/admin/login",
    ])
      await fetchAs("document", path);
    // The payment step (it carries the Stripe configuration the browser gets) needs the student's saved form.
    const formId = withDatabase(
      (db) =>
        Number(
          db
            .prepare(
              `INSERT INTO enrollment_forms (user_id, name, whatsapp_number, state, city, experience_level, course_or_event_id,
               course_or_event_type, source_of_lead) VALUES (?, 'Priya Sharma', '+91 90000 33333', 'Goa', 'Panaji', 'Beginner', ?, 'course', 'YouTube')`,
            )
            .run(student.id, courseId).lastInsertRowid,
        ),
      site.database,
    );
    for (const path of ["/", "/enrollment-form", `/checkout?courseId=${courseId}&form=${formId}`])
      await fetchAs("document (signed in)", path, signedIn);

    const home = fetched.find((entry) => entry.label === "GET /" && entry.kind === "document");
    const assets = [...(home?.text ?? "").matchAll(/(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/g)].map((match) => match[1] ?? "");
    expect(assets.length).toBeGreaterThan(2);
    for (const path of [...new Set(assets)].slice(0, 8)) await fetchAs("static asset", path);
    await fetchAs("static asset", "/favicon.svg");

    for (const path of ["/api/courses", "/api/events", "/api/admin/session"]) await fetchAs("JSON", path);
    await fetchAs("robots / sitemap", "/robots.txt");
    await fetchAs("robots / sitemap", "/sitemap.xml");

    const notFound = await fetchAs("error 404", "/no-such-page");
    const missingAsset = await fetchAs("error 404", "/assets/no-such-file.js");
    const methodNotAllowed = await fetchAs("error 405", "/api/contact");
    // Past the public 128 KB limit but under the 1 MB the server drains: a bigger body has its
    // connection closed after the answer (decision 0014), and a client still uploading then may
    // see the close before the answer, which is body-limits.test.ts's subject, not this one's.
    const tooLarge = await fetchAs("error 413", "/api/contact", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ message: "x".repeat(256 * 1024) }),
    });
    const crossSite = await fetchAs("error 403 (cross-site)", "/contact", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: "https://evil.example", Accept: "text/html" },
      body: "name=A&email=a%40example.com&subject=S&message=M",
    });
    const unauthorized = await fetchAs("error 401", "/api/my-enrollments");
    expect([notFound, missingAsset, methodNotAllowed, tooLarge, crossSite, unauthorized].map((entry) => entry.response.status)).toEqual([
      404, 404, 405, 413, 403, 401,
    ]);
    expect(crossSite.text).toContain(CROSS_SITE_MESSAGE);

    const redirects = [
      await fetchAs("redirect", "/admin"),
      await fetchAs("redirect", "/enrollment-form"),
      await fetchAs("redirect", "/newsletter"),
      await fetchAs("redirect", "/auth/oauth"),
    ];
    expect(redirects.map((entry) => entry.response.status)).toEqual([302, 302, 302, 302]);
    // Off to the provider with the client id, never the secret.
    expect(redirects[3]?.response.headers.get("location")).toContain(`${UNREACHABLE}/authorize`);

    const documentStatuses = fetched
      .filter((entry) => entry.kind.startsWith("document"))
      .map((entry) => `${entry.label} → ${entry.response.status}`);
    expect(documentStatuses).toEqual(documentStatuses.map((line) => line.replace(/→ \d+$/, "→ 200")));
    const problems = fetched.flatMap((entry) => securityHeaderProblems(`${entry.kind} ${entry.label}`, entry.response, entry.text));
    expect(problems).toEqual([]);
    const documents = fetched.filter((entry) => entry.kind.startsWith("document"));
    const nonces = documents.map((entry) => /'nonce-([^']+)'/.exec(entry.response.headers.get("content-security-policy") ?? "")?.[1]);
    expect(nonces.every(Boolean)).toBe(true);
    expect(new Set(nonces).size).toBe(documents.length); // a fresh nonce per response, cached pages included
    for (const entry of fetched) figures.headers.set(entry.kind, (figures.headers.get(entry.kind) ?? 0) + 1);
    passed.headers = true;
  });

  test("the sign-in forms set httpOnly, SameSite=Lax, Secure cookies with sensible lifetimes", async () => {
    const student = await createStudent({}, site.database);
    const studentLogin = await fetchAs("sign-in", "/login", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ email: student.email, password: STUDENT_PASSWORD, redirectTo: "/" }).toString(),
    });
    expect(studentLogin.response.status).toBe(302);
    const adminLogin = await fetchAs("sign-in", "/admin/login", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ adminId: "reliability-admin", password: RELIABILITY_SECRETS.ADMIN_PASSWORD }).toString(),
    });
    expect(adminLogin.response.status).toBe(302);

    const cookies: [string, string, string | undefined, { min: number; max: number } | null][] = [
      ["__session", "/login", cookieNamed(studentLogin.response, "__session"), { min: 24 * 3600, max: 31 * 24 * 3600 }],
      ["__admin_session", "/admin/login", cookieNamed(adminLogin.response, "__admin_session"), { min: 3600, max: 12 * 3600 }],
      // A one-time flash: gone when the browser closes, if the next page has not read it first.
      ["toast", "/admin/login", cookieNamed(adminLogin.response, "toast"), null],
    ];
    const problems: string[] = [];
    for (const [name, setBy, cookie, lifetime] of cookies) {
      if (!cookie) {
        problems.push(`${setBy} set no ${name} cookie`);
        continue;
      }
      const attributes = cookie
        .split(";")
        .slice(1)
        .map((part) => part.trim().toLowerCase());
      for (const flag of ["httponly", "secure", "samesite=lax", "path=/"])
        if (!attributes.includes(flag)) problems.push(`${name}: no ${flag} in ${cookie}`);
      const maxAge = attributes.find((part) => part.startsWith("max-age="));
      const seconds = maxAge ? Number(maxAge.slice("max-age=".length)) : null;
      if (lifetime && (seconds === null || seconds < lifetime.min || seconds > lifetime.max))
        problems.push(`${name}: Max-Age ${seconds} outside ${lifetime.min}–${lifetime.max} s`);
      if (!lifetime && (seconds !== null || attributes.some((part) => part.startsWith("expires="))))
        problems.push(`${name}: a flash cookie that outlives the browser session (${cookie})`);
      figures.cookies.push([
        `\`${name}\``,
        setBy,
        ["HttpOnly", "Secure", "SameSite=Lax", "Path=/", seconds === null ? "session cookie" : `Max-Age=${seconds}`].join(", "),
      ]);
    }
    expect(problems).toEqual([]);

    // The sessions they started work: the cookies are the real ones.
    const studentSession = cookieNamed(studentLogin.response, "__session")?.split(";")[0] ?? "";
    const adminSession = cookieNamed(adminLogin.response, "__admin_session")?.split(";")[0] ?? "";
    expect((await fetchAs("JSON (signed in)", "/api/auth/user", { headers: { Cookie: studentSession } })).response.status).toBe(200);
    const adminView = await fetchAs("JSON (signed in)", "/api/admin/session", { headers: { Cookie: adminSession } });
    expect(JSON.parse(adminView.text)).toMatchObject({ isLoggedIn: true, adminId: "reliability-admin" });
    for (const path of ["/admin", "/admin/users", "/admin/analytics", "/admin/courses/new"])
      await fetchAs("admin document", path, { headers: { Cookie: adminSession } });
    const problemsOfAdminPages = fetched
      .filter((entry) => entry.kind === "admin document" || entry.kind === "sign-in" || entry.kind === "JSON (signed in)")
      .flatMap((entry) => [
        ...(entry.kind !== "admin document" || entry.response.status === 200 ? [] : [`${entry.label} → ${entry.response.status}`]),
        ...securityHeaderProblems(entry.label, entry.response, entry.text),
      ]);
    expect(problemsOfAdminPages).toEqual([]);
    passed.cookies = true;
  });

  test("no configured secret reaches the browser: built client files and every response body", () => {
    const files = filesUnder(join(BUILD_DIR, "client"));
    figures.clientFiles = files.length;
    expect(files.some((file) => file.endsWith(".js"))).toBe(true);
    const found: string[] = [];
    const scan = (where: string, text: string) => {
      for (const [name, value] of Object.entries(SECRET_VALUES)) if (text.includes(value)) found.push(`${where}: ${name}`);
      for (const pattern of SECRET_PATTERNS) if (pattern.test(text)) found.push(`${where}: ${pattern}`);
    };
    for (const file of files) scan(file, readFileSync(file, "latin1"));
    const bodies = fetched.filter((entry) => /html|javascript|json|css|xml|text/.test(entry.response.headers.get("content-type") ?? ""));
    for (const entry of bodies) scan(`${entry.kind} ${entry.label}`, entry.text);
    figures.bodiesScanned = bodies.length;
    expect(bodies.length).toBeGreaterThan(30);
    // The scan would see a secret: the checkout page does carry the (public) publishable key.
    expect(fetched.some((entry) => entry.text.includes(CONFIGURED.STRIPE_PUBLISHABLE_KEY))).toBe(true);
    expect(found).toEqual([]);
    passed.secrets = true;
  });
});

function filesUnder(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const path = join(directory, entry.name);
    return entry.isDirectory() ? filesUnder(path) : [path];
  });
}
