import { randomBytes, randomUUID } from "node:crypto";
import type { BrowserContext, Page } from "@playwright/test";
import { ANALYTICS_BASE_URL, OAUTH_CLIENT_ID, OAUTH_PROVIDER_NAME, OIDC_ISSUER } from "../../playwright.config";
import { createStudent, expect, openTestDatabase, test } from "./fixtures";
import { waitForHydration } from "./hydration";
import { failOnPageErrors, inBothModes, type Mode } from "./support";

// The test provider (tests/fixtures/oidc-provider.ts) turns a login name into
// a profile: "asha-1a2b3c4d" => Asha Tester, asha-1a2b3c4d@example.test.
const uniqueLogin = (first: string) => `${first}-${randomUUID().slice(0, 8)}`;
const emailOf = (login: string) => `${login}@example.test`;

const header = (page: Page) => page.getByRole("banner");
// A link styled as a button (a form post would be stopped by the CSP's form-action 'self').
const continueButton = (page: Page) => page.getByRole("link", { name: `Continue with ${OAUTH_PROVIDER_NAME}` });

async function open(page: Page, mode: Mode, path: string) {
  const response = await page.goto(path);
  if (mode.javaScriptEnabled) await waitForHydration(page);
  return response;
}

/** The provider's development pages import a web font; nothing outside loopback is reachable. */
async function offlineFonts(context: BrowserContext) {
  await context.route(/^https:\/\/fonts\.(googleapis|gstatic)\.com\//, (route) =>
    route.fulfill({ status: 200, contentType: "text/css", body: "" }),
  );
}

/** The OAuth cookies the app holds for the callback path (state + verifier, return path). */
async function oauthCookies(context: BrowserContext, baseURL: string) {
  const cookies = await context.cookies(`${baseURL}/auth/oauth/callback`);
  return cookies.map((cookie) => cookie.name).filter((name) => name.startsWith("oauth_"));
}

/**
 * From /events: the header's Login, then 'Continue with Test Identity' on /login.
 * Returns the authorization request the browser was sent to, once the provider's
 * login form shows.
 */
async function goToProvider(page: Page, mode: Mode): Promise<URL> {
  await open(page, mode, "/events");
  await header(page).getByRole("link", { name: "Login" }).click();
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fevents$/);
  if (mode.javaScriptEnabled) await waitForHydration(page);
  const authorization = page.waitForRequest(
    (request) => request.isNavigationRequest() && request.url().startsWith(`${OIDC_ISSUER}/auth?`),
  );
  await continueButton(page).click();
  const url = new URL((await authorization).url());
  await expect(page.getByPlaceholder("Enter any login")).toBeVisible();
  return url;
}

/** The provider's own login and consent pages. */
async function signInAtProvider(page: Page, login: string) {
  await page.getByPlaceholder("Enter any login").fill(login);
  await page.getByPlaceholder("and password").fill("any password");
  await page.getByRole("button", { name: "Sign-in" }).click();
  await expect(page.getByRole("button", { name: "Continue" })).toBeVisible();
  await page.getByRole("button", { name: "Continue" }).click();
}

type UserRow = {
  id: string;
  first_name: string | null;
  last_name: string | null;
  password_hash: string | null;
  profile_image_url: string | null;
};

function usersWithEmail(email: string): UserRow[] {
  const database = openTestDatabase();
  try {
    return database
      .prepare("SELECT id, first_name, last_name, password_hash, profile_image_url FROM users WHERE email = ?")
      .all(email) as UserRow[];
  } finally {
    database.close();
  }
}

