import { existsSync, readdirSync } from "node:fs";
import { rm } from "node:fs/promises";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { admins, courses, enrollmentForms, orders, eventRegistrations, events, users } from "../../../db/schema";
import { findSharedFile, findSharedFileByToken, listSharedFiles } from "~/models/content/shared-file.server";
import { db } from "~/utils/db.server";
import { DATE_TIME_FORMAT, RUPEE_FORMAT, neutraliseFormula } from "./workbook-writer.server";
import { EXPORT_DATASETS } from "./datasets";
import { exportFilename } from "./generate.server";
import { SHARE_TOKEN_PATTERN, exportsDirectory, revokeSharedFile, sharedFilePath } from "./stored-files.server";
import { generateExport } from "./generate.server";

const HOSTILE_NAMES = ['=HYPERLINK("http://evil.example","x")', "+1", "-2", "@SUM(A1:A2)", "\tx", "\rx"];
const REGISTERED_AT = new Date("2026-11-22T10:00:00Z"); // 15:30 in India
let adminId: number;

beforeAll(async () => {
  await rm(exportsDirectory(), { recursive: true, force: true });
  adminId = db.insert(admins).values({ adminId: "boss", passwordHash: "x", role: "admin" }).returning().get().id;
  db.insert(users)
    .values([
      { id: "u-1", email: "asha@example.com", firstName: "Asha", lastName: "Rao", isAdmin: true, createdAt: REGISTERED_AT },
      ...HOSTILE_NAMES.map((name, index) => ({ id: `u-h${index}`, email: `h${index}@example.com`, firstName: name, lastName: "Hostile" })),
    ])
    .run();
  db.insert(courses).values({ id: 1, title: "Options Basics", shortDescription: "s", description: "d", duration: "4 weeks" }).run();
  db.insert(events)
    .values({ id: 7, title: "Market Open Webinar", description: "d", eventDate: new Date("2026-12-01T13:30:00Z") })
    .run();
  db.insert(eventRegistrations)
    .values({ userId: "u-1", eventId: 7, name: "=1+1", email: "asha@example.com", phone: "9876543210", registeredAt: REGISTERED_AT })
    .run();
  db.insert(orders)
    .values([
      {
        userId: "u-1",
        courseId: 1,
        amountPaise: 499950,
        paymentStatus: "completed",
        provider: "stripe",
        providerPaymentId: "pi_1",
        enrolledAt: REGISTERED_AT,
      },
      { userId: "u-h0", courseId: 1, amountPaise: 100, paymentStatus: "pending" },
    ])
    .run();
  db.insert(enrollmentForms)
    .values([
      {
        userId: "u-1",
        name: "Asha Rao",
        whatsappNumber: "9876543210",
        state: "Karnataka",
        city: "Bengaluru",
        experienceLevel: "beginner",
        courseOrEventId: 1,
        courseOrEventType: "course",
        sourceOfLead: "Instagram",
        age: 31,
      },
      {
        name: "Event Person",
        whatsappNumber: "9876500000",
        state: "Kerala",
        city: "Kochi",
        experienceLevel: "advanced",
        courseOrEventId: 7,
        courseOrEventType: "event",
        sourceOfLead: "Friend",
      },
    ])
    .run();
});

afterAll(async () => {
  await rm(exportsDirectory(), { recursive: true, force: true });
});

async function readBack(path: string) {
  return new ExcelJS.Workbook().xlsx.readFile(path);
}

function headerOf(sheet: ExcelJS.Worksheet): string[] {
  return (sheet.getRow(1).values as unknown[]).slice(1).map(String);
}

/** The data rows (after the header) as arrays of cell values, column A first. */
function rowsOf(sheet: ExcelJS.Worksheet): ExcelJS.CellValue[][] {
  const rows: ExcelJS.CellValue[][] = [];
  sheet.eachRow((row, number) => {
    if (number > 1) rows.push((row.values as ExcelJS.CellValue[]).slice(1));
  });
  return rows;
}

describe("neutraliseFormula", () => {
  test.each(["=1+1", "+1", "-2", "@SUM(A1)", "\tx", "\rx"])("prefixes %j with an apostrophe", (text) => {
    expect(neutraliseFormula(text)).toBe(`'${text}`);
  });

  test.each(["Asha", "", "1+1", "a=b", " =x", "'quoted", "₹4,999"])("leaves %j alone", (text) => {
    expect(neutraliseFormula(text)).toBe(text);
  });
});

