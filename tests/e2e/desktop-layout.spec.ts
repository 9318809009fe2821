import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { failOnPageErrors, inBothModes } from "./page-checks";
import {
  chatButton,
  covers,
  DESKTOP,
  expectChatClearOfContactFields,
  expectChatClearOfFooterLinks,
  expectNoZeroRupees,
  MAIN_PAGES,
  open,
  pathOf,
  saveScreenshot,
} from "./layout-checks";

// A laptop, 1366 × 768: the course summary keeps the buy button in view as the page
// scrolls, the phone's extras stay away, and the chat button never covers a field.

test.use({ viewport: DESKTOP });

const summary = (page: Page) => page.getByRole("complementary", { name: "Course summary" });

inBothModes((mode) => {
  test.describe("desktop 1366 × 768", () => {
    test("course page: the summary's buy button stays in view while scrolling; no phone bar", async ({ page }) => {
      const assertNoErrors = failOnPageErrors(page);
      await open(page, mode, await pathOf(page, "course"));
      const buy = summary(page).getByRole("link", { name: "Login to Enroll" });
      await expect(buy).toBeVisible();
      await expect(page.locator("#course-buy")).toBeHidden();
      await expect(page.getByTestId("sticky-buy-bar")).toBeHidden();

      await page.getByRole("heading", { name: "Curriculum" }).scrollIntoViewIfNeeded();
      await page.evaluate(() => window.scrollBy(0, 600));
      await expect(buy).toBeInViewport({ ratio: 1 });
      await expect(page.getByTestId("sticky-buy-bar")).toBeHidden();
      expect(await covers(chatButton(page), buy)).toBe(false);
      assertNoErrors();
    });

    test("header: the main navigation shows, the phone menu does not", async ({ page }) => {
      await open(page, mode, "/about");
      await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Courses" })).toBeVisible();
      await expect(page.locator("header summary[aria-label=Menu]")).toBeHidden();
      await expect(page.locator("header").getByRole("link", { name: "Login" })).toBeInViewport({ ratio: 1 });
    });

    test("contact: the chat button never covers a focused field", async ({ page }) => {
      await open(page, mode, "/contact");
      await expectChatClearOfContactFields(page, false);
    });

    for (const name of MAIN_PAGES) {
      test(`${name}: no price reads ₹0, the chat button clear of the footer`, async ({ page }) => {
        await open(page, mode, await pathOf(page, name));
        await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
        await expectNoZeroRupees(page);
        await expectChatClearOfFooterLinks(page);
        if (mode.javaScriptEnabled) await saveScreenshot(page, `${name}-desktop`);
      });
    }
  });
});
