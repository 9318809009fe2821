import { randomBytes, randomUUID } from "node:crypto";
import type { BrowserContext, Page } from "@playwright/test";
import { ANALYTICS_BASE_URL, OAUTH_CLIENT_ID, OAUTH_PROVIDER_NAME, OIDC_ISSUER } from "../../playwright.config";
import { createStudent, expect, openTestDatabase, queryTestDatabase, signInAs, test, withDatabase } from "./fixtures";
import { waitForHydration } from "./hydration";
import { expectNoA11yViolations, failOnPageErrors, inBothModes, type Mode } from "./page-checks";

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
  const authorization = page.waitForRequest((request) => request.isNavigationRequest() && request.url().startsWith(`${OIDC_ISSUER}/auth?`));
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

/** The provider accounts linked for a test provider login (its `sub` is the login name). */
function identitiesOf(login: string) {
  return queryTestDatabase<{ user_id: string; email: string }>(
    "SELECT user_id, email FROM user_identities WHERE provider = ? AND subject = ? ORDER BY id",
    OIDC_ISSUER,
    login,
  );
}

/** Forgets the browser's session at the provider, so the next visit asks for a login again. */
async function signOutAtProvider(context: BrowserContext) {
  await context.clearCookies({ domain: new URL(OIDC_ISSUER).hostname });
}

