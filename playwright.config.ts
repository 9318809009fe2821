import { defineConfig } from "@playwright/test";
import { CHROMIUM_ARGS, CHROMIUM_EXECUTABLE } from "./tests/setup/chromium";

// E2E_PORT lets several runs share one machine (each also sets SITE_BUILD_DIR).
const PORT = Number(process.env.E2E_PORT ?? 3100);
const ANALYTICS_PORT = PORT + 50;
/** The main test server's database, which fixtures write to directly. */
export const E2E_DATABASE = `data/e2e-${PORT}.db`;
// Specs that add events, courses or other content of their own (checkout, the
// admin area's create/edit/delete) run after the specs that compare whole
// lists with the database, so neither sees the other.
const DATA_WRITING_SPECS = /(event-registration|checkout|admin-(?!login)[\w-]+)\.spec\.ts$/;
export const E2E_SESSION_SECRET = "e2e-session-secret-that-is-at-least-32-chars";
export const ANALYTICS_TEST_ID = "G-E2ETEST123";
/** The same build served with Google Analytics configured. */
export const ANALYTICS_BASE_URL = `http://localhost:${ANALYTICS_PORT}`;
/** That server's database (payments are off there). */
export const ANALYTICS_DATABASE = `data/e2e-${ANALYTICS_PORT}.db`;

// A real OpenID provider (tests/fixtures/oidc-provider.ts) on 127.0.0.1, so
// its cookies never mix with the app's (cookies ignore ports, not hosts).
const OIDC_PORT = PORT + 60;
export const OIDC_ISSUER = `http://127.0.0.1:${OIDC_PORT}`;
export const OAUTH_PROVIDER_NAME = "Test Identity";
export const OAUTH_CLIENT_ID = "e2e-site";
const OAUTH_CLIENT_SECRET = "e2e-site-client-secret";
/** The main server offers OAuth sign-in; the analytics server does not. */
const OAUTH_ENV = {
  OAUTH_CLIENT_ID,
  OAUTH_CLIENT_SECRET,
  OAUTH_ISSUER: OIDC_ISSUER,
  OAUTH_PROVIDER_NAME,
};
const NO_OAUTH_ENV = { OAUTH_CLIENT_ID: "", OAUTH_CLIENT_SECRET: "", OAUTH_ISSUER: "" };

// A Stripe-compatible server (tests/fixtures/fake-stripe.ts) that the main
// server's real Stripe SDK talks to; the analytics server has payments off.
const FAKE_STRIPE_PORT = PORT + 70;
export const FAKE_STRIPE_URL = `http://127.0.0.1:${FAKE_STRIPE_PORT}`;
export const STRIPE_SECRET_KEY = "sk_test_e2e_secret_key";
export const STRIPE_WEBHOOK_SECRET = "whsec_e2e_webhook_signing_secret";
const STRIPE_ENV = {
  STRIPE_SECRET_KEY,
  STRIPE_PUBLISHABLE_KEY: "pk_test_e2e_publishable_key",
  STRIPE_WEBHOOK_SECRET,
  STRIPE_API_URL: FAKE_STRIPE_URL,
};
const NO_STRIPE_ENV = { STRIPE_SECRET_KEY: "", STRIPE_PUBLISHABLE_KEY: "", STRIPE_WEBHOOK_SECRET: "", STRIPE_API_URL: "" };

export default defineConfig({
  testDir: "tests/e2e",
  outputDir: `test-results/${PORT}`,
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  retries: process.env.CI ? 1 : 0,
  workers: 2,
  // Generous: no-JavaScript axe audits copy the page into a second context, and on a
  // busy 2-core machine a long flow takes several times what it takes alone.
  timeout: 60_000,
  expect: { timeout: 7_000 },
  reporter: process.env.CI ? [["list"]] : [["list"]],
  use: {
    baseURL: `http://localhost:${PORT}`,
    trace: "retain-on-failure",
    launchOptions: { executablePath: CHROMIUM_EXECUTABLE, args: CHROMIUM_ARGS },
  },
  projects: [
    { name: "chromium", testIgnore: DATA_WRITING_SPECS },
    { name: "chromium-data-writes", testMatch: DATA_WRITING_SPECS, dependencies: ["chromium"] },
  ],
  webServer: [
    {
      command: "tsx tests/fixtures/oidc-provider.ts",
      url: `${OIDC_ISSUER}/.well-known/openid-configuration`,
      timeout: 60_000,
      reuseExistingServer: false,
      stdout: "pipe" as const,
      env: {
        OIDC_PORT: String(OIDC_PORT),
        OIDC_CLIENT_ID: OAUTH_CLIENT_ID,
        OIDC_CLIENT_SECRET: OAUTH_CLIENT_SECRET,
        OIDC_REDIRECT_URIS: `http://localhost:${PORT}/auth/oauth/callback`,
      },
    },
    {
      command: "tsx tests/fixtures/fake-stripe.ts",
      url: `${FAKE_STRIPE_URL}/health`,
      timeout: 60_000,
      reuseExistingServer: false,
      stdout: "pipe" as const,
      env: {
        FAKE_STRIPE_PORT: String(FAKE_STRIPE_PORT),
        STRIPE_SECRET_KEY,
        STRIPE_WEBHOOK_SECRET,
        FAKE_STRIPE_WEBHOOK_URL: `http://localhost:${PORT}/api/stripe/webhook`,
      },
    },
    ...[PORT, ANALYTICS_PORT].map((port) => {
      const database = `data/e2e-${port}.db`;
      return {
        // A fresh database with the demo content for every run, served by the
        // production build exactly as `npm start` serves it. The first server
        // offers OAuth sign-in against the test provider; the second has
        // Google Analytics configured (and no OAuth, no payments).
        command: `rm -f ${database} ${database}-wal ${database}-shm && tsx scripts/start.ts`,
        url: `http://localhost:${port}/healthz`,
        timeout: 300_000,
        reuseExistingServer: false,
        stdout: "pipe" as const,
        env: {
          PORT: String(port),
          DATABASE_URL: database,
          NODE_ENV: "production",
          SESSION_SECRET: E2E_SESSION_SECRET,
          // The tests stand in for a reverse proxy on loopback: X-Forwarded-For names
          // the visitor, so one test can be many visitors (per-address limits).
          TRUST_PROXY: "loopback",
          ...(port === PORT ? { ...OAUTH_ENV, ...STRIPE_ENV } : { GA_TRACKING_ID: ANALYTICS_TEST_ID, ...NO_OAUTH_ENV, ...NO_STRIPE_ENV }),
        },
      };
    }),
  ],
});
