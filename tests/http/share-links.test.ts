import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import ExcelJS from "exceljs";
import {
  adminApiClient,
  auditActionsOf,
  clientWithCookie,
  describe,
  expect,
  type HttpClient,
  type HttpResponse,
  queryTestDatabase,
  studentClient,
  test,
  testDatabasePath,
  withDatabase,
} from "./support/test";

// Excel share links stop working: after the days set in settings, when an
// admin revokes one, or when a student who may be in the file deletes their account. Each download through a link is recorded and listed for
// the admin on the file's page.

const DAY_MS = 24 * 60 * 60 * 1000;
const EXPORTS_FOLDER = join(dirname(testDatabasePath()), "exports");

type SharedRow = { id: number; stored_path: string; created_at: number; expires_at: number | null; revoked_at: number | null };

/** An export made through the JSON door: its share path and its shared_files row. */
async function shareOf(client: HttpClient) {
  const response = await client.get("/api/admin/export/users");
  expect(response.status()).toBe(200);
  const sharePath = response.headers()["x-shared-link"] ?? "";
  const token = sharePath.slice("/shared/".length);
  const [row] = queryTestDatabase<SharedRow>(
    "SELECT id, stored_path, created_at, expires_at, revoked_at FROM shared_files WHERE token = ?",
    token,
  );
  if (!row) throw new Error(`No shared_files row for ${sharePath}`);
  return { sharePath, row };
}

const rowOf = (id: number) =>
  queryTestDatabase<SharedRow>("SELECT id, stored_path, created_at, expires_at, revoked_at FROM shared_files WHERE id = ?", id)[0];
const visibleText = async (response: HttpResponse) => (await response.text()).replace(/<script[\s\S]*?<\/script>/g, "");

describe("expiry", () => {
  test("a new link works for the days set in settings, and is a 404 once they have passed", async () => {
    const { client } = await adminApiClient();
    const first = await shareOf(client);
    expect(first.row.expires_at! - first.row.created_at).toBeGreaterThanOrEqual(7 * DAY_MS - 1000);
    expect(first.row.expires_at! - first.row.created_at).toBeLessThanOrEqual(7 * DAY_MS + 1000);

    await client.post("/admin/settings", { form: { intent: "retention", leadMonths: "12", shareLinkDays: "2" }, maxRedirects: 0 });
    const second = await shareOf(client);
    expect(Math.round((second.row.expires_at! - second.row.created_at) / DAY_MS)).toBe(2);

    const anonymous = await clientWithCookie();
    expect((await anonymous.get(second.sharePath)).status()).toBe(200);
    withDatabase((database) =>
      database.prepare("UPDATE shared_files SET expires_at = ? WHERE id = ?").run(Date.now() - 1000, second.row.id),
    );
    const expired = await anonymous.get(second.sharePath);
    expect(expired.status()).toBe(404);
    expect(expired.headers()["content-type"]).toContain("text/plain");
    expect(await visibleText(await client.get(`/admin/users/files/${second.row.id}`))).toContain("Link expired on");
    expect(await visibleText(await client.get("/admin/users"))).toContain("Link expired on");
    await anonymous.dispose();
    await client.dispose();
  });
});

describe("revoking", () => {
  test("Revoke link stops the link, removes the file, keeps the row, is audited and says so", async () => {
    const { admin, client } = await adminApiClient();
    const { sharePath, row } = await shareOf(client);
    const anonymous = await clientWithCookie();
    expect((await anonymous.get(sharePath)).status()).toBe(200);
    const page = await visibleText(await client.get(`/admin/users/files/${row.id}`));
    expect(page).toContain("Link works until");
    expect(page).toContain("Revoke link");

    const { client: contentManager } = await adminApiClient("content_manager");
    expect((await contentManager.post(`/admin/users/files/${row.id}`, { form: { intent: "revoke" }, maxRedirects: 0 })).status()).toBe(403);
    expect(rowOf(row.id)?.revoked_at).toBeNull();

    const revoked = await client.post(`/admin/users/files/${row.id}`, { form: { intent: "revoke" }, maxRedirects: 0 });
    expect(revoked.status()).toBe(302);
    expect(revoked.headers().location).toBe(`/admin/users/files/${row.id}`);
    const after = await visibleText(await client.get(`/admin/users/files/${row.id}`));
    expect(after).toContain("Link revoked");
    expect(after).not.toContain('value="revoke"');
    expect(rowOf(row.id)?.revoked_at).toEqual(expect.any(Number));
    expect(existsSync(join(EXPORTS_FOLDER, row.stored_path))).toBe(false);
    expect(auditActionsOf(admin)).toContainEqual({ action: "shared_file_revoked", entityType: "shared_file", entityId: String(row.id) });
    expect((await anonymous.get(sharePath)).status()).toBe(404);

    // A second post (another tab) changes nothing and says the link had already stopped.
    const again = await client.post(`/admin/users/files/${row.id}`, { form: { intent: "revoke" } });
    expect(await visibleText(again)).toContain("Link already stopped");
    expect(auditActionsOf(admin).filter((entry) => entry.action === "shared_file_revoked")).toHaveLength(1);
    await anonymous.dispose();
    await contentManager.dispose();
    await client.dispose();
  });
});

