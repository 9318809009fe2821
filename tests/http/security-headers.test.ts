import { bodyTooLargeMessage, PUBLIC_BODY_LIMITS } from "../../app/utils/body-limits";
import { expect, test } from "./support/test";

// The headers and refusals every answer gets, whatever the route. Per-request
// nonces on pages the anonymous cache serves, and the build assets' caching,
// are the real server's (tests/e2e/security.spec.ts).

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
  const response = await request.get("/");
  expect(response.status()).toBe(200);
  const html = await response.text();
  expect(html).not.toContain("googletagmanager");
  expect(response.headers()["content-security-policy"]).not.toContain("googletagmanager");
});
