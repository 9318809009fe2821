import { getFormProps } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { FormErrors } from "~/components/admin/admin-dialog";
import { SelectField, TextField } from "~/components/forms";
import { InstituteSettingsSchema } from "~/schemas/institute-settings";
import { INDIAN_STATES } from "~/utils/indian-states";
import { useSchemaForm } from "~/utils/use-schema-form";
import { SaveButton, SettingsCard, type SectionFormProps } from "./__settings-forms";

// The card of /admin/settings that says who the institute is to a visitor:
// every page's header and footer, the contact page, mails and PDFs read it.

const STATE_OPTIONS = INDIAN_STATES.map((state) => ({ value: state.code, label: state.name }));

export function InstituteSettingsForm({ defaultValue, lastResult }: SectionFormProps) {
  const [form, fields] = useSchemaForm(InstituteSettingsSchema, { id: "settings-institute", lastResult, defaultValue });
  return (
    <SettingsCard
      section="institute"
      intro="The name, contact details and links every page, mail and PDF shows. A social link left empty is not shown. In the legal texts, {{name}} and {{email}} stand for the name and contact email below."
    >
      <Form method="post" {...getFormProps(form)} className="mt-4 grid gap-x-4 sm:grid-cols-2">
        <FormErrors errors={form.errors} id={form.errorId} />
        <TextField field={fields.name} label="Institute name" autoComplete="organization" maxLength={100} required wide />
        <TextField field={fields.tagline} label="Tagline" maxLength={200} required wide />
        <TextField field={fields.email} label="Contact email" type="email" autoComplete="email" required wide />
        <TextField field={fields.phone1} label="Phone 1" type="tel" autoComplete="tel" hint="Like +91 98765 43210." required />
        <TextField field={fields.phone2} label="Phone 2 (optional)" type="tel" />
        <TextField field={fields.phone3} label="Phone 3 (optional)" type="tel" />
        <TextField
          field={fields.whatsappNumber}
          label="WhatsApp number"
          inputMode="numeric"
          maxLength={20}
          hint="Digits only, country code first: 919876543210."
          required
        />
        <TextField
          field={fields.hours}
          label="Business hours"
          maxLength={100}
          hint="When the team answers, in IST, like Everyday 10 AM - 7:00 PM IST. Shown in the footer, on the contact page and in the chat."
          wide
        />
        <TextField field={fields.addressLine1} label="Address" autoComplete="address-line1" required wide />
        <TextField field={fields.addressLine2} label="Address line 2 (optional)" autoComplete="address-line2" wide />
        <TextField field={fields.city} label="City" autoComplete="address-level2" required />
        <SelectField field={fields.stateCode} label="State" placeholder="Choose the state" options={STATE_OPTIONS} required />
        <TextField field={fields.pin} label="PIN code" inputMode="numeric" autoComplete="postal-code" maxLength={6} required />
        <TextField field={fields.telegramUrl} label="Telegram link (optional)" inputMode="url" hint="https://t.me/…" />
        <TextField field={fields.instagramUrl} label="Instagram link (optional)" inputMode="url" hint="https://www.instagram.com/…" />
        <TextField field={fields.youtubeUrl} label="YouTube link (optional)" inputMode="url" hint="https://www.youtube.com/…" />
        <TextField field={fields.facebookUrl} label="Facebook link (optional)" inputMode="url" hint="https://www.facebook.com/…" />
        <SaveButton section="institute" />
      </Form>
    </SettingsCard>
  );
}
