import { randomUUID } from "node:crypto";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { request as playwrightRequest, type APIRequestContext, type Browser, type Download, type Page } from "@playwright/test";
import ExcelJS from "exceljs";
import { formatIndiaDateTime } from "../../app/utils/dates";
import { createStudent, expect, queryTestDatabase, test, withDatabase } from "./fixtures";
import { auditActionsOf, signInAsAdmin, toast, visitAdmin } from "./admin-support";
import { expectNoA11yViolations, failOnPageErrors, inBothModes } from "./page-checks";
import { E2E_DATABASE } from "../../playwright.config";

// The Users tab's Excel exports:
// the export buttons (a plain form post that answers with the file, enhanced
// with fetch when JavaScript runs), 'Generated Excel Files', 'Share Excel
// File', deleting a file (which revokes its link), a refused export's plain
// message, and who may do any of it. Every test makes its own rows and finds
// its own files by the admin who made them.
//
// A failure while writing the workbook (disk full, folder unwritable) cannot be
// caused from a browser on a healthy server: app/services/exports/generate.server.test.ts
// covers the writer's failures (no partial file, no row) and
// app/routes/admin+/_panel.users+/export.test.ts the action's answer to one
// ('Export failed' logged; JSON for the script, a toast without it). Here the
// failure is one the server really refuses: a dataset it does not know, which
// goes through the same answer.

type StoredFile = { id: number; token: string; filename: string; stored_path: string; size_bytes: number; created_at: number };

const EXPORTS_FOLDER = join(E2E_DATABASE, "..", "exports");

/** Rows only this test made, one per exported table, each findable by its marker. */
async function arrangeRows() {
  const marker = `Export${randomUUID().slice(0, 8)}`;
  const student = await createStudent({ firstName: marker, lastName: "Student", email: `${marker.toLowerCase()}@example.test` });
  withDatabase((database) => {
    const course = database.prepare("SELECT id FROM courses ORDER BY id LIMIT 1").get() as { id: number };
    database
      .prepare("INSERT INTO orders (user_id, course_id, payment_status, amount_paise) VALUES (?, ?, 'completed', 499950)")
      .run(student.id, course.id);
    const event = database
      .prepare("INSERT INTO events (title, description, event_type, event_date) VALUES (?, 'For the exports spec.', 'webinar', ?)")
      .run(`${marker} Webinar`, Date.now() + 7 * 86_400_000);
    database
      .prepare("INSERT INTO event_registrations (event_id, name, email, phone) VALUES (?, ?, ?, '+91 98765 43210')")
      .run(Number(event.lastInsertRowid), `${marker} Registrant`, `${marker.toLowerCase()}.reg@example.test`);
    database
      .prepare(
        `INSERT INTO enrollment_forms (name, whatsapp_number, state, city, experience_level, course_or_event_id, course_or_event_type, source_of_lead)
         VALUES (?, '+91 91234 56789', 'Maharashtra', 'Pune', 'beginner', ?, 'course', 'instagram')`,
      )
      .run(`${marker} Applicant`, course.id);
  });
  return {
    userEmail: student.email,
    registrant: `${marker} Registrant`,
    applicant: `${marker} Applicant`,
  };
}
type Rows = Awaited<ReturnType<typeof arrangeRows>>;

/** Each button, the sheets its file holds, and the cell text (one of this test's rows) each sheet must contain. */
const EXPORTS = [
  { button: "Export Users", dataset: "users", expect: (rows: Rows) => ({ Users: rows.userEmail }) },
  { button: "Export Event Registrations", dataset: "registrations", expect: (rows: Rows) => ({ "Event Registrations": rows.registrant }) },
  { button: "Export Course Enrollments", dataset: "enrollments", expect: (rows: Rows) => ({ "Course Enrollments": rows.userEmail }) },
  { button: "Export Enrollment Forms", dataset: "enrollment-forms", expect: (rows: Rows) => ({ "Enrollment Forms": rows.applicant }) },
  { button: "Export Course Progress", dataset: "progress", expect: (rows: Rows) => ({ "Course Progress": rows.userEmail }) },
  {
    button: "Export All Data",
    dataset: "all-data",
    expect: (rows: Rows) => ({
      Users: rows.userEmail,
      "Event Registrations": rows.registrant,
      "Course Enrollments": rows.userEmail,
      "Enrollment Forms": rows.applicant,
    }),
  },
] as const;

