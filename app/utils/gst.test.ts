import { describe, expect, test } from "vitest";
import {
  creditNoteDeadline,
  financialYearOf,
  isPastCreditNoteDeadline,
  placeOfSupply,
  formatDocumentNumber,
  formatExactRupees,
  isValidDocumentNumber,
  splitInclusiveTotal,
} from "./gst";

describe("splitInclusiveTotal", () => {
  test("₹4,999 at 18% within the state: taxable value and CGST + SGST", () => {
    // 499900 / 1.18 = 423644.07 → 423644; tax 76256, halves 38128.
    expect(splitInclusiveTotal(499900, 1800, true)).toEqual({
      taxablePaise: 423644,
      cgstPaise: 38128,
      sgstPaise: 38128,
      igstPaise: 0,
      roundOffPaise: 0,
      totalPaise: 499900,
    });
  });

  test("across states the whole tax is IGST", () => {
    expect(splitInclusiveTotal(499900, 1800, false)).toEqual({
      taxablePaise: 423644,
      cgstPaise: 0,
      sgstPaise: 0,
      igstPaise: 76256,
      roundOffPaise: 0,
      totalPaise: 499900,
    });
  });

  test("an odd paisa of tax becomes a round-off: CGST and SGST are equal, and the parts always add up to the total", () => {
    // 101 / 1.18 = 85.59 → 86; tax 15 → CGST 7, SGST 7, round-off 1.
    expect(splitInclusiveTotal(101, 1800, true)).toMatchObject({ taxablePaise: 86, cgstPaise: 7, sgstPaise: 7, roundOffPaise: 1 });
    for (let total = 0; total <= 5000; total += 7) {
      for (const intra of [true, false]) {
        const split = splitInclusiveTotal(total, 1800, intra);
        expect(split.taxablePaise + split.cgstPaise + split.sgstPaise + split.igstPaise + split.roundOffPaise).toBe(total);
        expect(split.cgstPaise).toBe(split.sgstPaise);
        expect(split.roundOffPaise).toBeLessThanOrEqual(1);
      }
    }
  });

  test("half a paisa rounds the taxable value up", () => {
    // 59 / 1.18 = 50 exactly; 118 at 18% → 100 + 18.
    expect(splitInclusiveTotal(118, 1800, false)).toMatchObject({ taxablePaise: 100, igstPaise: 18 });
    // 1 / 2 = 0.5 at 100% → 1 taxable, 0 tax.
    expect(splitInclusiveTotal(1, 10000, false)).toMatchObject({ taxablePaise: 1, igstPaise: 0 });
  });

  test("a 0% rate leaves everything taxable; ₹0 is all zeros", () => {
    expect(splitInclusiveTotal(499900, 0, true)).toMatchObject({ taxablePaise: 499900, cgstPaise: 0, sgstPaise: 0 });
    expect(splitInclusiveTotal(0, 1800, true)).toEqual({
      taxablePaise: 0,
      cgstPaise: 0,
      sgstPaise: 0,
      igstPaise: 0,
      roundOffPaise: 0,
      totalPaise: 0,
    });
  });

  test("refuses amounts that are not whole paise", () => {
    expect(() => splitInclusiveTotal(10.5, 1800, true)).toThrow(RangeError);
    expect(() => splitInclusiveTotal(-1, 1800, true)).toThrow(RangeError);
  });
});

describe("financialYearOf", () => {
  test("the year turns at midnight India time on 1 April, not at UTC midnight", () => {
    // 31 March 2027 23:59 IST is 18:29 UTC; 1 April 2027 00:00 IST is 31 March 18:30 UTC.
    expect(financialYearOf(new Date("2027-03-31T18:29:59.999Z"))).toBe("26-27");
    expect(financialYearOf(new Date("2027-03-31T18:30:00.000Z"))).toBe("27-28");
    expect(financialYearOf(new Date("2026-04-01T00:00:00+05:30"))).toBe("26-27");
    expect(financialYearOf(new Date("2026-12-31T23:59:00+05:30"))).toBe("26-27");
    expect(financialYearOf(new Date("2027-01-01T00:00:00+05:30"))).toBe("26-27");
  });

  test("a century's turn keeps two digits", () => {
    expect(financialYearOf(new Date("2099-06-01T00:00:00+05:30"))).toBe("99-00");
    expect(financialYearOf(new Date("2000-02-01T00:00:00+05:30"))).toBe("99-00");
    expect(financialYearOf(new Date("2009-06-01T00:00:00+05:30"))).toBe("09-10");
  });
});

