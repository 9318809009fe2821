import { randomBytes } from "node:crypto";
import { rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { listTaxDocumentsIssued, type PrintableTaxDocument } from "~/models/orders/tax-document.server";
import { indiaMonthRange } from "~/schemas/invoice-register";
import { formatShortCalendarDay } from "~/utils/dates";
import { LATE_CREDIT_NOTE_ADVICE, lateCreditNoteFlag } from "~/utils/late-credit-note";
import { openStoredExport, workbookResponse } from "./stored-files.server";
import { anySheet, date, rupees, text, writeWorkbook, type Sheet } from "./workbook-writer.server";

// The accountant's monthly register (decision 0031): every tax invoice and
// credit note issued in a calendar month in India, with the GST figures of
// each, and totals. Served as a download and not kept: tax records are read
// from the database (kept 72 months), never from a shared link.

type RegisterRow = {
  type: string;
  number: string | null;
  issuedAt: Date | null;
  buyer: string | null;
  buyerGstin: string | null;
  placeOfSupply: string | null;
  against: string | null;
  /** A credit note past its CGST s.34(2) deadline: that it reduces no GST, and what to do instead. */
  gstAdjustment: string | null;
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
  totalPaise: number;
};

const documentRow = (document: PrintableTaxDocument): RegisterRow => ({
  type: document.kind === "invoice" ? "Tax invoice" : "Credit note",
  number: document.number,
  issuedAt: document.issuedAt,
  buyer: document.buyer.businessName ? `${document.buyer.businessName} (${document.buyer.name})` : document.buyer.name,
  buyerGstin: document.buyer.gstin ?? null,
  placeOfSupply: `${document.placeOfSupply}-${document.buyer.stateName}`,
  against: document.credited?.number ?? null,
  gstAdjustment: document.missedDeadline
    ? `${lateCreditNoteFlag(formatShortCalendarDay(document.missedDeadline))}. ${LATE_CREDIT_NOTE_ADVICE}`
    : null,
  taxablePaise: document.taxablePaise,
  cgstPaise: document.cgstPaise,
  sgstPaise: document.sgstPaise,
  igstPaise: document.igstPaise,
  totalPaise: document.totalPaise,
});

const AMOUNTS = ["taxablePaise", "cgstPaise", "sgstPaise", "igstPaise", "totalPaise"] as const;

function totalRow(type: string, rows: RegisterRow[], sign: (row: RegisterRow) => number = () => 1): RegisterRow {
  const total: RegisterRow = {
    type,
    number: null,
    issuedAt: null,
    buyer: null,
    buyerGstin: null,
    placeOfSupply: null,
    against: null,
    gstAdjustment: null,
    taxablePaise: 0,
    cgstPaise: 0,
    sgstPaise: 0,
    igstPaise: 0,
    totalPaise: 0,
  };
  for (const row of rows) for (const amount of AMOUNTS) total[amount] += sign(row) * row[amount];
  return total;
}

/** The month's documents, then the totals of invoices, of credit notes, and net of both. */
function registerRows(month: string): RegisterRow[] {
  const { from, to } = indiaMonthRange(month);
  const rows = listTaxDocumentsIssued(from, to).map(documentRow);
  const invoices = rows.filter((row) => row.type === "Tax invoice");
  const notes = rows.filter((row) => row.type === "Credit note");
  return [
    ...rows,
    totalRow("Total tax invoices", invoices),
    totalRow("Total credit notes", notes),
    totalRow("Net (invoices less credit notes)", rows, (row) => (row.type === "Credit note" ? -1 : 1)),
  ];
}

function registerSheet(month: string): Sheet<RegisterRow> {
  return {
    name: `Invoice register ${month}`,
    rows: async function* () {
      yield* registerRows(month);
    },
    columns: [
      text("Type", 30, (row) => row.type),
      text("Number", 20, (row) => row.number),
      date("Date (IST)", (row) => row.issuedAt),
      text("Buyer", 32, (row) => row.buyer),
      text("Buyer GSTIN", 18, (row) => row.buyerGstin),
      text("Place of supply", 24, (row) => row.placeOfSupply),
      text("Against invoice", 20, (row) => row.against),
      rupees("Taxable value (₹)", (row) => row.taxablePaise),
      rupees("CGST (₹)", (row) => row.cgstPaise),
      rupees("SGST (₹)", (row) => row.sgstPaise),
      rupees("IGST (₹)", (row) => row.igstPaise),
      rupees("Total (₹)", (row) => row.totalPaise),
      // Last, so the figures keep their columns.
      text("GST adjustment", 60, (row) => row.gstAdjustment),
    ],
  };
}

/** "invoice-register-2026-11.xlsx" */
const registerFilename = (month: string) => `invoice-register-${month}.xlsx`;

/** The month's register as an .xlsx download; the file is written to a temporary path and gone once sent. */
export async function invoiceRegisterDownload(month: string): Promise<Response> {
  const path = join(tmpdir(), `invoice-register-${randomBytes(8).toString("hex")}.xlsx`);
  try {
    await writeWorkbook(path, [anySheet(registerSheet(month))]);
    const download = await openStoredExport(path);
    if (!download) throw new Error(`The written register ${path} is missing`);
    return workbookResponse(download, registerFilename(month));
  } finally {
    // The open file stays readable to the response after its name is gone.
    await rm(path, { force: true });
  }
}
