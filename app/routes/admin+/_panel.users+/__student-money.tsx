import type { FieldMetadata } from "@conform-to/react";
import { BillingFields } from "~/components/billing-fields";
import { CheckboxField, SelectField, TextField } from "~/components/forms";
import { OFFLINE_METHOD_LABELS, OFFLINE_METHODS, OfflinePaymentSchema, RefundOrderSchema } from "~/schemas/admin-student";
import { IntentForm, Panel, ReasonField, formOf, useIntentForm, type StudentActionResult } from "./__student-actions";

// The student page's money forms: a payment the institute received outside
// the site (cash, bank transfer, UPI to its VPA), recorded as a paid order
// with its receipt and tax invoice; and the refund of an order, asked on a
// step of its own (decision 0034).

type Field<T> = FieldMetadata<T, Record<string, unknown>, string[]>;

/** How money moved outside the site (cash, bank transfer, UPI) and its UTR or receipt number. */
function MethodAndReference<M, R>({
  method,
  reference,
  label,
  placeholder,
}: {
  method: Field<M>;
  reference: Field<R>;
  label: string;
  placeholder: string;
}) {
  return (
    <>
      <SelectField
        field={method}
        label={label}
        required
        placeholder={placeholder}
        options={OFFLINE_METHODS.map((value) => ({ value, label: OFFLINE_METHOD_LABELS[value] }))}
      />
      <TextField
        field={reference}
        label="Reference (UTR or receipt number)"
        autoComplete="off"
        maxLength={64}
        hint="Required except for cash."
      />
    </>
  );
}

/**
 * Who the tax invoice is made out to: the billing details on record, which the
 * admin may replace for this order (a disclosure, so it works without
 * JavaScript), or, with none on record, the fields themselves.
 */
function InvoiceBuyer({
  field,
  billing,
}: {
  field: Parameters<typeof BillingFields>[0]["field"];
  billing: { invoices: boolean; onRecord: string | null };
}) {
  if (!billing.invoices) return null;
  if (billing.onRecord === null)
    return (
      <BillingFields
        field={field}
        intro="This student has no billing details on record. The tax invoice is made out to these, and they are kept for the student's next order."
      />
    );
  const entered = Object.values(field.getFieldset()).some((part) => part.errors?.length || part.initialValue);
  return (
    <div className="grid gap-2 sm:col-span-2">
      <p className="text-sm text-slate-700">
        <span className="font-semibold">Tax invoice made out to (billing details on record):</span> {billing.onRecord}
      </p>
      <details open={entered} className="rounded-lg bg-slate-50 p-3">
        <summary className="cursor-pointer text-sm font-semibold text-navy-900">Make the invoice out to other details</summary>
        <BillingFields
          field={field}
          required={false}
          intro="Only if the student asks for other details on this invoice: fill in all of them. They are kept for the student's next order."
        />
      </details>
    </div>
  );
}

export function OfflinePaymentForm({
  last,
  courses,
  billing,
  today,
}: {
  last: StudentActionResult;
  courses: { id: number; title: string; price: string }[];
  billing: { invoices: boolean; onRecord: string | null };
  today: string;
}) {
  const [form, fields] = useIntentForm("offline-payment", OfflinePaymentSchema, last, { receivedOn: today });
  if (courses.length === 0) return null;
  return (
    <Panel id="student-offline-heading" title="Record an offline payment">
      <p className="text-sm text-slate-700">
        For money the student paid the institute directly. The student is enrolled at once and mailed a receipt (with the tax invoice when a
        GSTIN is set). A payment of ₹0 is a grant: use Grant a course.
      </p>
      <IntentForm
        intent="offline-payment"
        form={formOf(form)}
        reason={<ReasonField field={fields.reason} />}
        label="Record payment"
        pendingLabel="Recording..."
      >
        <SelectField
          field={fields.courseId}
          label="Course"
          required
          wide
          placeholder="Choose a course"
          options={courses.map((course) => ({ value: String(course.id), label: `${course.title} (${course.price})` }))}
        />
        <TextField field={fields.amount} label="Amount received (₹)" inputMode="decimal" hint="Leave blank for the course's price." />
        <MethodAndReference method={fields.method} reference={fields.reference} label="Paid by" placeholder="Choose how it was paid" />
        <TextField field={fields.receivedOn} label="Date received (India)" type="date" required max={today} />
        <InvoiceBuyer field={fields.billing} billing={billing} />
      </IntentForm>
    </Panel>
  );
}

export type RefundConfirmation = {
  kind: "refund";
  enrollmentId: number;
  courseTitle: string;
  paid: string;
  left: string;
  leftRupees: string;
  offline: boolean;
};

/** The refund step: a page of its own (?confirm=refund&enrollment=…), so it needs no JavaScript. */
export function RefundOrderStep({
  last,
  studentPath,
  name,
  refund,
}: {
  last: StudentActionResult;
  studentPath: string;
  name: string;
  refund: RefundConfirmation;
}) {
  const [form, fields] = useIntentForm("refund", RefundOrderSchema, last, { amount: refund.leftRupees });
  return (
    <section aria-labelledby="student-refund-heading" className="grid gap-3 rounded-xl border-2 border-red-700 bg-red-50 p-4">
      <h3 id="student-refund-heading" className="text-lg font-semibold text-red-900">
        {`Refund "${refund.courseTitle}" to ${name}?`}
      </h3>
      <p className="text-slate-800">
        {`Paid ${refund.paid}; ${refund.left} is left to refund.`}{" "}
        {refund.offline
          ? "This order was paid outside the site: return the money yourself, then record here how it went back."
          : "The payment provider returns the money to the student's card, UPI or bank account, usually within 5–7 working days."}{" "}
        A credit note is issued against the order&apos;s tax invoice, and the student is mailed. A full refund closes the course.
      </p>
      <IntentForm
        intent="refund"
        form={formOf(form)}
        reason={<ReasonField field={fields.reason} />}
        label="Refund"
        pendingLabel="Refunding..."
        danger
        cancelTo={studentPath}
        hidden={{ enrollmentId: String(refund.enrollmentId) }}
      >
        <TextField
          field={fields.amount}
          label="Refund amount (₹)"
          inputMode="decimal"
          required
          hint={`At least ₹1, at most ${refund.left}.`}
        />
        <CheckboxField
          field={fields.takeAway}
          label="Take the course away"
          hint="A full refund always takes it away, and revokes its certificate; a partial one keeps both unless ticked."
        />
        {refund.offline ? (
          <MethodAndReference
            method={fields.method}
            reference={fields.reference}
            label="Returned by"
            placeholder="Choose how it went back"
          />
        ) : null}
      </IntentForm>
    </section>
  );
}