describe("document numbers", () => {
  test("prefix, year and a six-digit sequence fit the 16 characters of rule 46", () => {
    const number = formatDocumentNumber("TMA", "26-27", 123);
    expect(number).toBe("TMA/26-27/000123");
    expect(number).toHaveLength(16);
    expect(formatDocumentNumber("T", "26-27", 1)).toBe("T/26-27/000001");
  });

  test("a number past 16 characters or with other characters is refused", () => {
    expect(() => formatDocumentNumber("TMA", "26-27", 1_000_000)).toThrow(RangeError);
    expect(() => formatDocumentNumber("TMA", "26-27", 0)).toThrow(RangeError);
    expect(isValidDocumentNumber("INV/2026-27/000123")).toBe(false);
    expect(isValidDocumentNumber("TMA 26-27 000123")).toBe(false);
    expect(isValidDocumentNumber("TMA/26-27/000123")).toBe(true);
  });
});

test("tax amounts always show paise", () => {
  expect(formatExactRupees(499900)).toBe("₹4,999.00");
  expect(formatExactRupees(423644)).toBe("₹4,236.44");
  expect(formatExactRupees(0)).toBe("₹0.00");
});

describe("placeOfSupply", () => {
  const seller = { sellerStateCode: "27", buyerStateCode: "29" as string | null, buyerGstin: null as string | null };
  test("a buyer with a GSTIN: their registered location", () => {
    expect(placeOfSupply({ ...seller, item: "course", deliveryMode: "online", venueStateCode: null, buyerGstin: "33AAACP1234A1Z5" })).toBe(
      "33",
    );
    expect(placeOfSupply({ ...seller, item: "course", deliveryMode: "venue", venueStateCode: "27", buyerGstin: "33AAACP1234A1Z5" })).toBe(
      "33",
    );
  });
  test("an unregistered buyer of online training: the address on record, else the seller's state", () => {
    expect(placeOfSupply({ ...seller, item: "course", deliveryMode: "online", venueStateCode: null })).toBe("29");
    expect(placeOfSupply({ ...seller, item: "course", deliveryMode: "online", venueStateCode: null, buyerStateCode: null })).toBe("27");
  });
  test("an unregistered buyer of training at a venue: where it is performed", () => {
    expect(placeOfSupply({ ...seller, item: "course", deliveryMode: "venue", venueStateCode: "07" })).toBe("07");
  });
  test("admission to an event at a venue: where it is held, whoever buys", () => {
    expect(placeOfSupply({ ...seller, item: "event", deliveryMode: "venue", venueStateCode: "07" })).toBe("07");
    expect(placeOfSupply({ ...seller, item: "event", deliveryMode: "venue", venueStateCode: "07", buyerGstin: "29AAACP1234A1Z5" })).toBe(
      "07",
    );
  });
});

describe("creditNoteDeadline (CGST Act s.34(2))", () => {
  test("is 30 November after the end of the invoice's financial year, counted in India time", () => {
    // 31 March 23:59 IST belongs to 2026-27; one minute later, 1 April 00:00 IST, to 2027-28.
    expect(creditNoteDeadline(new Date("2027-03-31T23:59:00+05:30"))).toBe("2027-11-30");
    expect(creditNoteDeadline(new Date("2027-03-31T18:29:59.999Z"))).toBe("2027-11-30");
    expect(creditNoteDeadline(new Date("2027-04-01T00:00:00+05:30"))).toBe("2028-11-30");
    expect(creditNoteDeadline(new Date("2026-04-01T00:00:00+05:30"))).toBe("2027-11-30");
  });

  test("is the day the annual return was filed when that comes first", () => {
    const invoiced = new Date("2026-06-15T12:00:00+05:30");
    expect(creditNoteDeadline(invoiced, "2027-09-15")).toBe("2027-09-15");
    expect(creditNoteDeadline(invoiced, "2027-12-20")).toBe("2027-11-30");
    expect(creditNoteDeadline(invoiced, null)).toBe("2027-11-30");
  });

  test("lets a note through all of its last India day and no later", () => {
    expect(isPastCreditNoteDeadline(new Date("2027-11-30T23:59:59+05:30"), "2027-11-30")).toBe(false);
    expect(isPastCreditNoteDeadline(new Date("2027-12-01T00:00:00+05:30"), "2027-11-30")).toBe(true);
    // 1 December 01:00 IST is still 30 November in UTC: India's day decides.
    expect(isPastCreditNoteDeadline(new Date("2027-11-30T19:30:00Z"), "2027-11-30")).toBe(true);
    expect(isPastCreditNoteDeadline(new Date("2027-09-15T22:00:00+05:30"), "2027-09-15")).toBe(false);
    expect(isPastCreditNoteDeadline(new Date("2027-09-16T00:00:00+05:30"), "2027-09-15")).toBe(true);
  });
});
