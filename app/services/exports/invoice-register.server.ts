import { readTaxDocumentsIssued, type RegisterDocument } from "~/models/orders/tax-document.server";
import { indiaMonthRange } from "~/schemas/invoice-register";
import { formatShortCalendarDay } from "~/utils/dates";
import { formatExactRupees } from "~/utils/gst";
import { LATE_CREDIT_NOTE_ADVICE, lateCreditNoteFlag } from "~/utils/late-credit-note";
import { temporaryWorkbookDownload } from "./stored-files.server";
import { anySheet, date, rupees, text, type Sheet } from "./workbook-writer.server";

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
  /**
   * On a credit note past its CGST s.34(2) deadline, that it reduces no GST and
   * what to do instead; on the credit notes' total, the late notes it leaves out.
   */
  gstAdjustment: string | null;
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
  totalPaise: number;
};

const documentRow = (document: RegisterDocument): RegisterRow => ({
  type: document.kind === "invoice" ? "Tax invoice" : "Credit note",
  number: document.number,
  issuedAt: document.issuedAt,
  buyer: document.buyer.businessName ? `${document.buyer.businessName} (${document.buyer.name})` : document.buyer.name,
  buyerGstin: document.buyer.gstin ?? null,
  placeOfSupply: `${document.placeOfSupply}-${document.buyer.stateName}`,
  against: document.creditedNumber,
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
type Amounts = Record<(typeof AMOUNTS)[number], number>;

/** A running total of some of the month's documents: how many, and their figures. */
class Tally {
  count = 0;
  readonly paise: Amounts = { taxablePaise: 0, cgstPaise: 0, sgstPaise: 0, igstPaise: 0, totalPaise: 0 };

  add(row: Amounts) {
    this.count += 1;
    for (const amount of AMOUNTS) this.paise[amount] += row[amount];
  }
}

function totalRow(type: string, paise: Amounts, gstAdjustment: string | null = null): RegisterRow {
  return {
    type,
    number: null,
    issuedAt: null,
    buyer: null,
    buyerGstin: null,
    placeOfSupply: null,
    against: null,
    gstAdjustment,
    ...paise,
  };
}

const difference = (minuend: Amounts, subtrahend: Amounts): Amounts =>
  Object.fromEntries(AMOUNTS.map((amount) => [amount, minuend[amount] - subtrahend[amount]])) as Amounts;

/** What the credit notes' total says of the late notes it leaves out; nothing when there are none. */
function lateNotesLeftOut(late: Tally): string | null {
  if (late.count === 0) return null;
  const notes = late.count === 1 ? "1 late credit note" : `${late.count} late credit notes`;
  const reduce = late.count === 1 ? "it reduces" : "they reduce";
  return `Leaves out ${notes} (${formatExactRupees(late.paise.totalPaise)}): past the GST deadline, ${reduce} no GST`;
}

/**
 * The month's documents as they are read, then the totals of invoices, of
 * credit notes, and net of both, added up on the way so that no more than a
 * batch of documents is ever held. A credit note issued after its CGST s.34(2)
 * deadline (decision 0050) is listed with its own figures but left out of the
 * credit notes' total and of the net: the law lets it reduce no output tax, and
 * the totals are what the return may declare.
 */
async function* registerRows(month: string): AsyncGenerator<RegisterRow> {
  const { from, to } = indiaMonthRange(month);
  const invoices = new Tally();
  const notes = new Tally();
  const lateNotes = new Tally();
  for await (const document of readTaxDocumentsIssued(from, to)) {
    const row = documentRow(document);
    if (document.kind === "invoice") invoices.add(row);
    else if (document.missedDeadline) lateNotes.add(row);
    else notes.add(row);
    yield row;
  }
  yield totalRow("Total tax invoices", invoices.paise);
  yield totalRow("Total credit notes", notes.paise, lateNotesLeftOut(lateNotes));
  yield totalRow("Net (invoices less credit notes)", difference(invoices.paise, notes.paise));
}

function registerSheet(month: string): Sheet<RegisterRow> {
  return {
    name: `Invoice register ${month}`,
    rows: () => registerRows(month),
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
export function invoiceRegisterDownload(month: string): Promise<Response> {
  return temporaryWorkbookDownload([anySheet(registerSheet(month))], registerFilename(month));
}
