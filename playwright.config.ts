import { defineConfig } from "@playwright/test";

// E2E_PORT lets several runs share one machine (each also sets SITE_BUILD_DIR).
const PORT = Number(process.env.E2E_PORT ?? 3100);
const E2E_DATABASE = `data/e2e-${PORT}.db`;

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  retries: process.env.CI ? 1 : 0,
  workers: 2,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: process.env.CI ? [["list"]] : [["list"]],
  use: {
    baseURL: `http://localhost:${PORT}`,
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
      ],
    },
  },
  projects: [{ name: "chromium" }],
  webServer: {
    // A fresh database with the demo content for every run, served by the
    // production build exactly as `npm start` serves it.
    command: `rm -f ${E2E_DATABASE} ${E2E_DATABASE}-wal ${E2E_DATABASE}-shm && tsx scripts/start.ts`,
    url: `http://localhost:${PORT}/healthz`,
    timeout: 240_000,
    reuseExistingServer: false,
    stdout: "pipe",
    env: {
      PORT: String(PORT),
      DATABASE_URL: E2E_DATABASE,
      NODE_ENV: "production",
      SESSION_SECRET: "e2e-session-secret-that-is-at-least-32-chars",
    },
  },
});
