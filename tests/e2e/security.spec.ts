import { expect, test } from "@playwright/test";

// What only the real server shows: the anonymous page cache's answers carry
// their own nonce, Express serves the build's assets, and the browser honours
// reduced motion. Headers and refusals of every answer: tests/http/security-headers.test.ts.

test("documents carry the security headers and a per-request CSP nonce", async ({ request }) => {
  const first = await request.get("/");
  const second = await request.get("/");
  const csp = first.headers()["content-security-policy"] ?? "";
  expect(csp).toContain("default-src 'self'");
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+'/);
  expect(second.headers()["content-security-policy"]).not.toBe(csp);
  expect(first.headers()["x-content-type-options"]).toBe("nosniff");
  expect(first.headers()["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  expect(first.headers()["x-powered-by"]).toBeUndefined();
  const html = await first.text();
  const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
  expect(nonce).toBeTruthy();
  expect(html).toContain(`nonce="${nonce}"`);
  // The second answer may come from the anonymous page cache: it must carry its own nonce.
  const secondNonce = /'nonce-([^']+)'/.exec(second.headers()["content-security-policy"] ?? "")?.[1];
  const secondHtml = await second.text();
  expect(secondHtml).toContain(`nonce="${secondNonce}"`);
  expect(secondHtml).not.toContain(`nonce="${nonce}"`);
});

test("static build assets are cached for a year, pages are not", async ({ request }) => {
  const page = await request.get("/");
  expect(page.headers()["cache-control"] ?? "").not.toContain("immutable");
  const html = await page.text();
  const asset = /\/assets\/[^"]+\.js/.exec(html)?.[0];
  expect(asset).toBeTruthy();
  const response = await request.get(asset ?? "");
  expect(response.headers()["cache-control"]).toContain("immutable");
});

test.describe("reduced motion", () => {
  test.use({ reducedMotion: "reduce" });
  test("marquees stop when the visitor prefers reduced motion", async ({ page }) => {
    await page.goto("/");
    const tracks = page.locator(".marquee-track");
    expect(await tracks.count()).toBeGreaterThan(0);
    // No animation runs on a track (the Web Animations API lists CSS animations in play).
    for (const track of await tracks.all()) expect(await track.evaluate((el) => el.getAnimations().length)).toBe(0);
  });

  test("without that preference the marquees do move", async ({ browser }) => {
    const context = await browser.newContext({ reducedMotion: "no-preference" });
    const page = await context.newPage();
    await page.goto("/");
    const running = await page
      .locator(".marquee-track")
      .first()
      .evaluate((el) => el.getAnimations().filter((a) => a.playState === "running").length);
    expect(running).toBeGreaterThan(0);
    await context.close();
  });
});
