import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { DialogActions, FormErrors } from "~/components/admin/admin-dialog";
import { ChoiceList, choicesOf, GroupedChoiceList } from "~/components/admin/choice-list";
import { CheckboxField, TextField } from "~/components/forms";
import { COUPON_CODE_MAX, CouponSchema } from "~/schemas/admin-coupon";
import { useSchemaForm } from "~/utils/use-schema-form";
import { countOf } from "~/utils/plural";

// The Add Coupon and Edit Coupon dialogs' form: the same fields and rules in
// both. The redemption count is shown, never edited: checkout counts it. The
// kind is a pair of radio buttons and the scope plain checkboxes, so the form
// works without JavaScript; both value fields stay on screen and the kind
// chosen says which one counts.

/** The form's values as text, the way inputs hold them (the edit dialog prefills these). */
export type CouponFormDefaults = {
  code?: string;
  kind?: "percent" | "amount";
  percentOff?: string;
  /** Rupees, "500" */
  amountOff?: string;
  minOrder?: string;
  perStudentLimit?: string;
  courseIds?: string[];
  batchIds?: string[];
  eventIds?: string[];
  /** yyyy-mm-dd, the last day in India time */
  expiresOn?: string;
  maxRedemptions?: string;
  /** "on" when ticked, as a checkbox posts it. */
  isActive?: "on";
};

export type CouponScopeChoices = {
  courses: { id: number; title: string }[];
  /** Batches under their course's title. */
  batches: { courseTitle: string; batches: { id: number; title: string }[] }[];
  events: { id: number; title: string }[];
};

const KIND_OPTIONS = [
  { value: "percent", label: "Percent off" },
  { value: "amount", label: "Amount off" },
];

export function CouponForm({
  id,
  defaultValue,
  lastResult,
  redemptionCount,
  scopeChoices,
  cancelTo,
  submitLabel,
  pendingLabel,
}: {
  id: string;
  defaultValue: CouponFormDefaults;
  lastResult?: SubmissionResult<string[]>;
  /** Redemptions so far (edit only): the limit cannot go below it. */
  redemptionCount?: number;
  scopeChoices: CouponScopeChoices;
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
      <ChoiceList field={fields.kind} legend="Discount" type="radio" choices={KIND_OPTIONS} />
      <TextField field={fields.percentOff} label="Percent off (1–100)" type="number" min={1} max={100} inputMode="numeric" />
      <TextField field={fields.amountOff} label="Amount off (₹)" inputMode="decimal" />
      <TextField field={fields.minOrder} label="Minimum order (₹, optional)" inputMode="decimal" />
      <TextField field={fields.perStudentLimit} label="Orders per student (optional)" type="number" min={1} inputMode="numeric" />
      <p className="-mt-1 mb-3 text-sm text-slate-600 sm:col-span-2">
        The discount chosen above says which value counts. An amount coupon never takes an order below Free. The minimum order is the price
        before the coupon. Tick the courses, batches and events the coupon is for; with none ticked it applies to everything. A course
        ticked covers all its batches; a batch ticked covers the course bought in that batch only.
      </p>
      <ChoiceList field={fields.courseIds} legend="Courses it applies to" type="checkbox" choices={choicesOf(scopeChoices.courses)} wide />
      <GroupedChoiceList
        field={fields.batchIds}
        legend="Batches it applies to"
        groups={scopeChoices.batches.map((group) => ({ label: group.courseTitle, choices: choicesOf(group.batches) }))}
      />
      <ChoiceList field={fields.eventIds} legend="Events it applies to" type="checkbox" choices={choicesOf(scopeChoices.events)} wide />
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
        {redemptionCount !== undefined ? ` Used ${countOf(redemptionCount, "time")} so far.` : null}
      </p>
      <CheckboxField field={fields.isActive} label="Active" hint="Only active coupons are accepted at checkout." />
      <div className="sm:col-span-2">
        <DialogActions cancelTo={cancelTo} label={submitLabel} pendingLabel={pendingLabel} />
      </div>
    </Form>
  );
}
