import { TEST_SESSION_SECRET } from "../../support/accounts";
import { TEST_STRIPE_SECRET_KEY, TEST_STRIPE_WEBHOOK_SECRET } from "../../support/stripe";

// The same session secret and Stripe keys as every other test server; the
// other secrets are the suite's own.
// What every server of the reliability suite shares, and the build made for
// them (the global setup reads this before any test runs).

export const RELIABILITY_SESSION_SECRET = TEST_SESSION_SECRET;
/** Configured on every server the suite starts (and on the build): none may reach the browser. */
export const RELIABILITY_SECRETS = {
  SESSION_SECRET: RELIABILITY_SESSION_SECRET,
  // Not built from the Admin ID (reliability-admin): start-up refuses such a password.
  ADMIN_PASSWORD: "saffron lantern beside the quay",
  STRIPE_SECRET_KEY: TEST_STRIPE_SECRET_KEY,
  STRIPE_WEBHOOK_SECRET: TEST_STRIPE_WEBHOOK_SECRET,
  OAUTH_CLIENT_SECRET: "reliability-oauth-client-secret-5d8e",
  CHAT_LLM_API_KEY: "reliability-chat-llm-api-key-2b6f",
} as const;

/** The first port; each file adds its own offset (see each file's SITE_PORT). */
export const BASE_PORT = Number(process.env.RELIABILITY_PORT ?? 3700);
export const BUILD_DIR = process.env.SITE_BUILD_DIR ?? "build";
