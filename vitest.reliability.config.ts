import { defineConfig } from "vitest/config";

// `npm run test:reliability`: load, faults, hostile input and access against
// real production servers on loopback. Files run one at a time: several of
// them measure, and two cores shared by many servers would blur the figures.
export default defineConfig({
  resolve: { alias: { "~": new URL("./app", import.meta.url).pathname } },
  test: {
    include: ["tests/reliability/**/*.test.ts"],
    environment: "node",
    globalSetup: ["./tests/reliability/support/global-setup.ts"],
    pool: "forks",
    fileParallelism: false,
    testTimeout: 180_000,
    hookTimeout: 300_000,
  },
});
