import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { visit } from "./checkout-support";
import { expect, queryTestDatabase, test } from "./fixtures";
import { expectNoA11yViolations, failOnPageErrors, inBothModes } from "./page-checks";

// A student reads the privacy notice, downloads their data and reads the file
// back, then deletes their account after typing their password: they land on
// the home page, signed out, with a toast saying what is kept. With JavaScript
// and without.

const toast = (page: Page) => page.getByRole("region", { name: "Notifications (F8)" }).getByRole("status");

inBothModes((mode) => {
  test("read the notice, download my data, delete my account with its confirmation", async ({ page, student }) => {
    const checkErrors = failOnPageErrors(page);
    await visit(page, mode, "/account");
    await page.getByRole("link", { name: "Your data and privacy" }).click();
    await expect(page).toHaveURL((url) => url.pathname === "/account/privacy");
    await expect(page.getByRole("heading", { level: 1, name: "Your Data and Privacy" })).toBeVisible();
    const notice = page.getByRole("region", { name: "What we hold and why" });
    await expect(notice).toContainText("Withdrawing consent");
    await expect(notice).toContainText("Data Protection Board of India");
    await expectNoA11yViolations(page);

    const downloading = page.waitForEvent("download");
    await page.getByRole("link", { name: "Download my data" }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^my-data-\d{4}-\d{2}-\d{2}\.json$/);
    const file = JSON.parse(await readFile(await download.path(), "utf8"));
    expect(file.account).toMatchObject({ id: student.id, email: student.email, firstName: student.firstName });
    expect(file.omitted).toContain("password hash");

    await page.getByRole("link", { name: "Delete my account" }).click();
    const question = page.getByRole("region", { name: "Delete your account for good?" });
    await expect(question).toContainText("You have no orders, so no tax records are kept.");
    await expectNoA11yViolations(page);
    const password = question.getByLabel("Your current password");
    // The refusal is a 400, which the browser logs as a failed load: the check stops before it and starts again after.
    checkErrors();
    await password.fill("this is not my password");
    await question.getByRole("button", { name: "Yes, delete my account" }).click();
    await expect(question).toContainText("That is not your current password. Nothing was deleted.");
    expect(queryTestDatabase("SELECT id FROM users WHERE id = ? AND erased_at IS NULL", student.id)).toHaveLength(1);
    const checkLaterErrors = failOnPageErrors(page);

    await password.fill(student.password);
    await question.getByRole("button", { name: "Yes, delete my account" }).click();
    await expect(page).toHaveURL((url) => url.pathname === "/");
    await expect(toast(page)).toContainText("Your account is deleted");
    await expect(toast(page)).toContainText("Everything about you is erased. Nothing is kept.");
    expect(queryTestDatabase("SELECT id FROM users WHERE id = ? AND erased_at IS NOT NULL", student.id)).toHaveLength(1);

    await page.goto("/account");
    await expect(page).toHaveURL((url) => url.pathname === "/login");
    checkLaterErrors();
  });
});
