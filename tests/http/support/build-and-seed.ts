import Database from "better-sqlite3";
import { mkdirSync, rmSync } from "node:fs";
import { runNodeScript } from "../../support/child-environment";
import { TEMPLATE_DATABASE, TEST_DATA_DIR } from "./template";

/**
 * Once per run: the production build (rebuilt only when the sources changed) and
 * the seeded template database every test file copies.
 */
export default function setup() {
  runNodeScript("The production build", ["scripts/start.ts", "--build-only"], { NODE_ENV: "production" });
  rmSync(TEST_DATA_DIR, { recursive: true, force: true });
  mkdirSync(TEST_DATA_DIR, { recursive: true });
  runNodeScript("Seeding the template database", ["scripts/db-seed.ts"], { DATABASE_URL: TEMPLATE_DATABASE, NODE_ENV: "production" });
  // Everything in the one file, so a plain copy of it is the whole database.
  const template = new Database(TEMPLATE_DATABASE);
  template.pragma("wal_checkpoint(TRUNCATE)");
  template.close();
  return () => rmSync(TEST_DATA_DIR, { recursive: true, force: true });
}
