import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form, useNavigation } from "@remix-run/react";
import type { ReactNode } from "react";
import type { z } from "zod";
import { ConsentCheckbox } from "~/components/consent-checkbox";
import { FormNotice, SelectField, TextField, type SelectGroup } from "~/components/forms";
import { buttonClass } from "~/components/ui/button";
import { EnrollmentFormSchema, EXPERIENCE_LEVELS, LEAD_SOURCES } from "~/schemas/enrollment-form";
import { CheckoutInformationSchema } from "~/schemas/billing";
import type { BillingDetails } from "../../../db/schema";
import { BillingFields } from "~/components/billing-fields";
import { useSchemaForm } from "~/utils/use-schema-form";

/** Starting values, e.g. what the student told us last time. */
export type EnrollmentFormDefaults = Partial<Record<keyof z.input<typeof EnrollmentFormSchema>, string>> & {
  billing?: Partial<Record<keyof BillingDetails, string>>;
};

const experienceOptions = EXPERIENCE_LEVELS.map((level) => ({ value: level, label: level }));
const leadSourceOptions = LEAD_SOURCES.map((source) => ({ value: source, label: source }));
const trainingOptions = [
  { value: "online", label: "Online" },
  { value: "offline", label: "Offline" },
];

type EnrollmentFormProps = {
  /** Where the form posts; the current route when left out. */
  action?: string;
  lastResult?: SubmissionResult<string[]> | null;
  /** The course-or-event select's groups (see `enrollmentChoiceGroups`). */
  choices: SelectGroup[];
  defaultValue?: EnrollmentFormDefaults;
  submitLabel?: string;
  /** Extra inputs (hidden fields, an intent) a host page needs posted along. */
  children?: ReactNode;
  id?: string;
  /** Ask who the tax invoice is made out to (the checkout, while invoices are on). */
  withBilling?: boolean;
  /** The purpose the consent box agrees to: a callback about the course, or (at checkout) the order's billing. */
  consentKind?: "enrollment" | "orderBilling";
};

/**
 * The enrollment information form. A plain post, so it works
 * before JavaScript loads; with JavaScript each field checks itself on blur.
 * Not tied to a page: the checkout dialog hosts it too.
 */
export function EnrollmentForm({
  action,
  lastResult,
  choices,
  defaultValue,
  submitLabel = "Save Information",
  children,
  id = "enrollment-form",
  withBilling = false,
  consentKind = "enrollment",
}: EnrollmentFormProps) {
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting" && (action === undefined || navigation.formAction === action);
  // The enrollment form's rules, and the billing fields' when they are shown (the checkout's schema is a superset).
  const [form, fields] = useSchemaForm(CheckoutInformationSchema, {
    id,
    lastResult,
    defaultValue,
  });

  return (
    <Form method="post" action={action} {...getFormProps(form)} className="grid gap-x-6 gap-y-1 sm:grid-cols-2">
      {form.errors?.length ? (
        <div className="mb-4 sm:col-span-2">
          <FormNotice id={form.errorId} title="Error">
            {form.errors[0]}
          </FormNotice>
        </div>
      ) : null}
      <p className="mb-3 text-sm text-slate-600 sm:col-span-2">
        Fields marked <span aria-hidden="true">*</span>
        <span className="sr-only">with an asterisk</span> are required.
      </p>
      {children}
      <TextField field={fields.name} label="Full name" autoComplete="name" required />
      <TextField field={fields.whatsappNumber} label="WhatsApp number" type="tel" autoComplete="tel" inputMode="tel" required />
      <TextField field={fields.email} label="Email (optional)" type="email" autoComplete="email" />
      <TextField field={fields.age} label="Age (optional)" type="number" inputMode="numeric" />
      <TextField field={fields.country} label="Country (optional)" autoComplete="country-name" />
      <TextField field={fields.state} label="State" autoComplete="address-level1" required />
      <TextField field={fields.city} label="City" autoComplete="address-level2" required />
      <SelectField
        field={fields.experienceLevel}
        label="Experience level"
        placeholder="Select your experience"
        options={experienceOptions}
        required
      />
      <SelectField
        field={fields.courseOrEvent}
        label="Course or event"
        placeholder="Select a course or event"
        options={choices}
        required
        wide
      />
      <SelectField
        field={fields.sourceOfLead}
        label="How did you hear about us?"
        placeholder="Select a source"
        options={leadSourceOptions}
        required
      />
      <SelectField
        field={fields.trainingPreference}
        label="Training preference (optional)"
        placeholder="No preference"
        options={trainingOptions}
      />
      <TextField field={fields.broker} label="Broker (optional)" autoComplete="off" wide />
      {withBilling ? <BillingFields field={fields.billing} /> : null}
      <ConsentCheckbox field={fields.consent} kind={consentKind} />
      <div className="mt-2 sm:col-span-2">
        <button type="submit" disabled={submitting} className={buttonClass("primary", "w-full sm:w-auto")}>
          {submitting ? "Saving..." : submitLabel}
        </button>
      </div>
    </Form>
  );
}
