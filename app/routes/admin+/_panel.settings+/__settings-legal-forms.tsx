import { getFormProps } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { FormErrors } from "~/components/admin/admin-dialog";
import { SelectField, TextareaField, TextField } from "~/components/forms";
import { LegalSettingsSchema, REGISTRATION_TYPE_LABELS, REGISTRATION_TYPES, RegulatorySettingsSchema } from "~/schemas/legal-settings";
import { useSchemaForm } from "~/utils/use-schema-form";
import { SaveButton, SettingsCard, type SectionFormProps } from "./__settings-forms";

// The cards of /admin/settings for what the law asks the site to say: the
// SEBI registration and grievance officer, and the legal pages' Markdown.

const REGISTRATION_OPTIONS = REGISTRATION_TYPES.map((type) => ({ value: type, label: REGISTRATION_TYPE_LABELS[type] }));

export function RegulatorySettingsForm({ defaultValue, lastResult }: SectionFormProps) {
  const [form, fields] = useSchemaForm(RegulatorySettingsSchema, { id: "settings-regulatory", lastResult, defaultValue });
  return (
    <SettingsCard
      section="regulatory"
      intro="The site writes its sentence about SEBI registration from the number: without one it says the institute is not registered and gives no advice or tips. The grievance officer is named on the Grievances page."
    >
      <Form method="post" {...getFormProps(form)} className="mt-4 grid gap-x-4 sm:grid-cols-2">
        <FormErrors errors={form.errors} id={form.errorId} />
        <TextField
          field={fields.sebiRegistrationNumber}
          label="SEBI registration number (leave empty if not registered)"
          autoCapitalize="characters"
          maxLength={20}
          hint="INH… for a research analyst, INA… for an investment adviser."
        />
        <SelectField field={fields.registrationType} label="Registered as" placeholder="Choose" options={REGISTRATION_OPTIONS} required />
        <TextField field={fields.grievanceOfficerName} label="Grievance officer's name" autoComplete="name" required />
        <TextField field={fields.grievanceOfficerDesignation} label="Grievance officer's designation" required />
        <TextField field={fields.grievanceOfficerEmail} label="Grievance officer's email" type="email" autoComplete="email" required />
        <TextField field={fields.grievanceOfficerPhone} label="Grievance officer's phone" type="tel" autoComplete="tel" required />
        <TextareaField field={fields.disclaimer} label="Disclaimer (Markdown)" rows={8} required wide />
        <SaveButton section="regulatory" />
      </Form>
    </SettingsCard>
  );
}

export function LegalSettingsForm({ defaultValue, lastResult }: SectionFormProps) {
  const [form, fields] = useSchemaForm(LegalSettingsSchema, { id: "settings-legal", lastResult, defaultValue });
  return (
    <SettingsCard
      section="legal"
      intro="Markdown for the pages linked from every footer. Never promise returns, profit, accuracy or success: SEBI forbids it. The Grievances page is written from the section above."
    >
      <Form method="post" {...getFormProps(form)} className="mt-4 grid gap-x-4">
        <FormErrors errors={form.errors} id={form.errorId} />
        <TextareaField field={fields.terms} label="Terms of service (/terms)" rows={10} required />
        <TextareaField field={fields.privacyIntro} label="Privacy policy introduction (/privacy, above the privacy notice)" rows={4} />
        <TextareaField field={fields.refundPolicy} label="Refund policy (/refund-policy)" rows={6} required />
        <TextareaField field={fields.disclaimerExtra} label="More on the disclaimer page (/disclaimer, optional)" rows={4} />
        <SaveButton section="legal" />
      </Form>
    </SettingsCard>
  );
}
