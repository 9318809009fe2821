import { randomBytes, randomUUID } from "node:crypto";
import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import ExcelJS from "exceljs";
import {
  adminApiClient,
  auditActionsOf,
  beforeAll,
  clientWithCookie,
  describe,
  SITE_ORIGIN,
  testDatabasePath,
  expect,
  type HttpClient,
  type HttpResponse,
  queryTestDatabase,
  test,
  withDatabase,
} from "./support/test";

// The Users tab's Excel exports and share links:
// GET /api/admin/export/:dataset, GET /api/admin/shared-files,
// DELETE /api/admin/shared-files/:id and the public GET /shared/:token.

const XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const SHARE_PATH = /^\/shared\/[A-Za-z0-9_-]{43}$/;
const EXPORTS_FOLDER = join(dirname(testDatabasePath()), "exports");

const DATASETS = {
  users: ["Users"],
  registrations: ["Event Registrations"],
  enrollments: ["Course Enrollments"],
  "enrollment-forms": ["Enrollment Forms"],
  progress: ["Course Progress"],
  "all-data": ["Users", "Event Registrations", "Course Enrollments", "Enrollment Forms"],
} as const;
type Dataset = keyof typeof DATASETS;

// This file's own rows, named so that no other test's rows match.
const tag = randomUUID().slice(0, 8);
const mark = {
  firstName: `Exportia ${tag}`,
  hostileFirstName: `=HYPERLINK("http://evil.example/${tag}","open")`,
  hostileLastName: `Hostile-${tag}`,
  event: `Export Webinar ${tag}`,
  registrant: `@SUM(1+1) ${tag}`,
  course: `Export Course ${tag}`,
  formName: `-2 Former ${tag}`,
};

beforeAll(() => {
  withDatabase((database) => {
    const userId = randomUUID();
    const hostileId = randomUUID();
    database
      .prepare("INSERT INTO users (id, email, first_name, last_name) VALUES (?, ?, ?, ?), (?, ?, ?, ?)")
      .run(
        userId,
        `exportia-${tag}@example.test`,
        mark.firstName,
        "Rao",
        hostileId,
        `hostile-${tag}@example.test`,
        mark.hostileFirstName,
        mark.hostileLastName,
      );
    const eventId = Number(
      database
        .prepare(
          "INSERT INTO events (title, description, event_type, event_date) VALUES (?, 'Made by api-admin-exports.spec.ts', 'webinar', ?)",
        )
        .run(mark.event, Date.now() + 5 * 24 * 60 * 60 * 1000).lastInsertRowid,
    );
    database
      .prepare("INSERT INTO event_registrations (event_id, user_id, name, email, phone) VALUES (?, ?, ?, ?, '9876543210')")
      .run(eventId, userId, mark.registrant, `exportia-${tag}@example.test`);
    const courseId = Number(
      database
        .prepare("INSERT INTO courses (title, short_description, description, duration, is_active) VALUES (?, 's', 'd', '4 weeks', 0)")
        .run(mark.course).lastInsertRowid,
    );
    database
      .prepare(
        "INSERT INTO orders (user_id, course_id, amount_paise, payment_status, provider, provider_payment_id) VALUES (?, ?, 499950, 'completed', 'stripe', ?)",
      )
      .run(userId, courseId, `pi_export_${tag}`);
    database
      .prepare(
        `INSERT INTO enrollment_forms (user_id, name, whatsapp_number, state, city, experience_level, course_or_event_id,
           course_or_event_type, source_of_lead) VALUES (?, ?, '9876543210', 'Goa', 'Panaji', 'beginner', ?, 'course', 'Friend')`,
      )
      .run(userId, mark.formName, courseId);
  });
});

async function jsonOf(response: HttpResponse, status: number) {
  expect(response.status(), await response.text()).toBe(status);
  expect(response.headers()["content-type"]).toMatch(/^application\/json/);
  return response.json();
}

async function workbookOf(body: Buffer) {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(body as unknown as ArrayBuffer);
  return book;
}

/** Every data row of a sheet as its cell values (column A first). */
function rowsOf(sheet: ExcelJS.Worksheet): ExcelJS.CellValue[][] {
  const rows: ExcelJS.CellValue[][] = [];
  sheet.eachRow((row, number) => {
    if (number > 1) rows.push((row.values as ExcelJS.CellValue[]).slice(1));
  });
  return rows;
}

const rowWith = (sheet: ExcelJS.Worksheet, text: string) =>
  rowsOf(sheet).find((cells) => cells.some((cell) => typeof cell === "string" && cell.includes(text)));

type Export = { body: Buffer; filename: string; sharePath: string };

