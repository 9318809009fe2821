// `npm start`: load .env, build when the build is missing or older than the
// sources, then serve. Migrations and demo content happen in the server.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
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

if (buildIsStale()) {
  console.log("Building the site (the build is missing or older than the sources)...");
  const result = spawnSync("npx", ["remix", "vite:build"], { stdio: "inherit", env: process.env });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

try {
  // Imported late: loading the server reads and validates the configuration.
  const { startServer } = await import("../server");
  await startServer();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
