import { resolve } from "node:path";

/** The seeded template (made once per run) and each test file's copy of it. */
export const TEST_DATA_DIR = resolve(process.env.HTTP_TEST_DATA_DIR ?? "tmp/http");
export const TEMPLATE_DATABASE = resolve(TEST_DATA_DIR, "template.db");
