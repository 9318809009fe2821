// Issuing GST tax invoices and credit notes: through the real completion and
// refund paths, against an in-memory database.
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, test } from "vitest";
import { courses, enrollmentForms, orders, outboxMessages, siteSettings, taxDocuments, users } from "../../../db/schema";
import type { BillingDetails } from "../../../db/schema";
import { db } from "~/utils/db.server";
import { registeredSeller } from "../../../tests/support/invoicing";
import { completeOrder, enrollWithoutPayment, reserveOrder } from "./order.server";
import { recordRefund } from "./payment-event.server";
import { financialYearOf } from "~/utils/gst";
import {
  findStudentInvoice,
  findTaxDocument,
  issueCreditNoteForRefund,
  issueInvoiceForOrder,
  readTaxDocumentsIssued,
} from "./tax-document.server";
import { STRIPE_CARD } from "../../../tests/support/unit-orders";
import { writtenMail } from "../../../tests/support/unit-mail";

const KARNATAKA: BillingDetails = { name: "Asha Rao", address: "12 MG Road", city: "Bengaluru", stateCode: "29", pin: "560001" };
const MAHARASHTRA: BillingDetails = {
  name: "Ravi Patil",
  address: "4 FC Road",
  city: "Pune",
  stateCode: "27",
  pin: "411004",
  businessName: "Patil Traders",
  gstin: "27AAACP1234A1Z5",
};

function setSeller(value: Record<string, unknown> | null) {
  db.delete(siteSettings).where(eq(siteSettings.section, "invoicing")).run();
  if (value) db.insert(siteSettings).values({ section: "invoicing", value }).run();
}

/** The student's enrollment form for the course, as the checkout's first step saves it. */
const insertForm = (userId: string, courseId: number, extra: { state: string; billing?: BillingDetails }) =>
  db
    .insert(enrollmentForms)
    .values({
      userId,
      name: "Meera Nair",
      whatsappNumber: "9876543210",
      city: "Kochi",
      experienceLevel: "Beginner",
      courseOrEventId: courseId,
      courseOrEventType: "course",
      sourceOfLead: "Instagram",
      ...extra,
    })
    .returning()
    .get();

let serial = 0;

/** A paid order (pending, then completed at `at`) of a fresh student and course. */
function paidOrder(options: { amountPaise?: number; billing?: BillingDetails | null; at?: Date; formState?: string } = {}) {
  serial += 1;
  const user = db
    .insert(users)
    .values({ email: `buyer${serial}@example.com`, firstName: "Meera", lastName: "Nair", adultConfirmedAt: new Date() })
    .returning()
    .get();
  const course = db
    .insert(courses)
    .values({ title: `Options Basics ${serial}`, shortDescription: "s", description: "d", duration: "4 weeks", pricePaise: 499_900 })
    .returning()
    .get();
  const form = options.formState ? insertForm(user.id, course.id, { state: options.formState }) : null;
  const reserved = reserveOrder(
    {
      userId: user.id,
      courseId: course.id,
      eventId: null,
      amountPaise: options.amountPaise ?? 499_900,
      couponId: null,
      enrollmentFormId: form?.id ?? null,
    },
    STRIPE_CARD,
  );
  if (!reserved.ok) throw new Error("not reserved");
  const orderId = reserved.order.id;
  if (options.billing !== null)
    db.update(orders)
      .set({ billing: options.billing ?? KARNATAKA })
      .where(eq(orders.id, orderId))
      .run();
  const paymentIntentId = `pi_tax_${serial}`;
  const at = options.at ?? new Date("2026-11-20T10:00:00Z");
  expect(completeOrder(orderId, paymentIntentId, { paidAt: at, now: at })).toBe("completed");
  return { orderId, userId: user.id, email: user.email, paymentIntentId, courseTitle: course.title };
}

/** Refunds are recorded as they arrive: their credit notes belong to the year of today. */
const NOW_YEAR = financialYearOf(new Date());

const invoicesOf = (orderId: number) => db.select().from(taxDocuments).where(eq(taxDocuments.orderId, orderId)).all();

beforeEach(() => {
  db.delete(taxDocuments).run();
  setSeller(registeredSeller);
});