inBothModes((mode) => {
  test.describe("OAuth sign-in", () => {
    test.beforeEach(async ({ context }) => offlineFonts(context));

    test("a new student signs in through the provider with state and PKCE, and comes back to /events", async ({
      page,
      context,
      baseURL,
    }) => {
      const assertNoErrors = failOnPageErrors(page);
      const login = uniqueLogin("asha");

      const authorization = await goToProvider(page, mode);
      const params = authorization.searchParams;
      expect(`${authorization.origin}${authorization.pathname}`).toBe(`${OIDC_ISSUER}/auth`);
      expect(params.get("response_type")).toBe("code");
      expect(params.get("client_id")).toBe(OAUTH_CLIENT_ID);
      expect(params.get("redirect_uri")).toBe(`${baseURL}/auth/oauth/callback`);
      expect(params.get("scope")?.split(" ").sort()).toEqual(["email", "openid", "profile"]);
      expect(params.get("state")).toMatch(/^[\w-]{20,}$/);
      expect(params.get("code_challenge_method")).toBe("S256");
      // base64url of a SHA-256 digest.
      expect(params.get("code_challenge")).toMatch(/^[\w-]{43}$/);
      expect(await oauthCookies(context, baseURL ?? "")).toEqual(
        expect.arrayContaining([expect.stringMatching(/^oauth_state/), "oauth_return"]),
      );

      await signInAtProvider(page, login);

      await expect(page).toHaveURL(`${baseURL}/events`);
      if (mode.javaScriptEnabled) await waitForHydration(page);
      await expect(header(page).getByText("Welcome Asha")).toBeVisible();
      await expect(header(page).getByRole("button", { name: "Logout" })).toBeVisible();

      const user = await page.request.get("/api/auth/user");
      expect(user.status()).toBe(200);
      const body = await user.json();
      expect(body).toMatchObject({ email: emailOf(login), firstName: "Asha", lastName: "Tester" });

      const rows = usersWithEmail(emailOf(login));
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        id: body.id,
        first_name: "Asha",
        last_name: "Tester",
        password_hash: null,
        profile_image_url: `${OIDC_ISSUER}/avatars/${login}.png`,
      });

      // The one-time state, verifier and return path are gone.
      expect(await oauthCookies(context, baseURL ?? "")).toEqual([]);
      assertNoErrors();
    });

    test("an email that already has a password account signs into that account", async ({ page, baseURL }) => {
      const login = uniqueLogin("meera");
      const student = await createStudent({ email: emailOf(login), firstName: "Priya", lastName: "Sharma" });

      await goToProvider(page, mode);
      await signInAtProvider(page, login);

      await expect(page).toHaveURL(`${baseURL}/events`);
      // The student's own name stays; the provider does not overwrite it.
      await expect(header(page).getByText("Welcome Priya")).toBeVisible();
      const user = await page.request.get("/api/auth/user");
      expect(await user.json()).toMatchObject({ id: student.id, email: student.email });

      const rows = usersWithEmail(student.email);
      expect(rows).toHaveLength(1);
      expect(rows[0]?.id).toBe(student.id);
      expect(rows[0]?.password_hash).toMatch(/^\$argon2id\$/);
      expect(rows[0]?.first_name).toBe("Priya");
    });

    test("an email the provider has not verified cannot take over the password account that owns it", async ({ page }) => {
      const login = uniqueLogin("unverified");
      const student = await createStudent({ email: emailOf(login) });

      await goToProvider(page, mode);
      await signInAtProvider(page, login);

      await expect(page).toHaveURL(/\/login\?redirectTo=%2Fevents$/);
      await expect(page.getByRole("alert").filter({ hasText: "Sign-in failed" })).toBeVisible();
      expect((await page.request.get("/api/auth/user")).status()).toBe(401);
      expect(usersWithEmail(student.email)).toHaveLength(1);
    });

    test("a callback with a forged state ends on /login with 'Sign-in failed', signed out", async ({
      page,
      context,
      baseURL,
    }) => {
      // A real sign-in is under way (its state cookie is set) when a forged callback arrives.
      await goToProvider(page, mode);
      const response = await page.goto("/auth/oauth/callback?state=forged-state&code=stolen-code");

      const callback = response?.request().redirectedFrom();
      expect(callback?.url()).toBe(`${baseURL}/auth/oauth/callback?state=forged-state&code=stolen-code`);
      expect((await callback?.response())?.status()).toBe(302);
      expect(response?.status()).toBe(200);
      await expect(page).toHaveURL(/\/login\?redirectTo=%2Fevents$/);
      const toast = page.getByRole("alert").filter({ hasText: "Sign-in failed" });
      await expect(toast).toBeVisible();
      await expect(toast).toContainText(`We could not sign you in with ${OAUTH_PROVIDER_NAME}. Please try again.`);
      await expect(header(page).getByRole("link", { name: "Login" })).toBeVisible();
      expect((await page.request.get("/api/auth/user")).status()).toBe(401);
      expect(await oauthCookies(context, baseURL ?? "")).toEqual([]);
    });

    test("a code redeemed with the wrong PKCE verifier is refused by the provider", async ({
      page,
      context,
      baseURL,
    }) => {
      const login = uniqueLogin("ravi");
      const authorization = await goToProvider(page, mode);
      const state = authorization.searchParams.get("state") ?? "";
      // The state cookie holds `state=<state>&<state>=<verifier>`; swap in another well-formed verifier.
      const cookies = await context.cookies(`${baseURL}/auth/oauth/callback`);
      const stateCookie = cookies.find((cookie) => cookie.name.startsWith("oauth_state"));
      expect(stateCookie).toBeDefined();
      const stored = new URLSearchParams(stateCookie?.value ?? "");
      expect(stored.get("state")).toBe(state);
      expect(stored.get(state)).toMatch(/^[\w.~-]{43,128}$/);
      stored.set(state, randomBytes(32).toString("base64url"));
      if (stateCookie) await context.addCookies([{ ...stateCookie, value: stored.toString() }]);

      await signInAtProvider(page, login);

      await expect(page).toHaveURL(/\/login\?redirectTo=%2Fevents$/);
      await expect(page.getByRole("alert").filter({ hasText: "Sign-in failed" })).toBeVisible();
      expect((await page.request.get("/api/auth/user")).status()).toBe(401);
      expect(usersWithEmail(emailOf(login))).toEqual([]);
    });

    test("a callback without any sign-in under way fails the same way, no 500", async ({ page }) => {
      const response = await page.goto("/auth/oauth/callback?state=x&code=y");
      expect((await response?.request().redirectedFrom()?.response())?.status()).toBe(302);
      await expect(page).toHaveURL(/\/login$/);
      await expect(page.getByRole("alert").filter({ hasText: "Sign-in failed" })).toBeVisible();

      // No state at all must not start a new sign-in either.
      const bare = await page.goto("/auth/oauth/callback");
      expect(bare?.url()).toMatch(/\/login$/);
      await expect(page.getByRole("alert").filter({ hasText: "Sign-in failed" })).toBeVisible();
      expect((await page.request.get("/api/auth/user")).status()).toBe(401);
    });

    test("cancelling at the provider comes back signed out with 'Sign-in failed'", async ({ page }) => {
      await goToProvider(page, mode);
      await page.getByRole("link", { name: "[ Cancel ]" }).click();

      await expect(page).toHaveURL(/\/login\?redirectTo=%2Fevents$/);
      await expect(page.getByRole("alert").filter({ hasText: "Sign-in failed" })).toBeVisible();
      expect((await page.request.get("/api/auth/user")).status()).toBe(401);
    });

    test("a server without OAuth configured offers no provider button", async ({ page }) => {
      const response = await page.goto(`${ANALYTICS_BASE_URL}/login`);
      expect(response?.status()).toBe(200);
      await expect(page.getByRole("heading", { level: 1, name: "Sign In" })).toBeVisible();
      await expect(page.getByRole("button", { name: "Sign In" })).toBeVisible();
      await expect(page.getByText(/Continue with/)).toHaveCount(0);
      // The main server offers it, on both sign-in and sign-up.
      await open(page, mode, "/login");
      await expect(continueButton(page)).toBeVisible();
      await open(page, mode, "/signup?redirectTo=%2Fcourses");
      await expect(continueButton(page)).toHaveAttribute("href", "/auth/oauth?redirectTo=%2Fcourses");
    });
  });
});
