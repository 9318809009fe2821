import type { FieldMetadata } from "@conform-to/react";
import { SelectField, TextField } from "~/components/forms";
import { INDIAN_STATES } from "~/utils/indian-states";
import type { z } from "zod";
import type { BillingDetailsSchema } from "~/schemas/billing";

// The billing details of the checkout's information step: who the GST tax
// invoice is made out to. Their inputs are named billing.name, billing.pin…,
// so the same post carries them with or without JavaScript.

const STATE_OPTIONS = INDIAN_STATES.map((state) => ({ value: state.code, label: state.name }));

export function BillingFields({
  field,
}: {
  field: FieldMetadata<z.input<typeof BillingDetailsSchema> | undefined, Record<string, unknown>, string[]>;
}) {
  const billing = field.getFieldset();
  return (
    <fieldset className="mt-4 grid gap-x-6 gap-y-1 border-t border-slate-200 pt-4 sm:col-span-2 sm:grid-cols-2">
      <legend className="sr-only">Billing details</legend>
      <h3 aria-hidden="true" className="text-lg font-bold text-navy-900 sm:col-span-2">
        Billing details
      </h3>
      <p className="mb-3 text-sm text-slate-600 sm:col-span-2">
        Your GST tax invoice is made out to these details. Prices include GST. We keep them for your next order.
      </p>
      <TextField field={billing.name} label="Name on the invoice" autoComplete="name" required />
      <TextField field={billing.businessName} label="Business name (optional)" autoComplete="organization" />
      <TextField field={billing.address} label="Address" autoComplete="street-address" required wide />
      <TextField field={billing.city} label="City" autoComplete="address-level2" required />
      <SelectField field={billing.stateCode} label="State" placeholder="Select your state" options={STATE_OPTIONS} required />
      <TextField field={billing.pin} label="PIN code" autoComplete="postal-code" inputMode="numeric" required />
      <TextField field={billing.gstin} label="GSTIN (optional, for a registered business)" autoComplete="off" />
    </fieldset>
  );
}
