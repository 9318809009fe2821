// An admin records money paid outside the site: the order, the enrollment,
// the tax invoice, the student's mail and the audit row commit together, and
// a reference already on an order or a course already the student's is refused.
// The invoice names the student's billing details on record (or the ones the
// admin entered); with none, nothing is recorded while invoices are issued.
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { auditLog, courses, enrollmentForms, orders, siteSettings, taxDocuments, users, type BillingDetails } from "../../../db/schema";
import { db } from "~/utils/db.server";
import { taxDocumentPdf } from "~/services/pdf/tax-invoice.server";
import { readPdf } from "../../../tests/support/pdf-text";
import { registeredSeller } from "../../../tests/support/invoicing";
import { findLatestStudentBilling } from "./billing.server";
import { recordOfflinePayment, type OfflinePayment } from "./offline-payment.server";
import { findTaxDocument } from "./tax-document.server";
import { isEnrolled } from "./order.server";
import { writtenMail } from "../../../tests/support/unit-mail";

const decision = { admin: { adminId: "ADM-1" }, reason: "paid at the desk" };

// The seller is in Maharashtra (27).
const KARNATAKA: BillingDetails = { name: "Asha Rao", address: "12 MG Road", city: "Bengaluru", stateCode: "29", pin: "560001" };
const PUNE: BillingDetails = { name: "Asha Rao", address: "4 FC Road", city: "Pune", stateCode: "27", pin: "411004" };

/** The enrollment form a student filled in at an earlier checkout, with its billing details. */
const billingOnRecord = (userId: string, courseId: number, billing: BillingDetails) =>
  db
    .insert(enrollmentForms)
    .values({
      userId,
      name: billing.name,
      whatsappNumber: "9876543210",
      state: "Karnataka",
      city: billing.city,
      experienceLevel: "Beginner",
      courseOrEventId: courseId,
      courseOrEventType: "course",
      sourceOfLead: "Website",
      billing,
    })
    .run();

function arrange({ billing = KARNATAKA as BillingDetails | null } = {}) {
  const tag = crypto.randomUUID().slice(0, 8);
  const student = db
    .insert(users)
    .values({ email: `s-${tag}@example.test`, firstName: "Asha", lastName: "Rao", passwordHash: "x" })
    .returning({ id: users.id, email: users.email })
    .get();
  const course = db
    .insert(courses)
    .values({ title: `Futures ${tag}`, shortDescription: "s", description: "d", duration: "4 weeks", pricePaise: 999_900 })
    .returning({ id: courses.id })
    .get();
  if (billing) billingOnRecord(student.id, course.id, billing);
  return { student, course, tag };
}

const payment = (
  courseId: number,
  reference: string | null,
  method: OfflinePayment["method"] = "upi",
  billing: BillingDetails | null = null,
): OfflinePayment => ({
  courseId,
  amountPaise: 800_000,
  method,
  reference,
  receivedAt: new Date("2026-11-20T05:00:00Z"),
  billing,
});

const invoiceOf = (orderId: number) => db.select().from(taxDocuments).where(eq(taxDocuments.orderId, orderId)).get();

/** Every message to `email`, written as the site writes it after the request. */
const mailsTo = (email: string) => writtenMail(email);

beforeEach(() => {
  db.delete(siteSettings).where(eq(siteSettings.section, "invoicing")).run();
  db.insert(siteSettings).values({ section: "invoicing", value: registeredSeller }).run();
});