describe("tax invoices", () => {
  test("a completed order from another state gets the next number of the year, IGST, and snapshots of both parties", () => {
    const first = paidOrder();
    const second = paidOrder();
    const [invoice] = invoicesOf(second.orderId);
    expect(invoicesOf(first.orderId)[0]).toMatchObject({ number: "TMA/26-27/000001", sequence: 1 });
    expect(invoice).toMatchObject({
      kind: "invoice",
      number: "TMA/26-27/000002",
      financialYear: "26-27",
      sequence: 2,
      placeOfSupply: "29",
      sac: "999293",
      gstRateBps: 1800,
      description: `Course fee: ${second.courseTitle}`,
      taxablePaise: 423_644,
      cgstPaise: 0,
      sgstPaise: 0,
      igstPaise: 76_256,
      totalPaise: 499_900,
      seller: {
        name: "TradeMaster Academy Private Limited",
        address: "2nd Floor, 14 Market Road, Pune",
        stateCode: "27",
        stateName: "Maharashtra",
        pin: "411001",
        gstin: "27AAAPL1234C1Z5",
      },
      buyer: { name: "Asha Rao", address: "12 MG Road, Bengaluru", stateCode: "29", stateName: "Karnataka", pin: "560001" },
    });
    // The mail queued with the order names the invoice (and carries it).
    const [queued, ...more] = writtenMail(second.email, "order-confirmation");
    expect(more).toEqual([]);
    expect(queued?.text).toContain("Your GST tax invoice TMA/26-27/000002 is attached");
    expect(queued?.attachments).toEqual([expect.objectContaining({ document: { kind: "tax-document", id: invoice!.id } })]);
  });

  test("a buyer in the seller's state pays CGST and SGST; their GSTIN and business name are kept", () => {
    const { orderId } = paidOrder({ billing: MAHARASHTRA });
    expect(invoicesOf(orderId)[0]).toMatchObject({
      placeOfSupply: "27",
      cgstPaise: 38_128,
      sgstPaise: 38_128,
      igstPaise: 0,
      buyer: { gstin: "27AAACP1234A1Z5", businessName: "Patil Traders", stateName: "Maharashtra" },
    });
  });

  test("the seller's details are copied: a later change of settings leaves an issued invoice as it was", () => {
    const { orderId } = paidOrder();
    setSeller({ ...registeredSeller, legalName: "Renamed Academy LLP" });
    expect(findTaxDocument(invoicesOf(orderId)[0]!.id)?.seller.name).toBe("TradeMaster Academy Private Limited");
  });

  test("each financial year starts its series at 1, turning at midnight India time on 1 April", () => {
    const march = paidOrder({ at: new Date("2027-03-31T18:29:00Z") });
    const april = paidOrder({ at: new Date("2027-03-31T18:30:00Z") });
    expect(invoicesOf(march.orderId)[0]).toMatchObject({ number: "TMA/26-27/000001", financialYear: "26-27" });
    expect(invoicesOf(april.orderId)[0]).toMatchObject({ number: "TMA/27-28/000001", financialYear: "27-28" });
  });

  test("issuing again for the same order (a redelivered payment) issues nothing new", () => {
    const { orderId, paymentIntentId } = paidOrder();
    expect(completeOrder(orderId, paymentIntentId)).toBe("already");
    const again = db.transaction((tx) => issueInvoiceForOrder(tx, orderId));
    expect(invoicesOf(orderId)).toHaveLength(1);
    expect(again?.number).toBe("TMA/26-27/000001");
  });

  test("no GSTIN in settings: a plain receipt, no invoice", () => {
    setSeller(null);
    const { orderId } = paidOrder();
    expect(invoicesOf(orderId)).toEqual([]);
  });

  test("an order that cost nothing gets no invoice", () => {
    const user = db
      .insert(users)
      .values({ email: `free${serial++}@example.com`, adultConfirmedAt: new Date() })
      .returning()
      .get();
    const course = db
      .insert(courses)
      .values({ title: `Free ${serial}`, shortDescription: "s", description: "d", duration: "1 week", pricePaise: 0 })
      .returning()
      .get();
    expect(
      enrollWithoutPayment({ userId: user.id, courseId: course.id, eventId: null, amountPaise: 0, couponId: null, enrollmentFormId: null }),
    ).toBe("completed");
    expect(db.select().from(taxDocuments).all()).toEqual([]);
    const { orderId } = paidOrder({ amountPaise: 0 });
    expect(invoicesOf(orderId)).toEqual([]);
  });

  test("an order from before billing details were asked is made out to the student, in their form's state", () => {
    const { orderId } = paidOrder({ billing: null, formState: "kerala" });
    expect(invoicesOf(orderId)[0]).toMatchObject({
      placeOfSupply: "32",
      buyer: { name: "Meera Nair", address: "Kochi, Kerala", stateCode: "32", stateName: "Kerala" },
    });
    const unknown = paidOrder({ billing: null });
    expect(invoicesOf(unknown.orderId)[0]).toMatchObject({ placeOfSupply: "27", buyer: { name: "Meera Nair", stateName: "Maharashtra" } });
  });

  test("only the owner finds the invoice of their order", () => {
    const mine = paidOrder();
    const theirs = paidOrder();
    expect(findStudentInvoice(mine.userId, mine.orderId)?.number).toBe("TMA/26-27/000001");
    expect(findStudentInvoice(mine.userId, theirs.orderId)).toBeNull();
  });
});

