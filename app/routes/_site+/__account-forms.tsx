import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form, useNavigation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { FormNotice, TextField } from "~/components/forms";
import { NewPasswordField } from "~/components/new-password-field";
import { buttonClass } from "~/components/ui/button";
import { ChangeEmailSchema, ChangePasswordSchema, ProfileSchema, type AccountIntent } from "~/schemas/account";
import { useSchemaForm } from "~/utils/use-schema-form";

// The forms of the student's account page that change something of theirs:
// name and phone, password, and the devices signed in. Each posts its
// `intent` to /account as a plain form, so each works without JavaScript.

export type LastAccountPost = { intent: AccountIntent; result: SubmissionResult<string[]> } | undefined;

const resultFor = (intent: AccountIntent, last: LastAccountPost) => (last?.intent === intent ? last.result : undefined);

/**
 * Conform bound to the intent's schema. A successful post redirects back here
 * without action data; the form then starts again from what is stored (a
 * typed password must not stay in the page).
 */
function useAccountForm<Schema extends Parameters<typeof useSchemaForm>[0]>(
  intent: AccountIntent,
  schema: Schema,
  last: LastAccountPost,
  defaultValue?: Parameters<typeof useSchemaForm<Schema>>[1]["defaultValue"],
) {
  const [form, fields] = useSchemaForm(schema, { id: `account-${intent}`, lastResult: resultFor(intent, last), defaultValue });
  const navigation = useNavigation();
  const posting = navigation.state !== "idle" && navigation.formData?.get("intent") === intent;
  const wasPosting = useRef(false);
  useEffect(() => {
    if (posting) {
      wasPosting.current = true;
      return;
    }
    if (!wasPosting.current) return;
    wasPosting.current = false;
    if (last?.intent !== intent) form.reset();
  }, [posting, last, intent, form]);
  return [form, fields] as const;
}

export function SubmitButton({
  intent,
  label,
  pendingLabel,
  tone = "secondary",
}: {
  intent: AccountIntent;
  label: string;
  pendingLabel: string;
  tone?: "secondary" | "outline";
}) {
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  return (
    <button type="submit" name="intent" value={intent} disabled={submitting} className={buttonClass(tone, "justify-self-start")}>
      {submitting ? pendingLabel : label}
    </button>
  );
}

function FormLevelErrors({ errors, id }: { errors?: string[]; id: string }) {
  return errors?.length ? (
    <div className="sm:col-span-2">
      <FormNotice id={id} title="That change was not made">
        {errors.join(" ")}
      </FormNotice>
    </div>
  ) : null;
}

export function ProfileForm({ last, profile }: { last: LastAccountPost; profile: { firstName: string; lastName: string; phone: string } }) {
  const [form, fields] = useAccountForm("profile", ProfileSchema, last, profile);
  return (
    <Form method="post" {...getFormProps(form)} className="grid gap-x-4 sm:grid-cols-2">
      <FormLevelErrors errors={form.errors} id={form.errorId} />
      <TextField field={fields.firstName} label="First name" required autoComplete="given-name" maxLength={50} />
      <TextField field={fields.lastName} label="Last name" required autoComplete="family-name" maxLength={50} />
      <TextField
        field={fields.phone}
        label="Mobile number (optional)"
        type="tel"
        autoComplete="tel"
        inputMode="tel"
        wide
        hint="An Indian mobile number. We use it only to call you or message you on WhatsApp about your courses and events; leave it empty and we will write by email instead."
      />
      <SubmitButton intent="profile" label="Save details" pendingLabel="Saving..." />
    </Form>
  );
}

export function EmailChangeForm({ last, hasPassword }: { last: LastAccountPost; hasPassword: boolean }) {
  const [form, fields] = useAccountForm("change-email", ChangeEmailSchema, last);
  if (!hasPassword)
    return (
      <p className="text-sm text-slate-700">
        To change your email address, first set a password below: we ask for it to make sure the change is yours.
      </p>
    );
  return (
    <Form method="post" {...getFormProps(form)} className="grid gap-x-4 sm:grid-cols-2">
      <FormLevelErrors errors={form.errors} id={form.errorId} />
      <p className="mb-3 text-sm text-slate-700 sm:col-span-2">
        We send a link to the new address; your address changes when you use it. Your current address gets a note that a change was asked
        for.
      </p>
      <TextField field={fields.newEmail} label="New email address" type="email" autoComplete="email" required />
      <TextField field={fields.currentPassword} label="Current password" type="password" autoComplete="current-password" required />
      <SubmitButton intent="change-email" label="Send the link" pendingLabel="Sending..." />
    </Form>
  );
}

export function PasswordForm({ last, hasPassword }: { last: LastAccountPost; hasPassword: boolean }) {
  const [form, fields] = useAccountForm("change-password", ChangePasswordSchema, last);
  return (
    <Form method="post" {...getFormProps(form)} className="grid gap-x-4">
      <FormLevelErrors errors={form.errors} id={form.errorId} />
      <p className="mb-3 text-sm text-slate-700">
        {hasPassword
          ? "Changing your password signs you out on every other device; this one stays signed in."
          : "You sign in through a provider and have no password here yet. Set one to sign in with your email too; other devices are signed out."}
      </p>
      {hasPassword ? (
        <TextField field={fields.currentPassword} label="Current password" type="password" autoComplete="current-password" required wide />
      ) : null}
      <NewPasswordField field={fields.newPassword} label="New password" />
      <SubmitButton intent="change-password" label={hasPassword ? "Change password" : "Set a password"} pendingLabel="Saving..." />
    </Form>
  );
}

export type DeviceRow = { id: string; device: string; signedIn: string | null; current: boolean };

export function DevicesList({ devices }: { devices: DeviceRow[] }) {
  const others = devices.filter((device) => !device.current).length;
  return (
    <>
      <ul className="grid divide-y divide-slate-200">
        {devices.map((device) => (
          <li key={device.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
            <span className="font-medium text-slate-900">
              {device.device}
              {device.current ? (
                <span className="ml-2 rounded-full bg-teal-100 px-2 py-0.5 text-xs font-semibold text-teal-900">This device</span>
              ) : null}
            </span>
            <span className="text-slate-700">{device.signedIn ? `Signed in ${device.signedIn}` : "Signed in earlier"}</span>
          </li>
        ))}
      </ul>
      {others > 0 ? (
        <Form method="post" className="mt-4">
          <SubmitButton intent="sign-out-others" label="Sign out everywhere else" pendingLabel="Signing out..." tone="outline" />
        </Form>
      ) : (
        <p className="mt-4 text-sm text-slate-700">No other device is signed in.</p>
      )}
    </>
  );
}
