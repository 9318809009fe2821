import { createHash, randomBytes, randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import { signInAsAdmin } from "./admin-support";
import { createStudent, expect, linkMailedTo, openTestDatabase, queryTestDatabase, signInAs, test, withDatabase } from "./fixtures";
import { waitForHydration } from "./hydration";
import { expectNoA11yViolations, failOnPageErrors, inBothModes, type Mode, tickSignUpBoxes } from "./page-checks";

const header = (page: Page) => page.getByRole("banner");
const uniqueEmail = () => `signup-${randomUUID().slice(0, 8)}@example.test`;
/** Long enough for any password rule (a passphrase). */
const PASSPHRASE = "maple river lantern quietly";

type UserRow = { first_name: string; password_hash: string; email_verified_at: number | null };
const usersWithEmail = (email: string) =>
  queryTestDatabase<UserRow>("SELECT first_name, password_hash, email_verified_at FROM users WHERE email = ?", email);

async function open(page: Page, mode: Mode, path: string) {
  const response = await page.goto(path);
  if (mode.javaScriptEnabled) await waitForHydration(page);
  return response;
}

async function fillSignup(page: Page, values: { firstName: string; lastName: string; email: string; password: string }) {
  await page.getByLabel("First name").fill(values.firstName);
  await page.getByLabel("Last name").fill(values.lastName);
  await page.getByLabel("Email").fill(values.email);
  await page.getByLabel(/^Password/).fill(values.password);
}

async function fillLogin(page: Page, email: string, password: string) {
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign In" }).click();
}

inBothModes((mode) => {
  test.describe("sign-up", () => {
    test("a new and a taken email get the same 'Check your email' page; the mailed link confirms and signs in", async ({
      page,
      context,
      baseURL,
    }) => {
      const assertNoErrors = failOnPageErrors(page);
      const existing = await createStudent({ firstName: "Priya" });
      const [before] = usersWithEmail(existing.email);
      const email = uniqueEmail();

      await open(page, mode, "/signup");
      await expect(page.getByRole("heading", { level: 1, name: "Create an Account" })).toBeVisible();
      await expectNoA11yViolations(page);
      await fillSignup(page, { firstName: "Asha", lastName: "Rao", email: email.toUpperCase(), password: PASSPHRASE });
      await tickSignUpBoxes(page);
      await page.getByRole("button", { name: "Create Account" }).click();
      await expect(page).toHaveURL(`${baseURL}/signup/check-email`);
      await expect(page.getByRole("heading", { level: 1, name: "Check Your Email" })).toBeVisible();
      // The page's last words are in: without JavaScript a loaded heading may come before the rest of the document.
      await expect(page.getByRole("main").getByText(/Nothing after a few minutes\?/)).toBeVisible();
      const forNewEmail = await page.getByRole("main").innerText();
      await expectNoA11yViolations(page);

      await open(page, mode, "/signup");
      await fillSignup(page, { firstName: "Other", lastName: "Person", email: existing.email, password: PASSPHRASE });
      await tickSignUpBoxes(page);
      await page.getByRole("button", { name: "Create Account" }).click();
      await expect(page).toHaveURL(`${baseURL}/signup/check-email`);
      await expect(page.getByRole("main").getByText(/Nothing after a few minutes\?/)).toBeVisible();
      expect(await page.getByRole("main").innerText()).toBe(forNewEmail);

      // Nobody is signed in yet; the new account waits for its link, the existing one is untouched.
      expect((await page.request.get("/api/auth/user")).status()).toBe(401);
      const [created] = usersWithEmail(email);
      expect(created).toMatchObject({ first_name: "Asha", email_verified_at: null });
      expect(created?.password_hash).toMatch(/^\$argon2id\$/);
      expect(usersWithEmail(existing.email)).toEqual([before]);

      // No mail server here: an admin sees both messages in the Outbox.
      await signInAsAdmin(context, baseURL ?? "");
      await open(page, mode, `/admin/outbox?${new URLSearchParams({ q: existing.email })}`);
      await expect(page.getByRole("row").filter({ hasText: "You already have a TradeMaster Academy account" })).toContainText("Queued");
      await open(page, mode, `/admin/outbox?${new URLSearchParams({ q: email })}`);
      await page.getByRole("link", { name: "Confirm your email address for TradeMaster Academy" }).click();
      await expect(page.getByRole("heading", { level: 1, name: "Confirm your email address for TradeMaster Academy" })).toBeVisible();
      // The address is unconfirmed: no name typed at sign-up is repeated to it.
      await expect(page.locator("main")).toContainText("Hello, Welcome to TradeMaster Academy!");
      // The admin sees the message but not its link: only the mailbox may confirm.
      await expect(page.getByText("single-use link hidden", { exact: false }).first()).toBeVisible();
      await expect(page.locator("main")).not.toContainText("token=");
      const link = linkMailedTo(email, "verify-email");
      expect(link).toMatch(new RegExp(`^${baseURL}/verify-email\\?token=[\\w-]{43}$`));

      // Opening the link changes nothing; its button confirms and signs in.
      await open(page, mode, link ?? "");
      await expect(page.getByRole("heading", { level: 1, name: "Confirm Your Email" })).toBeVisible();
      await expect(page.getByText(`Confirm that ${email} is yours`)).toBeVisible();
      expect(usersWithEmail(email)[0]?.email_verified_at).toBeNull();
      await expectNoA11yViolations(page);
      await page.getByRole("button", { name: "Confirm my email address" }).click();
      await expect(page).toHaveURL(`${baseURL}/`);
      await expect(page.getByRole("status").filter({ hasText: "Email confirmed" })).toBeVisible();
      await expect(page.getByRole("heading", { level: 1, name: "Welcome back, Asha!" })).toBeVisible();
      await expect(header(page).getByText("Welcome Asha")).toBeVisible();
      expect(usersWithEmail(email)[0]?.email_verified_at).toEqual(expect.any(Number));
      assertNoErrors();

      // A link works once (the browser logs the 410 it gets for the page).
      const again = await page.goto(link ?? "");
      expect(again?.status()).toBe(410);
      await expect(page.getByRole("alert").filter({ hasText: "This link has already been used" })).toBeVisible();
    });

    test("an unconfirmed student may sign in with the password and is reminded on the account page", async ({ page, baseURL }) => {
      const email = uniqueEmail();
      await open(page, mode, "/signup");
      await fillSignup(page, { firstName: "Ravi", lastName: "Kumar", email, password: PASSPHRASE });
      await tickSignUpBoxes(page);
      await page.getByRole("button", { name: "Create Account" }).click();
      await expect(page).toHaveURL(`${baseURL}/signup/check-email`);
      await page.getByRole("link", { name: "Go to Sign In" }).click();
      if (mode.javaScriptEnabled) await waitForHydration(page);
      await fillLogin(page, email, PASSPHRASE);
      await expect(header(page).getByText("Welcome Ravi")).toBeVisible();

      await open(page, mode, "/account");
      const profile = page.getByRole("region", { name: "Profile" });
      await expect(profile).toContainText("Not confirmed yet");
      await profile.getByRole("button", { name: "Send a new link" }).click();
      // The sign-up's link went out less than a minute ago: no second message yet.
      await expect(page.getByRole("status").filter({ hasText: "Link already on its way" })).toBeVisible();
      expect(queryTestDatabase("SELECT id FROM outbox_messages WHERE to_address = ?", email)).toHaveLength(1);
    });

    test("an expired or forged confirmation link gets a page that says so and changes nothing", async ({ page }) => {
      const student = await createStudent();
      const token = randomBytes(32).toString("base64url");
      withDatabase((database) =>
        database
          .prepare("INSERT INTO user_tokens (user_id, purpose, token_hash, email, expires_at) VALUES (?, 'verify-email', ?, ?, ?)")
          .run(student.id, createHash("sha256").update(token).digest("hex"), student.email, Date.now() - 1000),
      );
      const expired = await open(page, mode, `/verify-email?token=${token}`);
      expect(expired?.status()).toBe(410);
      await expect(page.getByRole("alert").filter({ hasText: "This link has expired" })).toContainText(
        "Confirmation links work for 24 hours.",
      );
      await expect(page.getByRole("link", { name: "Go to Sign In" })).toHaveAttribute("href", "/login?redirectTo=%2Faccount");

      const forged = await open(page, mode, `/verify-email?token=${randomBytes(32).toString("base64url")}`);
      expect(forged?.status()).toBe(400);
      await expect(page.getByRole("alert").filter({ hasText: "This link is not valid" })).toBeVisible();
      expect(usersWithEmail(student.email)[0]?.email_verified_at).toBeNull();
    });

    test("says what is missing or too short, and stores nothing", async ({ page }) => {
      await open(page, mode, "/signup");
      await tickSignUpBoxes(page);
      await page.getByRole("button", { name: "Create Account" }).click();
      for (const message of ["First name is required", "Last name is required", "Email is required", "Password is required"])
        await expect(page.getByText(message, { exact: true })).toBeVisible();

      const email = uniqueEmail();
      await fillSignup(page, { firstName: "Asha", lastName: "Rao", email, password: "short" });
      await tickSignUpBoxes(page);
      await page.getByRole("button", { name: "Create Account" }).click();
      await expect(page.getByText("Password must be at least 15 characters. A passphrase of a few words is easiest.")).toBeVisible();
      await expect(page.getByLabel("First name")).toHaveValue("Asha");
      await expectNoA11yViolations(page);

      const database = openTestDatabase();
      const count = database.prepare("SELECT count(*) AS n FROM users WHERE email = ?").get(email) as { n: number };
      database.close();
      expect(count.n).toBe(0);
    });

    test("asks for a passphrase and refuses a common password of 15 characters or more, saying why", async ({ page }) => {
      await open(page, mode, "/signup");
      const password = page.getByLabel(/^Password/);
      await expect(password).toHaveAccessibleDescription(/^Use a passphrase: at least 15 characters, such as a few unrelated words\./);
      if (mode.javaScriptEnabled) {
        await password.fill("chai time");
        await expect(page.getByText("9 of at least 15 characters.")).toBeVisible();
      }
      const email = uniqueEmail();
      await fillSignup(page, { firstName: "Asha", lastName: "Rao", email, password: "1qaz2wsx3edc4rfv" });
      await tickSignUpBoxes(page);
      await page.getByRole("button", { name: "Create Account" }).click();
      await expect(page.getByText("This is a commonly used password. Try a passphrase of a few unrelated words.")).toBeVisible();
      await expect(password).toHaveAttribute("aria-invalid", "true");
      await expect(page.getByLabel("Email")).toHaveValue(email);
      expect(queryTestDatabase<{ n: number }>("SELECT count(*) AS n FROM users WHERE email = ?", email)[0]?.n).toBe(0);
    });
  });

  test.describe("sign-in", () => {
    test("Login goes through /api/login to the sign-in page and back to where the visitor was", async ({ page }) => {
      const student = await createStudent({ firstName: "Ravi" });
      await open(page, mode, "/courses?level=beginner");
      await header(page).getByRole("link", { name: "Login" }).click();
      await expect(page).toHaveURL(/\/login\?redirectTo=%2Fcourses%3Flevel%3Dbeginner$/);
      await expect(page.getByRole("heading", { level: 1, name: "Sign In" })).toBeVisible();
      if (mode.javaScriptEnabled) await waitForHydration(page);
      await expectNoA11yViolations(page);

      await fillLogin(page, student.email, "wrong password");
      await expect(page.getByRole("alert").filter({ hasText: "Invalid email or password" })).toBeVisible();
      await expect(page.getByLabel("Email")).toHaveValue(student.email);
      if (!mode.javaScriptEnabled) await expect(page.getByLabel("Password")).toHaveValue("");

      await fillLogin(page, student.email.toUpperCase(), student.password);
      await expect(page).toHaveURL(/\/courses\?level=beginner$/);
      await expect(header(page).getByText("Welcome Ravi")).toBeVisible();
    });

    test("a browser that refuses the sign-in cookie is told why it is still signed out", async ({ page }) => {
      const student = await createStudent();
      // What a browser blocking this site's cookies does: every Set-Cookie is dropped
      // (route.fetch keeps cookies in the context's jar, so that is emptied too).
      await page.route("**/*", async (route) => {
        const response = await route.fetch({ maxRedirects: 0 });
        await page.context().clearCookies();
        const { "set-cookie": _dropped, ...headers } = response.headers();
        await route.fulfill({ response, headers });
      });
      await open(page, mode, "/login?redirectTo=%2Fevents");
      await fillLogin(page, student.email, student.password);
      await expect(page).toHaveURL(/\/signed-in\?to=%2Fevents$/);
      await expect(page.getByRole("heading", { level: 1, name: "Your Browser Did Not Keep You Signed In" })).toBeVisible();
      await expect(page.getByText(/Allow cookies for localhost:\d+/)).toBeVisible();
      await expectNoA11yViolations(page);
      await page.getByRole("link", { name: "Sign In Again" }).click();
      await expect(page).toHaveURL(/\/login\?redirectTo=%2Fevents$/);
      // A request still in flight as the test ends (a prefetch, an asset) must not reach the handler once the context is closing.
      await page.unrouteAll({ behavior: "ignoreErrors" });
    });

    test("an unknown email gets the same message as a wrong password", async ({ page }) => {
      await open(page, mode, "/login");
      await fillLogin(page, uniqueEmail(), "whatever123");
      await expect(page.getByRole("alert").filter({ hasText: "Invalid email or password" })).toBeVisible();
    });

    test("never sends the browser to another site after signing in", async ({ page }) => {
      const student = await createStudent();
      await open(page, mode, "/login?redirectTo=//evil.example/steal");
      await fillLogin(page, student.email, student.password);
      await expect(page).toHaveURL(/^http:\/\/localhost:\d+\/$/);
    });

    test("after five failures this browser is asked to wait, longer each time it knocks again", async ({ page }) => {
      const student = await createStudent();
      await open(page, mode, "/login");
      for (let attempt = 0; attempt < 5; attempt++) {
        await fillLogin(page, student.email, `wrong-${attempt}`);
        await expect(page.getByRole("alert").filter({ hasText: "Invalid email or password" })).toBeVisible();
      }
      // Each knock while told to wait doubles the wait (one that lands after a wait ran out is checked, and fails).
      const waits: number[] = [];
      for (let knock = 0; knock < 6; knock++) {
        // Without JavaScript the form posts to /login; with it, Remix fetches /login.data.
        const answer = page.waitForResponse(
          (response) => response.request().method() === "POST" && /^\/login(\.data)?$/.test(new URL(response.url()).pathname),
        );
        await fillLogin(page, student.email, "still wrong");
        const response = await answer;
        if (response.status() === 429) waits.push(Number(response.headers()["retry-after"]));
        else expect(response.status()).toBe(401);
      }
      expect(waits.length).toBeGreaterThan(3);
      expect(waits).toEqual([...waits].sort((a, b) => a - b));
      expect(waits.at(-1)).toBeGreaterThan(waits[0] ?? 0);

      await fillLogin(page, student.email, student.password);
      await expect(
        page.getByRole("alert").filter({ hasText: /^Too many sign-in attempts\. Please wait \d+ (seconds|minutes) and try again\.$/ }),
      ).toBeVisible();
      await expect(header(page).getByRole("link", { name: "Login" })).toBeVisible();
    });

    test("a signed-in student who opens /login goes straight on", async ({ page, context, baseURL }) => {
      const student = await createStudent();
      await signInAs(context, student, baseURL ?? "");
      await page.goto("/login?redirectTo=/events");
      await expect(page).toHaveURL(/\/events$/);
    });
  });

  test.describe("sign-out", () => {
    test("Logout in the header ends the session", async ({ page, student }) => {
      await open(page, mode, "/about");
      await expect(header(page).getByText(`Welcome ${student.firstName}`)).toBeVisible();
      await header(page).getByRole("button", { name: "Logout" }).click();
      await expect(page).toHaveURL(/\/$/);
      await expect(header(page).getByRole("link", { name: "Login" })).toBeVisible();
      const me = await page.request.get("/api/auth/user");
      expect(me.status()).toBe(401);
    });

    test("GET /api/logout only asks; the button signs out", async ({ page, student }) => {
      await open(page, mode, "/api/logout");
      await expect(page.getByRole("heading", { level: 1, name: "Log out?" })).toBeVisible();
      expect((await page.request.get("/api/auth/user")).status()).toBe(200);
      await expectNoA11yViolations(page);
      await page.getByRole("main").getByRole("button", { name: "Logout" }).click();
      await expect(header(page).getByRole("link", { name: "Login" })).toBeVisible();
      expect((await page.request.get("/api/auth/user")).status()).toBe(401);
      expect(student.email).toContain("@");
    });
  });

  test.describe("dashboard", () => {
    test("greets the student, shows the four cards and the empty states' links", async ({ page, student }) => {
      const assertNoErrors = failOnPageErrors(page);
      await open(page, mode, "/");
      await expect(page.getByRole("heading", { level: 1, name: `Welcome back, ${student.firstName}!` })).toBeVisible();
      const summary = page.getByRole("region", { name: "Your summary" });
      for (const label of ["Enrolled Courses", "Total Courses", "Upcoming Events", "Profile"])
        await expect(summary.getByText(label, { exact: true })).toBeVisible();
      await expect(summary.getByText(student.email)).toBeVisible();
      await expect(summary.getByRole("listitem").filter({ hasText: "Enrolled Courses" })).toContainText("0");
      const active = queryTestDatabase<{ n: number }>("SELECT count(*) AS n FROM courses WHERE is_active = 1")[0]?.n;
      await expect(summary.getByRole("listitem").filter({ hasText: "Total Courses" })).toHaveText(
        new RegExp(`Total Courses\\s*${active}$`),
      );

      const learning = page.getByRole("region", { name: "Continue Learning" });
      await expect(learning.getByRole("link", { name: "Browse Courses" })).toHaveAttribute("href", "/courses");
      const events = page.getByRole("region", { name: "Upcoming Events" });
      const cards = events.getByRole("listitem");
      expect(await cards.count()).toBeGreaterThan(0);
      expect(await cards.count()).toBeLessThanOrEqual(3);
      await expect(cards.first().getByRole("link", { name: /^Register Now/ })).toHaveAttribute("href", /^\/events\/\d+\/register$/);
      await expectNoA11yViolations(page);
      assertNoErrors();
    });

    test("Continue Learning lists up to three paid courses", async ({ page, context, baseURL }) => {
      const student = await createStudent({ firstName: "" });
      const database = openTestDatabase();
      const insert = database.prepare(
        "INSERT INTO orders (user_id, course_id, payment_status, amount_paise, enrolled_at) VALUES (?, ?, ?, 0, ?)",
      );
      [1, 2, 3, 4].forEach((courseId, index) => insert.run(student.id, courseId, "completed", Date.now() - index * 60_000));
      insert.run(student.id, 1, "pending", Date.now());
      database.close();
      await signInAs(context, student, baseURL ?? "");

      await open(page, mode, "/");
      await expect(page.getByRole("heading", { level: 1, name: "Welcome back, Trader!" })).toBeVisible();
      await expect(header(page).getByText("Welcome User")).toBeVisible();
      const summary = page.getByRole("region", { name: "Your summary" });
      await expect(summary.getByRole("listitem").filter({ hasText: "Enrolled Courses" })).toContainText("4");
      const learning = page.getByRole("region", { name: "Continue Learning" });
      await expect(learning.getByRole("listitem")).toHaveCount(3);
      // Into the classroom, never back to the sales page.
      await expect(learning.getByRole("link", { name: /^Continue/ }).first()).toHaveAttribute("href", "/learn/1");
    });

    test("an ended session shows the visitor's home page again", async ({ page, student }) => {
      const database = openTestDatabase();
      database.prepare("UPDATE sessions SET expire = ? WHERE sess LIKE ?").run(Date.now() - 1000, `%${student.id}%`);
      database.close();
      await open(page, mode, "/");
      await expect(page.getByRole("heading", { level: 1, name: /Welcome back/ })).toHaveCount(0);
      await expect(header(page).getByRole("link", { name: "Login" })).toBeVisible();
    });
  });
});

test("the session cookie is HttpOnly and SameSite=Lax, and a new one is issued at sign-in", async ({ page, context }) => {
  const student = await createStudent();
  await page.goto("/login");
  await fillLogin(page, student.email, student.password);
  await expect(header(page).getByRole("button", { name: "Logout" })).toBeVisible();
  const first = (await context.cookies()).find((cookie) => cookie.name === "__session");
  expect(first).toMatchObject({ httpOnly: true, sameSite: "Lax" });

  await header(page).getByRole("button", { name: "Logout" }).click();
  await page.goto("/login");
  await fillLogin(page, student.email, student.password);
  await expect(header(page).getByRole("button", { name: "Logout" })).toBeVisible();
  const second = (await context.cookies()).find((cookie) => cookie.name === "__session");
  expect(second?.value).not.toBe(first?.value);
});