describe("credit notes", () => {
  test("a refund issues a credit note of its own series for the newly refunded amount, citing the invoice", () => {
    const { orderId, paymentIntentId } = paidOrder();
    const partial = recordRefund(
      { id: "evt_tax_1", type: "charge.refunded" },
      { paymentId: paymentIntentId, chargedPaise: 499_900, refundedPaise: 100_000 },
    );
    expect(partial).toBe("partly-refunded");
    const rest = recordRefund(
      { id: "evt_tax_2", type: "charge.refunded" },
      { paymentId: paymentIntentId, chargedPaise: 499_900, refundedPaise: 499_900 },
    );
    expect(rest).toBe("refunded");
    // A redelivered event changes nothing.
    recordRefund(
      { id: "evt_tax_2", type: "charge.refunded" },
      { paymentId: paymentIntentId, chargedPaise: 499_900, refundedPaise: 499_900 },
    );
    const documents = invoicesOf(orderId);
    expect(documents.map((d) => [d.kind, d.number, d.totalPaise])).toEqual([
      ["invoice", "TMA/26-27/000001", 499_900],
      ["credit_note", `TCN/${NOW_YEAR}/000001`, 100_000],
      ["credit_note", `TCN/${NOW_YEAR}/000002`, 399_900],
    ]);
    const [invoice, first] = documents;
    expect(first).toMatchObject({
      creditedDocumentId: invoice!.id,
      placeOfSupply: "29",
      gstRateBps: 1800,
      taxablePaise: 84_746,
      igstPaise: 15_254,
    });
    const printed = findTaxDocument(first!.id);
    expect(printed?.credited).toEqual({ number: "TMA/26-27/000001", issuedAt: invoice!.issuedAt });
  });

  test("a refund of an order without an invoice issues none", () => {
    setSeller(null);
    const { orderId, paymentIntentId } = paidOrder();
    setSeller(registeredSeller);
    recordRefund(
      { id: "evt_tax_3", type: "charge.refunded" },
      { paymentId: paymentIntentId, chargedPaise: 499_900, refundedPaise: 499_900 },
    );
    expect(invoicesOf(orderId)).toEqual([]);
  });
});

test("the register lists a month's invoices and credit notes, invoices first, in number order", async () => {
  const numbersIssued = async (from: Date, to: Date) => {
    const numbers: string[] = [];
    for await (const document of readTaxDocumentsIssued(from, to)) numbers.push(document.number);
    return numbers;
  };
  const { paymentIntentId } = paidOrder({ at: new Date("2026-10-05T06:00:00Z") });
  paidOrder({ at: new Date("2026-10-06T06:00:00Z") });
  paidOrder({ at: new Date("2026-11-01T06:00:00Z") });
  recordRefund({ id: "evt_tax_4", type: "charge.refunded" }, { paymentId: paymentIntentId, chargedPaise: 499_900, refundedPaise: 1_000 });
  const october = await numbersIssued(new Date("2026-09-30T18:30:00Z"), new Date("2026-10-31T18:30:00Z"));
  expect(october).toEqual(["TMA/26-27/000001", "TMA/26-27/000002"]);
  const all = await numbersIssued(new Date("2026-09-30T18:30:00Z"), new Date("2100-01-01T00:00:00Z"));
  expect(all).toEqual(["TMA/26-27/000001", "TMA/26-27/000002", "TMA/26-27/000003", `TCN/${NOW_YEAR}/000001`]);
});

test("reserving an order copies the billing details saved with its enrollment form onto it", () => {
  const user = db
    .insert(users)
    .values({ email: `billing${serial++}@example.com`, adultConfirmedAt: new Date() })
    .returning()
    .get();
  const course = db
    .insert(courses)
    .values({ title: `Billing ${serial}`, shortDescription: "s", description: "d", duration: "4 weeks", pricePaise: 499_900 })
    .returning()
    .get();
  const form = insertForm(user.id, course.id, { state: "Maharashtra", billing: MAHARASHTRA });
  const reserved = reserveOrder(
    { userId: user.id, courseId: course.id, eventId: null, amountPaise: 499_900, couponId: null, enrollmentFormId: form.id },
    STRIPE_CARD,
  );
  if (!reserved.ok) throw new Error("not reserved");
  expect(db.select({ billing: orders.billing }).from(orders).where(eq(orders.id, reserved.order.id)).get()?.billing).toEqual(MAHARASHTRA);
});

