import { MEETING_FORM_TARGETS } from "./meeting-services";
import { expect, test } from "vitest";
import { contentSecurityPolicy, securityHeaders } from "./security-headers.server";

test("the CSP allows our nonce and Google Analytics only when configured", () => {
  const without = contentSecurityPolicy("abc", {});
  expect(without).toContain("script-src 'self' 'nonce-abc'");
  expect(without).not.toContain("googletagmanager");
  expect(without).toContain("frame-ancestors 'none'");
  expect(without).toContain("object-src 'none'");
  expect(contentSecurityPolicy("abc", { GA_TRACKING_ID: "G-TEST123" })).toContain("https://www.googletagmanager.com");
});

test("HSTS, nosniff and the referrer policy on every answer, in development too", () => {
  const headers = securityHeaders("n", {});
  expect(headers["Strict-Transport-Security"]).toMatch(/max-age=/);
  expect(headers["X-Content-Type-Options"]).toBe("nosniff");
  expect(headers["Referrer-Policy"]).toBe("strict-origin-when-cross-origin");
});

/** A live class's Join answers with a redirect to its meeting: the meeting services are always form targets. */
const MEETINGS = MEETING_FORM_TARGETS.join(" ");

test("Join may lead to a meeting on Zoom, Google Meet, YouTube Live or Jitsi, and nowhere else", () => {
  const policy = contentSecurityPolicy("n", {});
  for (const host of ["https://zoom.us", "https://*.zoom.us", "https://meet.google.com", "https://www.youtube.com", "https://meet.jit.si"])
    expect(
      policy
        .split("; ")
        .find((directive) => directive.startsWith("form-action "))
        ?.split(" "),
    ).toContain(host === "https://www.youtube.com" ? "https://*.youtube.com" : host);
  expect(policy).not.toMatch(/form-action[^;]*https:\/\/\*[;\s]/);
});

test("Stripe's hosts are allowed only when payments are configured", () => {
  const without = contentSecurityPolicy("n", {});
  expect(without).toContain(`form-action 'self' ${MEETINGS};`);
  expect(without).not.toContain("stripe.com");
  const live = contentSecurityPolicy("n", { STRIPE_SECRET_KEY: "sk_live_x", STRIPE_PUBLISHABLE_KEY: "pk_live_x" });
  expect(live).toContain("form-action 'self' https://checkout.stripe.com");
  expect(live).toContain("connect-src 'self' https://api.stripe.com");
  expect(live).toMatch(/frame-src [^;]*https:\/\/js\.stripe\.com/);
  // Tests point Stripe at a server on loopback, whose hosted page the form must reach.
  const mocked = contentSecurityPolicy("n", {
    STRIPE_SECRET_KEY: "sk_test_x",
    STRIPE_PUBLISHABLE_KEY: "pk_test_x",
    STRIPE_API_URL: "http://127.0.0.1:3170",
  });
  expect(mocked).toContain("form-action 'self' http://127.0.0.1:3170");
});

test("the sign-in provider's origin is a form target only when OAuth is configured", () => {
  expect(contentSecurityPolicy("n", { OAUTH_ISSUER: "https://accounts.example.com/tenant" })).toContain(`form-action 'self' ${MEETINGS};`);
  const configured = { OAUTH_CLIENT_ID: "id", OAUTH_CLIENT_SECRET: "secret" };
  expect(contentSecurityPolicy("n", { ...configured, OAUTH_ISSUER: "https://accounts.example.com/tenant" })).toContain(
    `form-action 'self' https://accounts.example.com ${MEETINGS};`,
  );
  expect(contentSecurityPolicy("n", { ...configured, OAUTH_AUTHORIZATION_URL: "https://login.example.org/oauth/authorize" })).toContain(
    `form-action 'self' https://login.example.org ${MEETINGS};`,
  );
});

test("Razorpay's checkout script, frames and hosted page are allowed only while Razorpay takes payments", () => {
  const keys = { RAZORPAY_KEY_ID: "rzp_live_abc123", RAZORPAY_KEY_SECRET: "secret-of-the-key" };
  const live = contentSecurityPolicy("n", keys);
  expect(live).toMatch(/script-src [^;]*https:\/\/checkout\.razorpay\.com/);
  expect(live).toMatch(/frame-src [^;]*https:\/\/api\.razorpay\.com https:\/\/checkout\.razorpay\.com/);
  expect(live).toContain("form-action 'self' https://api.razorpay.com");
  expect(live).not.toContain("stripe.com");
  const stripeChosen = contentSecurityPolicy("n", {
    ...keys,
    STRIPE_SECRET_KEY: "sk_live_x",
    STRIPE_PUBLISHABLE_KEY: "pk_live_x",
    PAYMENTS_PROVIDER: "stripe",
  });
  expect(stripeChosen).not.toContain("razorpay.com");
  const mocked = contentSecurityPolicy("n", { ...keys, RAZORPAY_API_URL: "http://127.0.0.1:5181" });
  expect(mocked).toContain("form-action 'self' http://127.0.0.1:5181");
});
