import { afterAll } from "vitest";
import { closeSite, prepareFileDatabase } from "./in-process-site";

// Each HTTP test file runs in its own process with its own copy of the seeded
// database, made before the test file imports anything of the app; it is
// removed after the file's tests.
prepareFileDatabase();
afterAll(closeSite);
