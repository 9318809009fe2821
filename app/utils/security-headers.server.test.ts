import { expect, test } from "vitest";
import { contentSecurityPolicy, securityHeaders } from "./security-headers.server";

test("the CSP allows our nonce and Google Analytics only when configured", () => {
  const without = contentSecurityPolicy("abc", {});
  expect(without).toContain("script-src 'self' 'nonce-abc'");
  expect(without).not.toContain("googletagmanager");
  expect(without).toContain("frame-ancestors 'none'");
  expect(without).toContain("object-src 'none'");
  expect(contentSecurityPolicy("abc", { GA_TRACKING_ID: "G-TEST123" })).toContain(
    "https://www.googletagmanager.com",
  );
});

test("HSTS only in production; nosniff and referrer policy always", () => {
  const dev = securityHeaders("n", { NODE_ENV: "development" });
  expect(dev["Strict-Transport-Security"]).toBeUndefined();
  expect(dev["X-Content-Type-Options"]).toBe("nosniff");
  expect(dev["Referrer-Policy"]).toBe("strict-origin-when-cross-origin");
  expect(securityHeaders("n", { NODE_ENV: "production" })["Strict-Transport-Security"]).toMatch(/max-age=/);
});