describe("downloads", () => {
  test("each download through the link is recorded with the address and browser, and the file's page lists it", async () => {
    const { client } = await adminApiClient();
    const { sharePath, row } = await shareOf(client);
    const anonymous = await clientWithCookie();
    const longAgent = `Mozilla/5.0 (Recipient Laptop) ${"x".repeat(400)}`;
    expect((await anonymous.get(sharePath, { headers: { "user-agent": longAgent, "x-forwarded-for": "203.0.113.9" } })).status()).toBe(200);

    const downloads = queryTestDatabase<{ ip_address: string; user_agent: string }>(
      "SELECT ip_address, user_agent FROM shared_file_downloads WHERE shared_file_id = ?",
      row.id,
    );
    expect(downloads).toEqual([{ ip_address: "203.0.113.9", user_agent: longAgent.slice(0, 200) }]);

    const page = await visibleText(await client.get(`/admin/users/files/${row.id}`));
    expect(page).toContain("Downloads through the link");
    expect(page).toContain("203.0.113.9");
    expect(page).toContain("Mozilla/5.0 (Recipient Laptop)");

    // A refused download (a revoked link) is not a download.
    await client.post(`/admin/users/files/${row.id}`, { form: { intent: "revoke" }, maxRedirects: 0 });
    expect((await anonymous.get(sharePath)).status()).toBe(404);
    expect(queryTestDatabase("SELECT id FROM shared_file_downloads WHERE shared_file_id = ?", row.id)).toHaveLength(1);
    await anonymous.dispose();
    await client.dispose();
  });
});

/** Every cell of the workbook the response carries, as text. */
async function cellsOf(response: HttpResponse): Promise<string[]> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load((await response.body()) as unknown as ArrayBuffer);
  const cells: string[] = [];
  book.eachSheet((sheet) => sheet.eachRow((row) => row.eachCell((cell) => cells.push(String(cell.value)))));
  return cells;
}

describe("a student deletes their account", () => {
  test("the links of exports made while the account existed stop, their files go, and an earlier export stays", async () => {
    const { client } = await adminApiClient();
    const earlier = await shareOf(client);
    const { client: studentBrowser, student } = await studentClient();
    const holding = await shareOf(client);
    const anonymous = await clientWithCookie();
    expect(await cellsOf(await anonymous.get(holding.sharePath))).toContain(student.email);

    const erased = await studentBrowser.post("/account/privacy?confirm=delete", {
      form: { confirmation: student.password },
      maxRedirects: 0,
    });
    expect(erased.status()).toBe(302);

    const stopped = await anonymous.get(holding.sharePath);
    expect(stopped.status()).toBe(404);
    expect(await stopped.text()).toBe("Not Found");
    expect(existsSync(join(EXPORTS_FOLDER, holding.row.stored_path))).toBe(false);
    expect(rowOf(holding.row.id)?.revoked_at).toEqual(expect.any(Number));
    expect(await visibleText(await client.get(`/admin/users/files/${holding.row.id}`))).toContain("Link revoked on");

    // Made before the account existed, it cannot hold the student: it is served as before.
    const before = await anonymous.get(earlier.sharePath);
    expect(before.status()).toBe(200);
    expect(await cellsOf(before)).not.toContain(student.email);
    await anonymous.dispose();
    await studentBrowser.dispose();
    await client.dispose();
  });
});
