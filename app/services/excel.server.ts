import { createWriteStream, type WriteStream } from "node:fs";
import ExcelJS from "exceljs";
import {
  type EnrollmentExportRow,
  type EnrollmentFormExportRow,
  type RegistrationExportRow,
  type UserExportRow,
  readEnrollmentFormsForExport,
  readEnrollmentsForExport,
  readRegistrationsForExport,
  readUsersForExport,
} from "~/models/admin-export.server";
import { formatIsoDateInIndia, formatIsoTimeInIndia, indiaWallClockAsUtc } from "~/utils/dates";
import { paymentStatusLabel } from "~/utils/payment-status";

// The Users tab's Excel workbooks (admin spec §2, §7), written with
// exceljs's streaming writer straight to a file: rows come from the database a
// batch at a time and each row is committed (written out) at once, so 100,000
// rows never sit in memory. Storing, listing and sharing the files is
// app/services/exports.server.ts.

export const EXPORT_DATASETS = ["users", "registrations", "enrollments", "enrollment-forms", "all-data"] as const;
export type ExportDataset = (typeof EXPORT_DATASETS)[number];

export function isExportDataset(value: string | undefined): value is ExportDataset {
  return EXPORT_DATASETS.some((dataset) => dataset === value);
}

// ---------------------------------------------------------------------------
// Cells

const FORMULA_TRIGGERS = new Set(["=", "+", "-", "@", "\t", "\r"]);

/**
 * Text a spreadsheet could take for a formula (it starts with =, +, -, @, a tab
 * or a carriage return) gets a leading apostrophe, so a student's name cannot
 * run a formula on the admin's machine. Everything else is returned as it is.
 */
export function neutraliseFormula(text: string): string {
  return text.length > 0 && FORMULA_TRIGGERS.has(text[0] as string) ? `'${text}` : text;
}

export const DATE_TIME_FORMAT = "dd-mmm-yyyy hh:mm";
export const RUPEE_FORMAT = '"₹"#,##0.00';

type CellKind = "text" | "number" | "date" | "rupees";
type CellInput = string | number | Date | null;

type Column<Row> = { header: string; width: number; kind: CellKind; value: (row: Row) => CellInput };
type Sheet<Row> = { name: string; columns: Column<Row>[]; rows: () => AsyncIterable<Row> };

const text = <Row>(header: string, width: number, value: (row: Row) => string | null): Column<Row> => ({
  header,
  width,
  kind: "text",
  value,
});
const number = <Row>(header: string, width: number, value: (row: Row) => number | null): Column<Row> => ({
  header,
  width,
  kind: "number",
  value,
});
const date = <Row>(header: string, value: (row: Row) => Date | null): Column<Row> => ({ header, width: 20, kind: "date", value });
/** Paise in the database, rupees (a number) in the sheet. */
const rupees = <Row>(header: string, value: (row: Row) => number | null): Column<Row> => ({ header, width: 14, kind: "rupees", value });

const fullName = (first: string | null, last: string | null) => [first, last].filter(Boolean).join(" ") || null;
const capitalise = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

function cellValue(kind: CellKind, raw: CellInput): ExcelJS.CellValue {
  if (raw === null) return null;
  switch (kind) {
    case "text":
      return neutraliseFormula(String(raw));
    case "date":
      return raw instanceof Date ? indiaWallClockAsUtc(raw) : null;
    case "rupees":
      return typeof raw === "number" ? raw / 100 : null;
    case "number":
      return raw;
  }
}

const NUMBER_FORMATS: Partial<Record<CellKind, string>> = { date: DATE_TIME_FORMAT, rupees: RUPEE_FORMAT };

// ---------------------------------------------------------------------------
// The sheets

const usersSheet: Sheet<UserExportRow> = {
  name: "Users",
  rows: () => readUsersForExport(),
  columns: [
    text("User ID", 38, (u) => u.id),
    text("Email", 32, (u) => u.email),
    text("First Name", 18, (u) => u.firstName),
    text("Last Name", 18, (u) => u.lastName),
    text("Role", 10, (u) => (u.isAdmin ? "Admin" : "User")),
    date("Joined (IST)", (u) => u.createdAt),
  ],
};

const registrationsSheet: Sheet<RegistrationExportRow> = {
  name: "Event Registrations",
  rows: () => readRegistrationsForExport(),
  columns: [
    number("Registration ID", 16, (r) => r.id),
    text("Name", 24, (r) => r.name),
    text("Email", 32, (r) => r.email),
    text("Phone", 18, (r) => r.phone),
    number("Event ID", 10, (r) => r.eventId),
    text("Event", 36, (r) => r.eventTitle),
    date("Event Date (IST)", (r) => r.eventDate),
    date("Registered At (IST)", (r) => r.registeredAt),
  ],
};

const enrollmentsSheet: Sheet<EnrollmentExportRow> = {
  name: "Course Enrollments",
  rows: () => readEnrollmentsForExport(),
  columns: [
    number("Enrollment ID", 14, (e) => e.id),
    text("Student Email", 32, (e) => e.studentEmail),
    text("Student Name", 24, (e) => fullName(e.studentFirstName, e.studentLastName)),
    number("Course ID", 10, (e) => e.courseId),
    text("Course", 36, (e) => e.courseTitle),
    rupees("Amount (₹)", (e) => e.amountPaise),
    text("Payment Status", 16, (e) => paymentStatusLabel(e.paymentStatus)),
    text("Payment Intent ID", 30, (e) => e.paymentIntentId),
    date("Enrolled At (IST)", (e) => e.enrolledAt),
  ],
};

