import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form, useNavigation } from "@remix-run/react";
import { TextField } from "~/components/forms";
import { buttonClass } from "~/components/ui/button";
import { NomineeSchema } from "~/schemas/nominee";
import { useSchemaForm } from "~/utils/use-schema-form";

// The nominee on /account/privacy (DPDP Act s.14): who may use the student's
// data rights after their death or incapacity. Plain forms: they work without
// JavaScript; with it, the same fields are checked as they are typed.

export type NomineeView = { name: string; relation: string; contact: string; updatedOn: string };

export function NomineeSection({ nominee, lastResult }: { nominee: NomineeView | null; lastResult?: SubmissionResult<string[]> | null }) {
  const submitting = useNavigation().state === "submitting";
  const [form, fields] = useSchemaForm(NomineeSchema, {
    id: "nominee",
    lastResult,
    defaultValue: nominee ? { name: nominee.name, relation: nominee.relation, contact: nominee.contact } : undefined,
  });
  return (
    <div className="grid gap-4 text-slate-800">
      <p>
        Name one person who may use your rights over your data (see it, correct it, erase it) if you die or can no longer act yourself. We
        act on their request once they show us proof.
      </p>
      {nominee ? (
        <div className="grid gap-2">
          <p>
            <strong className="font-semibold">Your nominee:</strong> {nominee.name} ({nominee.relation}), {nominee.contact}. Named or
            changed on {nominee.updatedOn}.
          </p>
          <Form method="post" action="/account/privacy">
            <input type="hidden" name="intent" value="remove-nominee" />
            <button type="submit" disabled={submitting} className={buttonClass("outline")}>
              Remove my nominee
            </button>
          </Form>
        </div>
      ) : (
        <p>You have not named a nominee.</p>
      )}
      <Form method="post" action="/account/privacy" {...getFormProps(form)} className="grid gap-4">
        <input type="hidden" name="intent" value="save-nominee" />
        <TextField field={fields.name} label="Nominee's full name" autoComplete="off" required />
        <TextField
          field={fields.relation}
          label="How they are related to you"
          hint="For example spouse, parent, sibling, friend."
          required
        />
        <TextField field={fields.contact} label="Their email address or phone number" autoComplete="off" required />
        <button type="submit" disabled={submitting} className={buttonClass("primary", "justify-self-start")}>
          {nominee ? "Change my nominee" : "Name my nominee"}
        </button>
      </Form>
    </div>
  );
}
