import { defineConfig } from "@playwright/test";
import { CHROMIUM_ARGS, TEST_BROWSER_EXECUTABLE } from "./tests/support/chromium";
import { TEST_SESSION_SECRET } from "./tests/support/accounts";
import { FEATURES_OFF_ENV } from "./tests/support/features-off";
import { stripeEnv, TEST_STRIPE_SECRET_KEY, TEST_STRIPE_WEBHOOK_SECRET } from "./tests/support/stripe";
import { razorpayEnv } from "./tests/support/razorpay";

// E2E_PORT lets several runs share one machine (each also sets SITE_BUILD_DIR).
const PORT = Number(process.env.E2E_PORT ?? 3100);
/** Two cores: two workers, each with a test server and a database of its own. */
const WORKERS = 2;
const WORKER_SLOTS = Array.from({ length: WORKERS }, (_, slot) => slot);
const ANALYTICS_PORT = PORT + 50;
// Playwright loads this file again in each worker with TEST_PARALLEL_INDEX set
// (0 to WORKERS - 1): the names below are then that worker's server and database.
const SLOT = Number(process.env.TEST_PARALLEL_INDEX ?? 0);
const appPort = (slot: number) => PORT + slot;
const databaseOf = (port: number) => `data/e2e-${port}.db`;
/** This worker's test server's database, which fixtures write to directly. */
export const E2E_DATABASE = databaseOf(appPort(SLOT));
export const ANALYTICS_TEST_ID = "G-E2ETEST123";
/** The same build served with Google Analytics configured. */
export const ANALYTICS_BASE_URL = `http://localhost:${ANALYTICS_PORT}`;
/** That server's database (payments are off there). */
export const ANALYTICS_DATABASE = databaseOf(ANALYTICS_PORT);

// A real OpenID provider (tests/fixtures/oidc-provider.ts) on 127.0.0.1, so
// its cookies never mix with the app's (cookies ignore ports, not hosts).
const OIDC_PORT = PORT + 60;
export const OIDC_ISSUER = `http://127.0.0.1:${OIDC_PORT}`;
export const OAUTH_PROVIDER_NAME = "Test Identity";
export const OAUTH_CLIENT_ID = "e2e-site";
const OAUTH_CLIENT_SECRET = "e2e-site-client-secret";
/** The main server offers OAuth sign-in; the others do not. */
const OAUTH_ENV = {
  OAUTH_CLIENT_ID,
  OAUTH_CLIENT_SECRET,
  OAUTH_ISSUER: OIDC_ISSUER,
  OAUTH_PROVIDER_NAME,
};

// A Stripe-compatible server per worker (tests/fixtures/fake-stripe.ts) that the
// worker's server's real Stripe SDK talks to and sends its webhooks back to; the
// analytics server has payments off.
const fakeStripePort = (slot: number) => PORT + 70 + slot;
export const FAKE_STRIPE_URL = `http://127.0.0.1:${fakeStripePort(SLOT)}`;
/** The secrets the test servers run with (the reliability suite checks none reaches a browser). */
export const E2E_SESSION_SECRET = TEST_SESSION_SECRET;
export const STRIPE_SECRET_KEY = TEST_STRIPE_SECRET_KEY;
export const STRIPE_WEBHOOK_SECRET = TEST_STRIPE_WEBHOOK_SECRET;

// The same build with Razorpay taking payments, against a Razorpay-compatible fake
// (tests/fixtures/fake-razorpay.ts) on 127.0.0.1, another site than localhost, so its
// hosted page's return is a real cross-site POST. Shared by the workers, like the
// analytics server; their tests there use rows of their own.
const RAZORPAY_PORT = PORT + 80;
const FAKE_RAZORPAY_PORT = PORT + 81;
export const RAZORPAY_BASE_URL = `http://localhost:${RAZORPAY_PORT}`;
export const RAZORPAY_DATABASE = databaseOf(RAZORPAY_PORT);
export const FAKE_RAZORPAY_URL = `http://127.0.0.1:${FAKE_RAZORPAY_PORT}`;