const enrollmentFormsSheet: Sheet<EnrollmentFormExportRow> = {
  name: "Enrollment Forms",
  rows: () => readEnrollmentFormsForExport(),
  columns: [
    number("Form ID", 10, (f) => f.id),
    text("Name", 24, (f) => f.name),
    text("WhatsApp Number", 18, (f) => f.whatsappNumber),
    text("Email", 32, (f) => f.email),
    number("Age", 6, (f) => f.age),
    text("Country", 14, (f) => f.country),
    text("State", 18, (f) => f.state),
    text("City", 18, (f) => f.city),
    text("Experience Level", 18, (f) => f.experienceLevel),
    text("Type", 8, (f) => capitalise(f.courseOrEventType)),
    number("Course or Event ID", 12, (f) => f.courseOrEventId),
    text("Course or Event", 36, (f) => f.courseOrEventTitle),
    text("Source of Lead", 18, (f) => f.sourceOfLead),
    text("Broker", 16, (f) => f.broker),
    text("Training Preference", 20, (f) => f.trainingPreference),
    text("Payment Status", 16, (f) => paymentStatusLabel(f.paymentStatus)),
    text("Payment Intent ID", 30, (f) => f.paymentIntentId),
    date("Submitted At (IST)", (f) => f.createdAt),
  ],
};

// Each sheet's row type differs; the writer only needs them one at a time.
type AnySheet = Sheet<never>;
const SHEETS: Record<Exclude<ExportDataset, "all-data">, AnySheet> = {
  users: usersSheet as unknown as AnySheet,
  registrations: registrationsSheet as unknown as AnySheet,
  enrollments: enrollmentsSheet as unknown as AnySheet,
  "enrollment-forms": enrollmentFormsSheet as unknown as AnySheet,
};

export function sheetsOf(dataset: ExportDataset): AnySheet[] {
  return dataset === "all-data" ? Object.values(SHEETS) : [SHEETS[dataset]];
}

/** "users-2026-11-22-1530.xlsx": the dataset and the time of the export in India. */
export function exportFilename(dataset: ExportDataset, now = new Date()): string {
  return `${dataset}-${formatIsoDateInIndia(now)}-${formatIsoTimeInIndia(now).replace(":", "")}.xlsx`;
}

// ---------------------------------------------------------------------------
// Writing

/** Rows written between two checks that the zip and the disk keep up. */
const ROWS_PER_FLUSH = 500;
/** Bytes allowed to wait for the zip (or for the disk) before the writer pauses. */
const HIGH_WATER_BYTES = 1024 * 1024;

// archiver's PassThrough is readable-stream 2, which has no writableLength/readableLength getters.
type Backlogged = { _writableState?: { length?: number }; _readableState?: { length?: number } };

/**
 * Bytes of the sheet's XML that the zip has not compressed yet. exceljs does
 * not apply backpressure: each worksheet's buffer is piped into the zip
 * (archiver, through a PassThrough) without waiting, so a writer that runs
 * ahead of deflate piles rows up in memory. We read that PassThrough's
 * buffered length (an exceljs internal, hence the defensive typing).
 */
function zipBacklog(worksheet: ExcelJS.Worksheet): number {
  const pipes = (worksheet as unknown as { stream?: { pipes?: Backlogged[] } }).stream?.pipes ?? [];
  return pipes.reduce((total, pipe) => total + (pipe._writableState?.length ?? 0) + (pipe._readableState?.length ?? 0), 0);
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

async function writeSheet(
  workbook: ExcelJS.stream.xlsx.WorkbookWriter,
  sheet: AnySheet,
  checkpoint: (worksheet: ExcelJS.Worksheet) => Promise<void>,
) {
  const worksheet = workbook.addWorksheet(sheet.name, {
    views: [{ state: "frozen", xSplit: 0, ySplit: 1, topLeftCell: "A2", activeCell: "A2" }],
  });
  worksheet.columns = sheet.columns.map((column) => ({ width: column.width }));
  const header = worksheet.addRow(sheet.columns.map((column) => column.header));
  header.font = { bold: true };
  header.commit();

  const columns = sheet.columns as Column<unknown>[];
  let written = 0;
  for await (const row of sheet.rows()) {
    const line = worksheet.addRow(columns.map((column) => cellValue(column.kind, column.value(row))));
    columns.forEach((column, index) => {
      const format = NUMBER_FORMATS[column.kind];
      if (format) line.getCell(index + 1).numFmt = format;
    });
    line.commit();
    if (++written % ROWS_PER_FLUSH === 0) await checkpoint(worksheet);
  }
  worksheet.commit();
}

/** Writes the sheets as one workbook to `path` (which must not exist yet). */
export async function writeWorkbook(path: string, sheets: AnySheet[]): Promise<void> {
  const out: WriteStream = createWriteStream(path, { flags: "wx" });
  let streamError: Error | null = null;
  out.on("error", (error) => {
    streamError = error;
  });
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const checkpoint = async (worksheet: ExcelJS.Worksheet) => {
    if (streamError) throw streamError;
    // Give other requests a turn, then wait while the zip or the disk is behind.
    await new Promise<void>((resolve) => setImmediate(resolve));
    while (!streamError && (zipBacklog(worksheet) > HIGH_WATER_BYTES || out.writableLength > HIGH_WATER_BYTES)) await sleep(5);
    if (streamError) throw streamError;
  };
  try {
    for (const sheet of sheets) await writeSheet(workbook, sheet, checkpoint);
    await workbook.commit();
    if (streamError) throw streamError;
  } catch (error) {
    // Stop the zip and close the file before the caller removes it.
    (workbook as unknown as { zip?: { abort?: () => void } }).zip?.abort?.();
    if (!out.closed) await new Promise<void>((resolve) => out.destroy().once("close", () => resolve()));
    throw error;
  }
}
