import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { DialogActions, FormErrors } from "~/components/admin/admin-dialog";
import { SelectField, TextField } from "~/components/forms";
import { BatchSchema, MAX_BATCH_SEATS } from "~/schemas/admin-batch";
import { DELIVERY_OPTIONS } from "~/schemas/delivery";
import { useSchemaForm } from "~/utils/use-schema-form";

// The Add Batch and Edit Batch dialogs' form. Days are India's; a batch taught
// at a venue needs its address (and its state is the place of supply of its
// invoices). The price is shown only to a role that may set prices.

/** The form's values as text, the way inputs hold them. */
export type BatchFormDefaults = {
  name?: string;
  startsOn?: string;
  endsOn?: string;
  delivery?: string;
  venue?: string;
  seats?: string;
  /** Rupees. */
  price?: string;
  leadMentorId?: string;
};

export function BatchForm({
  id,
  defaultValue,
  lastResult,
  mentors,
  canSetPrices,
  coursePriceLabel,
  cancelTo,
  submitLabel,
  pendingLabel,
}: {
  id: string;
  defaultValue: BatchFormDefaults;
  lastResult?: SubmissionResult<string[]>;
  mentors: { id: number; name: string }[];
  canSetPrices: boolean;
  coursePriceLabel: string;
  cancelTo: string;
  submitLabel: string;
  pendingLabel: string;
}) {
  const [form, fields] = useSchemaForm(BatchSchema, { id, lastResult, defaultValue });
  return (
    <Form method="post" {...getFormProps(form)} className="mt-6 grid gap-x-4 sm:grid-cols-2">
      <FormErrors errors={form.errors} id={form.errorId} />
      <TextField field={fields.name} label="Name" required wide placeholder="e.g. January evening batch" />
      <TextField field={fields.startsOn} label="First day (India)" type="date" required />
      <TextField field={fields.endsOn} label="Last day (India)" type="date" required />
      <SelectField
        field={fields.delivery}
        label="Delivered (the place of supply of its invoices)"
        placeholder="Choose online or the venue's state"
        options={DELIVERY_OPTIONS}
      />
      <TextField field={fields.venue} label="Venue address (in person only)" />
      <TextField field={fields.seats} label="Seats (blank: no limit)" type="number" min={1} max={MAX_BATCH_SEATS} inputMode="numeric" />
      {canSetPrices ? (
        <TextField field={fields.price} label={`Price (₹, blank: the course's ${coursePriceLabel})`} inputMode="decimal" />
      ) : (
        <p className="mb-3 self-end text-sm text-slate-600">The batch's price is set by an administrator.</p>
      )}
      <SelectField
        field={fields.leadMentorId}
        label="Lead mentor"
        placeholder="No lead mentor yet"
        options={mentors.map((mentor) => ({ value: String(mentor.id), label: mentor.name }))}
      />
      <div className="sm:col-span-2">
        <DialogActions cancelTo={cancelTo} label={submitLabel} pendingLabel={pendingLabel} />
      </div>
    </Form>
  );
}
