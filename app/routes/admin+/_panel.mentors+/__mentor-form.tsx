import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { DialogActions, FormErrors } from "~/components/admin/admin-dialog";
import { CheckboxField, TextareaField, TextField } from "~/components/forms";
import { MentorSchema } from "~/schemas/admin-mentor";
import { useSchemaForm } from "~/utils/use-schema-form";

// The Add Mentor and Edit Mentor dialogs' form: the same fields and rules in both.

/** The form's values as text, the way inputs hold them (the edit dialog prefills these). */
export type MentorFormDefaults = {
  name?: string;
  title?: string;
  bio?: string;
  imageUrl?: string;
  experience?: string;
  /** One per line. */
  specialization?: string;
  linkedin?: string;
  twitter?: string;
  youtube?: string;
  /** "on" when ticked, as a checkbox posts it. */
  isActive?: "on";
  displayOrder: string;
};

export function MentorForm({
  id,
  defaultValue,
  lastResult,
  cancelTo,
  submitLabel,
  pendingLabel,
}: {
  id: string;
  defaultValue: MentorFormDefaults;
  lastResult?: SubmissionResult<string[]>;
  cancelTo: string;
  submitLabel: string;
  pendingLabel: string;
}) {
  const [form, fields] = useSchemaForm(MentorSchema, {
    id,
    lastResult,
    defaultValue,
  });

  return (
    <Form method="post" {...getFormProps(form)} className="mt-6 grid gap-x-4 sm:grid-cols-2">
      <FormErrors errors={form.errors} id={form.errorId} />
      <TextField field={fields.name} label="Name" required />
      <TextField field={fields.title} label="Title" required />
      <TextareaField field={fields.bio} label="Bio (each sentence becomes a bullet point)" required wide rows={5} />
      <TextField field={fields.experience} label="Experience (optional)" placeholder="e.g. 12+ years" />
      <TextField field={fields.imageUrl} label="Image URL (optional)" inputMode="url" />
      <TextareaField field={fields.specialization} label="Specialization (one per line)" wide rows={3} />
      <TextField field={fields.linkedin} label="LinkedIn (optional)" inputMode="url" placeholder="https://www.linkedin.com/in/…" />
      <TextField field={fields.twitter} label="Twitter/X (optional)" inputMode="url" placeholder="https://x.com/…" />
      <TextField field={fields.youtube} label="YouTube (optional)" inputMode="url" placeholder="https://www.youtube.com/@…" />
      <TextField
        field={fields.displayOrder}
        label="Display order (lower comes first)"
        type="number"
        min={0}
        max={10000}
        inputMode="numeric"
      />
      <CheckboxField field={fields.isActive} label="Active" hint="Active mentors are shown on the About page." />
      <div className="sm:col-span-2">
        <DialogActions cancelTo={cancelTo} label={submitLabel} pendingLabel={pendingLabel} />
      </div>
    </Form>
  );
}
