// `npm start`: load .env, build when the build is missing or older than the
// sources, then serve. Migrations and demo content happen in the server.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, rmSync, statSync } from "node:fs";
import { join } from "node:path";

if (existsSync(".env")) process.loadEnvFile(".env");
process.env.NODE_ENV ??= "production";

const BUILD_DIR = process.env.SITE_BUILD_DIR ?? "build";
const BUILD_STAMP = join(BUILD_DIR, "server/index.js");
const SOURCES = ["app", "public", "db/schema.ts", "vite.config.ts", "package-lock.json", "tsconfig.json"];

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((newest, entry) => Math.max(newest, newestMtime(join(path, entry))), stat.mtimeMs);
}

function buildIsStale(): boolean {
  if (!existsSync(BUILD_STAMP)) return true;
  const builtAt = statSync(BUILD_STAMP).mtimeMs;
  return SOURCES.some((source) => newestMtime(source) > builtAt);
}

/** mkdir is atomic: whoever creates the folder builds, the others wait and re-check. */
async function withBuildLock<T>(work: () => T): Promise<T> {
  const lock = `${BUILD_DIR}.lock`;
  const deadline = Date.now() + 10 * 60_000;
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      if (Date.now() > deadline) throw new Error(`Timed out waiting for ${lock}; remove it if no build is running.`);
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
  try {
    return work();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

const buildStatus = await withBuildLock(() => {
  if (!buildIsStale()) return 0;
  console.log("Building the site (the build is missing or older than the sources)...");
  return spawnSync("npx", ["remix", "vite:build"], { stdio: "inherit", env: process.env }).status ?? 1;
});
if (buildStatus !== 0) process.exit(buildStatus);
// The test suites build once up front, then start several servers from it.
if (process.argv.includes("--build-only")) process.exit(0);

try {
  // Imported late: loading the server reads and validates the configuration.
  const { startServer } = await import("../server");
  await startServer();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
