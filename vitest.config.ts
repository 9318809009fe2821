import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { alias: { "~": new URL("./app", import.meta.url).pathname } },
  test: {
    include: ["app/**/*.test.{ts,tsx}", "db/**/*.test.ts", "scripts/**/*.test.ts", "tests/fixtures/**/*.test.ts"],
    environment: "node",
    setupFiles: ["./tests/setup/unit.ts"],
    pool: "forks",
  },
});
