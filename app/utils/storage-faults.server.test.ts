import type { ServerBuild } from "@remix-run/node";
import { describe, expect, test, vi } from "vitest";
import { failedWrite, isStorageFault, STORAGE_UNAVAILABLE_MESSAGE, withStorageFaultAnswers } from "./storage-faults.server";

const fault = (code: string) => Object.assign(new Error(code), { code });

describe("isStorageFault", () => {
  test.each([
    "SQLITE_FULL",
    "SQLITE_READONLY",
    "SQLITE_READONLY_DBMOVED",
    "SQLITE_IOERR_WRITE",
    "SQLITE_BUSY",
    "SQLITE_CANTOPEN",
    "ENOSPC",
    "EROFS",
  ])("%s is the disk's fault", (code) => expect(isStorageFault(fault(code))).toBe(true));
  test.each(["SQLITE_CONSTRAINT_UNIQUE", "SQLITE_ERROR", "ENOENT"])("%s is not", (code) => expect(isStorageFault(fault(code))).toBe(false));
  test("nor is an error without a code, or something that is not an error", () => {
    expect(isStorageFault(new Error("boom"))).toBe(false);
    expect(isStorageFault("SQLITE_FULL")).toBe(false);
  });
});

describe("withStorageFaultAnswers", () => {
  function buildWith(action: () => unknown): ServerBuild {
    return { routes: { "routes/contact": { id: "routes/contact", path: "contact", module: { action } } } } as unknown as ServerBuild;
  }
  const actionOf = (build: ServerBuild) => build.routes["routes/contact"]?.module.action as unknown as () => Promise<unknown>;

  test("a storage fault becomes a thrown 503 with the message and Retry-After", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    const failing = actionOf(
      withStorageFaultAnswers(
        buildWith(() => {
          throw fault("SQLITE_FULL");
        }),
      ),
    );
    const thrown = await failing().catch((error: unknown) => error);
    expect(thrown).toBeInstanceOf(Response);
    const response = thrown as Response;
    expect(response.status).toBe(503);
    expect(response.headers.get("Retry-After")).toBe("120");
    expect(await response.json()).toEqual({ message: STORAGE_UNAVAILABLE_MESSAGE });
  });
  test("other errors and answers pass through untouched", async () => {
    const duplicate = actionOf(
      withStorageFaultAnswers(
        buildWith(() => {
          throw fault("SQLITE_CONSTRAINT_UNIQUE");
        }),
      ),
    );
    await expect(duplicate()).rejects.toThrow("SQLITE_CONSTRAINT_UNIQUE");
    await expect(actionOf(withStorageFaultAnswers(buildWith(() => "saved")))()).resolves.toBe("saved");
  });
});

test("failedWrite: 503 and the storage words for a disk fault, else 500 and the form's own", () => {
  expect(failedWrite(fault("SQLITE_READONLY"), "Failed")).toEqual({ status: 503, message: STORAGE_UNAVAILABLE_MESSAGE });
  expect(failedWrite(new Error("bug"), "Failed")).toEqual({ status: 500, message: "Failed" });
});
