import { createWriteStream, type WriteStream } from "node:fs";
import ExcelJS from "exceljs";
import { indiaWallClockAsUtc } from "~/utils/dates";

// The one writer every Excel export uses: exceljs's
// streaming writer straight to a file. Rows come from the database a batch at
// a time and each row is committed (written out) at once, so 100,000 rows never
// sit in memory. Each output (app/services/exports/<output>.server.ts) only
// names its sheet's columns and where its rows come from.

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

export type Column<Row> = { header: string; width: number; kind: CellKind; value: (row: Row) => CellInput };
export type Sheet<Row> = { name: string; columns: Column<Row>[]; rows: () => AsyncIterable<Row> };

export const text = <Row>(header: string, width: number, value: (row: Row) => string | null): Column<Row> => ({
  header,
  width,
  kind: "text",
  value,
});
export const number = <Row>(header: string, width: number, value: (row: Row) => number | null): Column<Row> => ({
  header,
  width,
  kind: "number",
  value,
});
export const date = <Row>(header: string, value: (row: Row) => Date | null): Column<Row> => ({ header, width: 20, kind: "date", value });
/** Paise in the database, rupees (a number) in the sheet. */
export const rupees = <Row>(header: string, value: (row: Row) => number | null): Column<Row> => ({
  header,
  width: 14,
  kind: "rupees",
  value,
});

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

/** Each sheet's row type differs; the writer only needs them one at a time. */
export type AnySheet = Sheet<never>;
export const anySheet = <Row>(sheet: Sheet<Row>) => sheet as unknown as AnySheet;

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
