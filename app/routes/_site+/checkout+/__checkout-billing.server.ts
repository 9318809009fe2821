import { findLatestStudentBilling } from "~/models/orders/billing.server";
import type { EnrollmentFormDefaults } from "../__enrollment-form";

// What the checkout offers first when it asks for billing details (while the
// institute issues tax invoices): the details the student gave last time,
// else just their name.

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
