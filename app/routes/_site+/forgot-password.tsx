import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { FormNotice, TextField } from "~/components/forms";
import { buttonClass } from "~/components/ui/button";
import { ForgotPasswordSchema } from "~/schemas/password-reset";
import { askForPasswordReset } from "~/services/accounts/password-reset.server";
import { retryAfterFromAction, retryAfterHeaders } from "~/services/throttle/wait";
import { readFormData } from "~/utils/form-data.server";
import { pageMeta } from "~/utils/seo";
import { useSchemaForm } from "~/utils/use-schema-form";
import { AuthCard, AuthFormError } from "./__auth-card";

// "Forgot your password?": asks for the email address and mails a reset link
// when it has an account. Every valid request gets the same redirect, so the
// page never tells who has an account here; only the mailbox learns it.
// Students who only ever signed in with a provider set a first password here too.

export const headers = retryAfterFromAction;

export const meta: MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Forgot Your Password",
    description: "Get a link by email to choose a new password for your student account.",
    path: "/forgot-password",
    noindex: true,
  });

const SENT_PATH = "/forgot-password?sent=1";

export async function loader({ request }: LoaderFunctionArgs) {
  return { sent: new URL(request.url).searchParams.has("sent") };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const submission = parseWithZod(await readFormData(request), { schema: ForgotPasswordSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const outcome = await askForPasswordReset(submission.value.email, context.clientAddress ?? "unknown");
  if (!outcome.ok) {
    return data(
      { result: submission.reply({ formErrors: [outcome.message] }) },
      { status: outcome.status, headers: retryAfterHeaders(outcome) },
    );
  }
  return redirect(SENT_PATH);
}

export default function ForgotPasswordPage() {
  const { sent } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const submitting = useNavigation().state === "submitting";
  const [form, fields] = useSchemaForm(ForgotPasswordSchema, { id: "forgot-password", lastResult: actionData?.result });

  return (
    <AuthCard
      title="Forgot Your Password"
      intro="Enter the email address of your account and we will send you a link to choose a new password."
      footer={
        <>
          Remembered it?{" "}
          <Link to="/login" className="font-semibold text-teal-700 underline-offset-4 hover:underline">
            Sign in
          </Link>
        </>
      }
    >
      {sent && !actionData ? (
        <div className="mb-6" role="status">
          <FormNotice title="Check your email">
            If an account uses that address, a link to choose a new password is on its way. It works once, for 1 hour. No message after a
            few minutes? Check your spam folder, or ask again below.
          </FormNotice>
        </div>
      ) : null}
      <Form method="post" {...getFormProps(form)} className="grid gap-1">
        <AuthFormError form={form} />
        <TextField field={fields.email} label="Email" type="email" autoComplete="email" required />
        <button type="submit" disabled={submitting} className={buttonClass("primary", "mt-2 w-full")}>
          {submitting ? "Sending..." : "Send me a reset link"}
        </button>
      </Form>
    </AuthCard>
  );
}
