import { expect, test, type Page } from "@playwright/test";
import { ANALYTICS_BASE_URL, ANALYTICS_DATABASE, ANALYTICS_TEST_ID } from "../../playwright.config";
import { withDatabase } from "../support/database";
import { waitForHydration } from "./hydration";
import { expectNoA11yViolations, inBothModes, type Mode } from "./page-checks";

// The server with Google Analytics configured: its script is absent until the
// visitor accepts analytics in the banner, present after, and absent again once
// they decline in Cookie settings, with JavaScript on and off. Google's servers
// are out of reach here: the script's request is aborted, its element checked.

test.use({ baseURL: ANALYTICS_BASE_URL });

const gtagScript = (page: Page) => page.locator(`script[src="https://www.googletagmanager.com/gtag/js?id=${ANALYTICS_TEST_ID}"]`);
const banner = (page: Page) => page.getByRole("region", { name: "Analytics cookies" });

async function open(page: Page, mode: Mode, path: string) {
  const response = await page.goto(path);
  expect(response?.status()).toBe(200);
  if (mode.javaScriptEnabled) await waitForHydration(page);
}

const visitorRecords = (visitorId: string) =>
  withDatabase(
    (database) =>
      database
        .prepare("SELECT decision, source FROM consent_records WHERE visitor_id = ? AND purpose = 'analytics' ORDER BY id")
        .all(visitorId) as { decision: string; source: string }[],
    ANALYTICS_DATABASE,
  );

inBothModes((mode) => {
  test("no analytics before consent, analytics after accepting, none after declining in Cookie settings", async ({ page, context }) => {
    await page.route("https://www.googletagmanager.com/**", (route) => route.abort());

    await open(page, mode, "/courses");
    await expect(banner(page)).toBeVisible();
    await expect(banner(page)).toContainText("Nothing loads unless you accept");
    await expect(gtagScript(page)).toHaveCount(0);
    await expectNoA11yViolations(page);

    await banner(page).getByRole("button", { name: "Accept analytics" }).click();
    await expect(banner(page)).toHaveCount(0);
    await expect(page).toHaveURL(`${ANALYTICS_BASE_URL}/courses`);
    await expect(gtagScript(page).first()).toBeAttached();
    if (mode.javaScriptEnabled) expect(await page.evaluate(() => typeof window.gtag)).toBe("function");
    const visitorId = (await context.cookies()).find((cookie) => cookie.name === "visitor_id")?.value ?? "";
    expect(visitorRecords(visitorId)).toEqual([{ decision: "granted", source: "banner" }]);

    // Another page keeps the choice.
    await open(page, mode, "/events");
    await expect(gtagScript(page).first()).toBeAttached();
    await expect(banner(page)).toHaveCount(0);

    await page.getByRole("contentinfo").getByRole("link", { name: "Cookie settings" }).click();
    const settings = page.getByRole("region", { name: "Cookie settings" });
    await expect(settings).toContainText("You accepted analytics cookies on this browser");
    await settings.getByRole("button", { name: "Decline" }).click();
    await expect(settings).toContainText("You declined analytics cookies on this browser");
    expect(visitorRecords(visitorId)).toEqual([
      { decision: "granted", source: "banner" },
      { decision: "withdrawn", source: "cookie-settings" },
    ]);

    await open(page, mode, "/courses");
    await expect(gtagScript(page)).toHaveCount(0);
    await expect(banner(page)).toHaveCount(0);
  });
});

test("on a 360 px phone the banner leaves the page's top and the chat button free", async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.route("https://www.googletagmanager.com/**", (route) => route.abort());
  await page.goto("/courses");
  const box = await banner(page).boundingBox();
  expect(box).not.toBeNull();
  // A strip at the bottom, at most a third of the screen.
  expect(box!.y + box!.height).toBeCloseTo(740, 0);
  expect(box!.height).toBeLessThanOrEqual(740 / 3);
  const accept = await banner(page).getByRole("button", { name: "Accept analytics" }).boundingBox();
  const chat = await page.getByRole("complementary", { name: "Chat" }).boundingBox();
  expect(accept).not.toBeNull();
  expect(chat).not.toBeNull();
  expect(accept!.x + accept!.width).toBeLessThanOrEqual(chat!.x);
});
