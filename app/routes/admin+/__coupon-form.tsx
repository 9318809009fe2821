import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { DialogActions, FormErrors } from "~/components/admin/admin-dialog";
import { CheckboxField, TextField } from "~/components/forms";
import { COUPON_CODE_MAX, CouponSchema } from "~/schemas/admin-coupon";
import { useSchemaForm } from "~/utils/use-schema-form";

// The Add Coupon and Edit Coupon dialogs' form: the same fields and rules in
// both. The redemption count is shown, never edited: checkout counts it.

/** The form's values as text, the way inputs hold them (the edit dialog prefills these). */
export type CouponFormDefaults = {
  code?: string;
  percentOff?: string;
  /** yyyy-mm-dd, the last day in India time */
  expiresOn?: string;
  maxRedemptions?: string;
  /** "on" when ticked, as a checkbox posts it. */
  isActive?: "on";
};

export function CouponForm({
  id,
  defaultValue,
  lastResult,
  redemptionCount,
  cancelTo,
  submitLabel,
  pendingLabel,
}: {
  id: string;
  defaultValue: CouponFormDefaults;
  lastResult?: SubmissionResult<string[]>;
  /** Redemptions so far (edit only): the limit cannot go below it. */
  redemptionCount?: number;
  cancelTo: string;
  submitLabel: string;
  pendingLabel: string;
}) {
  const [form, fields] = useSchemaForm(CouponSchema, {
    id,
    lastResult,
    defaultValue,
  });

  return (
    <Form method="post" {...getFormProps(form)} className="mt-6 grid gap-x-4 sm:grid-cols-2">
      <FormErrors errors={form.errors} id={form.errorId} />
      <TextField
        field={fields.code}
        label="Code"
        required
        autoCapitalize="characters"
        autoComplete="off"
        spellCheck={false}
        maxLength={COUPON_CODE_MAX}
      />
      <TextField field={fields.percentOff} label="Percent off (1–100)" type="number" min={1} max={100} inputMode="numeric" required />
      <TextField field={fields.expiresOn} label="Last valid day (optional, India time)" type="date" />
      <TextField
        field={fields.maxRedemptions}
        label="Max redemptions (optional)"
        type="number"
        min={Math.max(1, redemptionCount ?? 0)}
        inputMode="numeric"
      />
      <p className="-mt-1 mb-3 text-sm text-slate-600 sm:col-span-2">
        Codes use letters, numbers, - and _, and are saved in capitals, as checkout reads them. Without a last day the coupon never expires;
        without a maximum it can be used any number of times.
        {redemptionCount !== undefined ? ` Used ${redemptionCount} ${redemptionCount === 1 ? "time" : "times"} so far.` : null}
      </p>
      <CheckboxField field={fields.isActive} label="Active" hint="Only active coupons are accepted at checkout." />
      <div className="sm:col-span-2">
        <DialogActions cancelTo={cancelTo} label={submitLabel} pendingLabel={pendingLabel} />
      </div>
    </Form>
  );
}
