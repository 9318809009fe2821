import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import { createStudent, expect, openTestDatabase, queryTestDatabase, signInAs, test } from "./fixtures";
import { waitForHydration } from "./hydration";
import { expectNoA11yViolations, failOnPageErrors, inBothModes, type Mode } from "./support";

const header = (page: Page) => page.getByRole("banner");
const uniqueEmail = () => `signup-${randomUUID().slice(0, 8)}@example.test`;

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
    test("creates an account, signs in and shows the dashboard with a welcome toast", async ({ page }) => {
      const assertNoErrors = failOnPageErrors(page);
      const email = uniqueEmail();
      await open(page, mode, "/signup");
      await expect(page.getByRole("heading", { level: 1, name: "Create an Account" })).toBeVisible();
      await expectNoA11yViolations(page);
      await fillSignup(page, { firstName: "Asha", lastName: "Rao", email: email.toUpperCase(), password: "chai before the closing bell" });
      await page.getByRole("button", { name: "Create Account" }).click();

      await expect(page).toHaveURL(/\/$/);
      await expect(page.getByRole("heading", { level: 1, name: "Welcome back, Asha!" })).toBeVisible();
      await expect(header(page).getByText("Welcome Asha")).toBeVisible();
      await expect(header(page).getByRole("button", { name: "Logout" })).toBeVisible();
      await expect(page.getByRole("status").filter({ hasText: "Welcome to TradeMaster Academy!" })).toBeVisible();

      const database = openTestDatabase();
      const row = database.prepare("SELECT first_name, password_hash FROM users WHERE email = ?").get(email) as
        | { first_name: string; password_hash: string }
        | undefined;
      database.close();
      expect(row?.first_name).toBe("Asha");
      expect(row?.password_hash).toMatch(/^\$argon2id\$/);
      assertNoErrors();
    });

    test("says what is missing or too short, and stores nothing", async ({ page }) => {
      await open(page, mode, "/signup");
      await page.getByRole("button", { name: "Create Account" }).click();
      for (const message of ["First name is required", "Last name is required", "Email is required", "Password is required"])
        await expect(page.getByText(message, { exact: true })).toBeVisible();

      const email = uniqueEmail();
      await fillSignup(page, { firstName: "Asha", lastName: "Rao", email, password: "short" });
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
      await page.getByRole("button", { name: "Create Account" }).click();
      await expect(page.getByText("This is a commonly used password. Try a passphrase of a few unrelated words.")).toBeVisible();
      await expect(password).toHaveAttribute("aria-invalid", "true");
      await expect(page.getByLabel("Email")).toHaveValue(email);
      expect(queryTestDatabase<{ n: number }>("SELECT count(*) AS n FROM users WHERE email = ?", email)[0]?.n).toBe(0);
    });

    test("refuses an email that already has an account and keeps what was typed", async ({ page }) => {
      const existing = await createStudent();
      await open(page, mode, "/signup");
      await fillSignup(page, { firstName: "Other", lastName: "Person", email: existing.email, password: "monsoon kite over the harbour" });
      await page.getByRole("button", { name: "Create Account" }).click();
      await expect(page.getByRole("alert").filter({ hasText: "An account with this email already exists. Please sign in instead." })).toBeVisible();
      await expect(page.getByLabel("First name")).toHaveValue("Other");
      // The server never sends a password back; with JavaScript the field simply keeps what was typed.
      if (!mode.javaScriptEnabled) await expect(page.getByLabel(/^Password/)).toHaveValue("");
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
        "INSERT INTO enrollments (user_id, course_id, payment_status, amount_paise, enrolled_at) VALUES (?, ?, ?, 0, ?)",
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
      await expect(learning.getByRole("link", { name: /^Continue/ }).first()).toHaveAttribute("href", "/courses/1");
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

test("GET /api/auth/user: the student's fields, or 401", async ({ request, context, baseURL }) => {
  const anonymous = await request.get("/api/auth/user");
  expect(anonymous.status()).toBe(401);
  expect(await anonymous.json()).toEqual({ message: "Unauthorized" });

  const student = await createStudent({ firstName: "Meera", lastName: "Iyer" });
  await signInAs(context, student, baseURL ?? "");
  const me = await context.request.get("/api/auth/user");
  expect(me.status()).toBe(200);
  expect(me.headers()["cache-control"]).toBe("no-store");
  expect(await me.json()).toEqual({
    id: student.id,
    email: student.email,
    firstName: "Meera",
    lastName: "Iyer",
    profileImageUrl: null,
    isAdmin: false,
  });
});

test("GET /api/login: signed out to the sign-in page, signed in straight back", async ({ request, context, baseURL }) => {
  const out = await request.get("/api/login?redirectTo=/events", { maxRedirects: 0 });
  expect(out.status()).toBe(302);
  expect(out.headers()["location"]).toBe("/login?redirectTo=%2Fevents");
  const offsite = await request.get("/api/login?redirectTo=https://evil.example", { maxRedirects: 0 });
  expect(offsite.headers()["location"]).toBe("/login?redirectTo=%2F");

  await signInAs(context, await createStudent(), baseURL ?? "");
  const back = await context.request.get("/api/login?redirectTo=/events", { maxRedirects: 0 });
  expect(back.headers()["location"]).toBe("/events");
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

test("POST /api/logout ends the session and deletes its row", async ({ context, baseURL }) => {
  const student = await createStudent();
  const sid = await signInAs(context, student, baseURL ?? "");
  const response = await context.request.post("/api/logout", { maxRedirects: 0 });
  expect(response.status()).toBe(302);
  expect(response.headers()["location"]).toBe("/");
  expect((await context.request.get("/api/auth/user")).status()).toBe(401);
  const database = openTestDatabase();
  const row = database.prepare("SELECT sid FROM sessions WHERE sid = ?").get(sid);
  database.close();
  expect(row).toBeUndefined();
});
