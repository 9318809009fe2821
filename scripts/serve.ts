// Serves the site: `node build/server.js` in production (this file and server.ts,
// bundled by scripts/build-server.ts, so a runtime without dev tools can run it),
// `npm run dev` from source with Vite (`--dev`).
import { existsSync } from "node:fs";
import { ConfigurationError } from "../app/utils/env.server";

if (existsSync(".env")) process.loadEnvFile(".env");
if (process.argv.includes("--dev")) process.env.NODE_ENV = "development";
else process.env.NODE_ENV ??= "production";

try {
  // Imported late: loading the server opens the database the configuration names.
  const { startServer } = await import("../server");
  await startServer();
} catch (error) {
  // A bad configuration is the operator's to fix: one line per variable, no stack.
  console.error(error instanceof ConfigurationError ? error.message : error);
  process.exit(1);
}
