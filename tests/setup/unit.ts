// Every unit-test file runs in its own process with a fresh in-memory
// database built from the committed migrations.
import { afterEach, beforeEach, vi } from "vitest";

process.env.DATABASE_URL = ":memory:";
process.env.NODE_ENV = "test";
// The public address links in mail and payment returns name (publicOrigin in env.server.ts).
process.env.SITE_URL = "https://institute.example";
// No breached-password lookups but the ones a test points at its fake.
process.env.PWNED_PASSWORDS_URL = "off";

const { db, migrateDatabase } = await import("~/utils/db.server");
migrateDatabase(db);

// A console.error during a test is a bug somewhere: fail the test.
let consoleError: ReturnType<typeof vi.spyOn> | undefined;
beforeEach(() => {
  consoleError = vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
    throw new Error(`console.error was called: ${args.map(String).join(" ")}`);
  });
});
afterEach(() => {
  consoleError?.mockRestore();
});
