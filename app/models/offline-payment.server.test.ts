// An admin records money paid outside the site: the order, the enrollment,
// the tax invoice, the student's mail and the audit row commit together, and
// a reference already on an order or a course already the student's is refused.
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { auditLog, courses, enrollments, outboxMessages, siteSettings, taxDocuments, users } from "../../db/schema";
import { db } from "~/utils/db.server";
import { registeredSeller } from "../../tests/support/invoicing";
import { recordOfflinePayment, type OfflinePayment } from "./offline-payment.server";
import { isEnrolled } from "./order.server";
import type { OrderMail } from "./order-receipt.server";

const decision = { admin: { adminId: "ADM-1" }, reason: "paid at the desk" };
const mail: OrderMail = (receipt) => ({
  kind: "order-confirmation",
  to: receipt.student.email,
  subject: `Order ${receipt.orderId}`,
  text: receipt.invoice ? `Invoice ${receipt.invoice.number}` : "No invoice",
  html: null,
  messageId: `<order-${receipt.orderId}-${crypto.randomUUID()}@t>`,
});

function arrange() {
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
  return { student, course, tag };
}

const payment = (courseId: number, reference: string | null, method: OfflinePayment["method"] = "upi"): OfflinePayment => ({
  courseId,
  amountPaise: 800_000,
  method,
  reference,
  receivedAt: new Date("2026-11-20T05:00:00Z"),
});

const mailsTo = (email: string) =>
  db.select({ text: outboxMessages.textBody }).from(outboxMessages).where(eq(outboxMessages.toAddress, email)).all();

beforeEach(() => {
  db.delete(siteSettings).where(eq(siteSettings.section, "invoicing")).run();
  db.insert(siteSettings).values({ section: "invoicing", value: registeredSeller }).run();
});

describe("recordOfflinePayment", () => {
  it("makes a completed offline order with its invoice, the order mail and an audit row", () => {
    const { student, course, tag } = arrange();
    const outcome = recordOfflinePayment(student.id, payment(course.id, `UTR${tag}`), decision, mail, new Date("2026-11-21T06:00:00Z"));
    if (!outcome.ok) throw new Error(`refused: ${outcome.reason}`);
    expect(isEnrolled(student.id, course.id)).toBe(true);
    const order = db.select().from(enrollments).where(eq(enrollments.id, outcome.orderId)).get();
    expect(order).toMatchObject({ provider: "offline", providerOrderId: `UTR${tag}`, amountPaise: 800_000, paymentStatus: "completed" });
    expect(order?.enrolledAt.toISOString()).toBe("2026-11-20T05:00:00.000Z");
    const invoice = db.select().from(taxDocuments).where(eq(taxDocuments.orderId, outcome.orderId)).get();
    expect(invoice).toMatchObject({ kind: "invoice", totalPaise: 800_000, number: outcome.invoiceNumber });
    expect(mailsTo(student.email)).toEqual([{ text: `Invoice ${outcome.invoiceNumber}` }]);
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
    expect(recordOfflinePayment(first.student.id, payment(first.course.id, `R-${first.tag}`), decision, mail).ok).toBe(true);
    const repeat = recordOfflinePayment(second.student.id, payment(second.course.id, `R-${first.tag}`, "bank_transfer"), decision, mail);
    expect(repeat).toEqual({ ok: false, reason: "reference-taken" });
    expect(isEnrolled(second.student.id, second.course.id)).toBe(false);
    expect(mailsTo(second.student.email)).toEqual([]);
  });

  it("refuses a course the student already has; cash may go without a reference", () => {
    const { student, course } = arrange();
    expect(recordOfflinePayment(student.id, payment(course.id, null, "cash"), decision, mail).ok).toBe(true);
    expect(recordOfflinePayment(student.id, payment(course.id, null, "cash"), decision, mail)).toEqual({
      ok: false,
      reason: "already-enrolled",
    });
    expect(db.select().from(enrollments).where(eq(enrollments.userId, student.id)).all()).toHaveLength(1);
    expect(mailsTo(student.email)).toHaveLength(1);
  });
});
