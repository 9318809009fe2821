import { and, desc, eq, isNotNull } from "drizzle-orm";
import { enrollmentForms, type BillingDetails } from "../../db/schema";
import { db } from "~/utils/db.server";

// Who a student's tax invoices are made out to: given with the checkout's
// enrollment information (kept on that form), copied onto the order when it is
// reserved, and offered again at the student's next checkout.

type Reader = Pick<typeof db, "select">;

/** The billing details saved with an enrollment form; null when it has none (or there is no form). */
export function billingOfForm(database: Reader, formId: number | null): BillingDetails | null {
  if (formId === null) return null;
  return (
    database.select({ billing: enrollmentForms.billing }).from(enrollmentForms).where(eq(enrollmentForms.id, formId)).get()?.billing ?? null
  );
}

/** The billing details the student gave last, to fill in the next checkout; null when never. */
export function findLatestStudentBilling(userId: string): BillingDetails | null {
  return (
    db
      .select({ billing: enrollmentForms.billing })
      .from(enrollmentForms)
      .where(and(eq(enrollmentForms.userId, userId), isNotNull(enrollmentForms.billing)))
      .orderBy(desc(enrollmentForms.id))
      .get()?.billing ?? null
  );
}
