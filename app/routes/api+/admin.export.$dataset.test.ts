import { afterAll, describe, expect, test, vi } from "vitest";
import { rm } from "node:fs/promises";
import { listSharedFiles } from "~/models/shared-file.server";
import { exportsDirectory } from "~/services/exports/stored-files.server";
import { loader } from "./admin.export.$dataset";

// The export endpoint's failure path ('Export failed' is logged with
// the detail, and the admin gets a plain message). The e2e spec covers the rest.

vi.mock("~/services/sessions/admin-session.server", () => ({
  requireApiAdmin: async () => ({ id: 1, adminId: "boss", role: "admin" }),
}));
vi.mock("~/services/exports/workbook-writer.server", async (importOriginal) => ({
  ...(await importOriginal<typeof import("~/services/exports/workbook-writer.server")>()),
  writeWorkbook: async () => {
    throw new Error("disk full");
  },
}));

afterAll(async () => {
  await rm(exportsDirectory(), { recursive: true, force: true });
});

const call = (dataset: string, init: RequestInit = {}) =>
  loader({ request: new Request(`http://localhost/api/admin/export/${dataset}`, init), params: { dataset }, context: {} });

describe("GET /api/admin/export/:dataset when the export fails", () => {
  test("logs 'Export failed' with the detail and answers 500 with a plain message", async () => {
    const logged = vi.mocked(console.error).mockImplementation(() => undefined);
    const response = await call("users");
    expect(response.status).toBe(500);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expect(await response.json()).toEqual({ message: "Export failed. Please try again." });
    expect(logged).toHaveBeenCalledWith(
      "Export failed",
      { dataset: "users", adminId: "boss" },
      expect.objectContaining({ message: "disk full" }),
    );
    expect(listSharedFiles()).toEqual([]);
  });

  test("an unknown dataset is a 404, not a failure", async () => {
    const response = await call("passwords");
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ message: expect.stringContaining("Unknown export") });
  });
});

describe("GET /api/admin/export/:dataset makes a file only when asked from this site", () => {
  test("a browser sent here by another site (a link, a redirect) gets 403 and nothing is made", async () => {
    for (const fetchSite of ["cross-site", "same-site"]) {
      const response = await call("users", { headers: { "Sec-Fetch-Site": fetchSite } });
      expect(response.status, fetchSite).toBe(403);
      expect(await response.json()).toEqual({ message: expect.stringContaining("opened from another website") });
    }
    expect(listSharedFiles()).toEqual([]);
  });

  test("HEAD is 405: it would make a file nobody receives", async () => {
    const response = await call("users", { method: "HEAD" });
    expect(response.status).toBe(405);
    expect(response.headers.get("Allow")).toBe("GET");
    expect(listSharedFiles()).toEqual([]);
  });
});