describe("exportFilename", () => {
  test("names the dataset and the minute in India time", () => {
    expect(exportFilename("users", new Date("2026-11-22T10:00:59Z"))).toBe("users-2026-11-22-1530.xlsx");
    expect(exportFilename("all-data", new Date("2026-12-31T19:15:00Z"))).toBe("all-data-2027-01-01-0045.xlsx");
  });
});

describe("generateExport", () => {
  test("users: a real spreadsheet with typed cells, a frozen bold header and neutralised formulas", async () => {
    const file = await generateExport("users", adminId, new Date("2026-11-22T10:00:00Z"));
    expect(file.filename).toBe("users-2026-11-22-1530.xlsx");
    expect(file.sharePath).toMatch(/^\/shared\/[A-Za-z0-9_-]{43}$/);
    expect(existsSync(file.storedPath)).toBe(true);

    const row = findSharedFile(file.id);
    expect(row).toMatchObject({ filename: file.filename, sizeBytes: file.sizeBytes });
    expect(row?.token).toMatch(SHARE_TOKEN_PATTERN);
    expect(findSharedFileByToken(row?.token ?? "")?.id).toBe(file.id);
    expect(sharedFilePath(row!)).toBe(file.storedPath);

    const book = await readBack(file.storedPath);
    expect(book.worksheets.map((sheet) => sheet.name)).toEqual(["Users"]);
    const sheet = book.getWorksheet("Users")!;
    expect(headerOf(sheet)).toEqual(["User ID", "Email", "First Name", "Last Name", "Role", "Joined (IST)"]);
    expect(sheet.getRow(1).font?.bold).toBe(true);
    expect(sheet.views[0]).toMatchObject({ state: "frozen", ySplit: 1 });
    expect(sheet.getColumn(2).width).toBeGreaterThanOrEqual(20);

    const rows = rowsOf(sheet);
    expect(rows).toHaveLength(1 + HOSTILE_NAMES.length);
    const asha = rows.find((cells) => cells[0] === "u-1")!;
    expect(asha.slice(0, 5)).toEqual(["u-1", "asha@example.com", "Asha", "Rao", "Admin"]);
    // India's wall clock: 10:00 UTC is 15:30 IST.
    expect(asha[5]).toBeInstanceOf(Date);
    expect((asha[5] as Date).toISOString()).toBe("2026-11-22T15:30:00.000Z");
    const ashaRow = rows.indexOf(asha) + 2;
    expect(sheet.getRow(ashaRow).getCell(6).numFmt).toBe(DATE_TIME_FORMAT);

    const firstNames = rows.filter((cells) => cells[3] === "Hostile").map((cells) => cells[2]);
    // XML reads a carriage return back as a line feed; what matters is the apostrophe in front.
    expect(firstNames).toEqual(HOSTILE_NAMES.map((name) => `'${name.replace("\r", "\n")}`));
    expect(rows.filter((cells) => cells[3] === "Hostile").every((cells) => cells[4] === "User")).toBe(true);
  });

  test("registrations, enrollments and enrollment forms each get their sheet", async () => {
    const registrations = await readBack((await generateExport("registrations", adminId)).storedPath);
    const registrationSheet = registrations.getWorksheet("Event Registrations")!;
    expect(headerOf(registrationSheet)).toContain("Event");
    expect(rowsOf(registrationSheet)).toEqual([
      [1, "'=1+1", "asha@example.com", "9876543210", 7, "Market Open Webinar", expect.any(Date), expect.any(Date)],
    ]);

    const enrollmentBook = await readBack((await generateExport("enrollments", null)).storedPath);
    const enrollmentSheet = enrollmentBook.getWorksheet("Course Enrollments")!;
    expect(headerOf(enrollmentSheet)).toEqual([
      "Enrollment ID",
      "Student Email",
      "Student Name",
      "Course ID",
      "Course",
      "Amount (₹)",
      "Payment Status",
      "Paid By",
      "Payment ID",
      "Enrolled At (IST)",
    ]);
    const [paid, pending] = rowsOf(enrollmentSheet);
    expect(paid?.slice(0, 9)).toEqual([1, "asha@example.com", "Asha Rao", 1, "Options Basics", 4999.5, "Completed", "Stripe", "pi_1"]);
    expect(pending?.[2]).toBe(`'${HOSTILE_NAMES[0]} Hostile`);
    expect(pending?.[6]).toBe("Pending");
    const amount = enrollmentSheet.getRow(2).getCell(6);
    expect(typeof amount.value).toBe("number");
    expect(amount.numFmt).toBe(RUPEE_FORMAT);

    const formsBook = await readBack((await generateExport("enrollment-forms", adminId)).storedPath);
    const formRows = rowsOf(formsBook.getWorksheet("Enrollment Forms")!);
    expect(formRows).toHaveLength(2);
    expect(formRows[0]?.slice(9, 12)).toEqual(["Course", 1, "Options Basics"]);
    expect(formRows[1]?.slice(9, 12)).toEqual(["Event", 7, "Market Open Webinar"]);
    expect(formRows[0]?.[4]).toBe(31);
  });

  test("all-data puts the four tables in one workbook", async () => {
    const book = await readBack((await generateExport("all-data", adminId)).storedPath);
    expect(book.worksheets.map((sheet) => sheet.name)).toEqual(["Users", "Event Registrations", "Course Enrollments", "Enrollment Forms"]);
    expect(book.worksheets.map((sheet) => sheet.rowCount)).toEqual([1 + 1 + HOSTILE_NAMES.length, 2, 3, 3]);
    for (const sheet of book.worksheets) expect(sheet.views[0]).toMatchObject({ state: "frozen", ySplit: 1 });
  });

  test("every dataset is known", () => {
    expect(EXPORT_DATASETS).toEqual(["users", "registrations", "enrollments", "enrollment-forms", "progress", "all-data"]);
  });

  test("reads a large table in batches (more rows than one batch)", async () => {
    const many = Array.from({ length: 2500 }, (_, index) => ({ id: `bulk-${index}`, email: `bulk-${index}@example.com` }));
    db.insert(users).values(many).run();
    try {
      const book = await readBack((await generateExport("users", adminId)).storedPath);
      expect(book.getWorksheet("Users")!.rowCount).toBe(1 + 1 + HOSTILE_NAMES.length + 2500);
    } finally {
      db.$client.prepare("delete from users where id like 'bulk-%'").run();
    }
  });

  test("a failure half-way leaves no file and no row", async () => {
    const before = { files: readdirSync(exportsDirectory()).sort(), rows: listSharedFiles().length };
    // The last sheet's table cannot be read: the database fails after the first three sheets are written.
    db.$client.exec("ALTER TABLE enrollment_forms RENAME TO enrollment_forms_unreadable");
    try {
      await expect(generateExport("all-data", adminId)).rejects.toThrow("no such table: enrollment_forms");
    } finally {
      db.$client.exec("ALTER TABLE enrollment_forms_unreadable RENAME TO enrollment_forms");
    }
    expect(readdirSync(exportsDirectory()).sort()).toEqual(before.files);
    expect(listSharedFiles()).toHaveLength(before.rows);
  });

  test("a failure to record the file removes it", async () => {
    const before = { files: readdirSync(exportsDirectory()).sort(), rows: listSharedFiles().length };
    // No such admin: the shared_files foreign key refuses the row after the file is written.
    await expect(generateExport("users", 999_999)).rejects.toThrow();
    expect(readdirSync(exportsDirectory()).sort()).toEqual(before.files);
    expect(listSharedFiles()).toHaveLength(before.rows);
  });
});

