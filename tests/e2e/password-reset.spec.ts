import type { Page } from "@playwright/test";
import { plantResetToken } from "../support/password-reset";
import { signInAsAdmin } from "./admin-support";
import { createStudent, expect, linkMailedTo, test } from "./fixtures";
import { waitForHydration } from "./hydration";
import { expectNoA11yViolations, failOnPageErrors, inBothModes, type Mode } from "./page-checks";

// A student who forgot their password: from the sign-in page's link to a new
// password, reading the link as an admin would hand it over (the Outbox, no
// mail server here), with JavaScript on and off.

const NEW_PASSPHRASE = "copper lantern beside the monsoon";

async function open(page: Page, mode: Mode, path: string) {
  const response = await page.goto(path);
  if (mode.javaScriptEnabled) await waitForHydration(page);
  return response;
}

async function signInWith(page: Page, mode: Mode, email: string, password: string) {
  await open(page, mode, "/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign In" }).click();
}

inBothModes((mode) => {
  test.describe("password reset", () => {
    test("forgot → the mailed link → a new password → signed in; the old password no longer works", async ({ page, context, baseURL }) => {
      const assertNoErrors = failOnPageErrors(page);
      const student = await createStudent({ firstName: "Ishaan" });

      await open(page, mode, "/login");
      await page.getByRole("link", { name: "Forgot your password?" }).click();
      await expect(page.getByRole("heading", { level: 1, name: "Forgot Your Password" })).toBeVisible();
      if (mode.javaScriptEnabled) await waitForHydration(page);
      await expectNoA11yViolations(page);
      await page.getByLabel("Email").fill(student.email);
      await page.getByRole("button", { name: "Send me a reset link" }).click();
      await expect(page).toHaveURL(`${baseURL}/forgot-password?sent=1`);
      await expect(page.getByText("If an account uses that address, a link to choose a new password is on its way.")).toBeVisible();

      await signInAsAdmin(context, baseURL ?? "");
      await open(page, mode, `/admin/outbox?${new URLSearchParams({ q: student.email })}`);
      await page.getByRole("link", { name: "Reset your TradeMaster Academy password" }).click();
      // Ishaan never confirmed the address, so the mail greets no one by name; the admin sees no link.
      await expect(page.locator("main")).toContainText("Hello, Someone, probably you, asked to reset the password");
      await expect(page.getByText("single-use link hidden", { exact: false }).first()).toBeVisible();
      await expect(page.locator("main")).not.toContainText("token=");
      const link = linkMailedTo(student.email, "reset-password");
      expect(link).toMatch(new RegExp(`^${baseURL}/reset-password\\?token=[\\w-]{43}$`));

      await open(page, mode, link ?? "");
      await expect(page.getByRole("heading", { level: 1, name: "Choose a New Password" })).toBeVisible();
      await expect(page.getByText("Use a passphrase")).toBeVisible();
      await expectNoA11yViolations(page);
      // Up to here nothing failed; the browser logs the 400 of the refused password below.
      assertNoErrors();
      await page.getByLabel(/^Password/).fill("too short");
      await page.getByRole("button", { name: "Set my new password" }).click();
      await expect(page.getByText("Password must be at least 15 characters.")).toBeVisible();
      await page.getByLabel(/^Password/).fill(NEW_PASSPHRASE);
      await page.getByRole("button", { name: "Set my new password" }).click();
      await expect(page).toHaveURL(`${baseURL}/`);
      await expect(page.getByRole("status").filter({ hasText: "Password changed" })).toBeVisible();
      await expect(page.getByRole("heading", { level: 1, name: "Welcome back, Ishaan!" })).toBeVisible();

      await context.clearCookies();
      await signInWith(page, mode, student.email, student.password);
      await expect(page.getByText("Invalid email or password")).toBeVisible();
      await signInWith(page, mode, student.email, NEW_PASSPHRASE);
      await expect(page.getByRole("heading", { level: 1, name: "Welcome back, Ishaan!" })).toBeVisible();
    });

    test("an expired link shows a page that offers a new one", async ({ page, baseURL }) => {
      const student = await createStudent();
      const token = plantResetToken(student, new Date(Date.now() - 1000));
      const response = await open(page, mode, `/reset-password?${new URLSearchParams({ token })}`);
      expect(response?.status()).toBe(410);
      await expect(page.getByRole("alert").filter({ hasText: "This link has expired" })).toContainText("Reset links work for 1 hour.");
      await expectNoA11yViolations(page);
      await page.getByRole("link", { name: "Ask for a new link" }).click();
      await expect(page).toHaveURL(`${baseURL}/forgot-password`);
    });
  });
});
