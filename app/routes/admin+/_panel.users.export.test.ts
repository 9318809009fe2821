import { afterEach, describe, expect, test, vi } from "vitest";

// The export action's failure path ('Export failed' is logged with the
// detail, and the admin sees a plain message). A real writer failure cannot be
// caused from a browser, so here the workbook writer fails on purpose (the
// real generateExport around it cleans up and rethrows); the browser tests
// (tests/e2e/admin-exports.spec.ts) cover the rest of the action.

const { writeWorkbook } = vi.hoisted(() => ({ writeWorkbook: vi.fn() }));

vi.mock("~/services/sessions/admin-session.server", () => ({
  requireAdmin: vi.fn(async () => ({ id: 7, adminId: "export-admin", role: "admin" })),
}));
vi.mock("~/services/exports/workbook-writer.server", async (importOriginal) => ({
  ...(await importOriginal<typeof import("~/services/exports/workbook-writer.server")>()),
  writeWorkbook,
}));

const { action } = await import("./_panel.users.export");

function post(fields: Record<string, string>, accept = "text/html") {
  return new Request("http://localhost/admin/users/export", {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { Accept: accept, "Content-Type": "application/x-www-form-urlencoded" },
  });
}
const run = (request: Request) => action({ request, params: {}, context: {} });

afterEach(() => {
  writeWorkbook.mockReset();
  vi.restoreAllMocks();
});

describe("a failed export", () => {
  test("logs 'Export failed' with the detail and answers a script with the plain message as JSON (500)", async () => {
    writeWorkbook.mockRejectedValueOnce(new Error("ENOSPC: no space left on device"));
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
      { dataset: "users", adminId: "export-admin" },
      expect.objectContaining({ message: "ENOSPC: no space left on device" }),
    );
    expect(writeWorkbook).toHaveBeenCalledTimes(1);
  });

  test("without JavaScript: back to the table the admin was on, with a destructive toast", async () => {
    writeWorkbook.mockRejectedValueOnce(new Error("EACCES"));
    vi.spyOn(console, "error").mockImplementation(() => {});
    const response = await run(post({ dataset: "all-data", returnTo: "/admin/users/enrollments?page=2" }));
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/admin/users/enrollments?page=2");
    expect(response.headers.get("Set-Cookie")).toMatch(/^toast=/);
  });

  test("a return address outside the Users tab is not followed", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    for (const returnTo of ["https://evil.example/admin/users", "//evil.example/admin/users", "/admin/courses", "/admin/usersX"]) {
      writeWorkbook.mockRejectedValueOnce(new Error("EACCES"));
      const response = await run(post({ dataset: "users", returnTo }));
      expect(response.headers.get("Location"), returnTo).toBe("/admin/users");
    }
  });

  test("an unknown dataset is refused before anything is written", async () => {
    const warned = vi.spyOn(console, "warn").mockImplementation(() => {});
    const response = await run(post({ dataset: "passwords" }, "application/json"));
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      title: "Export failed",
      description: "There is no such export. Please use one of the export buttons.",
    });
    expect(writeWorkbook).not.toHaveBeenCalled();
    expect(warned).toHaveBeenCalled();
  });
});
