import type { z } from "zod";
import type { AdminDecision } from "~/models/accounts/student-admin.server";
import { findLatestStudentBilling } from "~/models/orders/billing.server";
import { recordOfflinePayment } from "~/models/orders/offline-payment.server";
import { issuesTaxInvoices } from "~/models/site/site-settings.server";
import { findRefundableOrder } from "~/models/orders/order-refund.server";
import { type OfflinePaymentSchema, type RefundOrderSchema } from "~/schemas/admin-student";
import { REFUND_MESSAGES, STUDENT_MESSAGES } from "~/content/messages/admin";
import { MISSING_BILLING } from "~/schemas/billing";
import { refundOrder } from "~/services/payments/admin-refund.server";
import { formatIsoDateInIndia, startOfIndiaDay } from "~/utils/dates";
import { indianStateName } from "~/utils/indian-states";
import { formatPrice } from "~/utils/money";

// The student page's money intents (decision 0034): refund an order, record a
// payment made outside the site. Each answers with the page's toast, or names
// what to refuse with; the page's action reads the form and shows it.

/** What a refused intent shows: a message for the form or its fields (409 unless said). */
export type Refusal = { formError?: string; fieldErrors?: Record<string, string[]>; status?: number };
type Done = (title: string, description: string, analyticsEvent: string) => Response | Promise<Response>;

export const notFound = () => new Response("Not Found", { status: 404 });

export async function refundIntent(
  userId: string,
  value: z.output<typeof RefundOrderSchema>,
  decision: AdminDecision,
  done: Done,
  name: string,
): Promise<Response | Refusal> {
  const order = findRefundableOrder(userId, value.enrollmentId);
  if (!order) return { formError: REFUND_MESSAGES.notRefundable };
  const amountPaise = value.amount ?? order.leftPaise;
  if (amountPaise > order.leftPaise)
    return { fieldErrors: { amount: [REFUND_MESSAGES.overRefund(formatPrice(order.leftPaise))] }, status: 400 };
  let offline: { method: string; reference: string | null } | undefined;
  if (order.provider === "offline") {
    if (!value.method) return { fieldErrors: { method: [REFUND_MESSAGES.methodNeeded] }, status: 400 };
    if (value.method !== "cash" && !value.reference) return { fieldErrors: { reference: [REFUND_MESSAGES.referenceNeeded] }, status: 400 };
    offline = { method: value.method, reference: value.reference ?? null };
  }
  const ask = { userId, order, amountPaise, takeAway: value.takeAway, offline };
  const result = await refundOrder(ask, decision);
  if (!result.ok) return { formError: result.message, status: 502 };
  const access = result.whole || value.takeAway ? "The course is closed for them." : "They keep the course.";
  return done("Refund recorded", `${formatPrice(amountPaise)} refunded to ${name}. ${access}`, "order_refunded");
}

export function offlinePaymentIntent(
  userId: string,
  value: z.output<typeof OfflinePaymentSchema>,
  decision: AdminDecision,
  done: Done,
  name: string,
): Response | Promise<Response> | Refusal {
  const today = formatIsoDateInIndia(new Date());
  // Money received today is dated now; an earlier day, from the start of that India day.
  const receivedAt = value.receivedOn === today ? new Date() : (startOfIndiaDay(value.receivedOn) ?? new Date());
  const payment = {
    ...value,
    amountPaise: value.amount ?? null,
    reference: value.reference ?? null,
    receivedAt,
    billing: value.billing ?? null,
  };
  const outcome = recordOfflinePayment(userId, payment, decision);
  if (outcome.ok) {
    const invoice = outcome.invoiceNumber ? ` Tax invoice ${outcome.invoiceNumber} went to the student with the receipt.` : "";
    return done("Payment recorded", `${name} is enrolled.${invoice}`, "order_paid_offline");
  }
  switch (outcome.reason) {
    case "not-found":
      throw notFound();
    case "no-course":
      return { formError: STUDENT_MESSAGES.noCourse };
    case "free":
      return { fieldErrors: { amount: [STUDENT_MESSAGES.zeroPayment] }, status: 400 };
    case "already-enrolled":
      return { formError: STUDENT_MESSAGES.alreadyEnrolled };
    case "reference-taken":
      return { fieldErrors: { reference: [STUDENT_MESSAGES.referenceTaken(payment.reference ?? "")] } };
    case "no-billing":
      return { formError: STUDENT_MESSAGES.billingNeeded, fieldErrors: MISSING_BILLING, status: 400 };
  }
}

/**
 * What the offline payment form says about the tax invoice's buyer: whether
 * invoices are issued, and the billing details on record it will name
 * (one line), or null when it must ask for them.
 */
export function offlinePaymentBilling(userId: string): { invoices: boolean; onRecord: string | null } {
  const billing = findLatestStudentBilling(userId);
  const onRecord = billing
    ? [
        billing.name,
        billing.businessName,
        billing.address,
        billing.city,
        `${indianStateName(billing.stateCode) ?? billing.stateCode} ${billing.pin}`,
        billing.gstin ? `GSTIN ${billing.gstin}` : null,
      ]
        .filter(Boolean)
        .join(", ")
    : null;
  return { invoices: issuesTaxInvoices(), onRecord };
}
