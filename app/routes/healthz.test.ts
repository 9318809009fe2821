import { expect, test } from "vitest";
import { db } from "~/utils/db.server";
import { loader } from "./healthz";

test("answers ok once the database answers a real read", async () => {
  const response = loader();
  expect(response.status).toBe(200);
  expect(await response.text()).toBe("ok");
  expect(response.headers.get("cache-control")).toBe("no-store");
});

test("answers 503 with the reason when the database cannot be read", async () => {
  db.$client.close();
  const response = loader();
  expect(response.status).toBe(503);
  expect(await response.text()).toBe("The database cannot be read: The database connection is not open");
});
