import { defineConfig } from "vitest/config";

// `npm run test:unit` runs two projects:
// - unit: logic beside the code (app/, db/, scripts/), each file on an in-memory database;
// - http: HTTP contracts (tests/http/) against the production build in-process, each file
//   on its own copy of a seeded template database (decision 0021).
export default defineConfig({
  resolve: { alias: { "~": new URL("./app", import.meta.url).pathname } },
  test: {
    environment: "node",
    pool: "forks",
    // Vitest's default is one worker fewer than the cores: one, on two.
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["app/**/*.test.{ts,tsx}", "db/**/*.test.ts", "scripts/**/*.test.ts", "tests/fixtures/**/*.test.ts"],
          setupFiles: ["./tests/setup/unit.ts"],
          // A 2,500-row Excel export took over 5 s (the default) on a loaded 2-core machine: a time limit, not an assertion.
          testTimeout: 20_000,
        },
      },
      {
        extends: true,
        // The site runs with NODE_ENV=production, whose React has no development JSX runtime;
        // the mail writer runs from source in the test's process (after every request, as in server.ts).
        esbuild: { jsx: "automatic", jsxDev: false },
        test: {
          name: "http",
          include: ["tests/http/**/*.test.ts"],
          globalSetup: ["./tests/http/support/build-and-seed.ts"],
          setupFiles: ["./tests/http/support/setup.ts"],
          // The build is loaded by Node itself, as the server loads it.
          server: { deps: { external: [/\/build[^/]*\/server\//] } },
          testTimeout: 30_000,
        },
      },
    ],
  },
});