const signInMethods = (page: Page) => page.getByRole("region", { name: "Sign-in methods" });

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
        expect.arrayContaining([expect.stringMatching(/^oauth_state/), "oauth_intent"]),
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

      expect(identitiesOf(login)).toEqual([{ user_id: body.id, email: emailOf(login) }]);

      // The one-time state, verifier and intent are gone.
      expect(await oauthCookies(context, baseURL ?? "")).toEqual([]);
      assertNoErrors();
    });

    test("a password account whose email is not confirmed is not taken over: sign in with the password, then connect", async ({
      page,
      baseURL,
    }) => {
      const login = uniqueLogin("meera");
      const student = await createStudent({ email: emailOf(login), firstName: "Priya", lastName: "Sharma" });

      await goToProvider(page, mode);
      await signInAtProvider(page, login);

      await expect(page).toHaveURL(`${baseURL}/login?redirectTo=%2Fevents&notice=link-from-account`);
      const notice = page.getByRole("alert").filter({ hasText: "Sign in with your password first" });
      await expect(notice).toContainText(
        `An account here already uses the email address ${OAUTH_PROVIDER_NAME} gave us. To use ${OAUTH_PROVIDER_NAME}, sign in with your email and password, then connect ${OAUTH_PROVIDER_NAME} on your account page.`,
      );
      expect((await page.request.get("/api/auth/user")).status()).toBe(401);
      expect(identitiesOf(login)).toEqual([]);
      const rows = usersWithEmail(student.email);
      expect(rows).toHaveLength(1);
      expect(rows[0]?.password_hash).toMatch(/^\$argon2id\$/);
      expect(rows[0]?.first_name).toBe("Priya");

      // The password still signs in, and the notice's advice works from there.
      if (mode.javaScriptEnabled) await waitForHydration(page);
      await page.getByLabel("Email").fill(student.email);
      await page.getByLabel("Password").fill(student.password);
      await page.getByRole("button", { name: "Sign In" }).click();
      await expect(page).toHaveURL(`${baseURL}/events`);
      await expect(header(page).getByText("Welcome Priya")).toBeVisible();
    });

    test("an account whose email is confirmed here joins the provider account that vouches for the same email", async ({
      page,
      baseURL,
    }) => {
      const login = uniqueLogin("kiran");
      const student = await createStudent({ email: emailOf(login), firstName: "Kiran" });
      withDatabase((database) => database.prepare("UPDATE users SET email_verified_at = ? WHERE id = ?").run(Date.now(), student.id));

      await goToProvider(page, mode);
      await signInAtProvider(page, login);

      await expect(page).toHaveURL(`${baseURL}/events`);
      await expect(header(page).getByText("Welcome Kiran")).toBeVisible();
      expect(await (await page.request.get("/api/auth/user")).json()).toMatchObject({ id: student.id });
      expect(identitiesOf(login)).toEqual([{ user_id: student.id, email: student.email }]);
    });

    test("an email the provider has not verified cannot take over the password account that owns it", async ({ page }) => {
      const login = uniqueLogin("unverified");
      const student = await createStudent({ email: emailOf(login) });

      await goToProvider(page, mode);
      await signInAtProvider(page, login);

      await expect(page).toHaveURL(/\/login\?redirectTo=%2Fevents&notice=unverified-email$/);
      await expect(page.getByRole("alert").filter({ hasText: "Sign in with your password first" })).toContainText(
        `${OAUTH_PROVIDER_NAME} has not confirmed your email address, so we cannot use it to sign you in.`,
      );
      expect((await page.request.get("/api/auth/user")).status()).toBe(401);
      expect(usersWithEmail(student.email)).toHaveLength(1);
      expect(identitiesOf(login)).toEqual([]);
    });

    test("a callback with a forged state ends on /login with 'Sign-in failed', signed out", async ({ page, context, baseURL }) => {
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

    test("a code redeemed with the wrong PKCE verifier is refused by the provider", async ({ page, context, baseURL }) => {
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

    test("a deactivated account is not signed in through its linked provider account: sign-in says it is deactivated", async ({
      page,
      baseURL,
    }) => {
      const login = uniqueLogin("ravi");
      const student = await createStudent({ email: emailOf(login), firstName: "Ravi" });
      withDatabase((database) => {
        database.prepare("UPDATE users SET deactivated_at = ? WHERE id = ?").run(Date.now(), student.id);
        database
          .prepare("INSERT INTO user_identities (user_id, provider, subject, email) VALUES (?, ?, ?, ?)")
          .run(student.id, OIDC_ISSUER, login, student.email);
      });

      await goToProvider(page, mode);
      await signInAtProvider(page, login);

      await expect(page).toHaveURL(`${baseURL}/login?notice=deactivated`);
      await expect(page.getByRole("alert").filter({ hasText: "This account has been deactivated" })).toBeVisible();
      expect((await page.request.get("/api/auth/user")).status()).toBe(401);
    });
  });

  test.describe("Connecting the provider from /account", () => {
    test.beforeEach(async ({ context }) => offlineFonts(context));

    test("a signed-in student connects the provider, then signs in with it", async ({ page, context, baseURL }) => {
      const assertNoErrors = failOnPageErrors(page);
      const login = uniqueLogin("nisha");
      // The same email as the provider's, never confirmed here: only this page can link them.
      const student = await createStudent({ email: emailOf(login), firstName: "Nisha" });
      await signInAs(context, student, baseURL ?? "");

      await open(page, mode, "/events");
      await header(page).getByRole("link", { name: "Welcome Nisha" }).click();
      await expect(page).toHaveURL(`${baseURL}/account`);
      await expect(page.getByRole("heading", { level: 1, name: "Your Account" })).toBeVisible();
      if (mode.javaScriptEnabled) await waitForHydration(page);
      await expect(signInMethods(page).getByRole("listitem").filter({ hasText: "Password" })).toContainText("Set");
      await expectNoA11yViolations(page);

      const authorization = page.waitForRequest(
        (request) => request.isNavigationRequest() && request.url().startsWith(`${OIDC_ISSUER}/auth?`),
      );
      await signInMethods(page)
        .getByRole("button", { name: `Connect ${OAUTH_PROVIDER_NAME}` })
        .click();
      expect(new URL((await authorization).url()).searchParams.get("code_challenge_method")).toBe("S256");
      await signInAtProvider(page, login);

      await expect(page).toHaveURL(`${baseURL}/account`);
      await expect(page.getByRole("status").filter({ hasText: `${OAUTH_PROVIDER_NAME} connected` })).toBeVisible();
      await expect(signInMethods(page).getByRole("listitem").filter({ hasText: OAUTH_PROVIDER_NAME })).toContainText(
        `Connected as ${emailOf(login)}`,
      );
      expect(identitiesOf(login)).toEqual([{ user_id: student.id, email: student.email }]);
      expect(await oauthCookies(context, baseURL ?? "")).toEqual([]);

      // Signed out, the provider now signs in to this same account.
      await header(page).getByRole("button", { name: "Logout" }).click();
      await expect(header(page).getByRole("link", { name: "Login" })).toBeVisible();
      await signOutAtProvider(context);
      await goToProvider(page, mode);
      await signInAtProvider(page, login);
      await expect(page).toHaveURL(`${baseURL}/events`);
      expect(await (await page.request.get("/api/auth/user")).json()).toMatchObject({ id: student.id });
      expect(usersWithEmail(student.email)).toHaveLength(1);
      assertNoErrors();
    });

    test("a provider account already connected to another account is refused and stays where it was", async ({
      page,
      context,
      baseURL,
    }) => {
      const login = uniqueLogin("owner");
      const owner = await createStudent({ email: emailOf(login) });
      withDatabase((database) =>
        database
          .prepare("INSERT INTO user_identities (user_id, provider, subject, email) VALUES (?, ?, ?, ?)")
          .run(owner.id, OIDC_ISSUER, login, owner.email),
      );
      const student = await createStudent({ firstName: "Dev" });
      await signInAs(context, student, baseURL ?? "");

      await open(page, mode, "/account");
      await signInMethods(page)
        .getByRole("button", { name: `Connect ${OAUTH_PROVIDER_NAME}` })
        .click();
      await signInAtProvider(page, login);

      await expect(page).toHaveURL(`${baseURL}/account`);
      await expect(page.getByRole("alert").filter({ hasText: "Not connected" })).toContainText(
        `That ${OAUTH_PROVIDER_NAME} account is already connected to another account here.`,
      );
      await expect(signInMethods(page).getByRole("button", { name: `Connect ${OAUTH_PROVIDER_NAME}` })).toBeVisible();
      expect(identitiesOf(login)).toEqual([{ user_id: owner.id, email: owner.email }]);
      expect(await (await page.request.get("/api/auth/user")).json()).toMatchObject({ id: student.id });
    });

    test("/account is for signed-in students: a visitor is sent to sign in first", async ({ page }) => {
      await open(page, mode, "/account");
      await expect(page).toHaveURL(/\/login\?redirectTo=%2Faccount$/);
      await expect(page.getByRole("heading", { level: 1, name: "Sign In" })).toBeVisible();
    });
  });
});
