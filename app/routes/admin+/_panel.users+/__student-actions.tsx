import { getFormProps, type FormMetadata, type SubmissionResult } from "@conform-to/react";
import { Form, Link, useNavigation } from "@remix-run/react";
import type { ReactNode } from "react";
import type { z } from "zod";
import { FormErrors } from "~/components/admin/admin-dialog";
import { FormNotice, SelectField, TextareaField, TextField, type SelectGroup } from "~/components/forms";
import { buttonClass } from "~/components/ui/button";
import {
  GrantCourseSchema,
  RevokeEnrollmentSchema,
  StudentDetailsSchema,
  StudentReasonSchema,
  UnlockLessonSchema,
  type StudentIntent,
} from "~/schemas/admin-student";
import { useSchemaForm } from "~/utils/use-schema-form";

// The forms of the admin's page for one student. Each posts its `intent` to
// the page's own action with the admin's reason for the audit log; the two
// that take something away (deactivate, revoke) are asked first on a page of
// their own (?confirm=…), which works without JavaScript.

/** What the action answered to the last post, handed to the form whose intent it was. */
export type StudentActionResult = { intent: StudentIntent; result: SubmissionResult<string[]> } | undefined;

/** Conform bound to the intent's schema, fed the action's answer when it was this form's post. */
export function useIntentForm<Schema extends z.ZodTypeAny>(
  intent: StudentIntent,
  schema: Schema,
  last: StudentActionResult,
  defaultValue?: z.input<Schema>,
) {
  return useSchemaForm(schema, { id: `student-${intent}`, lastResult: last?.intent === intent ? last.result : undefined, defaultValue });
}

