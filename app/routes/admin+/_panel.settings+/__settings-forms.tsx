import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form, useNavigation } from "@remix-run/react";
import type { ReactNode } from "react";
import { FormErrors } from "~/components/admin/admin-dialog";
import { CheckboxField, SelectField, TextareaField, TextField } from "~/components/forms";
import { buttonClass } from "~/components/ui/button";
import {
  AnnualReturnSettingsSchema,
  FigureSettingsSchema,
  InvoicingSettingsSchema,
  MAIL_CONTENTS_COUNT_CAP,
  MAX_ANNUAL_RETURNS,
  MAX_INSTITUTE_FIGURES,
  NotificationSettingsSchema,
  RetentionSettingsSchema,
  SETTINGS_TITLES,
  type AnnualReturnFiling,
  type InstituteFigure,
  type SettingsSection,
} from "~/schemas/site-settings";
import { INDIAN_STATES } from "~/utils/indian-states";
import { useSchemaForm } from "~/utils/use-schema-form";

// The cards of /admin/settings: one form per section, each posting its own
// intent, so saving one never touches another.

/** A section's values as text, the way inputs hold them; "on" for a ticked box. */
export type SettingsFormDefaults = Record<string, string | undefined>;

export type SectionFormProps = { defaultValue: SettingsFormDefaults; lastResult?: SubmissionResult<string[]> };

export function SettingsCard({ section, intro, children }: { section: SettingsSection; intro: ReactNode; children: ReactNode }) {
  const headingId = `settings-${section}-heading`;
  return (
    <section aria-labelledby={headingId} className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
      <h2 id={headingId} className="text-xl font-bold text-navy-900">
        {SETTINGS_TITLES[section]}
      </h2>
      <div className="mt-1 text-sm text-slate-600">{intro}</div>
      {children}
    </section>
  );
}

export function SaveButton({ section }: { section: SettingsSection }) {
  const navigation = useNavigation();
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") === section;
  return (
    <div className="mt-2 sm:col-span-2">
      <button type="submit" name="intent" value={section} disabled={saving} className={buttonClass("primary")}>
        {saving ? "Saving..." : `Save ${SETTINGS_TITLES[section].toLowerCase()}`}
      </button>
    </div>
  );
}

export function NotificationSettingsForm({ defaultValue, lastResult }: SectionFormProps) {
  const [form, fields] = useSchemaForm(NotificationSettingsSchema, { id: "settings-notifications", lastResult, defaultValue });
  return (
    <SettingsCard section="notifications" intro="Mail to the team when someone needs an answer. Each message links to where it is read.">
      <Form method="post" {...getFormProps(form)} className="mt-4 grid gap-x-4 sm:grid-cols-2">
        <FormErrors errors={form.errors} id={form.errorId} />
        <TextField field={fields.notifyAddress} label="Send notifications to" type="email" autoComplete="email" required wide />
        <CheckboxField
          field={fields.contactMessages}
          label="A new contact message"
          hint="Sent when someone writes through the contact form."
        />
        <CheckboxField
          field={fields.enrolmentLeads}
          label="A new enrollment lead"
          hint="Sent when a student fills in the enrollment information form."
        />
        <SaveButton section="notifications" />
      </Form>
    </SettingsCard>
  );
}

const STATE_OPTIONS = INDIAN_STATES.map((state) => ({ value: state.code, label: `${state.name} (${state.code})` }));

export function InvoicingSettingsForm({ defaultValue, lastResult }: SectionFormProps) {
  const [form, fields] = useSchemaForm(InvoicingSettingsSchema, { id: "settings-invoicing", lastResult, defaultValue });
  return (
    <SettingsCard
      section="invoicing"
      intro="Printed on every receipt and tax invoice. Without a GSTIN the institute is not registered for GST and issues plain receipts without tax. Prices on the site include GST."
    >
      <Form method="post" {...getFormProps(form)} className="mt-4 grid gap-x-4 sm:grid-cols-2">
        <FormErrors errors={form.errors} id={form.errorId} />
        <TextField field={fields.legalName} label="Legal name" autoComplete="organization" required wide />
        <TextField field={fields.address} label="Address" autoComplete="address-line1" required wide />
        <TextField field={fields.city} label="City" autoComplete="address-level2" required />
        <TextField field={fields.pin} label="PIN code" inputMode="numeric" autoComplete="postal-code" maxLength={6} required />
        <SelectField field={fields.stateCode} label="State" placeholder="Choose the state" options={STATE_OPTIONS} required />
        <TextField field={fields.gstin} label="GSTIN (leave empty if not registered)" autoCapitalize="characters" maxLength={15} />
        <TextField field={fields.gstRatePercent} label="GST rate (%)" type="number" min={0} max={40} inputMode="numeric" required />
        <TextField
          field={fields.sac}
          label="SAC"
          inputMode="numeric"
          maxLength={6}
          hint="999293: commercial training and coaching."
          required
        />
        <TextField field={fields.invoicePrefix} label="Invoice number prefix" maxLength={3} autoCapitalize="characters" required />
        <TextField field={fields.creditNotePrefix} label="Credit note number prefix" maxLength={3} autoCapitalize="characters" required />
        <TextareaField field={fields.invoiceNote} label="Note printed on invoices (optional)" rows={3} wide />
        <SaveButton section="invoicing" />
      </Form>
    </SettingsCard>
  );
}

