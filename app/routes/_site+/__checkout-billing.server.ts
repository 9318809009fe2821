import { findLatestStudentBilling } from "~/models/billing.server";
import { readSettings } from "~/models/site-settings.server";
import type { EnrollmentFormDefaults } from "./__enrollment-form";

// Whether the checkout asks for billing details (only while the institute is
// GST-registered and so issues tax invoices), and what it offers first: the
// details the student gave last time, else just their name.

export const invoicesOn = () => Boolean(readSettings("invoicing").gstin);

export function billingDefaults(userId: string, studentName: string): EnrollmentFormDefaults["billing"] {
  const last = findLatestStudentBilling(userId);
  if (!last) return { name: studentName };
  return {
    name: last.name,
    address: last.address,
    city: last.city,
    stateCode: last.stateCode,
    pin: last.pin,
    businessName: last.businessName ?? undefined,
    gstin: last.gstin ?? undefined,
  };
}
