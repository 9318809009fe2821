import { expect, queryTestDatabase, test } from "./fixtures";
import { signInAsAdmin, visitAdmin } from "./admin-support";
import { expectNoA11yViolations, failOnPageErrors, inBothModes } from "./page-checks";

// A file's page lists each download through its share link and stops the link
// with one button, with JavaScript on and off.

inBothModes((mode) => {
  test(`an admin sees who downloaded a file and revokes its link (${mode.label})`, async ({ page, context, baseURL }) => {
    failOnPageErrors(page);
    await signInAsAdmin(context, baseURL ?? "");
    const exported = await page.request.get("/api/admin/export/users");
    expect(exported.status()).toBe(200);
    const sharePath = exported.headers()["x-shared-link"] ?? "";
    const [file] = queryTestDatabase<{ id: number }>("SELECT id FROM shared_files WHERE token = ?", sharePath.slice("/shared/".length));
    expect(file).toBeDefined();
    const download = await page.request.get(sharePath, { headers: { "User-Agent": "Recipient Browser/1.0" } });
    expect(download.status()).toBe(200);

    await visitAdmin(page, mode, `/admin/users/files/${file!.id}`);
    const dialog = page.getByRole("dialog", { name: "Share Excel File" });
    await expect(dialog.getByText(/^Link works until /)).toBeVisible();
    const downloads = dialog.getByRole("region", { name: "Downloads through the link" });
    await expect(downloads.getByRole("row")).toHaveCount(2);
    await expect(downloads).toContainText("Recipient Browser/1.0");
    await expectNoA11yViolations(page);

    await dialog.getByRole("button", { name: "Revoke link" }).click();
    await expect(page.getByRole("region", { name: "Notifications (F8)" })).toContainText("Link revoked");
    await expect(dialog.getByText(/^Link revoked on /)).toBeVisible();
    await expect(dialog.getByRole("button", { name: "Revoke link" })).toHaveCount(0);
    await expect(dialog.getByRole("textbox", { name: "Share link" })).toHaveCount(0);
    await expect(downloads).toContainText("Recipient Browser/1.0");
    expect((await page.request.get(sharePath)).status()).toBe(404);
  });
});
