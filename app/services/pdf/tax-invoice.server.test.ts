import { expect, test } from "vitest";
import { readPdf } from "../../../tests/support/pdf-text";
import type { PrintableTaxDocument } from "~/models/orders/tax-document.server";
import { taxDocumentFilename, taxDocumentPdf } from "./tax-invoice.server";

const seller = {
  name: "TradeMaster Academy Private Limited",
  address: "2nd Floor, 14 Market Road, Pune",
  stateCode: "27",
  stateName: "Maharashtra",
  pin: "411001",
  gstin: "27AAAPL1234C1Z5",
};
// 20:00 UTC on 4 December is 5 December in India.
const ISSUED = new Date("2026-12-04T20:00:00Z");

const invoice: PrintableTaxDocument = {
  id: 1,
  kind: "invoice",
  number: "TMA/26-27/000007",
  financialYear: "26-27",
  sequence: 7,
  orderId: 42,
  creditedDocumentId: null,
  missedDeadline: null,
  issuedAt: ISSUED,
  seller,
  buyer: {
    name: "Ravi Patil",
    address: "4 FC Road, Pune",
    stateCode: "27",
    stateName: "Maharashtra",
    pin: "411004",
    businessName: "Patil Traders",
    gstin: "27AAACP1234A1Z5",
  },
  placeOfSupply: "27",
  sac: "999293",
  description: "Course fee: Price Action Mastery",
  gstRateBps: 1800,
  taxablePaise: 423_644,
  cgstPaise: 38_128,
  sgstPaise: 38_128,
  igstPaise: 0,
  roundOffPaise: 0,
  totalPaise: 499_900,
  note: null,
  createdAt: ISSUED,
  credited: null,
};

test("a tax invoice within the state prints rule 46's particulars with CGST and SGST to the paisa", async () => {
  const pdf = await readPdf(await taxDocumentPdf(invoice));
  expect(pdf.pages).toHaveLength(1);
  for (const line of [
    "Tax Invoice",
    "Tax Invoice No. TMA/26-27/000007",
    "Date: 5 December 2026",
    "TradeMaster Academy Private Limited",
    "GSTIN: 27AAAPL1234C1Z5",
    "Patil Traders (Ravi Patil)",
    "GSTIN: 27AAACP1234A1Z5",
    "State: Maharashtra (code 27) · PIN 411004",
    "Place of supply: Maharashtra (code 27)",
    "999293",
    "Course fee: Price Action Mastery",
    "Taxable value",
    "₹4,236.44",
    "CGST @ 9%",
    "SGST @ 9%",
    "₹381.28",
    "₹4,999.00",
  ])
    expect(pdf.text).toContain(line);
  expect(pdf.text).not.toContain("IGST");
  expect(taxDocumentFilename(invoice)).toBe("tax-invoice-TMA-26-27-000007.pdf");
});

test("a credit note to another state prints IGST and cites the invoice's number and date", async () => {
  const note: PrintableTaxDocument = {
    ...invoice,
    id: 2,
    kind: "credit_note",
    number: "TCN/26-27/000001",
    creditedDocumentId: 1,
    buyer: { name: "Asha Rao", address: "12 MG Road, Bengaluru", stateCode: "29", stateName: "Karnataka", pin: "560001" },
    placeOfSupply: "29",
    taxablePaise: 84_746,
    cgstPaise: 0,
    sgstPaise: 0,
    igstPaise: 15_254,
    totalPaise: 100_000,
    credited: { number: "TMA/26-27/000007", issuedAt: ISSUED },
  };
  const pdf = await readPdf(await taxDocumentPdf(note));
  for (const line of [
    "Credit Note",
    "Credit Note No. TCN/26-27/000001",
    "Against Tax Invoice No. TMA/26-27/000007",
    "dated 5 December 2026",
    "GSTIN: unregistered",
    "Place of supply: Karnataka (code 29)",
    "IGST @ 18%",
    "₹152.54",
    "₹1,000.00",
  ])
    expect(pdf.text).toContain(line);
  expect(pdf.text).not.toContain("CGST");
  expect(taxDocumentFilename(note)).toBe("credit-note-TCN-26-27-000001.pdf");
});

test("a credit note issued after its s.34(2) deadline says it reduces no output tax; one on time says nothing of it", async () => {
  const note: PrintableTaxDocument = {
    ...invoice,
    id: 3,
    kind: "credit_note",
    number: "TCN/27-28/000004",
    creditedDocumentId: 1,
    credited: { number: "TMA/26-27/000007", issuedAt: ISSUED },
  };
  const late = (await readPdf(await taxDocumentPdf({ ...note, missedDeadline: "2027-11-30" }))).text.replace(/\s+/g, " ");
  for (const line of [
    "Issued after Nov 30, 2027, the last day under section 34(2) of the CGST Act",
    "no reduction of output tax may be claimed for this credit note",
    "Credit Note No. TCN/27-28/000004",
  ])
    expect(late).toContain(line);
  const onTime = (await readPdf(await taxDocumentPdf(note))).text;
  expect(onTime).not.toContain("34(2)");
});