async function exportAs(client: HttpClient, dataset: Dataset): Promise<Export> {
  const response = await client.get(`/api/admin/export/${dataset}`);
  expect(response.status(), await response.text()).toBe(200);
  const headers = response.headers();
  expect(headers["content-type"]).toBe(XLSX);
  expect(headers["cache-control"]).toBe("no-store");
  const disposition = headers["content-disposition"] ?? "";
  const filename = new RegExp(`^attachment; filename="(${dataset}-\\d{4}-\\d{2}-\\d{2}-\\d{4}\\.xlsx)"; filename\\*=UTF-8''(.+)$`).exec(
    disposition,
  );
  expect(filename, disposition).not.toBeNull();
  expect(filename?.[2]).toBe(filename?.[1]);
  const sharePath = headers["x-shared-link"] ?? "";
  expect(sharePath).toMatch(SHARE_PATH);
  return { body: await response.body(), filename: filename?.[1] ?? "", sharePath };
}

describe("GET /api/admin/export/:dataset", () => {
  for (const [dataset, sheetNames] of Object.entries(DATASETS) as [Dataset, readonly string[]][]) {
    test(`${dataset}: an .xlsx with the rows, saved and shared`, async () => {
      const { admin, client } = await adminApiClient();
      const file = await exportAs(client, dataset);
      const book = await workbookOf(file.body);
      expect(book.worksheets.map((sheet) => sheet.name)).toEqual(sheetNames);
      for (const sheet of book.worksheets) {
        expect(sheet.getRow(1).font?.bold).toBe(true);
        expect(sheet.views[0]).toMatchObject({ state: "frozen", ySplit: 1 });
      }

      const users = book.getWorksheet("Users");
      if (users) {
        expect(rowWith(users, mark.firstName)?.slice(1, 5)).toEqual([`exportia-${tag}@example.test`, mark.firstName, "Rao", "User"]);
        // The formula comes back as text behind an apostrophe.
        expect(rowWith(users, mark.hostileLastName)?.[2]).toBe(`'${mark.hostileFirstName}`);
      }
      const registrations = book.getWorksheet("Event Registrations");
      if (registrations) {
        const row = rowWith(registrations, mark.event);
        expect(row?.slice(1, 4)).toEqual([`'${mark.registrant}`, `exportia-${tag}@example.test`, "9876543210"]);
        expect(row?.[7]).toBeInstanceOf(Date);
      }
      const enrollments = book.getWorksheet("Course Enrollments");
      if (enrollments) {
        const row = rowWith(enrollments, mark.course);
        expect(row?.slice(1, 3)).toEqual([`exportia-${tag}@example.test`, `${mark.firstName} Rao`]);
        expect(row?.slice(4, 9)).toEqual([mark.course, 4999.5, "Completed", "Stripe", `pi_export_${tag}`]);
        expect(row?.[9]).toBeInstanceOf(Date);
      }
      const forms = book.getWorksheet("Enrollment Forms");
      if (forms) {
        const row = rowWith(forms, tag);
        expect(row?.[1]).toBe(`'${mark.formName}`);
        expect(row?.slice(9, 12)).toEqual(["Course", expect.any(Number), mark.course]);
        expect(row?.[15]).toBe("Pending");
      }

      // Saved: listed with its share link, and the audit row names the export.
      const listed = (await jsonOf(await client.get("/api/admin/shared-files"), 200)) as Record<string, unknown>[];
      const entry = listed.find((item) => item.fullShareLink === `${SITE_ORIGIN}${file.sharePath}`);
      expect(entry).toEqual({
        id: expect.any(Number),
        filename: file.filename,
        size: file.body.byteLength,
        created: expect.stringMatching(ISO),
        fullShareLink: `${SITE_ORIGIN}${file.sharePath}`,
      });
      expect(auditActionsOf(admin)).toContainEqual({ action: "export_created", entityType: "export", entityId: String(entry?.id) });
      await client.dispose();
    });
  }

  test("an unknown dataset is a 404 with a message", async () => {
    const { client } = await adminApiClient();
    for (const dataset of ["nope", "Users", "all", "..%2F..%2Fetc%2Fpasswd"]) {
      const body = await jsonOf(await client.get(`/api/admin/export/${dataset}`), 404);
      expect(body).toEqual({ message: expect.stringContaining("Unknown export") });
    }
    await client.dispose();
  });
});

