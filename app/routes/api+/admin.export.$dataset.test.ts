import { describe, expect, test, vi } from "vitest";
import { listSharedFiles } from "~/models/content/shared-file.server";
import { adminWithBlockedExports } from "../../../tests/support/unit-admin";
import { loader } from "./admin.export.$dataset";

// The export endpoint's failure path ('Export failed' is logged with
// the detail, and the admin gets a plain message). The e2e spec covers the rest.
// The exports folder cannot be made here, as on a full or read-only disk.

const session = adminWithBlockedExports();

const call = (dataset: string, init: RequestInit = {}) =>
  loader({
    request: new Request(`http://localhost/api/admin/export/${dataset}`, { ...init, headers: { Cookie: session.cookie, ...init.headers } }),
    params: { dataset },
    context: {},
  });

describe("GET /api/admin/export/:dataset when the export fails", () => {
  test("logs 'Export failed' with the detail and answers 500 with a plain message", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const response = await call("users");
    expect(response.status).toBe(500);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expect(await response.json()).toEqual({ message: "Export failed. Please try again." });
    expect(logged).toHaveBeenCalledWith(
      "Export failed",
      { dataset: "users", adminId: session.adminId },
      expect.objectContaining({ code: "EEXIST" }),
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
