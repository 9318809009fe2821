import { expect, test } from "@playwright/test";
import { failOnPageErrors } from "./support";

// Covers on a cheap phone: every course card's image has its size in the
// markup, arrives in a modern format at a phone's width, and nothing on the
// page moves when the images arrive (cumulative layout shift 0).

test.use({ viewport: { width: 360, height: 740 } });

test("course cards reserve their covers' space and load AVIF at a phone's width without moving the page", async ({ page }) => {
  failOnPageErrors(page);
  // Layout shifts are recorded from the first paint, before any script of the page runs.
  await page.addInitScript(() => {
    const shifts: number[] = [];
    Object.assign(window, { layoutShifts: shifts });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[])
        if (!entry.hadRecentInput) shifts.push(entry.value);
    }).observe({ type: "layout-shift", buffered: true });
  });
  await page.goto("/courses");

  const covers = page.locator("article picture img");
  const count = await covers.count();
  expect(count).toBeGreaterThanOrEqual(4);
  await expect(covers.first()).toHaveAttribute("fetchpriority", "high");
  await expect(covers.nth(1)).toHaveAttribute("loading", "lazy");
  for (let index = 0; index < count; index += 1) {
    const cover = covers.nth(index);
    await expect(cover).toHaveAttribute("width", /^\d+$/);
    await expect(cover).toHaveAttribute("height", /^\d+$/);
    await cover.scrollIntoViewIfNeeded();
    await expect.poll(() => cover.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
    // 360 CSS pixels wide: the 640 variant (the smallest at least as wide), in AVIF.
    const source = await cover.evaluate((image: HTMLImageElement) => image.currentSrc);
    expect(source).toMatch(/-640\.avif$/);
    expect((await page.request.get(source)).headers()["content-type"]).toBe("image/avif");
  }

  const shifts = await page.evaluate(() => (window as unknown as { layoutShifts: number[] }).layoutShifts);
  expect(shifts.reduce((sum, value) => sum + value, 0)).toBe(0);
});