describe("share links", () => {
  test("the link downloads anonymously until the file is deleted, then 404s", async () => {
    const { admin, client } = await adminApiClient();
    const file = await exportAs(client, "users");
    const anonymous = await clientWithCookie();

    const download = await anonymous.get(file.sharePath);
    expect(download.status()).toBe(200);
    const headers = download.headers();
    expect(headers["content-type"]).toBe(XLSX);
    expect(headers["content-disposition"]).toBe(`attachment; filename="${file.filename}"; filename*=UTF-8''${file.filename}`);
    expect(headers["x-content-type-options"]).toBe("nosniff");
    expect(headers["cache-control"]).toBe("private, no-store");
    expect(headers["x-robots-tag"]).toBe("noindex");
    expect(Buffer.compare(await download.body(), file.body)).toBe(0);

    const token = file.sharePath.slice("/shared/".length);
    const [row] = queryTestDatabase<{ id: number; stored_path: string }>("SELECT id, stored_path FROM shared_files WHERE token = ?", token);
    expect(row).toBeDefined();
    const storedFile = join(EXPORTS_FOLDER, row!.stored_path);
    expect(existsSync(storedFile)).toBe(true);

    const deleted = await client.delete(`/api/admin/shared-files/${row!.id}`);
    expect(deleted.status()).toBe(204);
    expect(await deleted.text()).toBe("");
    expect(auditActionsOf(admin)).toContainEqual({ action: "shared_file_deleted", entityType: "shared_file", entityId: String(row!.id) });
    expect(queryTestDatabase("SELECT id FROM shared_files WHERE id = ?", row!.id)).toEqual([]);
    expect(existsSync(storedFile)).toBe(false);

    expect((await anonymous.get(file.sharePath)).status()).toBe(404);
    const listed = (await jsonOf(await client.get("/api/admin/shared-files"), 200)) as { id: number }[];
    expect(listed.map((item) => item.id)).not.toContain(row!.id);
    expect((await jsonOf(await client.delete(`/api/admin/shared-files/${row!.id}`), 404)).message).toBe("Shared file not found");
    await anonymous.dispose();
    await client.dispose();
  });

  test("guessed and malformed tokens are 404s", async () => {
    const { client } = await adminApiClient();
    const file = await exportAs(client, "registrations");
    const token = file.sharePath.slice("/shared/".length);
    const anonymous = await clientWithCookie();
    const attempts = [
      randomBytes(32).toString("base64url"),
      token.slice(0, -1),
      `${token}A`,
      token.toLowerCase() === token ? token.toUpperCase() : token.toLowerCase(),
      "abc",
      "..%2F..%2Fetc%2Fpasswd",
      "%2E%2E%2F%2E%2E%2Fetc%2Fpasswd",
      encodeURIComponent(`../../exports/${token}`),
      `${token.slice(0, 42)}=`,
      "1",
    ];
    for (const attempt of attempts) {
      const response = await anonymous.get(`/shared/${attempt}`);
      expect(response.status(), attempt).toBe(404);
      expect(response.headers()["content-type"], attempt).not.toBe(XLSX);
    }
    // Still there for the real token.
    expect((await anonymous.get(file.sharePath)).status()).toBe(200);
    expect((await anonymous.post(file.sharePath)).status()).toBe(405);
    await anonymous.dispose();
    await client.dispose();
  });
});

describe("DELETE /api/admin/shared-files/:id", () => {
  test("a malformed id is a 400, an unknown one a 404", async () => {
    const { client } = await adminApiClient();
    for (const id of ["abc", "0", "-1", "1.5"]) {
      expect((await jsonOf(await client.delete(`/api/admin/shared-files/${id}`), 400)).message, id).toEqual(expect.any(String));
    }
    expect((await jsonOf(await client.delete("/api/admin/shared-files/987654321"), 404)).message).toBe("Shared file not found");
    await client.dispose();
  });
});

describe("methods", () => {
  test("other methods are 405 with Allow", async () => {
    const { client } = await adminApiClient();
    const cases: [string, "post" | "put" | "delete" | "get", string][] = [
      ["/api/admin/export/users", "post", "GET"],
      ["/api/admin/export/all-data", "delete", "GET"],
      ["/api/admin/shared-files", "post", "GET"],
      ["/api/admin/shared-files", "delete", "GET"],
      ["/api/admin/shared-files/1", "get", "DELETE"],
      ["/api/admin/shared-files/1", "put", "DELETE"],
    ];
    for (const [path, method, allow] of cases) {
      const response = await client[method](path);
      expect(response.status(), `${method} ${path}`).toBe(405);
      expect(response.headers()["allow"], `${method} ${path}`).toBe(allow);
    }
    await client.dispose();
  });
});

describe("access", () => {
  const endpoints: ["get" | "post" | "delete", string][] = [
    ...Object.keys(DATASETS).map((dataset) => ["get", `/api/admin/export/${dataset}`] as ["get", string]),
    ["get", "/api/admin/export/nope"],
    ["post", "/api/admin/export/users"],
    ["get", "/api/admin/shared-files"],
    ["post", "/api/admin/shared-files"],
    ["delete", "/api/admin/shared-files/1"],
    ["delete", "/api/admin/shared-files/abc"],
    ["get", "/api/admin/shared-files/1"],
  ];

  test("a content manager gets 403 from every endpoint, and no file is made", async () => {
    const { client } = await adminApiClient("content_manager");
    for (const [method, path] of endpoints) {
      expect(await jsonOf(await client[method](path), 403), `${method} ${path}`).toEqual({ message: "Forbidden" });
    }
    const madeByContentManagers = queryTestDatabase(
      "SELECT f.id FROM shared_files f JOIN admins a ON a.id = f.created_by_admin_id WHERE a.role = 'content_manager'",
    );
    expect(madeByContentManagers).toEqual([]);
    await client.dispose();
  });

  test("anonymous requests get 401 from every endpoint", async () => {
    const anonymous = await clientWithCookie();
    for (const [method, path] of endpoints) {
      expect(await jsonOf(await anonymous[method](path), 401), `${method} ${path}`).toEqual({ message: "Unauthorized" });
    }
    await anonymous.dispose();
  });
});
