import { readdirSync } from "node:fs";
import { afterEach, describe, expect, test, vi } from "vitest";
import { listSharedFiles } from "~/models/content/shared-file.server";
import { exportsDirectory } from "~/services/exports/stored-files.server";
import { adminWithBlockedExports } from "../../../../tests/support/unit-admin";
import { action } from "./export";

// The export action's failure path ('Export failed' is logged with the
// detail, and the admin sees a plain message). A browser cannot make the disk
// fail, so here the exports folder cannot be made, as on a full or read-only
// disk; the browser tests (tests/e2e/admin-exports.spec.ts) cover the rest of
// the action.

const session = adminWithBlockedExports();

function post(fields: Record<string, string>, accept = "text/html") {
  return new Request("http://localhost/admin/users/export", {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { Accept: accept, "Content-Type": "application/x-www-form-urlencoded", Cookie: session.cookie },
  });
}
const run = (request: Request) => action({ request, params: {}, context: {} });

/** Nothing was made: no shared file row, and the exports folder is still the blocking file. */
function expectNothingWritten() {
  expect(listSharedFiles()).toEqual([]);
  expect(() => readdirSync(exportsDirectory())).toThrow(/ENOTDIR/);
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("a failed export", () => {
  test("logs 'Export failed' with the detail and answers a script with the plain message as JSON (500)", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const response = await run(
      post({ dataset: "users" }, "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet, application/json"),
    );
    expect(response.status).toBe(500);
    expect(await response.json()).toEqual({
      title: "Export failed",
      description: "The Excel file could not be created. Please try again in a moment.",
    });
    expect(logged).toHaveBeenCalledWith(
      "Export failed",
      { dataset: "users", adminId: session.adminId },
      expect.objectContaining({ code: "EEXIST" }),
    );
    expect(logged).toHaveBeenCalledTimes(1);
    expectNothingWritten();
  });

  test("without JavaScript: back to the table the admin was on, with a destructive toast", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const response = await run(post({ dataset: "all-data", returnTo: "/admin/users/enrollments?page=2" }));
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/admin/users/enrollments?page=2");
    expect(response.headers.get("Set-Cookie")).toMatch(/^toast=/);
  });

  test("a return address outside the Users tab is not followed", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    for (const returnTo of ["https://evil.example/admin/users", "//evil.example/admin/users", "/admin/courses", "/admin/usersX"]) {
      const response = await run(post({ dataset: "users", returnTo }));
      expect(response.headers.get("Location"), returnTo).toBe("/admin/users");
    }
  });

  test("an unknown dataset is refused before anything is written", async () => {
    const warned = vi.spyOn(console, "warn").mockImplementation(() => {});
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const response = await run(post({ dataset: "passwords" }, "application/json"));
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      title: "Export failed",
      description: "There is no such export. Please use one of the export buttons.",
    });
    expect(logged).not.toHaveBeenCalled();
    expectNothingWritten();
    expect(warned).toHaveBeenCalled();
  });
});
