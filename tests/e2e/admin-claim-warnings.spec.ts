import { expect, test } from "./fixtures";
import { signInAsAdmin, uniqueTitle, visitAdmin } from "./admin-support";
import { failOnPageErrors, inBothModes } from "./page-checks";

// A course description with a claim of returns: with JavaScript the notice
// under the text names the phrase as it is typed; either way the course is
// saved and the next page's toast warns with the same words.

const REMINDER = "Do not use market prices from the last 30 days (SEBI, 8 May 2026); date every chart.";
const WARNING = "This reads as a claim of returns or performance, which SEBI forbids: “guaranteed returns”. Please reword it.";

inBothModes((mode) => {
  test(`a claim in a course description is named, and the course is saved anyway (${mode.label})`, async ({ page, context, baseURL }) => {
    failOnPageErrors(page);
    await signInAsAdmin(context, baseURL ?? "");
    await visitAdmin(page, mode, "/admin/courses/new");
    const dialog = page.getByRole("dialog", { name: "Create New Course" });
    await expect(dialog.getByText(REMINDER)).toBeVisible();

    const title = uniqueTitle("Candles");
    await dialog.getByRole("textbox", { name: "Title", exact: true }).fill(title);
    await dialog.getByLabel("Short description").fill("Reading price charts, step by step.");
    await dialog.getByRole("textbox", { name: "Price (₹)", exact: true }).fill("4999");
    await dialog.getByLabel("Duration").fill("6 weeks");
    const description = dialog.getByRole("textbox", { name: "Description", exact: true });
    await description.fill("Learn to read candles.");
    await expect(dialog.getByText(WARNING)).toHaveCount(0);
    await description.fill("Learn to read candles. Our students get guaranteed returns.");
    if (mode.javaScriptEnabled) {
      await expect(dialog.getByRole("status").filter({ hasText: WARNING })).toBeVisible();
      await description.fill("Learn to read candles. We promise no guaranteed returns.");
      await expect(dialog.getByText(WARNING)).toHaveCount(0);
      await description.fill("Learn to read candles. Our students get guaranteed returns.");
      await expect(dialog.getByText(WARNING)).toBeVisible();
    } else {
      // Without JavaScript nothing is checked before the save.
      await expect(dialog.getByText(WARNING)).toHaveCount(0);
    }

    await dialog.getByRole("button", { name: "Create Course" }).click();
    await expect(page).toHaveURL(/\/admin\/courses$/);
    const notices = page.getByRole("region", { name: "Notifications (F8)" });
    await expect(notices).toContainText("Course created");
    await expect(notices).toContainText(WARNING);
    await expect(page.getByRole("heading", { name: title })).toBeVisible();
  });
});
