import { expect, test } from "@playwright/test";
import { bodyTooLargeMessage, PUBLIC_BODY_LIMITS } from "../../app/utils/body-limits";
import { ANALYTICS_BASE_URL, ANALYTICS_TEST_ID } from "../../playwright.config";

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

test("API responses carry the same headers", async ({ request }) => {
  const response = await request.get("/healthz");
  expect(response.headers()["x-content-type-options"]).toBe("nosniff");
  expect(response.headers()["content-security-policy"]).toContain("frame-ancestors 'none'");
});

test("oversized request bodies are refused before the app reads them", async ({ request }) => {
  const response = await request.post("/api/contact", {
    data: "x".repeat(1024 * 1024 + 10),
    headers: { "Content-Type": "application/json" },
  });
  expect(response.status()).toBe(413);
  expect(await response.json()).toEqual({ message: bodyTooLargeMessage(PUBLIC_BODY_LIMITS) });
});

test("no analytics tag when no tracking ID is configured", async ({ request }) => {
  const html = await (await request.get("/")).text();
  expect(html).not.toContain("googletagmanager");
});

test("the analytics tag is on the page when a tracking ID is configured", async ({ request }) => {
  const response = await request.get(`${ANALYTICS_BASE_URL}/`);
  const html = await response.text();
  expect(html).toContain(`https://www.googletagmanager.com/gtag/js?id=${ANALYTICS_TEST_ID}`);
  expect(response.headers()["content-security-policy"]).toContain("https://www.googletagmanager.com");
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
    for (const track of await tracks.all()) expect(await track.evaluate((el) => getComputedStyle(el).animationName)).toBe("none");
  });
});
