import { randomUUID } from "node:crypto";
import { request as playwrightRequest, type Page } from "@playwright/test";
import { ANALYTICS_BASE_URL, ANALYTICS_DATABASE, ANALYTICS_TEST_ID } from "../../playwright.config";
import { expect, test } from "./fixtures";
import { createAdmin, plantAdminSession, signInAsAdmin } from "./admin-support";
import { waitForHydration } from "./hydration";

// With Google Analytics configured, each admin change and the logout send the
// event the product specification names (course_created, admin_logout…, category admin).

test.use({ baseURL: ANALYTICS_BASE_URL, javaScriptEnabled: true });

async function sentEvents(page: Page): Promise<unknown[][]> {
  return page.evaluate(() =>
    ((window as unknown as { dataLayer?: ArrayLike<unknown>[] }).dataLayer ?? [])
      .map((entry) => Array.from(entry))
      .filter((entry) => entry[0] === "event"),
  );
}

test("creating a course sends course_created and logging out sends admin_logout, in category admin", async ({ page, context }) => {
  // Analytics load only for a browser that accepted them (tests/e2e/analytics-consent.spec.ts).
  await context.addCookies([{ name: "analytics_consent", value: "granted", url: ANALYTICS_BASE_URL }]);
  await signInAsAdmin(context, ANALYTICS_BASE_URL, "admin", ANALYTICS_DATABASE);
  await page.goto("/admin/courses/new");
  await waitForHydration(page);
  const dialog = page.getByRole("dialog", { name: "Create New Course" });
  await dialog.getByRole("textbox", { name: "Title", exact: true }).fill(`Analytics Course ${randomUUID().slice(0, 8)}`);
  await dialog.getByLabel("Short description").fill("Short");
  await dialog.getByRole("textbox", { name: "Description", exact: true }).fill("Long");
  await dialog.getByLabel("Duration").fill("2 weeks");
  await dialog.getByRole("button", { name: "Create Course" }).click();
  await expect(page.getByRole("region", { name: "Notifications (F8)" })).toContainText("Course created");
  await expect
    .poll(() => sentEvents(page))
    .toContainEqual(["event", "course_created", expect.objectContaining({ event_category: "admin" })]);

  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL(`${ANALYTICS_BASE_URL}/`);
  await expect.poll(() => sentEvents(page)).toContainEqual(["event", "admin_logout", expect.objectContaining({ event_category: "admin" })]);
});

test("the Dashboard's and the Analytics tab's card read Connected with the tracking ID, and so does the API", async ({ page, context }) => {
  await signInAsAdmin(context, ANALYTICS_BASE_URL, "admin", ANALYTICS_DATABASE);
  for (const path of ["/admin", "/admin/analytics"]) {
    await page.goto(path);
    const card = page.getByRole("region", { name: "Google Analytics" });
    await expect(card).toContainText("Connected");
    await expect(card).not.toContainText("Not Connected");
    await expect(card).toContainText(`Tracking ID ${ANALYTICS_TEST_ID}`);
  }

  const { name, value } = await plantAdminSession(createAdmin("admin", ANALYTICS_DATABASE), ANALYTICS_DATABASE);
  const client = await playwrightRequest.newContext({ baseURL: ANALYTICS_BASE_URL, extraHTTPHeaders: { Cookie: `${name}=${value}` } });
  const body = await (await client.get("/api/admin/analytics")).json();
  expect(body).toMatchObject({ googleAnalyticsConnected: true, gaTrackingId: ANALYTICS_TEST_ID });
  await client.dispose();
});
