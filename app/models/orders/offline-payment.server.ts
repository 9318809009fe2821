import { and, eq, isNull } from "drizzle-orm";
import { courses, orders, users, type BillingDetails } from "../../../db/schema";
import type { OfflineMethod } from "~/schemas/admin-student";
import { db, isUniqueViolation } from "~/utils/db.server";
import { recordAdminAction } from "../site/audit-log.server";
import { findLatestStudentBilling } from "./billing.server";
import { deliveryOf, isEnrolled } from "./order.server";
import { queueOrderMail } from "./order-receipt.server";
import type { AdminDecision } from "../accounts/student-admin.server";
import { issuesTaxInvoices } from "../site/site-settings.server";
import { issueInvoiceForOrder } from "./tax-document.server";

// Money a student paid the institute outside the site (cash at the desk, a
// bank transfer, UPI to the institute's VPA), recorded by an admin as a
// completed order with provider "offline" (decision 0034). The order, its
// tax invoice, the student's order mail and the audit row commit together in
// one `BEGIN IMMEDIATE` transaction, which also checks what must hold: one
// course per student, one order per reference, and, while the institute
// issues tax invoices, billing details for the invoice to name (CGST rule
// 46(e); IGST Act s.12(2)): the ones the admin entered, else the student's
// latest on record, copied onto the order as checkout copies them.

export type OfflinePayment = {
  courseId: number;
  /** What was received; null: the course's price. */
  amountPaise: number | null;
  method: OfflineMethod;
  /** The UTR or receipt number; none for cash handed over without a receipt. */
  reference: string | null;
  /** When the money reached the institute (the order's date). */
  receivedAt: Date;
  /** Who the invoice is made out to, as the admin entered them; null: the student's latest on record. */
  billing: BillingDetails | null;
};

export type OfflinePaymentOutcome =
  | { ok: true; orderId: number; invoiceNumber: string | null }
  | { ok: false; reason: "not-found" | "no-course" | "free" | "already-enrolled" | "reference-taken" | "no-billing" };

const referenceTaken = (tx: Pick<typeof db, "select">, reference: string) =>
  tx
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.provider, "offline"), eq(orders.providerOrderId, reference)))
    .get() !== undefined;

export function recordOfflinePayment(
  userId: string,
  payment: OfflinePayment,
  decision: AdminDecision,
  now = new Date(),
): OfflinePaymentOutcome {
  try {
    return db.transaction(
      (tx): OfflinePaymentOutcome => {
        const student = tx
          .select({ id: users.id })
          .from(users)
          .where(and(eq(users.id, userId), isNull(users.erasedAt)))
          .get();
        if (!student) return { ok: false, reason: "not-found" };
        const course = tx.select({ pricePaise: courses.pricePaise }).from(courses).where(eq(courses.id, payment.courseId)).get();
        if (!course) return { ok: false, reason: "no-course" };
        const amountPaise = payment.amountPaise ?? course.pricePaise;
        // Nothing paid is a grant ("Grant a course"), which sends no receipt and issues no invoice.
        if (amountPaise <= 0) return { ok: false, reason: "free" };
        if (isEnrolled(userId, payment.courseId, tx)) return { ok: false, reason: "already-enrolled" };
        if (payment.reference && referenceTaken(tx, payment.reference)) return { ok: false, reason: "reference-taken" };
        const billing = payment.billing ?? findLatestStudentBilling(userId, tx);
        if (!billing && issuesTaxInvoices(tx)) return { ok: false, reason: "no-billing" };
        const order = tx
          .insert(orders)
          .values({
            userId,
            courseId: payment.courseId,
            amountPaise,
            paymentStatus: "completed",
            provider: "offline",
            providerOrderId: payment.reference,
            enrolledAt: payment.receivedAt,
            billing,
            ...deliveryOf(tx, { courseId: payment.courseId, eventId: null }),
          })
          .returning({ id: orders.id })
          .get();
        // The invoice is dated when it is issued (now), as rule 46 asks; the order keeps the day the money came.
        const invoice = issueInvoiceForOrder(tx, order.id, now);
        queueOrderMail(tx, order.id);
        recordAdminAction(
          decision.admin,
          "order_paid_offline",
          { type: "enrollment", id: order.id },
          {
            database: tx,
            details: {
              reason: decision.reason,
              userId,
              courseId: payment.courseId,
              amountPaise,
              method: payment.method,
              reference: payment.reference,
              receivedAt: payment.receivedAt.toISOString(),
              billingEntered: payment.billing !== null,
            },
          },
        );
        return { ok: true, orderId: order.id, invoiceNumber: invoice?.number ?? null };
      },
      { behavior: "immediate" },
    );
  } catch (error) {
    // The unique indexes have the last word against a payment or another admin at the same moment.
    if (isUniqueViolation(error)) {
      const message = error instanceof Error ? error.message : "";
      return { ok: false, reason: message.includes("provider_order_id") ? "reference-taken" : "already-enrolled" };
    }
    throw error;
  }
}
