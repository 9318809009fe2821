import { randomUUID } from "node:crypto";
import { createCookie } from "@remix-run/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { markdownTable } from "../../scripts/reliability-report";
import { adminCookie, createAdmin, createStudent, studentCookie, type Student } from "../support/accounts";
import { startOidcProvider, type OidcProvider } from "./support/oidc";
import { reportWhenAllPass } from "./support/report-on-pass";
import { BASE_PORT, RELIABILITY_SECRETS, RELIABILITY_SESSION_SECRET, startSite, type Site } from "./support/production-server";

// Every parameter that chooses where the visitor goes next, fed values that
// browsers resolve to another site. After the sign-in or action succeeds, the
// Location must be a path on this site.

const SITE_PORT = BASE_PORT + 100;
const OIDC_PORT = BASE_PORT + 101;

const HOSTILE_TARGETS = [
  "https://evil.example",
  "//evil.example",
  "/\\evil.example",
  "\\\\evil.example",
  "/%2F%2Fevil.example",
  "%2F%2Fevil.example",
  "javascript:alert(1)",
  "http:evil.example",
  " //evil.example",
  "/\t/evil.example",
  "/\n/evil.example",
  "/\r\n/evil.example",
  "/ /evil.example",
  "/..//evil.example",
];
/** A target the site should honour: proves each flow really uses its parameter. */
const HONOURED_TARGET = "/courses?level=beginner";

let site: Site;
let oidc: OidcProvider;
let student: Student;
const checked = new Map<string, number>();

/** A Location is same-origin when it is a path (one leading slash, no control characters) that resolves to this site. */
function expectSameOriginPath(location: string | null, flow: string, value: string, count = true) {
  const where = `${flow} with ${JSON.stringify(value)} → ${JSON.stringify(location)}`;
  expect(location, where).toBeTypeOf("string");
  const target = location ?? "";
  expect(target, where).toMatch(/^\/(?![/\\])/);
  // eslint-disable-next-line no-control-regex -- control characters are what this looks for
  expect(target, where).not.toMatch(/[\u0000-\u001f\u007f]/);
  const resolved = new URL(target, site.url);
  expect(resolved.origin, where).toBe(new URL(site.url).origin);
  // A sign-in page carries the target on, and so does the check after a sign-in (`to`): each inner value must be safe too.
  for (const name of ["redirectTo", "to"]) {
    const inner = resolved.searchParams.get(name);
    if (inner !== null) expectSameOriginPath(inner, `${flow} (inner ${name})`, value, false);
  }
  if (count) checked.set(flow, (checked.get(flow) ?? 0) + 1);
}

function form(fields: Record<string, string>) {
  return { "Content-Type": "application/x-www-form-urlencoded", body: new URLSearchParams(fields).toString() };
}

/**
 * Each post from a visitor of its own (X-Forwarded-For, believed from loopback): the flows sign up
 * and sign in many times, and the per-address limits on those are not what this file tests.
 */
let visitors = 0;
const nextVisitor = () => `10.77.${(++visitors >> 8) & 255}.${visitors & 255}`;

async function post(path: string, fields: Record<string, string>, cookie?: string) {
  const { body, ...type } = form(fields);
  return fetch(`${site.url}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: {
      ...type,
      Origin: site.url,
      "Sec-Fetch-Site": "same-origin",
      "X-Forwarded-For": nextVisitor(),
      ...(cookie ? { Cookie: cookie } : {}),
    },
    body,
  });
}

async function get(path: string, cookie?: string) {
  return fetch(`${site.url}${path}`, { redirect: "manual", headers: cookie ? { Cookie: cookie } : {} });
}

function withTarget(path: string, name: string, value: string) {
  return `${path}?${new URLSearchParams({ [name]: value })}`;
}

/** The flows under test: each sends `value` where a visitor could and returns the answer. */
const FLOWS: Record<string, (value: string) => Promise<Response>> = {
  "POST /login": (value) => post("/login", { email: student.email, password: student.password, redirectTo: value }),
  "POST /signup": (value) =>
    post("/signup", {
      firstName: "Asha",
      lastName: "Rao",
      email: `redirect-${randomUUID().slice(0, 8)}@example.test`,
      password: "a long enough password",
      adult: "on",
      consent: "on",
      redirectTo: value,
    }),
  "POST /admin/login": (value) =>
    post("/admin/login", { adminId: "reliability-admin", password: RELIABILITY_SECRETS.ADMIN_PASSWORD, redirectTo: value }),
  "GET /api/login (signed out)": (value) => get(withTarget("/api/login", "redirectTo", value)),
  "GET /api/login (signed in)": async (value) =>
    get(withTarget("/api/login", "redirectTo", value), await studentCookie(site.database, student)),
  "GET /login (signed in)": async (value) => get(withTarget("/login", "redirectTo", value), await studentCookie(site.database, student)),
  "GET /signup (signed in)": async (value) => get(withTarget("/signup", "redirectTo", value), await studentCookie(site.database, student)),
  "GET /admin/login (signed in)": async (value) =>
    get(withTarget("/admin/login", "redirectTo", value), await adminCookie(site.database, createAdmin("admin", site.database))),
  "POST /newsletter": (value) =>
    post("/newsletter", { email: `news-${randomUUID().slice(0, 8)}@example.test`, name__confirm: "", redirectTo: value }),
  "POST /admin/users/export (returnTo)": async (value) =>
    post(
      "/admin/users/export",
      { dataset: "no-such-dataset", returnTo: value },
      await adminCookie(site.database, createAdmin("admin", site.database)),
    ),
  "GET /auth/oauth/callback (intent cookie)": async (value) => {
    const intentCookie = await createCookie("oauth_intent", { secrets: [RELIABILITY_SESSION_SECRET] }).serialize({ redirectTo: value });
    return get("/auth/oauth/callback?state=forged&code=forged", intentCookie.slice(0, intentCookie.indexOf(";")));
  },
};

function flowNamed(name: string) {
  const flow = FLOWS[name];
  if (!flow) throw new Error(`No flow named ${name}`);
  return flow;
}

beforeAll(async () => {
  oidc = await startOidcProvider({
    port: OIDC_PORT,
    clientId: "reliability-site",
    clientSecret: RELIABILITY_SECRETS.OAUTH_CLIENT_SECRET,
    redirectUri: `http://localhost:${SITE_PORT}/auth/oauth/callback`,
  });
  site = await startSite({
    name: "open-redirects",
    port: SITE_PORT,
    env: {
      TRUST_PROXY: "loopback",
      OAUTH_CLIENT_ID: "reliability-site",
      OAUTH_CLIENT_SECRET: RELIABILITY_SECRETS.OAUTH_CLIENT_SECRET,
      OAUTH_ISSUER: oidc.issuer,
      OAUTH_PROVIDER_NAME: "Test Identity",
    },
  });
  student = await createStudent({}, site.database);
});