describe("credit notes after the CGST s.34(2) deadline", () => {
  const YEAR_MS = 365 * 24 * 60 * 60 * 1000;
  const outboxOf = (kind: string) => db.select().from(outboxMessages).where(eq(outboxMessages.kind, kind)).all();
  const setAnnualReturns = (returns: { financialYear: string; filedOn: string }[]) => {
    db.delete(siteSettings).where(eq(siteSettings.section, "annualReturns")).run();
    db.insert(siteSettings).values({ section: "annualReturns", value: { returns } }).run();
  };

  beforeEach(() => {
    db.delete(outboxMessages).run();
    db.delete(siteSettings).where(eq(siteSettings.section, "annualReturns")).run();
  });

  test("a webhook's refund of an invoice from years ago still issues the note, marked late, and the team is mailed", () => {
    // Three years back: 30 November after that financial year has long passed.
    const at = new Date(Date.now() - 3 * YEAR_MS);
    const deadline = `${Number(`20${financialYearOf(at).slice(0, 2)}`) + 1}-11-30`;
    const { orderId, userId, paymentIntentId, courseTitle } = paidOrder({ at });
    // The team's switches are for leads and messages; this notice goes whatever they say.
    db.delete(siteSettings).where(eq(siteSettings.section, "notifications")).run();
    const team = { notifyAddress: "accounts@institute.example", contactMessages: false, enrolmentLeads: false };
    db.insert(siteSettings).values({ section: "notifications", value: team }).run();
    const outcome = recordRefund(
      { id: "evt_late_1", type: "charge.refunded" },
      { paymentId: paymentIntentId, chargedPaise: 499_900, refundedPaise: 100_000 },
    );

    expect(outcome).toBe("partly-refunded");
    const [invoice, note] = invoicesOf(orderId);
    expect(note).toMatchObject({
      kind: "credit_note",
      number: `TCN/${NOW_YEAR}/000001`,
      totalPaise: 100_000,
      creditedDocumentId: invoice!.id,
      missedDeadline: deadline,
    });
    expect(invoice!.missedDeadline).toBeNull();
    expect(db.select({ refunded: orders.refundedPaise }).from(orders).where(eq(orders.id, orderId)).get()?.refunded).toBe(100_000);

    expect(outboxOf("team-late-credit-note")).toHaveLength(1);
    const [notice, ...others] = writtenMail("accounts@institute.example", "team-late-credit-note");
    expect(others).toEqual([]);
    expect(notice!.to).toBe("accounts@institute.example");
    const deadlineLabel = new Date(`${deadline}T00:00:00Z`).toLocaleDateString("en-US", {
      timeZone: "UTC",
      month: "short",
      day: "numeric",
      year: "numeric",
    });
    expect(notice!.subject).toBe(`Credit note ${note!.number} is past the GST deadline of ${deadlineLabel}`);
    for (const text of [
      `Order: #${orderId} (Refund: Course fee: ${courseTitle}), Meera Nair`,
      `Credit note: ${note!.number} for ₹1,000.00, against invoice ${invoice!.number}`,
      `Deadline missed: ${deadlineLabel}`,
      "CGST Act s.34(2)",
      "do not report this credit note in the GST returns (GSTR-1)",
      "financial credit note without GST",
      `/admin/users/${userId}`,
    ])
      expect(notice!.text).toContain(text);

    // The same refund again changes nothing and mails nobody twice.
    recordRefund(
      { id: "evt_late_1", type: "charge.refunded" },
      { paymentId: paymentIntentId, chargedPaise: 499_900, refundedPaise: 100_000 },
    );
    expect(outboxOf("team-late-credit-note")).toHaveLength(1);
  });

  test("an annual return filed before 30 November brings the deadline forward to its day; a note on time is unmarked and mails no one", () => {
    const { orderId } = paidOrder({ at: new Date("2025-06-10T06:00:00Z") });
    const creditAt = (now: Date) => db.transaction((tx) => issueCreditNoteForRefund(tx, orderId, 10_000, now));

    expect(creditAt(new Date("2026-10-15T18:29:00Z"))?.missedDeadline).toBeNull();
    setAnnualReturns([{ financialYear: "2025-26", filedOn: "2026-10-15" }]);
    // 16 October 00:00 in India: the day after the return was filed.
    const late = creditAt(new Date("2026-10-15T18:30:00Z"));
    expect(late?.missedDeadline).toBe("2026-10-15");
    // Another year's return is not this invoice's.
    setAnnualReturns([{ financialYear: "2024-25", filedOn: "2025-08-01" }]);
    expect(creditAt(new Date("2026-11-30T18:29:00Z"))?.missedDeadline).toBeNull();
    expect(creditAt(new Date("2026-11-30T18:30:00Z"))?.missedDeadline).toBe("2026-11-30");
    expect(outboxOf("team-late-credit-note")).toEqual([]);
  });
});
