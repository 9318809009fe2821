import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { DialogActions, FormErrors } from "~/components/admin/admin-dialog";
import { SetByAdmin, type SetByAdminValues } from "~/components/admin/set-by-admin";
import { CheckboxField, FileField, SelectField, TextareaField, TextField } from "~/components/forms";
import { EVENT_TYPE_LABELS } from "../../../../db/enums";
import { ADMIN_EVENT_TYPES, EVENT_UPLOADS, eventFormSchema, MAX_EVENT_DURATION, MAX_EVENT_PARTICIPANTS } from "~/schemas/admin-event";
import { UPLOAD_KINDS } from "~/schemas/uploads";
import { DELIVERY_OPTIONS } from "~/schemas/delivery";
import { useSchemaForm } from "~/utils/use-schema-form";

// The Create New Event and Edit Event dialogs' form: the same fields, rules
// and messages in both. A content
// manager's shows the price as text instead of an input (it is the admin's).

/** The form's values as text, the way inputs hold them (the edit dialog prefills these). */
export type EventFormDefaults = {
  title?: string;
  description?: string;
  eventType: string;
  /** yyyy-mm-dd in India time */
  date?: string;
  /** HH:mm in India time */
  time?: string;
  duration: string;
  maxParticipants?: string;
  price?: string;
  registrationUrl?: string;
  venue?: string;
  /** "online" or the venue's state code. */
  delivery?: string;
  joinUrl?: string;
  /** "on" when ticked, as a checkbox posts it. */
  isActive?: "on";
};

const TYPE_OPTIONS = ADMIN_EVENT_TYPES.map((value) => ({ value, label: EVENT_TYPE_LABELS[value] }));

export function EventForm({
  id,
  defaultValue,
  lastResult,
  cancelTo,
  submitLabel,
  pendingLabel,
  priceSetByAdmin,
  bannerUrl = null,
}: {
  id: string;
  defaultValue: EventFormDefaults;
  lastResult?: SubmissionResult<string[]>;
  cancelTo: string;
  submitLabel: string;
  pendingLabel: string;
  priceSetByAdmin: SetByAdminValues | null;
  /** The event's banner now (an existing event's), shown with a way to remove it. */
  bannerUrl?: string | null;
}) {
  const [form, fields] = useSchemaForm(eventFormSchema(!priceSetByAdmin), {
    id,
    lastResult,
    defaultValue,
  });

  return (
    <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="mt-6 grid gap-x-4 sm:grid-cols-2">
      <FormErrors errors={form.errors} id={form.errorId} />
      <TextField field={fields.title} label="Title" required wide />
      <TextareaField field={fields.description} label="Description" required wide rows={4} />
      {priceSetByAdmin ? <SetByAdmin id={`${id}-price`} {...priceSetByAdmin} /> : null}
      <SelectField field={fields.eventType} label="Event type" required placeholder="Choose a type" options={TYPE_OPTIONS} />
      {priceSetByAdmin ? null : <TextField field={fields.price} label="Price (₹, 0 for free)" inputMode="decimal" />}
      <TextField field={fields.date} label="Date" type="date" required />
      <TextField field={fields.time} label="Time (India)" type="time" required />
      <TextField field={fields.duration} label="Duration (minutes)" type="number" min={1} max={MAX_EVENT_DURATION} inputMode="numeric" />
      <TextField
        field={fields.maxParticipants}
        label="Max participants (optional)"
        type="number"
        min={1}
        max={MAX_EVENT_PARTICIPANTS}
        inputMode="numeric"
      />
      <TextField field={fields.registrationUrl} label="Registration URL (optional)" inputMode="url" wide />
      <TextField
        field={fields.venue}
        label="Venue (optional)"
        hint="Shown on the events page and in the calendar file: an address, or “Online (Zoom)”."
        wide
      />
      <SelectField
        field={fields.delivery}
        label="Held (the place of supply of its invoices)"
        placeholder="Choose online or the venue's state"
        options={DELIVERY_OPTIONS}
      />
      <TextField
        field={fields.joinUrl}
        label="Join link (optional)"
        hint="Only registered students get it: in their confirmation and reminders, the calendar file and their events page."
        inputMode="url"
        wide
      />
      <div className="sm:col-span-2">
        {bannerUrl ? (
          <figure className="mb-3">
            <img
              src={bannerUrl}
              alt="The event's banner now"
              width={320}
              height={180}
              className="aspect-video h-auto w-80 rounded-lg bg-slate-200 object-cover"
            />
            <figcaption className="mt-1 text-sm text-slate-600">The banner now: a new image replaces it.</figcaption>
          </figure>
        ) : null}
        <FileField
          field={fields.banner}
          label="Banner"
          accept={UPLOAD_KINDS[EVENT_UPLOADS.banner].accept}
          hint="A .jpg, .jpeg or .png image, up to 5 MB, wide (16:9 shows whole). It tops the event's card."
        />
        {bannerUrl ? <CheckboxField field={fields.removeBanner} label="Remove the banner" /> : null}
      </div>
      <CheckboxField field={fields.isActive} label="Active" hint="Active events are shown on the public site." />
      <div className="sm:col-span-2">
        <DialogActions cancelTo={cancelTo} label={submitLabel} pendingLabel={pendingLabel} />
      </div>
    </Form>
  );
}
