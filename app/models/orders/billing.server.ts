import { and, desc, eq, isNotNull, sql } from "drizzle-orm";
import { enrollmentForms, orders, taxDocuments, type BillingDetails } from "../../../db/schema";
import { db } from "~/utils/db.server";
import { issuesTaxInvoices } from "../site/site-settings.server";

// Who a student's tax invoices are made out to: given with the checkout's
// enrollment information (kept on that form) or by an admin recording a
// payment made at the institute (kept on that order), copied onto each new
// order, and offered again at the student's next checkout.

type Reader = Pick<typeof db, "select">;

/** The billing details saved with an enrollment form; null when it has none (or there is no form). */
export function billingOfForm(database: Reader, formId: number | null): BillingDetails | null {
  if (formId === null) return null;
  return (
    database.select({ billing: enrollmentForms.billing }).from(enrollmentForms).where(eq(enrollmentForms.id, formId)).get()?.billing ?? null
  );
}

/**
 * The billing details on record for the student, the latest they (or an
 * admin, for a payment made at the institute) gave; null when never.
 */
export function findLatestStudentBilling(userId: string, database: Reader = db): BillingDetails | null {
  const form = database
    .select({ billing: enrollmentForms.billing, at: enrollmentForms.createdAt })
    .from(enrollmentForms)
    .where(and(eq(enrollmentForms.userId, userId), isNotNull(enrollmentForms.billing)))
    .orderBy(desc(enrollmentForms.id))
    .get();
  // An offline order is dated the day the money came, which may be before the
  // admin recorded it: its invoice's date says when its details were given.
  const order = database
    .select({
      billing: orders.billing,
      at: sql<number>`coalesce(${taxDocuments.issuedAt}, ${orders.enrolledAt})`.mapWith((ms: number) => new Date(ms)),
    })
    .from(orders)
    .leftJoin(taxDocuments, and(eq(taxDocuments.orderId, orders.id), eq(taxDocuments.kind, "invoice")))
    .where(and(eq(orders.userId, userId), isNotNull(orders.billing)))
    .orderBy(desc(orders.id))
    .get();
  const latest = form && order ? (order.at >= form.at ? order : form) : (form ?? order);
  return latest?.billing ?? null;
}

/**
 * Whether an order on this form would be invoiced without the buyer's name,
 * address, state and PIN (CGST rule 46 requires them): the institute issues
 * tax invoices and the form carries no billing details.
 */
export function lacksInvoiceBilling(formId: number | null): boolean {
  return issuesTaxInvoices() && billingOfForm(db, formId) === null;
}
