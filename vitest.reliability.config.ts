import { defineConfig } from "vitest/config";

// `npm run test:reliability`: load, faults, hostile input and access against
// real production servers on loopback. Each file starts its own servers on its
// own ports and databases, so most files run two at a time. The files that time
// something (a visitor's p99 beside an attack, answer times compared, a throttle's
// waits, a shutdown's deadline, a kill mid-write) run afterwards, one at a time
// (support/one-at-a-time.ts): two cores shared with another file's servers would
// blur what they measure. (mail-delivery runs with the rest: its only time
// bound, a SIGTERM stop within 10 s of a 150 ms mail server, holds under load.)
const TIMED = [
  "tests/reliability/account-enumeration.test.ts",
  "tests/reliability/body-limits.test.ts",
  "tests/reliability/concurrency.test.ts",
  "tests/reliability/crash-recovery.test.ts",
  "tests/reliability/form-mail-limits.test.ts",
  "tests/reliability/pdf-rendering.test.ts",
  "tests/reliability/process-lifecycle.test.ts",
  "tests/reliability/sign-in-throttle.test.ts",
];

export default defineConfig({
  resolve: { alias: { "~": new URL("./app", import.meta.url).pathname } },
  test: {
    environment: "node",
    globalSetup: ["./tests/reliability/support/build-once.ts"],
    pool: "forks",
    // Vitest's default is one worker fewer than the cores: one, on two.
    maxWorkers: 2,
    testTimeout: 180_000,
    hookTimeout: 300_000,
    projects: [
      {
        extends: true,
        test: { name: "parallel", include: ["tests/reliability/**/*.test.ts"], exclude: TIMED, sequence: { groupOrder: 0 } },
      },
      {
        extends: true,
        test: {
          name: "timed",
          include: TIMED,
          setupFiles: ["./tests/reliability/support/one-at-a-time.ts"],
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