/**
 * A server running the production build exactly as `npm start` serves it, on a fresh database seeded at start,
 * with every optional feature off but those `env` turns on.
 */
function siteServer(port: number, env: Record<string, string>) {
  const database = databaseOf(port);
  return {
    command: `rm -f ${database} ${database}-wal ${database}-shm && tsx scripts/start.ts`,
    url: `http://localhost:${port}/healthz`,
    timeout: 300_000,
    reuseExistingServer: false,
    stdout: "pipe" as const,
    env: {
      ...FEATURES_OFF_ENV,
      PORT: String(port),
      DATABASE_URL: database,
      NODE_ENV: "production",
      SESSION_SECRET: TEST_SESSION_SECRET,
      // The tests stand in for a reverse proxy on loopback: X-Forwarded-For names
      // the visitor, so one test can be many visitors (per-address limits).
      TRUST_PROXY: "loopback",
      ...env,
    },
  };
}

export default defineConfig({
  testDir: "tests/e2e",
  outputDir: `test-results/${PORT}`,
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  retries: process.env.CI ? 1 : 0,
  workers: WORKERS,
  // Generous: no-JavaScript axe audits copy the page into a second context, and on a
  // busy 2-core machine a long flow takes several times what it takes alone.
  timeout: 60_000,
  expect: { timeout: 7_000 },
  reporter: "list",
  use: {
    baseURL: `http://localhost:${appPort(SLOT)}`,
    // Recording a trace of every test took about a third of the suite's time on two
    // cores; a test that fails is run again (in CI) with the trace on. Locally:
    // `npx playwright test --trace on <spec>`.
    trace: "on-first-retry",
    launchOptions: { executablePath: TEST_BROWSER_EXECUTABLE, args: CHROMIUM_ARGS },
  },
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
        OIDC_REDIRECT_URIS: WORKER_SLOTS.map((slot) => `http://localhost:${appPort(slot)}/auth/oauth/callback`).join(" "),
      },
    },
    ...WORKER_SLOTS.map((slot) => ({
      command: "tsx tests/fixtures/fake-stripe.ts",
      url: `http://127.0.0.1:${fakeStripePort(slot)}/health`,
      timeout: 60_000,
      reuseExistingServer: false,
      stdout: "pipe" as const,
      env: {
        FAKE_STRIPE_PORT: String(fakeStripePort(slot)),
        STRIPE_SECRET_KEY: TEST_STRIPE_SECRET_KEY,
        STRIPE_WEBHOOK_SECRET: TEST_STRIPE_WEBHOOK_SECRET,
        FAKE_STRIPE_WEBHOOK_URL: `http://localhost:${appPort(slot)}/api/stripe/webhook`,
      },
    })),
    // Each worker's server offers OAuth sign-in against the test provider and
    // card payments against its fake Stripe.
    ...WORKER_SLOTS.map((slot) => siteServer(appPort(slot), { ...OAUTH_ENV, ...stripeEnv(`http://127.0.0.1:${fakeStripePort(slot)}`) })),
    {
      command: "tsx tests/fixtures/fake-razorpay.ts",
      url: `${FAKE_RAZORPAY_URL}/health`,
      timeout: 60_000,
      reuseExistingServer: false,
      stdout: "pipe" as const,
      env: {
        FAKE_RAZORPAY_PORT: String(FAKE_RAZORPAY_PORT),
        ...razorpayEnv(FAKE_RAZORPAY_URL),
        FAKE_RAZORPAY_WEBHOOK_URL: `${RAZORPAY_BASE_URL}/api/razorpay/webhook`,
      },
    },
    siteServer(RAZORPAY_PORT, razorpayEnv(FAKE_RAZORPAY_URL)),
    // Google Analytics configured (and no OAuth, no payments); shared by the
    // workers, whose tests there use rows of their own.
    siteServer(ANALYTICS_PORT, { GA_TRACKING_ID: ANALYTICS_TEST_ID }),
  ],
});
