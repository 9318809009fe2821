import { expect, openTestDatabase, test } from "./fixtures";
import { waitForHydration } from "./hydration";
import { inBothModes } from "./page-checks";
import type { Locator } from "@playwright/test";

/** Whether the toast's leaving clock (its CSS animation) moves on over a few frames. */
function clockAdvances(toast: Locator): Promise<boolean> {
  return toast.evaluate(async (element) => {
    const times = () => element.getAnimations().map((animation) => Number(animation.currentTime));
    const frames = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    const before = times();
    for (let frame = 0; frame < 3; frame++) await frames();
    return times().some((time, index) => time > (before[index] ?? Infinity));
  });
}

// Toasts are flash messages from the server, so they appear after a redirect
// with or without JavaScript, and leave after 5 seconds either way.

inBothModes(() => {
  test("a signed-out visitor sent to sign in sees a toast that leaves after 5 seconds", async ({ page }) => {
    await page.goto("/enrollment-form?course=1");
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fenrollment-form%3Fcourse%3D1$/);
    const toast = page.getByRole("status").filter({ hasText: "Please sign in" });
    await expect(toast).toBeVisible();
    await expect(toast).toContainText("Sign in to fill in the enrollment form.");
    await expect(page.getByRole("region", { name: "Notifications (F8)" }).locator("li")).toHaveCount(1);
    // The clock is a CSS animation (so it runs without scripts too), set to end the toast 5000 ms in.
    expect(await toast.evaluate((element) => element.getAnimations().map((animation) => animation.effect?.getTiming().delay))).toContain(
      5000,
    );
    await expect(toast).toBeHidden({ timeout: 10_000 });

    // One-time: the next page has no toast.
    await page.goto("/about");
    await expect(page.getByRole("status").filter({ hasText: "Please sign in" })).toHaveCount(0);
  });

  test("a session that has ended gets the spec's destructive 'Unauthorized' toast", async ({ page, student }) => {
    const database = openTestDatabase();
    database.prepare("UPDATE sessions SET expire = ? WHERE sess LIKE ?").run(Date.now() - 1000, `%${student.id}%`);
    database.close();
    await page.goto("/enrollment-form");
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fenrollment-form$/);
    const toast = page.getByRole("alert").filter({ hasText: "Unauthorized" });
    await expect(toast).toBeVisible();
    await expect(toast).toContainText("You are logged out. Logging in again...");
  });
});

test.describe("with JavaScript", () => {
  test("F8 focuses the notifications region and the close button dismisses the toast", async ({ page }) => {
    await page.goto("/enrollment-form");
    await waitForHydration(page);
    const toast = page.getByRole("status").filter({ hasText: "Please sign in" });
    await expect(toast).toBeVisible();
    await page.keyboard.press("F8");
    await expect(page.getByRole("region", { name: "Notifications (F8)" })).toBeFocused();
    await toast.getByRole("button", { name: "Close notification" }).click();
    await expect(toast).toHaveCount(0);
  });

  test("hovering a toast keeps it on screen", async ({ page }) => {
    await page.goto("/enrollment-form");
    await waitForHydration(page);
    const toast = page.getByRole("status").filter({ hasText: "Please sign in" });
    await toast.hover();
    expect(await clockAdvances(toast)).toBe(false);
    await page.mouse.move(0, 0);
    expect(await clockAdvances(toast)).toBe(true);
  });
});
