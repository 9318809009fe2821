// GST tax invoices and credit notes for the paid orders, as
// app/models/orders/tax-document.server.ts issues them: an invoice when an
// order completes, a credit note when its payment is returned, each kind its
// own series numbered without gaps within the Indian financial year, the
// amounts split by the app's own GST arithmetic. No PDF is rendered.
import type BetterSqlite3 from "better-sqlite3";
import { financialYearStart, type InvoicingSettings, type SettingsOf } from "../../app/schemas/site-settings";
import {
  creditNoteDeadline,
  financialYearOf,
  financialYearStartOf,
  formatDocumentNumber,
  isPastCreditNoteDeadline,
  percentToBps,
  placeOfSupply,
  splitInclusiveTotal,
} from "../../app/utils/gst";
import { json, type Writer } from "./context";
import type { PlannedOrder } from "./orders";
import { billedParty, sellerParty } from "../../app/utils/tax-parties";

/** GST began on 1 July 2017 (India time): no tax invoice is older. */
export const GST_LAUNCH = Date.UTC(2017, 5, 30, 18, 30);

export type IssuedDocument = { id: number; number: string; issuedAt: number; totalPaise: number };
export type OrderDocuments = { invoice: IssuedDocument; creditNote: IssuedDocument | null };

const invoiceable = (order: PlannedOrder) => order.paidAt !== null && order.amountPaise > 0;

/**
 * When the institute registered for GST, chosen so that the orders paid since
 * then have exactly `target` documents between them (an invoice each, and a
 * credit note for each refund); orders paid before were sold unregistered,
 * with plain receipts. Where one refund would overshoot by its credit note,
 * that order is taken to have ended otherwise, so the count is exact.
 */
export function chooseGstRegistration(orders: PlannedOrder[], target: number): { registeredAt: number; documents: number } {
  const paid = orders.filter(invoiceable).sort((a, b) => (b.paidAt as number) - (a.paidAt as number));
  let documents = 0;
  let registeredAt = GST_LAUNCH;
  for (const order of paid) {
    if (documents >= target || (order.paidAt as number) < GST_LAUNCH) break;
    if (order.status === "refunded" && documents + 2 > target) endOtherwise(order, orders);
    documents += order.status === "refunded" ? 2 : 1;
    registeredAt = order.paidAt as number;
  }
  return { registeredAt, documents };
}

/** A refund that would overshoot the count: the payment is taken to have stayed (or, if bought again since, the course taken away). */
function endOtherwise(order: PlannedOrder, orders: PlannedOrder[]): void {
  const at = order.refund?.at as number;
  order.refund = null;
  const boughtAgain = orders.some(
    (other) =>
      other !== order &&
      other.student === order.student &&
      other.course === order.course &&
      other.event === order.event &&
      other.status === "completed",
  );
  order.status = boughtAgain ? "revoked" : "completed";
  if (boughtAgain) order.revokedAt = at;
}

type Pending = { kind: "invoice" | "credit_note"; order: PlannedOrder; issuedAt: number };

