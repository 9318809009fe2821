import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { DialogActions, FormErrors } from "~/components/admin/admin-dialog";
import { LiveClaimNotice, MarketPriceReminder } from "~/components/admin/editor-rules";
import { CheckboxField, SelectField, TextareaField, TextField } from "~/components/forms";
import { BatchSessionSchema, MAX_SESSION_MINUTES } from "~/schemas/admin-batch";
import { useSchemaForm } from "~/utils/use-schema-form";

// The Add Session and Edit Session dialogs' form: one class of a batch's
// timetable, in India's time. The join link stays on this site's session page
// (students never get it in a mail); the 30-day statement must be ticked.

export type SessionFormDefaults = {
  title?: string;
  description?: string;
  date?: string;
  time?: string;
  duration?: string;
  mentorId?: string;
  joinUrl?: string;
  room?: string;
  pricesAtLeast30DaysOld?: "on";
};

const CHECKED_TEXTS = ["title", "description"] as const;

export function SessionForm({
  id,
  defaultValue,
  lastResult,
  mentors,
  cancelTo,
  submitLabel,
  pendingLabel,
}: {
  id: string;
  defaultValue: SessionFormDefaults;
  lastResult?: SubmissionResult<string[]>;
  mentors: { id: number; name: string }[];
  cancelTo: string;
  submitLabel: string;
  pendingLabel: string;
}) {
  const [form, fields] = useSchemaForm(BatchSessionSchema, { id, lastResult, defaultValue });
  return (
    <Form method="post" {...getFormProps(form)} className="mt-6 grid gap-x-4 sm:grid-cols-2">
      <FormErrors errors={form.errors} id={form.errorId} />
      <MarketPriceReminder />
      <TextField field={fields.title} label="Title" required wide />
      <TextareaField field={fields.description} label="What the class covers" wide rows={4} />
      <LiveClaimNotice formId={form.id} names={CHECKED_TEXTS} />
      <TextField field={fields.date} label="Date (India)" type="date" required />
      <TextField field={fields.time} label="Starts at (IST)" type="time" required />
      <TextField
        field={fields.duration}
        label="Duration (minutes)"
        type="number"
        min={1}
        max={MAX_SESSION_MINUTES}
        inputMode="numeric"
        required
      />
      <SelectField
        field={fields.mentorId}
        label="Mentor"
        placeholder="The batch's lead mentor"
        options={mentors.map((mentor) => ({ value: String(mentor.id), label: mentor.name }))}
      />
      <TextField field={fields.joinUrl} label="Join link (Zoom, Google Meet, YouTube Live or Jitsi)" inputMode="url" wide />
      <TextField field={fields.room} label="Room (a class in person)" wide />
      <CheckboxField
        field={fields.pricesAtLeast30DaysOld}
        label="Every market example in this class uses prices at least 30 days old"
        hint="SEBI's rule for educators who are not registered with it (circular of 8 May 2026)."
        mustTick
      />
      <div className="sm:col-span-2">
        <DialogActions cancelTo={cancelTo} label={submitLabel} pendingLabel={pendingLabel} />
      </div>
    </Form>
  );
}