const filesOf = (adminId: number) =>
  queryTestDatabase<StoredFile>(
    "SELECT id, token, filename, stored_path, size_bytes, created_at FROM shared_files WHERE created_by_admin_id = ? ORDER BY id",
    adminId,
  );
const fileById = (id: number) => queryTestDatabase<StoredFile>("SELECT * FROM shared_files WHERE id = ?", id)[0];

const sizeLabel = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** The sheets of a downloaded workbook and all their cells' text. */
async function readWorkbook(download: Download, path: string): Promise<Map<string, string[]>> {
  await download.saveAs(path);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(path);
  const sheets = new Map<string, string[]>();
  workbook.eachSheet((sheet) => {
    const cells: string[] = [];
    sheet.eachRow((row) => row.eachCell((cell) => cells.push(cell.text)));
    sheets.set(sheet.name, cells);
  });
  return sheets;
}

/** The list item of one generated file, found by its Share Link's address (filenames repeat within a minute). */
const fileItem = (page: Page, id: number) =>
  page
    .getByRole("list", { name: "Generated Excel files" })
    .getByRole("listitem")
    .filter({ has: page.locator(`a[href="/admin/users/files/${id}"]`) });

/** A file made the way the page's script makes one: a post to the export action. */
async function exportByPost(request: APIRequestContext, dataset = "users"): Promise<StoredFile & { sharePath: string }> {
  const response = await request.post("/admin/users/export", { form: { dataset } });
  expect(response.status()).toBe(200);
  const headers = response.headers();
  expect(headers["content-type"]).toBe("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
  const sharePath = headers["x-shared-link"] ?? "";
  expect(sharePath).toMatch(/^\/shared\/[A-Za-z0-9_-]{43}$/);
  const file = queryTestDatabase<StoredFile>("SELECT * FROM shared_files WHERE token = ?", sharePath.slice("/shared/".length))[0];
  if (!file) throw new Error("the export left no shared_files row");
  expect(headers["content-disposition"]).toContain(`attachment; filename="${file.filename}"`);
  expect((await response.body()).subarray(0, 2).toString()).toBe("PK");
  return { ...file, sharePath };
}

/** Opens a share link as a stranger (a fresh browser context, no cookies): the download it starts. */
async function downloadAsStranger(browser: Browser, link: string) {
  const context = await browser.newContext({ javaScriptEnabled: false });
  try {
    const page = await context.newPage();
    const downloaded = page.waitForEvent("download");
    // A download is not a page: goto reports it as an aborted navigation.
    await page.goto(link).catch(() => null);
    const download = await downloaded;
    const path = `${test.info().outputPath(randomUUID())}.xlsx`;
    await download.saveAs(path);
    return { filename: download.suggestedFilename(), path };
  } finally {
    await context.close();
  }
}

inBothModes((mode) => {
  test.describe("/admin/users exports", () => {
    // Five exports, each read back, plus axe: slow on a shared 2-core machine.
    test.describe.configure({ timeout: 120_000 });

    test("each export button downloads an .xlsx with this test's rows, and the file joins 'Generated Excel Files'", async ({
      page,
      context,
      baseURL,
    }) => {
      const admin = await signInAsAdmin(context, baseURL ?? "");
      const checkErrors = mode.javaScriptEnabled ? failOnPageErrors(page) : () => {};
      const rows = await arrangeRows();
      await visitAdmin(page, mode, "/admin/users");
      await expect(page.getByRole("heading", { level: 2, name: "Excel Export Options" })).toBeVisible();
      await expect(page.getByRole("heading", { level: 2, name: "Generated Excel Files" })).toBeVisible();
      // With JavaScript the list must update without a reload: a reload would lose this mark.
      if (mode.javaScriptEnabled) await page.evaluate(() => Object.assign(window, { exportSpecMark: true }));

      for (const [index, choice] of EXPORTS.entries()) {
        const button = page.getByRole("button", { name: choice.button, exact: true });
        let release = () => {};
        if (mode.javaScriptEnabled && index === 0) {
          // Hold the first answer back so the pending state can be seen.
          const held = new Promise<void>((resolve) => (release = resolve));
          await page.route("**/admin/users/export", async (route) => {
            await held;
            await route.continue();
          });
        }
        const downloaded = page.waitForEvent("download");
        await button.click();
        if (mode.javaScriptEnabled && index === 0) {
          await expect(page.getByRole("button", { name: "Exporting…" })).toBeDisabled();
          await expect(page.getByRole("button", { name: "Export All Data" })).toBeDisabled();
          release();
        }
        const download = await downloaded;
        if (mode.javaScriptEnabled && index === 0) await page.unroute("**/admin/users/export");

        expect(download.suggestedFilename()).toMatch(new RegExp(`^${choice.dataset}-\\d{4}-\\d{2}-\\d{2}-\\d{4}\\.xlsx$`));
        const sheets = await readWorkbook(download, test.info().outputPath(`${choice.dataset}.xlsx`));
        const expected: Record<string, string> = choice.expect(rows);
        expect([...sheets.keys()]).toEqual(Object.keys(expected));
        for (const [sheet, text] of Object.entries(expected)) expect(sheets.get(sheet), `${sheet} holds ${text}`).toContain(text);

        const stored = filesOf(admin.id);
        expect(stored).toHaveLength(index + 1);
        const file = stored[index];
        if (!file) throw new Error("no stored file");
        expect(file.filename).toBe(download.suggestedFilename());
        // The browser stays on the tab.
        await expect(page).toHaveURL(/\/admin\/users$/);

        if (mode.javaScriptEnabled) {
          const item = fileItem(page, file.id);
          await expect(item).toBeVisible();
          await expect(item).toContainText(file.filename);
          await expect(item).toContainText(sizeLabel(file.size_bytes));
          await expect(button).toBeEnabled();
        }
      }
      if (mode.javaScriptEnabled) expect(await page.evaluate(() => "exportSpecMark" in window)).toBe(true);
      else await visitAdmin(page, mode, "/admin/users");

      const stored = filesOf(admin.id);
      for (const file of stored) {
        const item = fileItem(page, file.id);
        await expect(item).toContainText(file.filename);
        await expect(item.getByText(/^\d+\.\d KB$/)).toHaveText(sizeLabel(file.size_bytes));
        await expect(item.locator("time")).toHaveText(formatIndiaDateTime(new Date(file.created_at)));
        await expect(item.getByRole("link", { name: "Share Link" })).toHaveAttribute("href", `/admin/users/files/${file.id}`);
        await expect(item.getByRole("link", { name: "Download" })).toHaveAttribute("href", `/shared/${file.token}`);
        await expect(item.getByRole("link", { name: "Delete" })).toHaveAttribute("href", `/admin/users/files/${file.id}?confirm=delete`);
      }
      // Newest first.
      const listed = await page
        .getByRole("list", { name: "Generated Excel files" })
        .getByRole("link", { name: "Share Link" })
        .evaluateAll((links) => links.map((link) => link.getAttribute("href")));
      const mine = listed.filter((href) => stored.some((file) => href === `/admin/users/files/${file.id}`));
      expect(mine).toEqual(stored.map((file) => `/admin/users/files/${file.id}`).reverse());

      expect(auditActionsOf(admin)).toEqual(
        stored.map((file) => ({ action: "export_created", entityType: "export", entityId: String(file.id) })),
      );
      await expectNoA11yViolations(page);
      checkErrors();
    });

    test("'Share Excel File' shows the full link (Copy with JavaScript, selectable without), and a stranger can download with it", async ({
      page,
      context,
      baseURL,
      browser,
    }) => {
      await signInAsAdmin(context, baseURL ?? "");
      const checkErrors = mode.javaScriptEnabled ? failOnPageErrors(page) : () => {};
      const rows = await arrangeRows();
      const file = await exportByPost(page.request, "registrations");
      const fullLink = `${baseURL}${file.sharePath}`;

      await visitAdmin(page, mode, "/admin/users");
      await fileItem(page, file.id).getByRole("link", { name: "Share Link" }).click();
      await expect(page).toHaveURL(new RegExp(`/admin/users/files/${file.id}$`));
      const dialog = page.getByRole("dialog", { name: "Share Excel File" });
      await expect(dialog).toBeVisible();
      await expect(dialog).toContainText(file.filename);
      const field = dialog.getByRole("textbox", { name: "Share link" });
      await expect(field).toHaveValue(fullLink);
      await expect(field).not.toBeEditable();

      if (mode.javaScriptEnabled) {
        await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseURL });
        await field.focus();
        expect(await field.evaluate((input: HTMLInputElement) => [input.selectionStart, input.selectionEnd])).toEqual([0, fullLink.length]);
        await dialog.getByRole("button", { name: "Copy" }).click();
        await expect(dialog.getByRole("status")).toHaveText("Copied");
        expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(fullLink);
      } else {
        await expect(dialog.getByRole("button", { name: "Copy" })).toHaveCount(0);
        await field.selectText();
        expect(
          await field.evaluate((input: HTMLInputElement) => input.value.slice(input.selectionStart ?? 0, input.selectionEnd ?? 0)),
        ).toBe(fullLink);
      }
      await expectNoA11yViolations(page);

      await dialog.getByRole("link", { name: "Close" }).click();
      await expect(page).toHaveURL(/\/admin\/users$/);
      await expect(dialog).toHaveCount(0);

      // The admin's Download link and a stranger's visit to the link both get the file.
      const downloaded = page.waitForEvent("download");
      await fileItem(page, file.id).getByRole("link", { name: "Download" }).click();
      expect((await downloaded).suggestedFilename()).toBe(file.filename);

      const stranger = await downloadAsStranger(browser, fullLink);
      expect(stranger.filename).toBe(file.filename);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.readFile(stranger.path);
      const cells: string[] = [];
      workbook.getWorksheet("Event Registrations")?.eachRow((row) => row.eachCell((cell) => cells.push(cell.text)));
      expect(cells).toContain(rows.registrant);
      checkErrors();
    });

    test("deleting a file asks first, removes it from the list and the disk, and its share link then answers 404", async ({
      page,
      context,
      baseURL,
    }) => {
      const admin = await signInAsAdmin(context, baseURL ?? "");
      const checkErrors = mode.javaScriptEnabled ? failOnPageErrors(page) : () => {};
      const file = await exportByPost(page.request, "users");
      expect(existsSync(join(EXPORTS_FOLDER, file.stored_path))).toBe(true);
      const stranger = await playwrightRequest.newContext({ baseURL });
      expect((await stranger.get(file.sharePath)).status()).toBe(200);

      await visitAdmin(page, mode, "/admin/users");
      await fileItem(page, file.id).getByRole("link", { name: "Delete" }).click();
      await expect(page).toHaveURL(new RegExp(`/admin/users/files/${file.id}\\?confirm=delete$`));
      const dialog = page.getByRole("dialog", { name: "Confirm delete" });
      await expect(dialog.getByText(`Delete "${file.filename}"? Its share link will stop working.`, { exact: true })).toBeVisible();
      await expectNoA11yViolations(page);

      // Cancel keeps it.
      await dialog.getByRole("link", { name: "Cancel" }).click();
      await expect(page).toHaveURL(/\/admin\/users$/);
      await expect(fileItem(page, file.id)).toBeVisible();

      await fileItem(page, file.id).getByRole("link", { name: "Delete" }).click();
      await page.getByRole("dialog", { name: "Confirm delete" }).getByRole("button", { name: "Delete" }).click();
      await expect(page).toHaveURL(/\/admin\/users$/);
      await expect(toast(page)).toContainText("File deleted");
      await expect(toast(page)).toContainText(`“${file.filename}” has been deleted; its share link no longer works.`);
      await expect(fileItem(page, file.id)).toHaveCount(0);

      expect(fileById(file.id)).toBeUndefined();
      expect(existsSync(join(EXPORTS_FOLDER, file.stored_path))).toBe(false);
      expect((await stranger.get(file.sharePath)).status()).toBe(404);
      await stranger.dispose();
      expect(auditActionsOf(admin).at(-1)).toEqual({ action: "shared_file_deleted", entityType: "shared_file", entityId: String(file.id) });
      checkErrors();

      // The dialogs of a deleted (or never existing, or malformed) file are 404s (which the browser logs itself).
      for (const path of [`/admin/users/files/${file.id}`, `/admin/users/files/${file.id}?confirm=delete`, "/admin/users/files/abc"]) {
        const response = await page.goto(path);
        expect(response?.status(), path).toBe(404);
        await expect(page.getByRole("heading", { level: 1, name: "Not found" })).toBeVisible();
      }
      const repeat = await page.request.post(`/admin/users/files/${file.id}`, { form: { intent: "delete" }, maxRedirects: 0 });
      expect(repeat.status()).toBe(404);
    });

    test("an export the server refuses shows 'Export failed' in plain words, and nothing is stored", async ({ page, context, baseURL }) => {
      const admin = await signInAsAdmin(context, baseURL ?? "");
      // The browser itself logs the refused request (400); nothing else may go wrong.
      const problems: string[] = [];
      page.on("pageerror", (error) => problems.push(error.message));
      page.on("console", (message) => {
        if (message.type() === "error" && !/Failed to load resource: .*400/.test(message.text())) problems.push(message.text());
      });
      let downloads = 0;
      page.on("download", () => downloads++);
      await visitAdmin(page, mode, "/admin/users/registrations");

      // A dataset the server does not know, as a stale or tampered page would post it.
      await page.getByRole("button", { name: "Export Users", exact: true }).evaluate((button: HTMLButtonElement) => {
        button.value = "passwords";
      });
      await page.getByRole("button", { name: "Export Users", exact: true }).click();

      if (mode.javaScriptEnabled) {
        const alert = page.getByRole("alert").filter({ hasText: "Export failed" });
        await expect(alert).toBeVisible();
        await expect(alert).toContainText("There is no such export. Please use one of the export buttons.");
        await expect(page.getByRole("button", { name: "Export Users", exact: true })).toBeEnabled();
      } else {
        // Back on the table the admin was on, with the same words in a toast.
        await expect(page).toHaveURL(/\/admin\/users\/registrations$/);
        // A destructive toast is an alert.
        const failureToast = page.getByRole("region", { name: "Notifications (F8)" }).getByRole("alert");
        await expect(failureToast).toContainText("Export failed");
        await expect(failureToast).toContainText("There is no such export. Please use one of the export buttons.");
      }
      expect(downloads).toBe(0);
      expect(filesOf(admin.id)).toEqual([]);
      expect(auditActionsOf(admin)).toEqual([]);
      expect(problems).toEqual([]);
    });
  });
});

