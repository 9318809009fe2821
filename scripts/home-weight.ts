// `npx tsx scripts/home-weight.ts`: the home page's first-load JavaScript,
// file by file, in a few minutes instead of the whole `npm run bench`. Builds
// the site (into HOME_WEIGHT_BUILD_DIR, default build-home-weight), serves it
// with `npm start`'s server on a fresh demo database and weighs `/` the way
// the bench does (scripts/bench/page-weight.ts), then prints every script.
import { randomBytes } from "node:crypto";
import { rm } from "node:fs/promises";
import { freePort, kb, waitForOk } from "./bench/http";
import { HOME_JS_BUDGET_KB, measurePage } from "./bench/page-weight";
import { runCommand, startServerProcess, stopAll, TSX } from "./bench/processes";

const BUILD_DIR = process.env.HOME_WEIGHT_BUILD_DIR ?? "build-home-weight";
const DATABASE = `data/${BUILD_DIR}.db`;
const PATH = process.argv[2] ?? "/";

async function main(): Promise<void> {
  const env = { ...process.env, SITE_BUILD_DIR: BUILD_DIR, NODE_ENV: "production" as const };
  if (!process.argv.includes("--no-build")) {
    console.log(`building into ${BUILD_DIR}/ ...`);
    const built = await runCommand("npm", ["run", "build"], env);
    if (built.code !== 0) throw new Error(`The build failed:\n${built.output.slice(-3000)}`);
  }
  await Promise.all(["", "-wal", "-shm"].map((suffix) => rm(`${DATABASE}${suffix}`, { force: true })));
  const port = await freePort(Number(process.env.PORT ?? 3390));
  const server = startServerProcess("site", TSX, ["scripts/start.ts"], {
    ...env,
    PORT: String(port),
    DATABASE_URL: DATABASE,
    SESSION_SECRET: randomBytes(32).toString("hex"),
  });
  const siteUrl = `http://127.0.0.1:${port}`;
  try {
    await waitForOk(`${siteUrl}/healthz`, 5 * 60_000, server.alive);
    const weight = await measurePage(siteUrl, PATH);
    for (const file of weight.jsSizes) console.log(`${kb(file.bytes).padStart(9)}  ${file.path}`);
    const verdict = PATH === "/" ? ` (budget ${HOME_JS_BUDGET_KB} KB)` : "";
    console.log(`${kb(weight.jsGzip).padStart(9)}  JS in ${weight.jsFiles} files on ${PATH}${verdict}`);
    const total = weight.htmlGzip + weight.jsGzip + weight.cssGzip + weight.imageRawBytes;
    console.log(`${kb(total).padStart(9)}  with HTML, CSS and ${weight.imageCount} images (${kb(weight.imageRawBytes)})`);
  } finally {
    await stopAll();
  }
}

main().catch(async (error: unknown) => {
  await stopAll();
  console.error(error instanceof Error ? error.message : String(error));
  process.exitCode = 1;
});