/** A form that posts `intent` with the admin's reason; `children` are the fields before the reason. */
export function IntentForm({
  intent,
  form,
  reason,
  label,
  pendingLabel,
  danger,
  cancelTo,
  hidden,
  children,
}: {
  intent: StudentIntent;
  /** getFormProps of the form, and its form-level messages. */
  form: ReturnType<typeof getFormProps> & { errors?: string[]; errorId: string };
  /** The reason field (ReasonField), after `children`. */
  reason: ReactNode;
  label: string;
  pendingLabel: string;
  danger?: boolean;
  cancelTo?: string;
  hidden?: Record<string, string>;
  children?: ReactNode;
}) {
  const { errors, errorId, ...formProps } = form;
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  return (
    <Form method="post" {...formProps} className="grid gap-x-4 sm:grid-cols-2">
      <FormErrors errors={errors} id={errorId} />
      <input type="hidden" name="intent" value={intent} />
      {Object.entries(hidden ?? {}).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {children}
      {reason}
      <div className="flex flex-col-reverse gap-3 sm:col-span-2 sm:flex-row sm:justify-end">
        {cancelTo ? (
          <Link to={cancelTo} className={buttonClass("outline")}>
            Cancel
          </Link>
        ) : null}
        <button
          type="submit"
          disabled={submitting}
          className={danger ? buttonClass("secondary", "bg-red-700 hover:bg-red-800") : buttonClass("secondary")}
        >
          {submitting ? pendingLabel : label}
        </button>
      </div>
    </Form>
  );
}

export function ReasonField<T>({ field }: { field: Parameters<typeof TextareaField<T>>[0]["field"] }) {
  return <TextareaField field={field} label="Reason (kept in the audit log)" required wide rows={2} />;
}

/** What IntentForm needs of a Conform form. */
export function formOf<Schema extends Record<string, unknown>>(form: FormMetadata<Schema, string[]>) {
  return { ...getFormProps(form), errors: form.errors, errorId: form.errorId };
}

/** The forms that carry nothing but the reason (resend, reactivate, deactivate). */
function ReasonOnlyForm({
  intent,
  last,
  ...rest
}: { intent: StudentIntent; last: StudentActionResult } & Omit<Parameters<typeof IntentForm>[0], "form" | "reason" | "intent">) {
  const [form, fields] = useIntentForm(intent, StudentReasonSchema, last);
  return <IntentForm intent={intent} form={formOf(form)} reason={<ReasonField field={fields.reason} />} {...rest} />;
}

export function Panel({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="grid gap-3 rounded-xl p-4 ring-1 ring-slate-200">
      <h3 id={id} className="text-lg font-semibold text-navy-900">
        {title}
      </h3>
      {children}
    </section>
  );
}

export function EditDetailsForm({
  last,
  student,
}: {
  last: StudentActionResult;
  student: { firstName: string; lastName: string; email: string };
}) {
  const [form, fields] = useIntentForm("details", StudentDetailsSchema, last, {
    firstName: student.firstName,
    lastName: student.lastName,
    email: student.email,
  });
  return (
    <Panel id="student-details-heading" title="Name and email">
      <p className="text-sm text-slate-700">A new email address must be confirmed again: a link goes to it when you save.</p>
      <IntentForm
        intent="details"
        form={formOf(form)}
        reason={<ReasonField field={fields.reason} />}
        label="Save details"
        pendingLabel="Saving..."
      >
        <TextField field={fields.firstName} label="First name" required autoComplete="off" maxLength={50} />
        <TextField field={fields.lastName} label="Last name" required autoComplete="off" maxLength={50} />
        <TextField field={fields.email} label="Email" type="email" required autoComplete="off" wide />
      </IntentForm>
    </Panel>
  );
}

export function ResendConfirmationForm({ last }: { last: StudentActionResult }) {
  return (
    <Panel id="student-resend-heading" title="Email not confirmed">
      <p className="text-sm text-slate-700">Send a new confirmation link to the student&apos;s address (at most one a minute).</p>
      <ReasonOnlyForm intent="resend-confirmation" last={last} label="Resend confirmation link" pendingLabel="Sending..." />
    </Panel>
  );
}

export function SendPasswordResetForm({ last }: { last: StudentActionResult }) {
  return (
    <Panel id="student-reset-heading" title="Password reset">
      <p className="text-sm text-slate-700">
        Mail the student a link to choose a new password (the one &quot;Forgot your password?&quot; sends; it works once, for 1 hour).
      </p>
      <ReasonOnlyForm intent="send-password-reset" last={last} label="Send a password reset" pendingLabel="Sending..." />
    </Panel>
  );
}

export function AccountStateForm({
  last,
  studentPath,
  deactivated,
}: {
  last: StudentActionResult;
  studentPath: string;
  deactivated: string | null;
}) {
  if (deactivated)
    return (
      <Panel id="student-state-heading" title="Deactivated">
        <p className="text-sm text-slate-700">Deactivated {deactivated}. The student cannot sign in until you reactivate the account.</p>
        <ReasonOnlyForm intent="reactivate" last={last} label="Reactivate account" pendingLabel="Saving..." />
      </Panel>
    );
  return (
    <Panel id="student-state-heading" title="Account access">
      <p className="text-sm text-slate-700">
        Deactivating ends the student&apos;s sessions at once and refuses every sign-in until you reactivate it.
      </p>
      <Link to={`${studentPath}?confirm=deactivate`} className={buttonClass("outline", "justify-self-start border-red-700 text-red-800")}>
        Deactivate account
      </Link>
    </Panel>
  );
}

export function GrantCourseForm({ last, courses }: { last: StudentActionResult; courses: { id: number; title: string }[] }) {
  const [form, fields] = useIntentForm("grant", GrantCourseSchema, last);
  return (
    <Panel id="student-grant-heading" title="Grant a course">
      {courses.length === 0 ? (
        <p className="text-sm text-slate-700">The student is enrolled in every course.</p>
      ) : (
        <IntentForm
          intent="grant"
          form={formOf(form)}
          reason={<ReasonField field={fields.reason} />}
          label="Grant course"
          pendingLabel="Granting..."
        >
          <SelectField
            field={fields.courseId}
            label="Course"
            required
            wide
            placeholder="Choose a course"
            options={courses.map((course) => ({ value: String(course.id), label: course.title }))}
          />
        </IntentForm>
      )}
    </Panel>
  );
}

/** Open a lesson before its drip release for this student alone (audited with the reason). */
export function UnlockLessonForm({ last, lessons }: { last: StudentActionResult; lessons: SelectGroup[] }) {
  const [form, fields] = useIntentForm("unlock-lesson", UnlockLessonSchema, last);
  return (
    <Panel id="student-unlock-heading" title="Open a lesson early">
      <p className="text-sm text-slate-700">
        These lessons have not opened to the student yet. Opening one makes it open for this student only, now.
      </p>
      <IntentForm
        intent="unlock-lesson"
        form={formOf(form)}
        reason={<ReasonField field={fields.reason} />}
        label="Open lesson now"
        pendingLabel="Opening..."
      >
        <SelectField field={fields.lessonId} label="Lesson" required wide placeholder="Choose a lesson" options={lessons} />
      </IntentForm>
    </Panel>
  );
}

/** The question before deactivating or revoking: a page of its own, so it needs no JavaScript. */
export function ConfirmStudentChange({
  last,
  studentPath,
  name,
  confirm,
}: {
  last: StudentActionResult;
  studentPath: string;
  name: string;
  confirm: { kind: "deactivate" } | { kind: "revoke"; enrollmentId: number; courseTitle: string };
}) {
  const revoke = confirm.kind === "revoke";
  return (
    <section aria-labelledby="student-confirm-heading" className="grid gap-3 rounded-xl border-2 border-red-700 bg-red-50 p-4">
      <h3 id="student-confirm-heading" className="text-lg font-semibold text-red-900">
        {revoke ? `Revoke "${confirm.courseTitle}" from ${name}?` : `Deactivate ${name}?`}
      </h3>
      <p className="text-slate-800">
        {revoke
          ? "The student loses the course at once: its lessons and files close, and its certificate, if any, is revoked. The order stays in the history as Revoked."
          : "The student is signed out on every device at once, and password and provider sign-in are refused until you reactivate the account."}
      </p>
      {revoke ? (
        <RevokeForm last={last} studentPath={studentPath} enrollmentId={confirm.enrollmentId} />
      ) : (
        <ReasonOnlyForm
          intent="deactivate"
          last={last}
          label="Deactivate account"
          pendingLabel="Deactivating..."
          danger
          cancelTo={studentPath}
        />
      )}
    </section>
  );
}

function RevokeForm({ last, studentPath, enrollmentId }: { last: StudentActionResult; studentPath: string; enrollmentId: number }) {
  const [form, fields] = useIntentForm("revoke", RevokeEnrollmentSchema, last);
  return (
    <IntentForm
      intent="revoke"
      form={formOf(form)}
      reason={<ReasonField field={fields.reason} />}
      label="Revoke enrollment"
      pendingLabel="Revoking..."
      danger
      cancelTo={studentPath}
      hidden={{ enrollmentId: String(enrollmentId) }}
    />
  );
}

/**
 * A refused post whose form is not on the page now (a deactivation posted
 * after the account was reactivated elsewhere, a revoke without its
 * confirmation): its messages at the top, so the refusal is never silent.
 */
export function RefusedElsewhere({ last, shown }: { last: StudentActionResult; shown: StudentIntent[] }) {
  if (!last || shown.includes(last.intent)) return null;
  const messages = Object.values(last.result.error ?? {}).flatMap((errors) => errors ?? []);
  if (messages.length === 0) return null;
  return <FormNotice title="That change was not made">{messages.join(" ")}</FormNotice>;
}
