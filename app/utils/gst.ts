// GST arithmetic for tax invoices and credit notes (docs/decisions/0031-gst-invoices.md).
// Prices are inclusive of GST, so the tax is worked back out of what the
// student paid. Everything is integer paise and always adds up exactly to
// the total: the taxable value is rounded to the nearest paisa (half up) and
// the tax is whatever remains; split between CGST and SGST in two equal
// halves, an odd paisa becomes a round-off line.

export type GstSplit = {
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
  /** The paisa left over when an odd tax is halved into equal CGST and SGST. */
  roundOffPaise: number;
  totalPaise: number;
};

const BPS_PER_UNIT = 10_000;

/**
 * The taxable value and tax in `totalPaise` (GST included) at `rateBps`
 * (1800 = 18%): CGST + SGST when the buyer is in the seller's state
 * (`intraState`), IGST otherwise.
 */
export function splitInclusiveTotal(totalPaise: number, rateBps: number, intraState: boolean): GstSplit {
  if (!Number.isSafeInteger(totalPaise) || totalPaise < 0) throw new RangeError(`Not an amount in paise: ${totalPaise}`);
  if (!Number.isSafeInteger(rateBps) || rateBps < 0) throw new RangeError(`Not a rate in basis points: ${rateBps}`);
  const divisor = BPS_PER_UNIT + rateBps;
  // round(total × 10000 / divisor), half up, in integers.
  const taxablePaise = Math.floor((2 * totalPaise * BPS_PER_UNIT + divisor) / (2 * divisor));
  const taxPaise = totalPaise - taxablePaise;
  if (!intraState) return { taxablePaise, cgstPaise: 0, sgstPaise: 0, igstPaise: taxPaise, roundOffPaise: 0, totalPaise };
  // CGST and SGST are levied at the same rate, so the two halves must be equal;
  // the odd paisa is shown as a round-off instead of being given to either.
  const halfPaise = Math.floor(taxPaise / 2);
  return { taxablePaise, cgstPaise: halfPaise, sgstPaise: halfPaise, igstPaise: 0, roundOffPaise: taxPaise - 2 * halfPaise, totalPaise };
}

export type SupplyTerms = {
  /** What is sold: admission to an event, or a course (training). */
  item: "course" | "event";
  deliveryMode: "online" | "venue";
  /** Where a "venue" supply is performed or held. */
  venueStateCode: string | null;
  /** The buyer's GSTIN, when they gave one (a registered recipient). */
  buyerGstin: string | null;
  /** The state of the buyer's address on record; null when there is none. */
  buyerStateCode: string | null;
  sellerStateCode: string;
};

/**
 * The state code of the place of supply (IGST Act s.12):
 * admission to an event held at a venue → where it is held (s.12(6), whoever buys);
 * a registered buyer → their registered location, the GSTIN's state (s.12(2)(a), s.12(5)(a));
 * training performed at a venue for an unregistered buyer → where it is performed (s.12(5)(b));
 * online training for an unregistered buyer → their address on record, else the seller's (s.12(2)(b)).
 */
export function placeOfSupply(terms: SupplyTerms): string {
  const venue = terms.deliveryMode === "venue" ? terms.venueStateCode : null;
  if (terms.item === "event" && venue) return venue;
  if (terms.buyerGstin) return terms.buyerGstin.slice(0, 2);
  if (venue) return venue;
  return terms.buyerStateCode ?? terms.sellerStateCode;
}

/** 1800 for 18 (whole percent, as the settings hold it). */
export const percentToBps = (percent: number) => Math.round(percent * 100);

/** "9%" or "2.5%": a rate in basis points as printed. */
export const formatRate = (rateBps: number) => `${rateBps / 100}%`;

const INDIA_OFFSET_MS = (5 * 60 + 30) * 60 * 1000;

/** 2026 for any instant of the financial year April 2026 – March 2027 (India time). */
export function financialYearStartOf(instant: Date): number {
  const india = new Date(instant.getTime() + INDIA_OFFSET_MS);
  const year = india.getUTCFullYear();
  return india.getUTCMonth() >= 3 ? year : year - 1;
}

/**
 * The Indian financial year (April–March, India time) of an instant as a
 * document number carries it: "26-27" for 1 April 2026 – 31 March 2027.
 * India keeps no daylight saving, so a fixed offset is exact.
 */
export function financialYearOf(instant: Date): string {
  const startYear = financialYearStartOf(instant);
  const twoDigits = (n: number) => String(n % 100).padStart(2, "0");
  return `${twoDigits(startYear)}-${twoDigits(startYear + 1)}`;
}

/** CGST rule 46(b): at most 16 characters, letters, digits, "-" and "/" only. */
const DOCUMENT_NUMBER_PATTERN = /^[A-Za-z0-9/-]{1,16}$/;

export const isValidDocumentNumber = (number: string) => DOCUMENT_NUMBER_PATTERN.test(number);

/** "TMA/26-27/000123": the series prefix, the financial year and the sequence; throws past 16 characters. */
export function formatDocumentNumber(prefix: string, financialYear: string, sequence: number): string {
  if (!Number.isSafeInteger(sequence) || sequence < 1) throw new RangeError(`Not a sequence number: ${sequence}`);
  const number = `${prefix}/${financialYear}/${String(sequence).padStart(6, "0")}`;
  if (!isValidDocumentNumber(number)) throw new RangeError(`"${number}" is not a valid GST document number (16 characters at most)`);
  return number;
}

const exactRupees = new Intl.NumberFormat("en-IN", { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** "₹4,236.44": always with paise, as a tax document states its figures. */
export const formatExactRupees = (paise: number) => `₹${exactRupees.format(paise / 100)}`;

/**
 * The last India calendar day ("2027-11-30") a credit note may be issued for a
 * supply invoiced at `invoiceIssuedAt`: 30 November after the end of that
 * invoice's financial year, or the day the year's annual return was filed
 * (`annualReturnFiledOn`, "2027-09-15") when that is earlier (CGST Act
 * s.34(2), as amended by the Finance Act 2022). After it the note reduces no tax.
 */
export function creditNoteDeadline(invoiceIssuedAt: Date, annualReturnFiledOn?: string | null): string {
  const statutory = `${financialYearStartOf(invoiceIssuedAt) + 1}-11-30`;
  // ISO calendar days compare as strings.
  return annualReturnFiledOn && annualReturnFiledOn < statutory ? annualReturnFiledOn : statutory;
}

/** Whether a credit note issued at `issuedAt` misses `deadline` (the India day of issue is after it). */
export const isPastCreditNoteDeadline = (issuedAt: Date, deadline: string) => indiaDayOf(issuedAt) > deadline;

/** "2026-11-30": the India calendar day of an instant. */
const indiaDayOf = (instant: Date) => new Date(instant.getTime() + INDIA_OFFSET_MS).toISOString().slice(0, 10);
