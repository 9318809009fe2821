import { spawnSync } from "node:child_process";
import { childEnvironment } from "./processes";
import { BUILD_DIR, RELIABILITY_SECRETS } from "./site";

/** One production build for every server the suite starts, made with the secrets configured. */
export default function setup() {
  const result = spawnSync(process.execPath, ["--import", "tsx", "scripts/start.ts", "--build-only"], {
    stdio: "inherit",
    env: { ...childEnvironment(), ...RELIABILITY_SECRETS, NODE_ENV: "production", SITE_BUILD_DIR: BUILD_DIR },
  });
  if (result.status !== 0) throw new Error("The production build failed.");
}
