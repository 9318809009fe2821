import { describe, expect, test } from "vitest";
import { readJsonBody } from "./api.server";
import { PUBLIC_BODY_LIMITS } from "./body-limits";

const json = (body: string, contentType = "application/json") =>
  new Request("http://localhost/api/contact", { method: "POST", headers: { "Content-Type": contentType }, body });

async function status(promise: Promise<unknown>): Promise<number> {
  const thrown: unknown = await promise.then(
    () => null,
    (error: unknown) => error,
  );
  return thrown instanceof Response ? thrown.status : 0;
}

describe("readJsonBody", () => {
  test("a body of up to a form's worth of values is read", async () => {
    // The array and the object around it are values too.
    const values = Array.from({ length: PUBLIC_BODY_LIMITS.maxFields - 2 }, () => 1);
    await expect(readJsonBody(json(JSON.stringify({ values })))).resolves.toEqual({ values });
  });

  test("one value more is refused with 413 before any schema walks it", async () => {
    const values = Array.from({ length: PUBLIC_BODY_LIMITS.maxFields - 1 }, () => 1);
    expect(await status(readJsonBody(json(JSON.stringify({ values }))))).toBe(413);
    expect(await status(readJsonBody(json(JSON.stringify({ name: Array(40_000).fill(1) }))))).toBe(413);
  });

  test("a body that is not JSON is 400; one sent as something else 415", async () => {
    expect(await status(readJsonBody(json("{")))).toBe(400);
    expect(await status(readJsonBody(json("{}", "text/plain")))).toBe(415);
  });
});
