// `npm start`: load .env, build when the build is missing or older than the
// sources, then serve the built server exactly as the container does
// (`node build/server.js`). Migrations and demo content happen in the server.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, rmSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";

if (existsSync(".env")) process.loadEnvFile(".env");
process.env.NODE_ENV ??= "production";

const BUILD_DIR = process.env.SITE_BUILD_DIR ?? "build";
// Written last by `npm run build` (scripts/build-server.ts).
const BUILD_STAMP = join(BUILD_DIR, "server.js");
const SOURCES = ["app", "public", "db", "server.ts", "scripts/serve.ts", "vite.config.ts", "package-lock.json", "tsconfig.json"];

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
  const started = Date.now();
  // The build's own report runs to hundreds of lines a person starting the site does not need:
  // it is shown only when the build fails.
  const build = spawnSync("npm", ["run", "build"], {
    stdio: ["ignore", "pipe", "pipe"],
    env: process.env,
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
  });
  if (build.status !== 0) {
    process.stdout.write(build.stdout ?? "");
    process.stderr.write(build.stderr ?? "");
    console.error("The build failed (its output is above).");
    return build.status ?? 1;
  }
  console.log(`Built in ${Math.round((Date.now() - started) / 1000)} s.`);
  return 0;
});
if (buildStatus !== 0) process.exit(buildStatus);
// The test suites build once up front, then start several servers from it.
if (process.argv.includes("--build-only")) process.exit(0);

// The built server reports a bad configuration itself and exits non-zero.
await import(pathToFileURL(resolve(BUILD_STAMP)).href);