describe("revokeSharedFile", () => {
  test("deletes the row and the file", async () => {
    const file = await generateExport("users", adminId);
    expect(await revokeSharedFile(file.id)).toBe(true);
    expect(findSharedFile(file.id)).toBeNull();
    expect(existsSync(file.storedPath)).toBe(false);
    expect(await revokeSharedFile(file.id)).toBe(false);
  });

  test("a file already gone is revoked all the same", async () => {
    const file = await generateExport("users", adminId);
    await rm(file.storedPath);
    expect(await revokeSharedFile(file.id)).toBe(true);
    expect(findSharedFile(file.id)).toBeNull();
  });
});

describe("sharedFilePath", () => {
  test("only names this module makes, inside the exports folder", () => {
    const name = "0123456789abcdef0123456789abcdef.xlsx";
    expect(sharedFilePath({ storedPath: name })).toBe(`${exportsDirectory()}/${name}`);
    expect(sharedFilePath({ storedPath: `${exportsDirectory()}/${name}` })).toBe(`${exportsDirectory()}/${name}`);
    expect(sharedFilePath({ storedPath: `../${name}` })).toBeNull();
    expect(sharedFilePath({ storedPath: "/etc/passwd" })).toBeNull();
    expect(sharedFilePath({ storedPath: "../../etc/passwd" })).toBeNull();
    expect(sharedFilePath({ storedPath: `sub/${name}` })).toBeNull();
    expect(sharedFilePath({ storedPath: "" })).toBeNull();
    expect(sharedFilePath({ storedPath: `.${name}.part` })).toBeNull();
  });
});
