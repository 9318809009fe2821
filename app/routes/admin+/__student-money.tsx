import { SelectField, TextField } from "~/components/forms";
import { OFFLINE_METHOD_LABELS, OFFLINE_METHODS, OfflinePaymentSchema } from "~/schemas/admin-student";
import { IntentForm, Panel, ReasonField, formOf, useIntentForm, type StudentActionResult } from "./__student-actions";

// The student page's money forms: a payment the institute received outside
// the site (cash, bank transfer, UPI to its VPA), recorded as a paid order
// with its receipt and tax invoice (decision 0034).

export function OfflinePaymentForm({
  last,
  courses,
  today,
}: {
  last: StudentActionResult;
  courses: { id: number; title: string; price: string }[];
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
        <SelectField
          field={fields.method}
          label="Paid by"
          required
          placeholder="Choose how it was paid"
          options={OFFLINE_METHODS.map((method) => ({ value: method, label: OFFLINE_METHOD_LABELS[method] }))}
        />
        <TextField
          field={fields.reference}
          label="Reference (UTR or receipt number)"
          autoComplete="off"
          maxLength={64}
          hint="Required except for cash."
        />
        <TextField field={fields.receivedOn} label="Date received (India)" type="date" required max={today} />
      </IntentForm>
    </Panel>
  );
}
