import { randomUUID } from "node:crypto";
import { LEGAL_PAGES } from "../../app/content/legal-pages";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { signInAsAdmin, toast, visitAdmin } from "./admin-support";
import { expectNoA11yViolations, failOnPageErrors, inBothModes } from "./page-checks";

// The legal pages as a visitor reaches them (from the footer of any page) and
// as an admin changes them on the Settings tab. The HTTP tests cover the
// texts, the disclaimer on every page, who may save and what is refused.

async function expectDisclaimerNote(page: Page) {
  const note = page.getByRole("region", { name: "Disclaimer" });
  await expect(note).toContainText("Past performance never indicates future results.");
  await expect(note).toContainText("is not registered with SEBI");
  await expectNoA11yViolations(page);
}

inBothModes((mode) => {
  test(`the footer leads to each legal page, each readable and accessible (${mode.label})`, async ({ page }) => {
    failOnPageErrors(page);
    for (const legalPage of LEGAL_PAGES) {
      await page.goto("/courses");
      const footer = page.getByRole("contentinfo");
      await expect(footer.getByText("not investment advice")).toBeVisible();
      await footer.getByRole("link", { name: legalPage.title, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`${legalPage.path}$`));
      await expect(page.getByRole("heading", { level: 1, name: legalPage.title })).toBeVisible();
      await expect(page.getByText(/^Last updated: /)).toBeVisible();
      await expectNoA11yViolations(page);
    }
  });

  test(`a course page and a blog post end with the disclaimer in full (${mode.label})`, async ({ page }) => {
    failOnPageErrors(page);
    await page.goto("/courses");
    await page
      .getByRole("link", { name: /^View Details: / })
      .first()
      .click();
    await expect(page).toHaveURL(/\/courses\/\d+$/);
    await expectDisclaimerNote(page);

    // A post's title always links to its own page.
    await page.goto("/blog");
    await page.getByRole("heading", { level: 3 }).getByRole("link").first().click();
    await expect(page).toHaveURL(/\/blog\/[^/]+$/);
    await expectDisclaimerNote(page);
  });

  test(`an admin rewrites the refund policy and the page shows it (${mode.label})`, async ({ page, context, baseURL }) => {
    failOnPageErrors(page);
    await signInAsAdmin(context, baseURL!);
    await visitAdmin(page, mode, "/admin/settings");
    const card = page.getByRole("region", { name: "Legal pages" });
    const policy = card.getByRole("textbox", { name: "Refund policy (/refund-policy)" });

    await policy.fill("");
    await card.getByRole("button", { name: "Save legal pages" }).click();
    await expect(card.getByText("Refund policy is required")).toBeVisible();

    const promise = `Fees are refunded in full within 7 days if no lesson was opened (${randomUUID().slice(0, 8)}).`;
    await page
      .getByRole("region", { name: "Legal pages" })
      .getByRole("textbox", { name: "Refund policy (/refund-policy)" })
      .fill(`**${promise}**`);
    await page.getByRole("region", { name: "Legal pages" }).getByRole("button", { name: "Save legal pages" }).click();
    await expect(toast(page)).toContainText("Legal pages are up to date.");

    await page.goto("/refund-policy");
    await expect(page.getByRole("heading", { level: 1, name: "Refund Policy" })).toBeVisible();
    await expect(page.locator("strong", { hasText: promise })).toBeVisible();
  });
});

inBothModes((mode) => {
  test(`an admin names the grievance officer; /grievances and the footer show the same contact (${mode.label})`, async ({
    page,
    context,
    baseURL,
  }) => {
    failOnPageErrors(page);
    await signInAsAdmin(context, baseURL!);
    await visitAdmin(page, mode, "/admin/settings");
    const card = () => page.getByRole("region", { name: "Registration and grievances" });
    await card().getByRole("textbox", { name: "Grievance officer's designation" }).fill("");
    await card().getByRole("button", { name: "Save registration and grievances" }).click();
    await expect(card().getByText("Grievance officer's designation is required")).toBeVisible();

    const name = `Kavita Rao ${randomUUID().slice(0, 4).replace(/\d/g, "x")}`;
    await card().getByRole("textbox", { name: "Grievance officer's name" }).fill(name);
    await card().getByRole("textbox", { name: "Grievance officer's designation" }).fill("Head of Compliance");
    await card().getByRole("textbox", { name: "Grievance officer's email" }).fill("kavita.rao@example.com");
    await card().getByRole("textbox", { name: "Grievance officer's phone" }).fill("+91 91234 56789");
    await card().getByRole("button", { name: "Save registration and grievances" }).click();
    await expect(toast(page)).toContainText("up to date");

    await page.goto("/courses");
    const footer = page.getByRole("contentinfo");
    await expect(footer).toContainText(`${name}, Head of Compliance`);
    await expect(footer.getByRole("link", { name: "kavita.rao@example.com" })).toHaveAttribute("href", "mailto:kavita.rao@example.com");
    await footer.getByRole("link", { name: "Grievance officer", exact: true }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Grievances" })).toBeVisible();
    const main = page.getByRole("main");
    await expect(main).toContainText(name);
    await expect(main).toContainText("Head of Compliance");
    await expect(main.getByRole("link", { name: "kavita.rao@example.com" })).toHaveAttribute("href", "mailto:kavita.rao@example.com");
    await expect(main.getByRole("link", { name: "+91 91234 56789" })).toHaveAttribute("href", "tel:+919123456789");
    await expect(main).toContainText("within 48 hours");
    await expect(main).toContainText("within one month");
    await expectNoA11yViolations(page);
  });
});
