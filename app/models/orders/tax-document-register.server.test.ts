// Reading a month's tax documents for the invoice register in batches,
// against an in-memory database: every document of the range once, in the
// register's order, whatever the batch size and however many share a
// millisecond, with the number of the invoice each credit note reduces.
import { beforeAll, describe, expect, test } from "vitest";
import { courses, orders, taxDocuments, users, type TaxParty } from "../../../db/schema";
import { db } from "~/utils/db.server";
import { findTaxDocument, readTaxDocumentsIssued, type RegisterDocument } from "./tax-document.server";

const SELLER: TaxParty = {
  name: "TradeMaster Academy",
  address: "14 Market Road, Pune",
  stateCode: "27",
  stateName: "Maharashtra",
  pin: "411001",
};
const BUYER: TaxParty = { name: "Asha Rao", address: "12 MG Road, Bengaluru", stateCode: "29", stateName: "Karnataka", pin: "560001" };

// October 2026 in India.
const FROM = new Date("2026-09-30T18:30:00Z");
const TO = new Date("2026-10-31T18:30:00Z");
const MID_OCTOBER = new Date("2026-10-15T06:00:00Z");
const SEPTEMBER = new Date("2026-09-20T06:00:00Z");
const NOVEMBER = new Date("2026-11-02T06:00:00Z");

let orderId = 0;

type Arranged = { kind?: "invoice" | "credit_note"; year?: string; sequence: number; at: Date; credits?: string; late?: boolean };
const ids = new Map<string, number>();

const numberOf = ({ kind = "invoice", year = "26-27", sequence }: Arranged) =>
  `${kind === "invoice" ? "RIN" : "RCN"}/${year}/${String(sequence).padStart(6, "0")}`;

function insertDocument(document: Arranged) {
  const { kind = "invoice", year = "26-27", sequence, at, credits, late } = document;
  const number = numberOf(document);
  const row = db
    .insert(taxDocuments)
    .values({
      kind,
      number,
      financialYear: year,
      sequence,
      orderId,
      creditedDocumentId: credits ? ids.get(credits) : null,
      issuedAt: at,
      seller: SELLER,
      buyer: BUYER,
      placeOfSupply: "29",
      sac: "999293",
      description: "Course fee",
      gstRateBps: 1800,
      taxablePaise: 100_000 + sequence,
      igstPaise: 18_000,
      totalPaise: 118_000 + sequence,
      missedDeadline: late ? "2026-11-30" : null,
    })
    .returning({ id: taxDocuments.id })
    .get();
  ids.set(number, row.id);
}

/** The numbers the register lists for October, in its order. */
const OCTOBER = [
  "RIN/00-01/000001",
  "RIN/00-01/000002",
  ...[3, 4, 5, 6, 7, 8, 9, 11].map((sequence) => `RIN/26-27/${String(sequence).padStart(6, "0")}`),
  "RCN/26-27/000001",
  "RCN/26-27/000002",
  "RCN/26-27/000003",
];

beforeAll(() => {
  const user = db.insert(users).values({ email: "register@example.com", adultConfirmedAt: new Date() }).returning().get();
  const course = db
    .insert(courses)
    .values({ title: "Register", shortDescription: "s", description: "d", duration: "4 weeks", pricePaise: 118_000 })
    .returning()
    .get();
  orderId = db
    .insert(orders)
    .values({ userId: user.id, courseId: course.id, paymentStatus: "completed", amountPaise: 118_000 })
    .returning()
    .get().id;
  // Numbers 1 and 2 of the year were issued in September, 10 in November.
  for (const sequence of [1, 2]) insertDocument({ sequence, at: SEPTEMBER });
  insertDocument({ sequence: 10, at: NOVEMBER });
  // Six invoices of one millisecond (as are the documents of the other series below), stored out of number order.
  for (const sequence of [6, 3, 9, 4, 8, 5]) insertDocument({ sequence, at: MID_OCTOBER });
  // The month's first instant is in it, the next month's first is not.
  insertDocument({ sequence: 7, at: FROM });
  insertDocument({ sequence: 11, at: new Date(TO.getTime() - 1) });
  insertDocument({ sequence: 12, at: TO });
  // Another series whose documents carry October times (the test series of the HTTP tests are like this).
  for (const sequence of [2, 1]) insertDocument({ year: "00-01", sequence, at: MID_OCTOBER });
  insertDocument({ kind: "credit_note", sequence: 2, at: MID_OCTOBER, credits: "RIN/26-27/000004", late: true });
  insertDocument({ kind: "credit_note", sequence: 1, at: MID_OCTOBER, credits: "RIN/26-27/000003" });
  insertDocument({ kind: "credit_note", sequence: 3, at: MID_OCTOBER, credits: "RIN/26-27/000001" });
});

async function readAll(from: Date, to: Date, batchSize?: number): Promise<RegisterDocument[]> {
  const read: RegisterDocument[] = [];
  for await (const document of readTaxDocumentsIssued(from, to, batchSize)) read.push(document);
  return read;
}

describe("reading the register's documents in batches", () => {
  test.each([1, 2, 3, 4, 1000])(
    "batches of %i list every document of the month once, invoices first, each series in number order",
    async (size) => {
      const read = await readAll(FROM, TO, size);
      expect(read.map((document) => document.number)).toEqual(OCTOBER);
    },
  );

  test("each document is as stored, and a credit note names the invoice it reduces, even one issued in another month", async () => {
    const read = await readAll(FROM, TO, 2);
    const stored = read.map((document) => findTaxDocument(document.id)!);
    expect(read).toEqual(
      stored.map((document) => ({
        id: document.id,
        kind: document.kind,
        number: document.number,
        financialYear: document.financialYear,
        sequence: document.sequence,
        issuedAt: document.issuedAt,
        buyer: document.buyer,
        placeOfSupply: document.placeOfSupply,
        missedDeadline: document.missedDeadline,
        taxablePaise: document.taxablePaise,
        cgstPaise: document.cgstPaise,
        sgstPaise: document.sgstPaise,
        igstPaise: document.igstPaise,
        totalPaise: document.totalPaise,
        creditedNumber: document.credited?.number ?? null,
      })),
    );
    expect(
      read.filter((document) => document.kind === "credit_note").map((document) => [document.creditedNumber, document.missedDeadline]),
    ).toEqual([
      ["RIN/26-27/000003", null],
      ["RIN/26-27/000004", "2026-11-30"],
      ["RIN/26-27/000001", null],
    ]);
  });

  test("a range without documents lists none; a wider one lists each of its documents once", async () => {
    expect(await readAll(new Date("2001-03-31T18:30:00Z"), new Date("2001-04-30T18:30:00Z"), 2)).toEqual([]);
    const wide = (await readAll(SEPTEMBER, new Date("2026-12-31T18:30:00Z"), 3)).map((document) => document.number);
    expect(wide).toHaveLength(17);
    expect(new Set(wide).size).toBe(17);
  });

  test("other work runs between batches", async () => {
    let turns = 0;
    let reading = true;
    const turn = () => {
      turns += 1;
      if (reading) setImmediate(turn);
    };
    setImmediate(turn);
    const read = await readAll(FROM, TO, 2);
    reading = false;
    // At least one turn for every batch after the first.
    expect(turns).toBeGreaterThanOrEqual(Math.floor(read.length / 2));
  });
});
