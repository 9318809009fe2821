import type { Page } from "@playwright/test";
import { signInAsAdmin, toast } from "./admin-support";
import { createStudent, expect, linkMailedTo, queryTestDatabase, signInAs, test } from "./fixtures";
import { waitForHydration } from "./hydration";
import { expectNoA11yViolations, failOnPageErrors, inBothModes, type Mode } from "./page-checks";

// The student's own account page: name and phone, a new email address proven
// through the link mailed to it (read from the admin's Outbox, as an admin
// would hand it over), a new password, and signing out the other devices,
// with JavaScript on and off.

const NEW_PASSPHRASE = "tamarind ferry under evening rain";

async function open(page: Page, mode: Mode, path: string) {
  const response = await page.goto(path);
  if (mode.javaScriptEnabled) await waitForHydration(page);
  return response;
}

const storedUser = (id: string) =>
  queryTestDatabase<{ email: string; first_name: string; last_name: string; phone: string | null; email_verified_at: number | null }>(
    "SELECT email, first_name, last_name, phone, email_verified_at FROM users WHERE id = ?",
    id,
  )[0];

inBothModes((mode) => {
  test.describe("the account page", () => {
    test("name and phone are saved, and the page passes axe", async ({ page, student }) => {
      const assertNoErrors = failOnPageErrors(page);
      await open(page, mode, "/account");
      await expect(page.getByRole("heading", { level: 1, name: "Your Account" })).toBeVisible();
      await expect(page.getByRole("region", { name: "Signed-in devices" })).toContainText("This device");
      await expectNoA11yViolations(page);

      // Up to here nothing failed; the browser logs the 400 of the refused number below.
      assertNoErrors();
      const profile = page.getByRole("region", { name: "Profile" });
      await profile.getByLabel("Last name").fill("Kulkarni");
      await profile.getByLabel("Mobile number (optional)").fill("12345");
      await profile.getByRole("button", { name: "Save details" }).click();
      await expect(profile.getByText("Enter an Indian mobile number", { exact: false })).toBeVisible();
      expect(storedUser(student.id)?.last_name).toBe(student.lastName);

      await profile.getByLabel("Mobile number (optional)").fill("+91 98450 12345");
      await profile.getByRole("button", { name: "Save details" }).click();
      await expect(toast(page).filter({ hasText: "Details saved" })).toBeVisible();
      await expect(profile.getByLabel("Mobile number (optional)")).toHaveValue("+919845012345");
      await expect(profile.getByRole("definition").filter({ hasText: `${student.firstName} Kulkarni` })).toBeVisible();
      expect(storedUser(student.id)).toMatchObject({ last_name: "Kulkarni", phone: "+919845012345" });
    });

    test("a new email address takes effect through the link sent to it, and shows as confirmed", async ({
      page,
      context,
      baseURL,
      student,
    }) => {
      const target = `new-${student.id.slice(0, 8)}@example.test`;
      await open(page, mode, "/account");
      const profile = page.getByRole("region", { name: "Profile" });
      await profile.getByLabel("New email address").fill(target);
      await profile.getByLabel("Current password").fill(student.password);
      await profile.getByRole("button", { name: "Send the link" }).click();
      await expect(toast(page).filter({ hasText: "Check your new inbox" })).toBeVisible();
      await expect(profile).toContainText(`Change to ${target} pending`);
      expect(storedUser(student.id)?.email).toBe(student.email);

      await signInAsAdmin(context, baseURL ?? "");
      await open(page, mode, `/admin/outbox?${new URLSearchParams({ q: target })}`);
      await page.getByRole("link", { name: "Confirm your new email address for TradeMaster Academy" }).click();
      await expect(page.getByText("single-use link hidden", { exact: false }).first()).toBeVisible();
      await expect(page.locator("main")).not.toContainText("token=");
      const link = linkMailedTo(target, "change-email");
      expect(link).toMatch(new RegExp(`^${baseURL}/confirm-email-change\\?token=[\\w-]{43}$`));

      await open(page, mode, link ?? "");
      await expect(page.getByRole("heading", { level: 1, name: "Confirm Your New Email" })).toBeVisible();
      await expectNoA11yViolations(page);
      await page.getByRole("button", { name: "Confirm my new email address" }).click();
      await expect(page).toHaveURL(`${baseURL}/account`);
      await expect(toast(page).filter({ hasText: "Email address changed" })).toBeVisible();
      const email = page.getByRole("region", { name: "Profile" }).getByRole("definition").filter({ hasText: target });
      await expect(email).toContainText("Confirmed");
      expect(storedUser(student.id)).toMatchObject({ email: target, email_verified_at: expect.any(Number) });
    });

    test("a new password: other devices are signed out, and it signs in", async ({ page, browser, baseURL, student }) => {
      const other = await browser.newContext({ javaScriptEnabled: mode.javaScriptEnabled });
      await signInAs(other, student, baseURL ?? "");
      const otherPage = await other.newPage();

      await open(page, mode, "/account");
      const methods = page.getByRole("region", { name: "Sign-in methods" });
      await methods.getByLabel("Current password").fill("not my password at all");
      await methods.getByLabel(/^New password/).fill(NEW_PASSPHRASE);
      await methods.getByRole("button", { name: "Change password" }).click();
      await expect(methods.getByText("That is not your current password")).toBeVisible();

      await methods.getByLabel("Current password").fill(student.password);
      await methods.getByLabel(/^New password/).fill(NEW_PASSPHRASE);
      await methods.getByRole("button", { name: "Change password" }).click();
      await expect(toast(page).filter({ hasText: "Password changed" })).toBeVisible();
      // The passwords typed do not stay in the page.
      await expect(methods.getByLabel("Current password")).toHaveValue("");
      await expect(methods.getByLabel(/^New password/)).toHaveValue("");

      await otherPage.goto("/account");
      await expect(otherPage).toHaveURL(/\/login\?redirectTo=%2Faccount/);
      await other.close();

      await page.context().clearCookies();
      await open(page, mode, "/login");
      await page.getByLabel("Email").fill(student.email);
      await page.getByLabel("Password").fill(NEW_PASSPHRASE);
      await page.getByRole("button", { name: "Sign In" }).click();
      await expect(page.getByRole("banner").getByText(`Welcome ${student.firstName}`)).toBeVisible();
    });

    test("Sign out everywhere else signs the other browser out and keeps this one", async ({ page, browser, baseURL }) => {
      const student = await createStudent({ firstName: "Rohan" });
      await signInAs(page.context(), student, baseURL ?? "");
      const other = await browser.newContext({ javaScriptEnabled: mode.javaScriptEnabled });
      await signInAs(other, student, baseURL ?? "");
      const otherPage = await other.newPage();
      await otherPage.goto("/account");
      await expect(otherPage.getByRole("heading", { level: 1, name: "Your Account" })).toBeVisible();

      await open(page, mode, "/account");
      const devices = page.getByRole("region", { name: "Signed-in devices" });
      await expect(devices.getByRole("listitem")).toHaveCount(2);
      await devices.getByRole("button", { name: "Sign out everywhere else" }).click();
      await expect(toast(page).filter({ hasText: "Signed out everywhere else" })).toBeVisible();
      await expect(devices.getByRole("listitem")).toHaveCount(1);
      await expect(devices).toContainText("No other device is signed in.");

      await otherPage.goto("/account");
      await expect(otherPage).toHaveURL(/\/login\?redirectTo=%2Faccount/);
      await other.close();
    });
  });
});
