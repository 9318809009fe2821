import { expect, test } from "@playwright/test";
import { failOnPageErrors } from "./page-checks";

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

  // Every card's cover, encoded or not (an upload shows as uploaded until its variants are made):
  // the first card's is fetched at once, the rest lazily, each with its size in the markup.
  const images = page.locator("article img");
  const imageCount = await images.count();
  expect(imageCount).toBeGreaterThanOrEqual(4);
  await expect(images.first()).toHaveAttribute("fetchpriority", "high");
  await expect(images.first()).toHaveAttribute("loading", "eager");
  await expect(images.nth(1)).toHaveAttribute("loading", "lazy");
  for (let index = 0; index < imageCount; index += 1) {
    await expect(images.nth(index)).toHaveAttribute("width", /^\d+$/);
    await expect(images.nth(index)).toHaveAttribute("height", /^\d+$/);
  }

  // The encoded ones (the seeded covers at least) in a <picture>.
  const covers = page.locator("article picture img");
  const count = await covers.count();
  expect(count).toBeGreaterThanOrEqual(4);
  for (let index = 0; index < count; index += 1) {
    const cover = covers.nth(index);
    await cover.scrollIntoViewIfNeeded();
    await expect.poll(() => cover.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
    // 360 CSS pixels wide: the smallest variant at least as wide (640 for a cover that large), in AVIF.
    const widths = ((await cover.getAttribute("srcset")) ?? "")
      .split(", ")
      .map((candidate) => Number(candidate.split(" ")[1]?.replace("w", "")));
    const wanted = widths.find((width) => width >= 360) ?? Math.max(...widths);
    const source = await cover.evaluate((image: HTMLImageElement) => image.currentSrc);
    expect(source).toMatch(new RegExp(`-${wanted}\\.avif$`));
    expect((await page.request.get(source)).headers()["content-type"]).toBe("image/avif");
  }

  const shifts = await page.evaluate(() => (window as unknown as { layoutShifts: number[] }).layoutShifts);
  expect(shifts.reduce((sum, value) => sum + value, 0)).toBe(0);
});
