import type { FieldMetadata } from "@conform-to/react";
import { SelectField, TextField } from "~/components/forms";
import { INDIAN_STATES } from "~/utils/indian-states";
import type { z } from "zod";
import type { BillingDetailsSchema } from "~/schemas/billing";

// Billing details: who the GST tax invoice is made out to, asked by the
// checkout's information step and by the admin's offline payment form. Their
// inputs are named billing.name, billing.pin…, so the same post carries them
// with or without JavaScript.

const STATE_OPTIONS = INDIAN_STATES.map((state) => ({ value: state.code, label: state.name }));

const STUDENT_INTRO = "Your GST tax invoice is made out to these details. Prices include GST. We keep them for your next order.";

export function BillingFields({
  field,
  intro = STUDENT_INTRO,
  required = true,
}: {
  field: FieldMetadata<z.input<typeof BillingDetailsSchema> | undefined, Record<string, unknown>, string[]>;
  /** The sentence under the heading: to the student at checkout, to the admin on a student's page. */
  intro?: string;
  /** Whether the browser marks them required (not when they only replace the details on record). */
  required?: boolean;
}) {
  const billing = field.getFieldset();
  return (
    <fieldset className="mt-4 grid gap-x-6 gap-y-1 border-t border-slate-200 pt-4 sm:col-span-2 sm:grid-cols-2">
      <legend className="sr-only">Billing details</legend>
      <h3 aria-hidden="true" className="text-lg font-bold text-navy-900 sm:col-span-2">
        Billing details
      </h3>
      <p className="mb-3 text-sm text-slate-600 sm:col-span-2">{intro}</p>
      <TextField field={billing.name} label="Name on the invoice" autoComplete="name" required={required} />
      <TextField field={billing.businessName} label="Business name (optional)" autoComplete="organization" />
      <TextField field={billing.address} label="Address" autoComplete="address-line1" required={required} wide />
      <TextField field={billing.city} label="City" autoComplete="address-level2" required={required} />
      <SelectField field={billing.stateCode} label="State" placeholder="Select your state" options={STATE_OPTIONS} required={required} />
      <TextField field={billing.pin} label="PIN code" autoComplete="postal-code" inputMode="numeric" required={required} />
      <TextField field={billing.gstin} label="GSTIN (optional, for a registered business)" autoComplete="off" />
    </fieldset>
  );
}