describe("recordOfflinePayment", () => {
  it("makes a completed offline order with its invoice, the order mail and an audit row", () => {
    const { student, course, tag } = arrange();
    const outcome = recordOfflinePayment(student.id, payment(course.id, `UTR${tag}`), decision, new Date("2026-11-21T06:00:00Z"));
    if (!outcome.ok) throw new Error(`refused: ${outcome.reason}`);
    expect(isEnrolled(student.id, course.id)).toBe(true);
    const order = db.select().from(orders).where(eq(orders.id, outcome.orderId)).get();
    expect(order).toMatchObject({ provider: "offline", providerOrderId: `UTR${tag}`, amountPaise: 800_000, paymentStatus: "completed" });
    expect(order?.enrolledAt.toISOString()).toBe("2026-11-20T05:00:00.000Z");
    const invoice = db.select().from(taxDocuments).where(eq(taxDocuments.orderId, outcome.orderId)).get();
    expect(invoice).toMatchObject({ kind: "invoice", totalPaise: 800_000, number: outcome.invoiceNumber });
    // The order's mail names the invoice and carries it.
    expect(mailsTo(student.email)).toEqual([
      expect.objectContaining({
        kind: "order-confirmation",
        text: expect.stringContaining(`Your GST tax invoice ${outcome.invoiceNumber} is attached`),
        attachments: [expect.objectContaining({ document: { kind: "tax-document", id: invoice?.id } })],
      }),
    ]);
    const audit = db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(outcome.orderId)))
      .all();
    expect(audit).toMatchObject([
      { action: "order_paid_offline", actorId: "ADM-1", details: { reason: "paid at the desk", method: "upi", amountPaise: 800_000 } },
    ]);
  });

  it("refuses a reference already on an order, and stores nothing", () => {
    const first = arrange();
    const second = arrange();
    expect(recordOfflinePayment(first.student.id, payment(first.course.id, `R-${first.tag}`), decision).ok).toBe(true);
    const repeat = recordOfflinePayment(second.student.id, payment(second.course.id, `R-${first.tag}`, "bank_transfer"), decision);
    expect(repeat).toEqual({ ok: false, reason: "reference-taken" });
    expect(isEnrolled(second.student.id, second.course.id)).toBe(false);
    expect(mailsTo(second.student.email)).toEqual([]);
  });

  it("refuses a course the student already has; cash may go without a reference", () => {
    const { student, course } = arrange();
    expect(recordOfflinePayment(student.id, payment(course.id, null, "cash"), decision).ok).toBe(true);
    expect(recordOfflinePayment(student.id, payment(course.id, null, "cash"), decision)).toEqual({
      ok: false,
      reason: "already-enrolled",
    });
    expect(db.select().from(orders).where(eq(orders.userId, student.id)).all()).toHaveLength(1);
    expect(mailsTo(student.email)).toHaveLength(1);
  });

  it("invoices the student's billing details on record: buyer and place of supply Karnataka, IGST; the order keeps a copy", () => {
    const { student, course } = arrange({ billing: KARNATAKA });
    const outcome = recordOfflinePayment(student.id, payment(course.id, null, "cash"), decision);
    if (!outcome.ok) throw new Error(`refused: ${outcome.reason}`);
    expect(db.select({ billing: orders.billing }).from(orders).where(eq(orders.id, outcome.orderId)).get()).toEqual({
      billing: KARNATAKA,
    });
    const invoice = invoiceOf(outcome.orderId);
    expect(invoice).toMatchObject({
      placeOfSupply: "29",
      buyer: { name: "Asha Rao", address: "12 MG Road, Bengaluru", stateCode: "29", stateName: "Karnataka", pin: "560001" },
      cgstPaise: 0,
      sgstPaise: 0,
    });
    expect(invoice?.igstPaise).toBeGreaterThan(0);
  });

  it("prints the buyer's name, address, PIN and state on the invoice PDF", async () => {
    const { student, course } = arrange({ billing: { ...KARNATAKA, businessName: "Rao Traders" } });
    const outcome = recordOfflinePayment(student.id, payment(course.id, null, "cash"), decision);
    if (!outcome.ok) throw new Error(`refused: ${outcome.reason}`);
    const { text } = await readPdf(await taxDocumentPdf(findTaxDocument(invoiceOf(outcome.orderId)!.id)!));
    expect(text).toContain("Rao Traders (Asha Rao)");
    expect(text).toContain("12 MG Road, Bengaluru");
    expect(text).toContain("State: Karnataka (code 29) · PIN 560001");
    expect(text).toContain("Place of supply: Karnataka (code 29)");
  });

  it("makes the invoice out to the details the admin entered instead, and keeps them for the student's next order", () => {
    const { student, course } = arrange({ billing: KARNATAKA });
    const outcome = recordOfflinePayment(student.id, payment(course.id, null, "cash", PUNE), decision);
    if (!outcome.ok) throw new Error(`refused: ${outcome.reason}`);
    expect(invoiceOf(outcome.orderId)).toMatchObject({ placeOfSupply: "27", buyer: { address: "4 FC Road, Pune", pin: "411004" } });
    expect(findLatestStudentBilling(student.id)).toEqual(PUNE);
  });

  it("refuses a student with no billing details on record while invoices are issued, and stores nothing", () => {
    const { student, course } = arrange({ billing: null });
    expect(recordOfflinePayment(student.id, payment(course.id, null, "cash"), decision)).toEqual({ ok: false, reason: "no-billing" });
    expect(db.select().from(orders).where(eq(orders.userId, student.id)).all()).toEqual([]);
    expect(mailsTo(student.email)).toEqual([]);
    expect(db.select().from(auditLog).where(eq(auditLog.action, "order_paid_offline")).all()).not.toContainEqual(
      expect.objectContaining({ details: expect.objectContaining({ userId: student.id }) }),
    );
  });

  it("records a plain receipt without billing details while the institute is not registered", () => {
    db.delete(siteSettings).where(eq(siteSettings.section, "invoicing")).run();
    const { student, course } = arrange({ billing: null });
    const outcome = recordOfflinePayment(student.id, payment(course.id, null, "cash"), decision);
    expect(outcome).toMatchObject({ ok: true, invoiceNumber: null });
  });
});
