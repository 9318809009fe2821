import { setImmediate as nextTurn } from "node:timers/promises";
import { and, asc, desc, eq, gt, gte, inArray, lt, lte, max, or, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { courses, enrollmentForms, orders, events, taxDocuments, users, type TaxParty } from "../../../db/schema";
import type { DeliveryMode, TaxDocumentKind } from "../../../db/enums";
import { db, type Transaction } from "~/utils/db.server";
import {
  creditNoteDeadline,
  financialYearOf,
  financialYearStartOf,
  formatDocumentNumber,
  isPastCreditNoteDeadline,
  percentToBps,
  placeOfSupply,
  splitInclusiveTotal,
} from "~/utils/gst";
import { INDIAN_STATES, indianStateName } from "~/utils/indian-states";
import { financialYearStart, type InvoicingSettings } from "~/schemas/site-settings";
import { findLatestStudentBilling } from "./billing.server";
import type { LateCreditNote } from "../site/outbox-payload";
import { queueMail } from "../site/outbox.server";
import { readSettings } from "../site/site-settings.server";
import { billedParty, sellerParty } from "~/utils/tax-parties";

// GST tax invoices and credit notes (CGST rules 46 and 53; decision 0031).
// An invoice is issued inside the transaction that completes a paid order,
// a credit note inside the one that records a refund, and both inside the one
// that moves a student to a batch supplied elsewhere (decision 0062), so a
// document exists exactly when its cause does. Each kind is its own series, numbered within
// the Indian financial year: the next number is read and written in that same
// `BEGIN IMMEDIATE` transaction (SQLite lets one writer in at a time), and the
// unique index on (kind, year, sequence) refuses a duplicate outright. The
// seller and buyer are copied onto the document as they stand when it is
// issued: a document is never changed afterwards.

type Reader = Pick<typeof db, "select">;

export type TaxDocument = typeof taxDocuments.$inferSelect;
/** A document as printed: a credit note with the number and date of the invoice it reduces. */
export type PrintableTaxDocument = TaxDocument & { credited: { number: string; issuedAt: Date } | null };

/** "maharashtra " → "27": the enrollment form's free-text state, when it names one. */
const stateCodeByName = (name: string | null) =>
  INDIAN_STATES.find((state) => state.name.toLowerCase() === name?.trim().toLowerCase())?.code;

/**
 * An order from before billing details were asked, whose student has given
 * none since: the student's name and the state from their enrollment form. Without a recognisable state the place of
 * supply is the seller's (IGST Act s.12(2)(b): no address on record).
 */
function fallbackParty(
  order: { firstName: string | null; lastName: string | null; email: string; formState: string | null; formCity: string | null },
  seller: TaxParty,
): TaxParty {
  const stateCode = stateCodeByName(order.formState) ?? seller.stateCode;
  const stateName = indianStateName(stateCode) ?? stateCode;
  return {
    name: [order.firstName, order.lastName].filter(Boolean).join(" ") || order.email,
    address: [order.formCity, stateName].filter(Boolean).join(", "),
    stateCode,
    stateName,
  };
}

function nextSequence(tx: Transaction, kind: TaxDocumentKind, financialYear: string): number {
  const row = tx
    .select({ last: max(taxDocuments.sequence) })
    .from(taxDocuments)
    .where(and(eq(taxDocuments.kind, kind), eq(taxDocuments.financialYear, financialYear)))
    .get();
  return (row?.last ?? 0) + 1;
}

type Issue = Omit<
  typeof taxDocuments.$inferInsert,
  | "id"
  | "number"
  | "financialYear"
  | "sequence"
  | "issuedAt"
  | "createdAt"
  | "cgstPaise"
  | "sgstPaise"
  | "igstPaise"
  | "roundOffPaise"
  | "taxablePaise"
  | "note"
>;

/** Numbers and stores a document in its kind's series for the financial year of `now`, with the invoice note as it stands now. */
function issue(tx: Transaction, prefix: string, document: Issue, now: Date): TaxDocument {
  const note = readSettings("invoicing", tx).invoiceNote?.trim() || null;
  const financialYear = financialYearOf(now);
  const sequence = nextSequence(tx, document.kind, financialYear);
  const intraState = document.placeOfSupply === document.seller.stateCode;
  const split = splitInclusiveTotal(document.totalPaise, document.gstRateBps, intraState);
  return tx
    .insert(taxDocuments)
    .values({
      ...document,
      ...split,
      note,
      number: formatDocumentNumber(prefix, financialYear, sequence),
      financialYear,
      sequence,
      issuedAt: now,
      createdAt: now,
    })
    .returning()
    .get();
}

/**
 * The order's invoice in force: its latest. A move to a batch supplied
 * elsewhere credits the first in full and issues a new one, so a later
 * refund reduces the new one.
 */
const invoiceOf = (database: Reader, orderId: number) =>
  database
    .select()
    .from(taxDocuments)
    .where(and(eq(taxDocuments.orderId, orderId), eq(taxDocuments.kind, "invoice")))
    .orderBy(desc(taxDocuments.id))
    .get();

/** What credit notes have not yet taken off the invoice. */
function invoiceLeftPaise(database: Reader, invoice: TaxDocument): number {
  const credited = database
    .select({ total: sql<number>`coalesce(sum(${taxDocuments.totalPaise}), 0)` })
    .from(taxDocuments)
    .where(and(eq(taxDocuments.creditedDocumentId, invoice.id), eq(taxDocuments.kind, "credit_note")))
    .get();
  return invoice.totalPaise - (credited?.total ?? 0);
}

type RegisteredSeller = InvoicingSettings & { gstin: string };

/**
 * A new invoice in the invoices' series, at the seller's rate now, supplied
 * where the order's own copy of its delivery says for this buyer (a later
 * edit of the course, batch or event changes nothing here).
 */
function newInvoice(
  tx: Transaction,
  settings: RegisteredSeller,
  order: { orderId: number; item: "course" | "event"; deliveryMode: DeliveryMode; venueStateCode: string | null },
  invoice: { buyer: TaxParty; description: string; totalPaise: number },
  now: Date,
): TaxDocument {
  const seller = sellerParty(settings);
  return issue(
    tx,
    settings.invoicePrefix,
    {
      kind: "invoice",
      orderId: order.orderId,
      creditedDocumentId: null,
      seller,
      ...invoice,
      placeOfSupply: supplyPlace(order, invoice.buyer, seller),
      sac: settings.sac,
      gstRateBps: percentToBps(settings.gstRatePercent),
    },
    now,
  );
}

const supplyPlace = (
  order: { item: "course" | "event"; deliveryMode: DeliveryMode; venueStateCode: string | null },
  buyer: TaxParty,
  seller: TaxParty,
) =>
  placeOfSupply({
    item: order.item,
    deliveryMode: order.deliveryMode,
    venueStateCode: order.venueStateCode,
    buyerGstin: buyer.gstin ?? null,
    buyerStateCode: buyer.stateCode,
    sellerStateCode: seller.stateCode,
  });

/**
 * The order's tax invoice, issued now in the caller's transaction (the one
 * completing the order) unless it has one already. None when the seller has
 * no GSTIN (an unregistered institute issues plain receipts) or the order
 * cost nothing.
 */
export function issueInvoiceForOrder(tx: Transaction, orderId: number, now = new Date()): TaxDocument | null {
  const earlier = invoiceOf(tx, orderId);
  if (earlier) return earlier;
  const settings = readSettings("invoicing", tx);
  if (!settings.gstin) return null;
  const order = tx
    .select({
      userId: orders.userId,
      amountPaise: orders.amountPaise,
      billing: orders.billing,
      eventId: orders.eventId,
      deliveryMode: orders.deliveryMode,
      venueStateCode: orders.venueStateCode,
      courseTitle: courses.title,
      eventTitle: events.title,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      formState: enrollmentForms.state,
      formCity: enrollmentForms.city,
    })
    .from(orders)
    .leftJoin(courses, eq(courses.id, orders.courseId))
    .leftJoin(events, eq(events.id, orders.eventId))
    .innerJoin(users, eq(users.id, orders.userId))
    .leftJoin(enrollmentForms, eq(enrollmentForms.id, orders.enrollmentFormId))
    .where(eq(orders.id, orderId))
    .get();
  if (!order) throw new Error(`Order ${orderId} does not exist`);
  if (order.amountPaise === 0) return null;
  const seller = sellerParty({ ...settings, gstin: settings.gstin });
  // An order that carries no billing details of its own (reserved before they were asked, or through the API
  // without a form) names the student's latest on record: rule 46(e) wants the buyer's name, address and PIN.
  const billing = order.billing ?? findLatestStudentBilling(order.userId, tx);
  const buyer = billing ? billedParty(billing) : fallbackParty(order, seller);
  const description = order.courseTitle !== null ? `Course fee: ${order.courseTitle}` : `Event fee: ${order.eventTitle ?? "event"}`;
  return newInvoice(
    tx,
    { ...settings, gstin: settings.gstin },
    { orderId, item: order.eventId === null ? "course" : "event", deliveryMode: order.deliveryMode, venueStateCode: order.venueStateCode },
    { buyer, description, totalPaise: order.amountPaise },
    now,
  );
}

/**
 * A credit note for `refundedPaise` newly returned on the order, issued in the
 * caller's transaction (the one recording the refund). It reduces the order's
 * invoice at that invoice's rate and place of supply, never by more than what
 * earlier credit notes left of it. None when the order has no invoice.
 */
export function issueCreditNoteForRefund(tx: Transaction, orderId: number, refundedPaise: number, now = new Date()): TaxDocument | null {
  if (refundedPaise <= 0) return null;
  const invoice = invoiceOf(tx, orderId);
  if (!invoice) return null;
  const totalPaise = Math.min(refundedPaise, invoiceLeftPaise(tx, invoice));
  if (totalPaise <= 0) return null;
  return creditInvoice(tx, invoice, totalPaise, `Refund: ${invoice.description}`, now);
}

/** A credit note of `totalPaise` against the invoice, at its rate and place of supply, in the credit notes' series. */
function creditInvoice(tx: Transaction, invoice: TaxDocument, totalPaise: number, description: string, now: Date): TaxDocument {
  const settings = readSettings("invoicing", tx);
  // Past the s.34(2) deadline the note is still issued, but can no longer reduce tax: it says so.
  const deadline = creditNoteDeadlineOf(tx, invoice);
  const missedDeadline = isPastCreditNoteDeadline(now, deadline) ? deadline : null;
  // A deregistered seller still owes the note for an invoice it issued while registered.
  const seller = settings.gstin ? sellerParty({ ...settings, gstin: settings.gstin }) : invoice.seller;
  return issue(
    tx,
    settings.creditNotePrefix,
    {
      kind: "credit_note",
      orderId: invoice.orderId,
      creditedDocumentId: invoice.id,
      seller,
      buyer: invoice.buyer,
      placeOfSupply: invoice.placeOfSupply,
      sac: invoice.sac,
      description,
      gstRateBps: invoice.gstRateBps,
      totalPaise,
      missedDeadline,
    },
    now,
  );
}

/** The documents a change of the place of supply issued: the credit note for the old invoice, and the new invoice. */
export type SupplyChange = { creditNote: TaxDocument; invoice: TaxDocument };

/**
 * After the order's delivery changed (a move to another batch), in the
 * caller's transaction: when its invoice in force names another place of
 * supply than the new delivery has for the same buyer (online is supplied
 * where the buyer is, IGST Act s.12(2); at a venue where it is performed,
 * s.12(5)), that invoice is credited for all it still stands for (CGST Rules
 * rule 53) and a new invoice for the same amount is issued with the new
 * place of supply, its CGST+SGST or IGST split computed again. Null when the
 * place is the same, or there is no invoice, or the seller can issue none now.
 */
export function reissueInvoiceForSupplyChange(tx: Transaction, orderId: number, now = new Date()): SupplyChange | null {
  const invoice = invoiceOf(tx, orderId);
  if (!invoice) return null;
  const settings = readSettings("invoicing", tx);
  if (!settings.gstin) return null;
  const order = tx
    .select({ deliveryMode: orders.deliveryMode, venueStateCode: orders.venueStateCode })
    .from(orders)
    .where(eq(orders.id, orderId))
    .get();
  if (!order) return null;
  const registered = { ...settings, gstin: settings.gstin };
  const delivery = { orderId, item: "course" as const, ...order };
  if (supplyPlace(delivery, invoice.buyer, sellerParty(registered)) === invoice.placeOfSupply) return null;
  const leftPaise = invoiceLeftPaise(tx, invoice);
  if (leftPaise <= 0) return null;
  const creditNote = creditInvoice(tx, invoice, leftPaise, `Change of place of supply: ${invoice.description}`, now);
  const reissued = newInvoice(
    tx,
    registered,
    delivery,
    { buyer: invoice.buyer, description: invoice.description, totalPaise: leftPaise },
    now,
  );
  return { creditNote, invoice: reissued };
}

/**
 * The last India day a credit note against `invoice` may reduce GST: 30
 * November after the invoice's financial year, or the day that year's annual
 * return was filed (as the settings record it) when earlier (CGST Act s.34(2)).
 */
function creditNoteDeadlineOf(database: Reader, invoice: Pick<TaxDocument, "issuedAt">): string {
  const year = financialYearStartOf(invoice.issuedAt);
  const filing = readSettings("annualReturns", database).returns.find((row) => financialYearStart(row.financialYear) === year);
  return creditNoteDeadline(invoice.issuedAt, filing?.filedOn);
}

/**
 * Tells the team, in the transaction that issued it, that a credit note came
 * after its s.34(2) deadline, whatever the notification switches say: the tax
 * return must leave it out. Admin accounts have no mail address of their own,
 * so it goes to the team's notification address (Settings).
 */
export function queueLateCreditNoteNotice(tx: Transaction, note: TaxDocument): void {
  if (note.kind !== "credit_note" || !note.missedDeadline || note.creditedDocumentId === null) return;
  const row = tx
    .select({
      invoiceNumber: taxDocuments.number,
      studentId: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(taxDocuments)
    .innerJoin(orders, eq(orders.id, taxDocuments.orderId))
    .innerJoin(users, eq(users.id, orders.userId))
    .where(eq(taxDocuments.id, note.creditedDocumentId))
    .get();
  if (!row) return;
  const late: LateCreditNote = {
    orderId: note.orderId,
    studentId: row.studentId,
    studentName: [row.firstName, row.lastName].filter(Boolean).join(" ") || row.email,
    creditNote: { number: note.number, totalPaise: note.totalPaise, description: note.description },
    invoiceNumber: row.invoiceNumber,
    deadline: note.missedDeadline,
  };
  queueMail(tx, { to: readSettings("notifications", tx).notifyAddress, payload: { kind: "team-late-credit-note", late } });
}

function withCredited(database: Reader, document: TaxDocument | undefined): PrintableTaxDocument | null {
  if (!document) return null;
  if (document.creditedDocumentId === null) return { ...document, credited: null };
  const credited = database
    .select({ number: taxDocuments.number, issuedAt: taxDocuments.issuedAt })
    .from(taxDocuments)
    .where(eq(taxDocuments.id, document.creditedDocumentId))
    .get();
  return { ...document, credited: credited ?? null };
}

/** A document by id, as printed (the mail sender renders the one an outbox row names). */
export function findTaxDocument(id: number): PrintableTaxDocument | null {
  return withCredited(db, db.select().from(taxDocuments).where(eq(taxDocuments.id, id)).get());
}

/** The tax documents of each of these orders that has any: its invoice, then its credit notes, in number order. */
export function taxDocumentsOfOrders(orderIds: number[]): Map<number, Pick<TaxDocument, "id" | "kind" | "number">[]> {
  const byOrder = new Map<number, Pick<TaxDocument, "id" | "kind" | "number">[]>();
  if (!orderIds.length) return byOrder;
  const rows = db
    .select({ orderId: taxDocuments.orderId, id: taxDocuments.id, kind: taxDocuments.kind, number: taxDocuments.number })
    .from(taxDocuments)
    .where(inArray(taxDocuments.orderId, orderIds))
    .orderBy(desc(taxDocuments.kind), asc(taxDocuments.id))
    .all();
  for (const { orderId, ...document } of rows) byOrder.set(orderId, [...(byOrder.get(orderId) ?? []), document]);
  return byOrder;
}

/** A document of the student's own order (`which` picks it), as printed; null for anyone else's order. */
function findStudentDocument(userId: string, orderId: number, which: SQL | undefined): PrintableTaxDocument | null {
  const row = db
    .select({ document: taxDocuments })
    .from(taxDocuments)
    .innerJoin(orders, eq(orders.id, taxDocuments.orderId))
    .where(and(eq(taxDocuments.orderId, orderId), eq(orders.userId, userId), which))
    .orderBy(desc(taxDocuments.id))
    .get();
  return withCredited(db, row?.document);
}

/**
 * A tax invoice of the student's own order: the one named, or the one in
 * force (its latest; an earlier one was credited when a move changed the
 * place of supply). Null for another's order, or an order without one.
 */
export const findStudentInvoice = (userId: string, orderId: number, documentId?: number) =>
  findStudentDocument(
    userId,
    orderId,
    and(eq(taxDocuments.kind, "invoice"), documentId === undefined ? undefined : eq(taxDocuments.id, documentId)),
  );

/** A credit note of the student's own order; null for anyone else's, or no such note. */
export const findStudentCreditNote = (userId: string, orderId: number, documentId: number) =>
  findStudentDocument(userId, orderId, and(eq(taxDocuments.kind, "credit_note"), eq(taxDocuments.id, documentId)));

/** Every tax document of a student's orders, newest first (the admin's student page). */
export function listStudentTaxDocuments(
  userId: string,
): Pick<TaxDocument, "id" | "kind" | "number" | "issuedAt" | "orderId" | "totalPaise" | "missedDeadline">[] {
  return db
    .select({
      id: taxDocuments.id,
      kind: taxDocuments.kind,
      number: taxDocuments.number,
      issuedAt: taxDocuments.issuedAt,
      orderId: taxDocuments.orderId,
      totalPaise: taxDocuments.totalPaise,
      missedDeadline: taxDocuments.missedDeadline,
    })
    .from(taxDocuments)
    .innerJoin(orders, eq(orders.id, taxDocuments.orderId))
    .where(eq(orders.userId, userId))
    .orderBy(desc(taxDocuments.issuedAt), desc(taxDocuments.id))
    .all();
}

/** A document as the register lists it: its own figures, and for a credit note the number of the invoice it reduces. */
export type RegisterDocument = Pick<
  TaxDocument,
  | "id"
  | "kind"
  | "number"
  | "financialYear"
  | "sequence"
  | "issuedAt"
  | "buyer"
  | "placeOfSupply"
  | "missedDeadline"
  | "taxablePaise"
  | "cgstPaise"
  | "sgstPaise"
  | "igstPaise"
  | "totalPaise"
> & { creditedNumber: string | null };

// Small enough that writing one batch into the workbook keeps other visitors waiting only a few milliseconds.
const REGISTER_BATCH_SIZE = 200;

type Series = { kind: TaxDocumentKind; financialYear: string; first: number; last: number };

/**
 * The series (kind and financial year) that documents issued in [from, to)
 * are numbered in, in the register's order, each with the first and last
 * number issued in the range. Read along the issued_at index in keyset
 * batches on (issued_at, id), so that a month of any size is read in short
 * queries with other requests' turns between them.
 */
async function seriesIssued(from: Date, to: Date, batchSize: number): Promise<Series[]> {
  const found = new Map<string, Series>();
  let after: { issuedAt: Date; id: number } | null = null;
  for (;;) {
    const batch = db
      .select({
        id: taxDocuments.id,
        issuedAt: taxDocuments.issuedAt,
        kind: taxDocuments.kind,
        financialYear: taxDocuments.financialYear,
        sequence: taxDocuments.sequence,
      })
      .from(taxDocuments)
      .where(
        and(
          lt(taxDocuments.issuedAt, to),
          after
            ? // Documents of the same millisecond as the last one read follow it in id order.
              and(gte(taxDocuments.issuedAt, after.issuedAt), or(gt(taxDocuments.issuedAt, after.issuedAt), gt(taxDocuments.id, after.id)))
            : gte(taxDocuments.issuedAt, from),
        ),
      )
      .orderBy(asc(taxDocuments.issuedAt), asc(taxDocuments.id))
      .limit(batchSize)
      .all();
    for (const { kind, financialYear, sequence } of batch) {
      const key = `${kind} ${financialYear}`;
      const series = found.get(key);
      if (!series) found.set(key, { kind, financialYear, first: sequence, last: sequence });
      else {
        series.first = Math.min(series.first, sequence);
        series.last = Math.max(series.last, sequence);
      }
    }
    const end = batch.at(-1);
    if (batch.length < batchSize || !end) break;
    after = end;
    await nextTurn();
  }
  // Invoices before credit notes, then year by year (as listTaxDocumentsIssued orders them).
  return [...found.values()].sort(
    (a, b) => (a.kind === b.kind ? 0 : a.kind === "invoice" ? -1 : 1) || a.financialYear.localeCompare(b.financialYear),
  );
}

/**
 * The invoices and credit notes issued in [from, to), in the register's order
 * (invoices first, each series in number order, as listTaxDocumentsIssued),
 * read a batch at a time so that a month of any size never sits in memory.
 *
 * The range's documents of a series lie between its first and last number
 * found by seriesIssued, even where their times are not in number order (a
 * number is taken when the document is stored); the time condition still
 * decides which are listed. Each series is then read in keyset batches on its
 * unique (kind, financial_year, sequence) index, with the number of the
 * invoice a credit note reduces joined in. Every batch is a query of its own,
 * so no read transaction stays open across the awaits between them.
 * Documents are never changed, and one issued after the series were found has
 * a later number than the last one found, so it is not listed.
 */
export async function* readTaxDocumentsIssued(from: Date, to: Date, batchSize = REGISTER_BATCH_SIZE): AsyncGenerator<RegisterDocument> {
  const issued = and(gte(taxDocuments.issuedAt, from), lt(taxDocuments.issuedAt, to));
  const credited = alias(taxDocuments, "credited");
  for (const { kind, financialYear, first, last } of await seriesIssued(from, to, batchSize)) {
    let after = first - 1;
    for (;;) {
      await nextTurn();
      const batch = db
        .select({
          id: taxDocuments.id,
          kind: taxDocuments.kind,
          number: taxDocuments.number,
          financialYear: taxDocuments.financialYear,
          sequence: taxDocuments.sequence,
          issuedAt: taxDocuments.issuedAt,
          buyer: taxDocuments.buyer,
          placeOfSupply: taxDocuments.placeOfSupply,
          missedDeadline: taxDocuments.missedDeadline,
          taxablePaise: taxDocuments.taxablePaise,
          cgstPaise: taxDocuments.cgstPaise,
          sgstPaise: taxDocuments.sgstPaise,
          igstPaise: taxDocuments.igstPaise,
          totalPaise: taxDocuments.totalPaise,
          creditedNumber: credited.number,
        })
        .from(taxDocuments)
        .leftJoin(credited, eq(credited.id, taxDocuments.creditedDocumentId))
        .where(
          and(
            eq(taxDocuments.kind, kind),
            eq(taxDocuments.financialYear, financialYear),
            gt(taxDocuments.sequence, after),
            lte(taxDocuments.sequence, last),
            issued,
          ),
        )
        .orderBy(asc(taxDocuments.sequence))
        .limit(batchSize)
        .all();
      yield* batch;
      const end = batch.at(-1);
      if (batch.length < batchSize || !end) break;
      after = end.sequence;
    }
  }
}
