import { Link } from "@remix-run/react";
import type { FieldMetadata } from "@conform-to/react";
import { CheckboxField } from "~/components/forms";
import { CONSENT_BOX_LABEL, FORM_CONSENT, type FormConsentKind } from "~/schemas/consent";

/**
 * What a form's personal data is for, in one sentence, and the box that agrees
 * to it: never ticked in advance, and required by the form's schema.
 */
export function ConsentCheckbox<T>({ field, kind }: { field: FieldMetadata<T, Record<string, unknown>, string[]>; kind: FormConsentKind }) {
  return (
    <div className="sm:col-span-2">
      <p className="text-sm text-slate-700">
        <strong className="font-semibold">Why we ask:</strong> {FORM_CONSENT[kind].statement}{" "}
        <Link to="/privacy" className="font-medium text-teal-700 underline">
          Privacy Policy
        </Link>
      </p>
      <CheckboxField field={field} label={CONSENT_BOX_LABEL} mustTick />
    </div>
  );
}
