import { getFormProps } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { CheckboxField, FileField, TextField } from "~/components/forms";
import { CertificateSettingsFormSchema } from "~/schemas/site-settings";
import { UPLOAD_KINDS } from "~/schemas/uploads";
import { useSchemaForm } from "~/utils/use-schema-form";
import { SaveButton, SettingsCard } from "./__settings-forms";

/** Who signs the certificates, posted with its signature image to /admin/settings/certificate. */
export function CertificateSettingsForm({
  defaultValue,
}: {
  defaultValue: { signatoryName?: string; signatoryTitle?: string; signatureUrl?: string };
}) {
  const [form, fields] = useSchemaForm(CertificateSettingsFormSchema, { id: "settings-certificate", defaultValue });
  const image = UPLOAD_KINDS.image;
  return (
    <div id="certificate-settings">
      <SettingsCard
        section="certificate"
        intro="Each new certificate carries the institute's logo and, when set, an authorised signatory's signature, name and title. Certificates already issued keep what they print."
      >
        <Form
          method="post"
          action="/admin/settings/certificate"
          encType="multipart/form-data"
          {...getFormProps(form)}
          className="mt-4 grid gap-x-4 sm:grid-cols-2"
        >
          <TextField field={fields.signatoryName} label="Signatory's name" maxLength={100} autoComplete="off" />
          <TextField field={fields.signatoryTitle} label="Signatory's title" maxLength={100} placeholder="e.g. Director" />
          <FileField
            field={fields.signature}
            label="Signature image"
            accept={image.accept}
            hint="A .png (a transparent background prints best) or .jpg of the signature, up to 5 MB. It replaces the one stored."
          />
          {defaultValue.signatureUrl ? (
            <div>
              <p className="mb-1 text-sm font-medium text-slate-700">Stored signature</p>
              <img
                src={defaultValue.signatureUrl}
                alt="The stored signature"
                className="h-16 w-auto rounded bg-slate-50 p-1 ring-1 ring-slate-200"
              />
              <CheckboxField field={fields.removeSignature} label="Remove the stored signature" />
            </div>
          ) : null}
          <SaveButton section="certificate" />
        </Form>
      </SettingsCard>
    </div>
  );
}