afterAll(async () => {
  await site?.stop();
  await oidc?.stop();
});

describe("redirect parameters lead only to this site", () => {
  for (const [flow, send] of Object.entries(FLOWS)) {
    it(`${flow}: hostile targets fall back to a path here`, async () => {
      for (const value of HOSTILE_TARGETS) {
        const response = await send(value);
        expect(response.status, `${flow} with ${JSON.stringify(value)}`).toBeGreaterThanOrEqual(300);
        expect(response.status, `${flow} with ${JSON.stringify(value)}`).toBeLessThan(400);
        expectSameOriginPath(response.headers.get("Location"), flow, value);
      }
    });
  }

  it("a same-site target is honoured by each flow that takes one (the checks above can fail)", async () => {
    for (const flow of ["GET /api/login (signed in)", "GET /login (signed in)", "POST /newsletter"]) {
      const response = await flowNamed(flow)(HONOURED_TARGET);
      expect(response.headers.get("Location"), flow).toBe(HONOURED_TARGET);
    }
    // A sign-in goes on through the check that the browser kept its cookie, carrying the target.
    const signedIn = await flowNamed("POST /login")(HONOURED_TARGET);
    expect(signedIn.headers.get("Location")).toBe(`/signed-in?${new URLSearchParams({ to: HONOURED_TARGET })}`);
    // Sign-up answers every valid form with the "Check your email" page, which carries the target on to sign-in.
    const signup = await flowNamed("POST /signup")(HONOURED_TARGET);
    expect(signup.headers.get("Location")).toBe(`/signup/check-email?${new URLSearchParams({ redirectTo: HONOURED_TARGET })}`);
    const admin = await flowNamed("POST /admin/login")("/admin/events?page=2");
    expect(admin.headers.get("Location")).toBe(`/admin/signed-in?${new URLSearchParams({ to: "/admin/events?page=2" })}`);
  });

  it("GET and POST /auth/oauth send the visitor to the provider and keep only a same-site return path", async () => {
    const intentCookie = createCookie("oauth_intent", { secrets: [RELIABILITY_SESSION_SECRET] });
    const starts: [string, (value: string) => Promise<Response>][] = [
      ["GET /auth/oauth", (value) => get(withTarget("/auth/oauth", "redirectTo", value))],
      ["POST /auth/oauth", (value) => post("/auth/oauth", { redirectTo: value })],
    ];
    for (const [flow, start] of starts) {
      for (const value of [...HOSTILE_TARGETS, HONOURED_TARGET]) {
        const response = await start(value);
        expect(response.status, `${flow} ${JSON.stringify(value)}`).toBe(302);
        expect(new URL(response.headers.get("Location") ?? "", site.url).origin).toBe(oidc.issuer);
        const stored = response.headers.getSetCookie().find((cookie) => cookie.startsWith("oauth_intent="));
        const intent: unknown = await intentCookie.parse(stored ?? null);
        const kept = intent && typeof intent === "object" && "redirectTo" in intent ? intent.redirectTo : null;
        if (value === HONOURED_TARGET) expect(kept).toBe(HONOURED_TARGET);
        else expectSameOriginPath(typeof kept === "string" ? kept : null, `${flow} (return cookie)`, value);
      }
    }
  });

  it("logging out always lands on the home page, whatever the query says", async () => {
    const student = await post(
      withTarget("/api/logout", "redirectTo", "https://evil.example"),
      {},
      await studentCookie(site.database, await createStudent({}, site.database)),
    );
    expect(student.status).toBe(302);
    expect(student.headers.get("Location")).toBe("/");
    const admin = await post(
      withTarget("/admin/logout", "redirectTo", "//evil.example"),
      {},
      await adminCookie(site.database, createAdmin("admin", site.database)),
    );
    expect(admin.status).toBe(302);
    expect(admin.headers.get("Location")).toBe("/");
    checked.set("POST /api/logout, /admin/logout", 2);
  });
});

reportWhenAllPass("redirects", () => {
  const rows = [...checked.entries()].map(([flow, count]) => [`\`${flow}\``, count]);
  const total = [...checked.values()].reduce((sum, count) => sum + count, 0);
  return `## Open redirects\n\n\`tests/reliability/open-redirects.test.ts\`: ${HOSTILE_TARGETS.length} hostile targets (absolute and protocol-relative URLs, backslashes, encoded slashes, \`javascript:\`, leading space, tab and newline inside, \`..\`) sent to every parameter that picks the next page. Each answer was a redirect to a path on this site; ${total} Locations checked.\n\n${markdownTable(["Flow", "Locations checked"], rows)}`;
});
