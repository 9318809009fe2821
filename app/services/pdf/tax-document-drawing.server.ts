import type { TaxParty } from "../../../db/schema";
import type { PrintableTaxDocument } from "~/models/orders/tax-document.server";
import { formatLongDateInIndia, formatShortCalendarDay } from "~/utils/dates";
import { formatExactRupees, formatRate } from "~/utils/gst";
import { indianStateName } from "~/utils/indian-states";
import { lateCreditNotePrintedLine } from "~/utils/late-credit-note";
import { drawLine, renderPdf, type PdfDocument } from "./document.server";

// A GST tax invoice or credit note as a PDF, from the document as it was
// issued (its own copy of seller and buyer): everything CGST rule 46 (invoice)
// and rule 53 (credit note) ask for, with every amount to the paisa. Drawn in
// the PDF worker (render-worker.server.ts).

const WIDTH = 595.28;
const LEFT = 48;
const RIGHT = WIDTH - LEFT;
const MID = 310;
const SAC_X = 260;
const LABEL_X = 330;
const AMOUNT_X = 470;
const INK = "#111827";
const MUTED = "#4b5563";
const ACCENT = "#1d4ed8";
const LINE = 15;

const TAX_DOCUMENT_TITLES = { invoice: "Tax Invoice", credit_note: "Credit Note" } as const;

type Style = { size?: number; weight?: 400 | 700; color?: string; maxWidth?: number };

function writer(doc: PdfDocument) {
  return (text: string, x: number, y: number, style: Style = {}) =>
    drawLine(doc, text, x, y, { align: "left", size: 10, color: INK, maxWidth: RIGHT - x, ...style });
}

const stateLine = (party: TaxParty) => `State: ${party.stateName} (code ${party.stateCode})${party.pin ? ` · PIN ${party.pin}` : ""}`;

/** The lines naming a party: name, business, address, state and PIN, GSTIN. */
function partyLines(party: TaxParty): string[] {
  return [
    party.businessName ? `${party.businessName} (${party.name})` : party.name,
    party.address,
    stateLine(party),
    party.gstin ? `GSTIN: ${party.gstin}` : "GSTIN: unregistered",
  ];
}

/** The tax lines as printed: CGST and SGST at half the rate each, or IGST at the whole rate. */
function taxLines(document: PrintableTaxDocument): { label: string; paise: number }[] {
  // Issued as CGST + SGST exactly when the place of supply is the seller's state.
  if (document.placeOfSupply !== document.seller.stateCode)
    return [{ label: `IGST @ ${formatRate(document.gstRateBps)}`, paise: document.igstPaise }];
  const half = formatRate(document.gstRateBps / 2);
  return [
    { label: `CGST @ ${half}`, paise: document.cgstPaise },
    { label: `SGST @ ${half}`, paise: document.sgstPaise },
    // Only documents whose odd paisa of tax was kept out of equal halves have one, so older reprints are unchanged.
    ...(document.roundOffPaise ? [{ label: "Round-off", paise: document.roundOffPaise }] : []),
  ];
}

const NOTE_LINE_CHARS = 95;

/** The invoice note in lines that fit the page's width (drawLine shrinks any that still do not). */
function noteLines(note: string): string[] {
  return note.split(/\r?\n/).flatMap((paragraph) => {
    const lines: string[] = [];
    let line = "";
    for (const word of paragraph.split(/\s+/).filter(Boolean)) {
      if (line && line.length + 1 + word.length > NOTE_LINE_CHARS) {
        lines.push(line);
        line = word;
      } else line = line ? `${line} ${word}` : word;
    }
    return [...lines, line];
  });
}

export function drawTaxDocument(document: PrintableTaxDocument): Promise<Buffer> {
  const title = TAX_DOCUMENT_TITLES[document.kind];
  return renderPdf(
    { title: `${title} ${document.number}`, author: document.seller.name, createdAt: document.issuedAt },
    { size: "A4", layout: "portrait", margin: 0 },
    (doc) => {
      const write = writer(doc);
      const rule = (y: number) => doc.lineWidth(0.75).strokeColor("#9ca3af").moveTo(LEFT, y).lineTo(RIGHT, y).stroke();

      write(title, LEFT, 70, { size: 24, weight: 700, color: ACCENT });
      write(`${title} No. ${document.number}`, MID, 58, { size: 11, weight: 700 });
      write(`Date: ${formatLongDateInIndia(document.issuedAt)}`, MID, 74, { size: 11 });
      if (document.credited) {
        write(`Against Tax Invoice No. ${document.credited.number}`, MID, 90);
        write(`dated ${formatLongDateInIndia(document.credited.issuedAt)}`, MID, 104);
      }

      let y = 140;
      write("Supplier", LEFT, y, { weight: 700, color: MUTED });
      write(document.kind === "invoice" ? "Billed to" : "Issued to", MID, y, { weight: 700, color: MUTED });
      const seller = partyLines(document.seller);
      const buyer = partyLines(document.buyer);
      for (let i = 0; i < Math.max(seller.length, buyer.length); i++) {
        y += LINE;
        write(seller[i] ?? "", LEFT, y, { maxWidth: MID - LEFT - 12, weight: i === 0 ? 700 : 400 });
        write(buyer[i] ?? "", MID, y, { weight: i === 0 ? 700 : 400 });
      }
      y += LINE * 2;
      // The place of supply is not always the buyer's state (a venue's, under IGST Act s.12(5)/(6)).
      const placeName = indianStateName(document.placeOfSupply) ?? document.placeOfSupply;
      write(`Place of supply: ${placeName} (code ${document.placeOfSupply})`, LEFT, y);
      y += LINE;
      write("Tax payable on reverse charge: No", LEFT, y, { color: MUTED });

      y += LINE * 2;
      rule(y - 11);
      write("Description of service", LEFT, y, { weight: 700 });
      write("SAC", SAC_X, y, { weight: 700 });
      write("Amount", AMOUNT_X, y, { weight: 700 });
      rule(y + 6);
      y += LINE + 6;
      write(document.description, LEFT, y, { maxWidth: SAC_X - LEFT - 12 });
      write(document.sac, SAC_X, y);
      y += LINE + 4;
      const amountRows = [{ label: "Taxable value", paise: document.taxablePaise }, ...taxLines(document)];
      for (const row of amountRows) {
        write(row.label, LABEL_X, y, { maxWidth: AMOUNT_X - LABEL_X - 8 });
        write(formatExactRupees(row.paise), AMOUNT_X, y);
        y += LINE;
      }
      rule(y - 8);
      y += 6;
      write(document.kind === "invoice" ? "Total (GST included)" : "Total credited (GST included)", LABEL_X, y, {
        weight: 700,
        maxWidth: AMOUNT_X - LABEL_X - 8,
      });
      write(formatExactRupees(document.totalPaise), AMOUNT_X, y, { weight: 700, size: 12 });
      y += LINE * 3;
      write("All amounts in Indian rupees.", LEFT, y, { color: MUTED });
      y += LINE;
      write(`Issued electronically by ${document.seller.name}; no signature is required.`, LEFT, y, { color: MUTED });
      // Only a note issued past its s.34(2) deadline has one, so every other document prints as it always did.
      if (document.missedDeadline) {
        y += LINE;
        for (const line of noteLines(lateCreditNotePrintedLine(formatShortCalendarDay(document.missedDeadline)))) {
          y += LINE;
          write(line, LEFT, y, { weight: 700 });
        }
      }
      if (document.note) {
        y += LINE;
        for (const line of noteLines(document.note)) {
          y += LINE;
          write(line, LEFT, y);
        }
      }
    },
  );
}