/** Issues the documents of every order paid since `registeredAt`, in the order they were issued, numbered per series and year. */
export function issueTaxDocuments(
  database: BetterSqlite3.Database,
  writer: Writer,
  orders: PlannedOrder[],
  registeredAt: number,
  settings: InvoicingSettings & { gstin: string },
  annualReturns: SettingsOf<"annualReturns">,
): Map<PlannedOrder, OrderDocuments> {
  const pending: Pending[] = [];
  for (const order of orders) {
    if (!invoiceable(order) || (order.paidAt as number) < registeredAt) continue;
    pending.push({ kind: "invoice", order, issuedAt: order.paidAt as number });
    if (order.refund) pending.push({ kind: "credit_note", order, issuedAt: order.refund.at });
  }
  pending.sort((a, b) => a.issuedAt - b.issuedAt || (a.kind === b.kind ? a.order.id - b.order.id : a.kind === "invoice" ? -1 : 1));

  // A database that already holds documents goes on from its last number in each series.
  const sequences = new Map<string, number>();
  for (const row of database
    .prepare("SELECT kind, financial_year, max(sequence) AS last FROM tax_documents GROUP BY kind, financial_year")
    .all() as { kind: string; financial_year: string; last: number }[])
    sequences.set(`${row.kind} ${row.financial_year}`, row.last);

  const insert = writer.into("tax_documents", [
    "kind",
    "number",
    "financial_year",
    "sequence",
    "order_id",
    "credited_document_id",
    "issued_at",
    "seller",
    "buyer",
    "place_of_supply",
    "sac",
    "description",
    "gst_rate_bps",
    "taxable_paise",
    "cgst_paise",
    "sgst_paise",
    "igst_paise",
    "round_off_paise",
    "total_paise",
    "note",
    "missed_deadline",
    "created_at",
  ]);
  const seller = sellerParty(settings);
  const sellerJson = json(seller);
  const note = settings.invoiceNote?.trim() || null;
  const rateBps = percentToBps(settings.gstRatePercent);
  const issued = new Map<PlannedOrder, OrderDocuments & { buyer: string; place: string; description: string }>();

  for (const { kind, order, issuedAt } of pending) {
    const financialYear = financialYearOf(new Date(issuedAt));
    const key = `${kind} ${financialYear}`;
    const sequence = (sequences.get(key) ?? 0) + 1;
    sequences.set(key, sequence);
    const number = formatDocumentNumber(kind === "invoice" ? settings.invoicePrefix : settings.creditNotePrefix, financialYear, sequence);
    if (kind === "invoice") {
      if (!order.billing) throw new Error(`Order ${order.id} was paid while invoicing yet has no billing details`);
      const buyer = billedParty(order.billing);
      const place = placeOfSupply({
        item: order.event ? "event" : "course",
        deliveryMode: (order.course ?? order.event)?.deliveryMode ?? "online",
        venueStateCode: (order.course ?? order.event)?.venueStateCode ?? null,
        buyerGstin: buyer.gstin ?? null,
        buyerStateCode: buyer.stateCode,
        sellerStateCode: seller.stateCode,
      });
      const split = splitInclusiveTotal(order.amountPaise, rateBps, place === seller.stateCode);
      const description = order.course ? `Course fee: ${order.course.title}` : `Event fee: ${order.event?.title ?? "event"}`;
      const buyerJson = json(buyer);
      const id = insert(
        kind,
        number,
        financialYear,
        sequence,
        order.id,
        null,
        issuedAt,
        sellerJson,
        buyerJson,
        place,
        settings.sac,
        description,
        rateBps,
        split.taxablePaise,
        split.cgstPaise,
        split.sgstPaise,
        split.igstPaise,
        split.roundOffPaise,
        split.totalPaise,
        note,
        null,
        issuedAt,
      );
      issued.set(order, {
        invoice: { id, number, issuedAt, totalPaise: order.amountPaise },
        creditNote: null,
        buyer: buyerJson,
        place,
        description,
      });
    } else {
      const invoice = issued.get(order);
      if (!invoice) throw new Error(`Order ${order.id} was refunded without an invoice`);
      const filing = annualReturns.returns.find(
        (row) => financialYearStart(row.financialYear) === financialYearStartOf(new Date(invoice.invoice.issuedAt)),
      );
      const deadline = creditNoteDeadline(new Date(invoice.invoice.issuedAt), filing?.filedOn);
      const missed = isPastCreditNoteDeadline(new Date(issuedAt), deadline) ? deadline : null;
      const split = splitInclusiveTotal(order.amountPaise, rateBps, invoice.place === seller.stateCode);
      const id = insert(
        kind,
        number,
        financialYear,
        sequence,
        order.id,
        invoice.invoice.id,
        issuedAt,
        sellerJson,
        invoice.buyer,
        invoice.place,
        settings.sac,
        `Refund: ${invoice.description}`,
        rateBps,
        split.taxablePaise,
        split.cgstPaise,
        split.sgstPaise,
        split.igstPaise,
        split.roundOffPaise,
        split.totalPaise,
        note,
        missed,
        issuedAt,
      );
      invoice.creditNote = { id, number, issuedAt, totalPaise: order.amountPaise };
    }
  }
  return issued;
}
