import { Readable } from "node:stream";
import ExcelJS from "exceljs";
import { fileTypeFromBuffer } from "file-type";

// A meeting's participant report, as the meeting services export it after a
// class (docs/decisions/0061-mentor-accounts-and-attendance.md):
// - Zoom's participants report (Reports → Usage / Meeting and webinar history
//   → Participants → Export), columns "Name (Original Name)", "User Email",
//   "Join Time", "Leave Time", "Duration (Minutes)", "Guest", "Recording
//   Consent". Exported "with meeting data", a block about the meeting (its own
//   header row, "Meeting ID", "Topic"…, whose "User Email" is the host's) and
//   a blank line stand above the participants' table.
// - Google Meet's attendance report (attendance tracking), columns "First
//   name", "Last name", "Email", "Duration", "Time joined", "Time exited".
// Only the participants' addresses are read: who they are is the batch's
// roster to say. The CSV is parsed by the reader exceljs carries (fast-csv,
// RFC 4180 quoting), every cell kept as the text it is.

export type ReportFormat = "zoom" | "google-meet" | "participant-list";

export type ParticipantReport = {
  format: ReportFormat;
  /** Each row's address, as written (trimmed), in the report's order; a participant who joined twice is there twice. */
  emails: string[];
  /** Rows whose address cell is empty or holds no address (Zoom's guests who did not sign in, for one). */
  rowsWithoutEmail: number;
};

export type ReportReading = { ok: true; report: ParticipantReport } | { ok: false; message: string };

export const REPORT_MESSAGES = {
  notCsv:
    "This file is not a CSV file. Export the participant report from Zoom, or the attendance report from Google Meet, as CSV and upload that.",
  unreadable: (detail: string) => `This CSV file could not be read (${detail}). Export the report again and upload the new file.`,
  noEmailColumn:
    "No column of email addresses was found. Upload Zoom's participant report (with its “User Email” column) or Google Meet's attendance report (with its “Email” column).",
  noRows: "The report lists no participants.",
} as const;

/** Header cells as compared: trimmed, single-spaced, without case. */
const headerKey = (cell: string) => cell.trim().replace(/\s+/g, " ").toLowerCase();

const EMAIL_HEADERS = new Set(["user email", "email", "email address", "e-mail"]);
/** Zoom's block about the meeting: its row also has a "User Email" (the host's), but it is no participant table. */
const MEETING_BLOCK_HEADER = "meeting id";
/** An address as a report writes one: something@somewhere.tld, no spaces. RFC 5321 caps a path at 254 characters. */
const ADDRESS = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const MAX_ADDRESS_LENGTH = 254;

function formatOf(headers: Set<string>): ReportFormat {
  if (headers.has("user email") || headers.has("name (original name)")) return "zoom";
  if (headers.has("first name") || headers.has("time joined")) return "google-meet";
  return "participant-list";
}

/** Whether the bytes are another kind of file (a spreadsheet, a PDF, an image) or no text at all. */
async function isBinary(bytes: Uint8Array): Promise<boolean> {
  return bytes.includes(0) || (await fileTypeFromBuffer(bytes)) !== undefined;
}

/** The CSV's rows, each a list of its cells as text. */
async function csvRows(text: string): Promise<string[][]> {
  const worksheet = await new ExcelJS.Workbook().csv.read(Readable.from([text]), {
    // Keep every cell as written: exceljs would otherwise turn "12/01/2026" into a date and "0091…" into a number.
    map: (value: unknown) => value,
  });
  const rows: string[][] = [];
  worksheet.eachRow({ includeEmpty: true }, (row) => {
    const values = Array.isArray(row.values) ? row.values.slice(1) : [];
    rows.push(Array.from(values, (value) => (typeof value === "string" ? value : "")));
  });
  return rows;
}

/** Reads a participant report's addresses; a file that is no CSV, or has no address column, is a message instead. */
export async function readParticipantReport(bytes: Uint8Array): Promise<ReportReading> {
  if (bytes.length === 0 || (await isBinary(bytes))) return { ok: false, message: REPORT_MESSAGES.notCsv };
  // A byte that is not UTF-8 (a file saved by a spreadsheet in another code page) only spoils a name, never an address.
  const text = new TextDecoder("utf-8").decode(bytes);
  let rows: string[][];
  try {
    rows = await csvRows(text);
  } catch (error) {
    return {
      ok: false,
      message: REPORT_MESSAGES.unreadable(error instanceof Error ? error.message.replace(/^Parse Error: /, "") : "broken quoting"),
    };
  }
  const headerIndex = rows.findIndex((row) => {
    const headers = row.map(headerKey);
    return !headers.includes(MEETING_BLOCK_HEADER) && headers.some((header) => EMAIL_HEADERS.has(header));
  });
  const header = rows[headerIndex];
  if (!header) return { ok: false, message: REPORT_MESSAGES.noEmailColumn };
  const headers = header.map(headerKey);
  const emailColumn = headers.findIndex((cell) => EMAIL_HEADERS.has(cell));
  const emails: string[] = [];
  let rowsWithoutEmail = 0;
  for (const row of rows.slice(headerIndex + 1)) {
    if (row.every((cell) => cell.trim() === "")) continue;
    const email = (row[emailColumn] ?? "").trim();
    if (email.length <= MAX_ADDRESS_LENGTH && ADDRESS.test(email)) emails.push(email);
    else rowsWithoutEmail += 1;
  }
  if (emails.length === 0 && rowsWithoutEmail === 0) return { ok: false, message: REPORT_MESSAGES.noRows };
  return { ok: true, report: { format: formatOf(new Set(headers)), emails, rowsWithoutEmail } };
}

/** The report's name as the page says it. */
export function reportName(format: ReportFormat): string {
  return format === "zoom" ? "Zoom participant report" : format === "google-meet" ? "Google Meet attendance report" : "participant report";
}