test.describe("exports: who may", () => {
  test("a content_manager gets 'Access denied' on the file dialogs and 403 on every post; a visitor is sent to sign in", async ({
    page,
    context,
    baseURL,
    browser,
  }) => {
    const adminContext = await browser.newContext();
    await signInAsAdmin(adminContext, baseURL ?? "");
    const file = await exportByPost(adminContext.request, "users");
    await adminContext.close();

    await signInAsAdmin(context, baseURL ?? "", "content_manager");
    for (const path of [`/admin/users/files/${file.id}`, `/admin/users/files/${file.id}?confirm=delete`, "/admin/users"]) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(403);
      await expect(page.getByRole("heading", { level: 1, name: "Access denied" })).toBeVisible();
    }
    for (const [path, form] of [
      ["/admin/users/export", { dataset: "users" }],
      [`/admin/users/files/${file.id}`, { intent: "delete" }],
    ] as const) {
      const response = await page.request.post(path, { form, maxRedirects: 0 });
      expect(response.status(), path).toBe(403);
    }
    expect((await page.request.get("/admin/users/export", { maxRedirects: 0 })).status()).toBe(403);
    // Nothing changed: the file and its link are still there.
    expect(fileById(file.id)?.id).toBe(file.id);

    const anonymous = await playwrightRequest.newContext({ baseURL });
    for (const path of [`/admin/users/files/${file.id}`, `/admin/users/files/${file.id}?confirm=delete`, "/admin/users/export"]) {
      const response = await anonymous.get(path, { maxRedirects: 0 });
      expect(response.status(), path).toBe(302);
      expect(response.headers().location, path).toMatch(/^\/admin\/login\?redirectTo=/);
    }
    for (const [path, form] of [
      ["/admin/users/export", { dataset: "users" }],
      [`/admin/users/files/${file.id}`, { intent: "delete" }],
    ] as const) {
      const response = await anonymous.post(path, { form, maxRedirects: 0 });
      expect(response.status(), path).toBe(302);
      expect(response.headers().location, path).toMatch(/^\/admin\/login/);
    }
    expect((await anonymous.get(file.sharePath)).status()).toBe(200);
    await anonymous.dispose();
  });

  test("an admin's GET of the export address goes back to the tab; a guessed share link is a 404", async ({ page, context, baseURL }) => {
    await signInAsAdmin(context, baseURL ?? "");
    const response = await page.request.get("/admin/users/export", { maxRedirects: 0 });
    expect(response.status()).toBe(302);
    expect(response.headers().location).toBe("/admin/users");
    const anonymous = await playwrightRequest.newContext({ baseURL });
    expect((await anonymous.get(`/shared/${"A".repeat(43)}`)).status()).toBe(404);
    await anonymous.dispose();
  });
});