/** The figures form always offers every row; a row left empty is no figure. */
function figureRows(figures: InstituteFigure[]): InstituteFigure[] {
  const blank = { value: "", label: "", asOf: "" };
  return [...figures, ...Array.from({ length: MAX_INSTITUTE_FIGURES - figures.length }, () => blank)];
}

const ROWS_UNREADABLE = ["The figures could not be read", "Each figure is a row of value, label and as of: fill in the rows below."];

/**
 * A hand-made post whose rows (`figures`, `returns`) are not rows of fields
 * (one value, or a list of values) can be neither listed back (Conform
 * refuses) nor shown on a row's field: show the stored rows with a message over them.
 */
function postShownBack(
  lastResult: SubmissionResult<string[]> | undefined,
  name: string,
  stored: Record<string, string>[],
  message: string[],
) {
  const posted = lastResult?.initialValue?.[name];
  const rowsReadable = posted === undefined || (Array.isArray(posted) && posted.every((row) => typeof row === "object" && row !== null));
  if (!lastResult?.initialValue || rowsReadable) return lastResult;
  return {
    ...lastResult,
    initialValue: { ...lastResult.initialValue, [name]: stored },
    error: { ...lastResult.error, "": message },
  };
}

export function FigureSettingsForm({
  figures,
  minimumShown,
  lastResult,
}: {
  figures: InstituteFigure[];
  minimumShown: number | undefined;
  lastResult?: SubmissionResult<string[]>;
}) {
  const [form, fields] = useSchemaForm(FigureSettingsSchema, {
    id: "settings-figures",
    lastResult: postShownBack(lastResult, "figures", figureRows(figures), ROWS_UNREADABLE),
    defaultValue: { figures: figureRows(figures), minimumShown: minimumShown === undefined ? "" : String(minimumShown) },
  });
  const rows = fields.figures.getFieldList();
  return (
    <SettingsCard
      section="figures"
      intro={
        <>
          The site shows the counts it knows itself (students enrolled, courses, events held), as of the day the page is shown. Add a figure
          only with the day it was true, such as “12 · Mentors · 2026-11-01”. Never a figure of returns, profit, accuracy or success: SEBI
          forbids them. A figure below the smallest figure shown is left out everywhere, counts included.
        </>
      }
    >
      <Form method="post" {...getFormProps(form)} className="mt-4 grid gap-4">
        <FormErrors errors={form.errors ?? fields.figures.errors} id={form.errorId} />
        <TextField
          field={fields.minimumShown}
          label="Smallest figure shown"
          hint="Leave empty to show every figure above zero."
          type="number"
          inputMode="numeric"
          min={0}
        />
        {rows.map((row, index) => {
          const { value, label, asOf } = row.getFieldset();
          return (
            <fieldset key={row.key} className="grid gap-x-4 rounded-xl border border-slate-200 p-4 sm:grid-cols-3">
              <legend className="px-1 text-sm font-semibold text-slate-700">Figure {index + 1}</legend>
              <TextField field={value} label="Value" maxLength={20} />
              <TextField field={label} label="Label" maxLength={60} />
              <TextField field={asOf} label="As of" type="date" />
            </fieldset>
          );
        })}
        <SaveButton section="figures" />
      </Form>
    </SettingsCard>
  );
}

/** The annual returns form offers every row; a row left empty is no return. */
const annualReturnRows = (returns: AnnualReturnFiling[]): AnnualReturnFiling[] => [
  ...returns,
  ...Array.from({ length: MAX_ANNUAL_RETURNS - returns.length }, () => ({ financialYear: "", filedOn: "" })),
];

const RETURNS_UNREADABLE = [
  "The annual returns could not be read",
  "Each return is a row of financial year and filed on: fill in the rows below.",
];

