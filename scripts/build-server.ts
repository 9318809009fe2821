// Bundles scripts/serve.ts and server.ts (with the app code they import) into
// <build dir>/server.js, which plain Node runs, and the PDF worker's program
// into <build dir>/pdf-render-worker.js: packages stay imports, so the
// runtime needs only the production dependencies, and no TypeScript loader.
import { build } from "esbuild";

const buildDir = process.env.SITE_BUILD_DIR ?? "build";
const shared = {
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node24",
  packages: "external",
  // `~/…` resolves through tsconfig.json's paths.
  tsconfig: "tsconfig.json",
  logLevel: "warning",
} as const;

// The PDF worker thread's program (app/services/pdf/render-pool.server.ts starts it from here).
await build({ ...shared, entryPoints: ["app/services/pdf/render-worker.server.ts"], outfile: `${buildDir}/pdf-render-worker.js` });
// Last: scripts/start.ts takes server.js as the stamp of a finished build.
await build({ ...shared, entryPoints: ["scripts/serve.ts"], outfile: `${buildDir}/server.js` });
