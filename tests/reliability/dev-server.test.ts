import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, expect, test } from "vitest";
import { countRows } from "../support/database";
import { securityHeaderProblems } from "./support/access-headers";
import { startProcess, type RunningProcess } from "./support/processes";
import { BASE_PORT } from "./support/production-server";

// `npm run dev` on a fresh checkout: no database and no build. It must serve
// the seeded site through server.ts, with production's headers, refusals and
// body limits (Vite only compiles the code).

const DEV_PORT = BASE_PORT + 165;
const url = `http://localhost:${DEV_PORT}`;
const dataDir = mkdtempSync(join(tmpdir(), "dev-server-"));
const database = join(dataDir, "app.db");
let dev: RunningProcess;

beforeAll(async () => {
  dev = await startProcess({
    label: "npm run dev",
    args: ["scripts/serve.ts", "--dev"],
    env: { PORT: String(DEV_PORT), DATABASE_URL: `file:${database}`, SITE_BUILD_DIR: join(dataDir, "no-build"), NODE_ENV: "" },
    readyUrl: `${url}/healthz`,
    timeoutMs: 180_000,
  });
});
afterAll(async () => {
  await dev?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

test("migrates and seeds an empty data folder, and serves the seeded home page with production's security headers", async () => {
  expect(dev.output()).toContain("Seeded demo content into an empty database.");
  expect(dev.output()).toContain("(development, hot reload)");
  expect(countRows(database, "courses")).toBeGreaterThan(0);

  const response = await fetch(url);
  const body = await response.text();
  expect(response.status).toBe(200);
  expect(body.includes("Welcome to <!-- -->TradeMaster Academy"), "the home page's heading").toBe(true);
  expect(body.includes('import("/app/entry.client.tsx")'), "the page loads the sources through Vite").toBe(true);
  expect(securityHeaderProblems("GET / in development", response, body)).toEqual([]);
});

test("a body over the route's limit is refused with 413 and its reason, as in production", async () => {
  const response = await fetch(`${url}/api/contact`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "application/json" },
    body: JSON.stringify({ name: "A", email: "a@example.com", subject: "S", message: "x".repeat(200 * 1024) }),
  });
  expect(response.status).toBe(413);
  expect(((await response.json()) as { message: string }).message).toMatch(/too large/i);
});

test("a form post from another site is refused with 403", async () => {
  const response = await fetch(`${url}/contact`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: "https://elsewhere.example", Accept: "text/html" },
    body: "name=A",
  });
  expect(response.status).toBe(403);
  expect(await response.text()).toContain("sent from another website");
});
