// Bundles scripts/serve.ts and server.ts (with the app code they import) into
// <build dir>/server.js, which plain Node runs: packages stay imports, so the
// runtime needs only the production dependencies, and no TypeScript loader.
import { build } from "esbuild";

const buildDir = process.env.SITE_BUILD_DIR ?? "build";

await build({
  entryPoints: ["scripts/serve.ts"],
  outfile: `${buildDir}/server.js`,
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node24",
  packages: "external",
  // `~/…` resolves through tsconfig.json's paths.
  tsconfig: "tsconfig.json",
  logLevel: "warning",
});
