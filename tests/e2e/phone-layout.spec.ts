import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { failOnPageErrors, inBothModes } from "./page-checks";
import {
  chatButton,
  covers,
  expectChatClearOfContactFields,
  expectChatClearOfFooterLinks,
  expectNoZeroRupees,
  MAIN_PAGES,
  open,
  pathOf,
  PHONE,
  saveScreenshot,
  smallTouchTargets,
} from "./layout-checks";

// A cheap phone, 360 × 740: the price and the buy button in the first screen, a buy bar
// once they scroll away, thumb-sized targets, and nothing floating over what the
// visitor is doing.

test.use({ viewport: PHONE });

const header = (page: Page) => page.locator("header").first();
const buyBar = (page: Page) => page.getByTestId("sticky-buy-bar");
const firstScreenBuy = (page: Page) => page.locator("#course-buy");

inBothModes((mode) => {
  test.describe("phone 360 × 740", () => {
    test("course page: price and buy button in the first screen, then a bar at the bottom once scrolled", async ({ page }) => {
      const assertNoErrors = failOnPageErrors(page);
      await open(page, mode, await pathOf(page, "course"));
      const block = firstScreenBuy(page);
      await expect(block.getByRole("link", { name: "Login to Enroll" })).toBeInViewport({ ratio: 1 });
      await expect(block.getByText(/^(₹[\d,]+|Free)$/).first()).toBeInViewport({ ratio: 1 });
      await expectNoZeroRupees(page);

      // Far down the page (the curriculum and the description), the bar holds the same link.
      await page
        .getByRole("heading", { name: "Course Overview" })
        .evaluate((heading) => window.scrollBy(0, heading.getBoundingClientRect().top + 1500));
      const barLink = buyBar(page).getByRole("link", { name: "Login to Enroll" });
      await expect(barLink).toBeInViewport({ ratio: 1 });
      await expect(barLink).toHaveAttribute(
        "href",
        (await block.getByRole("link", { name: "Login to Enroll" }).getAttribute("href")) ?? "",
      );
      const bar = await buyBar(page).boundingBox();
      expect(bar).not.toBeNull();
      expect(Math.round(bar!.y + bar!.height)).toBe(PHONE.height);
      // The chat button floats at the bar's right end, clear of its button.
      expect(await covers(chatButton(page), barLink)).toBe(false);

      if (mode.javaScriptEnabled) {
        // Back at the top the first-screen block is in view again, so the bar goes.
        await page.evaluate(() => window.scrollTo(0, 0));
        await expect(buyBar(page)).toBeHidden();
      }
      assertNoErrors();
    });

    test("header: a 44 px menu button and sign-in within reach; toasts stay clear of them", async ({ page }) => {
      await open(page, mode, "/about");
      const menu = header(page).locator("summary[aria-label=Menu]");
      const box = await menu.boundingBox();
      expect(box!.width).toBeGreaterThanOrEqual(44);
      expect(box!.height).toBeGreaterThanOrEqual(44);
      const login = header(page).getByRole("link", { name: "Login" });
      await expect(login).toBeInViewport({ ratio: 1 });
      await menu.click();
      const mobileNav = page.getByRole("navigation", { name: "Mobile" });
      await expect(mobileNav.getByRole("link", { name: "Events" })).toBeVisible();
      for (const link of await mobileNav.getByRole("link").all()) expect((await link.boundingBox())!.height).toBeGreaterThanOrEqual(44);

      // A page that sends the visitor to sign in shows a toast: it sits below the header.
      await page.goto("/enrollment-form?course=1");
      const toast = page.getByRole("status").filter({ hasText: "Please sign in" });
      await expect(toast).toBeVisible();
      for (const control of [header(page).locator("summary[aria-label=Menu]"), header(page).getByRole("link", { name: "Login" })])
        expect(await covers(toast, control)).toBe(false);
    });

    test("contact: the chat button never covers the field being filled in", async ({ page }) => {
      await open(page, mode, "/contact");
      await expectChatClearOfContactFields(page, true);
      // Focus elsewhere brings the button back.
      await page.getByRole("heading", { level: 1 }).click();
      await expect(chatButton(page)).toBeVisible();
    });

    test("while a dialog is open the chat button steps aside, clear of its buttons", async ({ page, student: _signedIn }) => {
      const events = (await (await page.request.get("/api/events")).json()) as { id: number; eventDate: string; price: string }[];
      const open_ = events.find((event) => Date.parse(event.eventDate) > Date.now() && Number(event.price) === 0);
      await open(page, mode, `/events/${open_!.id}/register`);
      const dialog = page.getByRole("dialog", { name: "Register for Event" });
      await expect(dialog).toBeVisible();
      await expect(chatButton(page)).toBeHidden();
      for (const button of await dialog.getByRole("button").all()) expect(await covers(chatButton(page), button)).toBe(false);
    });

    for (const name of MAIN_PAGES) {
      test(`${name}: every link and button is at least 44 × 44 px, no price reads ₹0, the chat button clear of the footer`, async ({
        page,
      }) => {
        await open(page, mode, await pathOf(page, name));
        expect(await smallTouchTargets(page)).toEqual([]);
        await expectNoZeroRupees(page);
        await expectChatClearOfFooterLinks(page);
        if (mode.javaScriptEnabled) await saveScreenshot(page, `${name}-phone`);
      });
    }
  });
});

// Scripts measure what to rise above, so this one is for pages with JavaScript.
test("phone 360 × 740: the chat button rises above anything at the bottom marked data-avoid-chat", async ({ page }) => {
  await open(page, { javaScriptEnabled: true, label: "with JavaScript" }, "/about");
  // A bottom banner of the kind a consent notice is: fixed, full width, 120 px tall.
  const bannerTop = await page.evaluate(() => {
    const element = document.createElement("div");
    element.setAttribute("data-avoid-chat", "");
    element.style.cssText = "position:fixed;left:0;right:0;bottom:0;height:120px;background:#fff";
    element.textContent = "A notice at the bottom";
    document.body.append(element);
    return element.getBoundingClientRect().top;
  });
  await expect(async () => {
    const box = (await chatButton(page).boundingBox())!;
    expect(box.y + box.height).toBeLessThanOrEqual(bannerTop);
  }).toPass();
  expect(await covers(chatButton(page), page.getByText("A notice at the bottom"))).toBe(false);
});