export function AnnualReturnSettingsForm({
  returns,
  lastResult,
}: {
  returns: AnnualReturnFiling[];
  lastResult?: SubmissionResult<string[]>;
}) {
  const [form, fields] = useSchemaForm(AnnualReturnSettingsSchema, {
    id: "settings-annual-returns",
    lastResult: postShownBack(lastResult, "returns", annualReturnRows(returns), RETURNS_UNREADABLE),
    defaultValue: { returns: annualReturnRows(returns) },
  });
  return (
    <SettingsCard
      section="annualReturns"
      intro={
        <>
          The day the annual return (GSTR-9) for a financial year was filed. A credit note for that year&apos;s invoices reduces GST only
          until 30 November after the year ends, or until this day when it is earlier (CGST Act s.34(2)); a later one is still issued,
          marked as reducing no GST, and the team is mailed.
        </>
      }
    >
      <Form method="post" {...getFormProps(form)} className="mt-4 grid gap-4">
        <FormErrors errors={form.errors ?? fields.returns.errors} id={form.errorId} />
        {fields.returns.getFieldList().map((row, index) => {
          const { financialYear, filedOn } = row.getFieldset();
          return (
            <fieldset key={row.key} className="grid gap-x-4 rounded-xl border border-slate-200 p-4 sm:grid-cols-2">
              <legend className="px-1 text-sm font-semibold text-slate-700">Return {index + 1}</legend>
              <TextField field={financialYear} label="Financial year" maxLength={7} hint="Like 2025-26." />
              <TextField field={filedOn} label="Filed on (India)" type="date" />
            </fieldset>
          );
        })}
        <SaveButton section="annualReturns" />
      </Form>
    </SettingsCard>
  );
}

/** What the next retention run deletes, as the card says it; the oldest as an India date. */
export type RetentionPreview = { leads: number; messages: number; oldestLabel: string | null; mailContents: number };

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** "3 enrollment leads and 1 contact message will be deleted at the next run (the oldest from Jan 5, 2025)." */
function retentionPreviewText({ leads, messages, oldestLabel }: RetentionPreview): string {
  const what = `${plural(leads, "enrollment lead", "enrollment leads")} and ${plural(messages, "contact message", "contact messages")}`;
  return `${what} will be deleted at the next run${oldestLabel ? ` (the oldest from ${oldestLabel})` : ""}.`;
}

/** "The contents of 120 sent mails will be removed at the next run." */
const mailContentsPreviewText = ({ mailContents }: RetentionPreview) =>
  mailContents > MAIL_CONTENTS_COUNT_CAP
    ? `The contents of more than ${MAIL_CONTENTS_COUNT_CAP.toLocaleString("en-IN")} sent mails will be removed at the next run.`
    : `The contents of ${plural(mailContents, "sent mail", "sent mails")} will be removed at the next run.`;

export function RetentionSettingsForm({ defaultValue, lastResult, preview }: SectionFormProps & { preview: RetentionPreview }) {
  const [form, fields] = useSchemaForm(RetentionSettingsSchema, { id: "settings-retention", lastResult, defaultValue });
  return (
    <SettingsCard
      section="retention"
      intro={
        <>
          <p>
            Enrollment leads and contact messages are deleted once a day when they are older than the months below; the DPDP Rules ask that
            they be kept at least a year. Processing logs go after their own months, at least 12. Consent records stay while the consent
            stands and for 3 years after it is withdrawn (the limitation period). Orders and tax documents are kept for 72 months as the GST
            law requires, whatever is set here.
          </p>
          <p className="mt-2">
            Sent mails keep their contents (the text, and attachments such as receipts) for the months set, at least 12. After that the
            contents are removed and the list of what was sent stays: recipient, subject, date and state. Mail not yet sent, or failed,
            keeps everything, since it may be sent again. Tax invoices are kept as tax documents of their own, not as mail.
          </p>
        </>
      }
    >
      <div role="status" className="mt-3 grid gap-1 rounded-xl bg-amber-50 p-3 text-sm font-semibold text-amber-900 ring-1 ring-amber-200">
        <p>{retentionPreviewText(preview)}</p>
        <p>{mailContentsPreviewText(preview)}</p>
      </div>
      <Form method="post" {...getFormProps(form)} className="mt-4 grid gap-x-4 sm:grid-cols-2">
        <FormErrors errors={form.errors} id={form.errorId} />
        {(
          [
            [fields.leadMonths, "Delete enrollment leads and contact messages after N months", 12, 120, "At least 12 months."],
            [
              fields.logMonths,
              "Delete processing logs (audit log, share-link downloads) after N months",
              12,
              120,
              "At least 12 months (DPDP Rules, rule 8(3)); 12 when left empty.",
            ],
            [
              fields.mailContentMonths,
              "Keep sent mails' contents for N months",
              12,
              120,
              "At least 12 months (DPDP Rules, rule 8(3)); 12 when left empty. Who it went to, the subject, date and state stay.",
            ],
            [
              fields.shareLinkDays,
              "Excel share links work for N days",
              1,
              30,
              "1 to 30 days; a link made before a change keeps its own end date.",
            ],
          ] as const
        ).map(([field, label, min, max, hint]) => (
          <TextField
            key={field.name}
            field={field}
            label={label}
            type="number"
            min={min}
            max={max}
            inputMode="numeric"
            hint={hint}
            required={field.name !== "logMonths" && field.name !== "mailContentMonths"}
          />
        ))}
        <SaveButton section="retention" />
      </Form>
    </SettingsCard>
  );
}
