import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { NewPasswordField } from "~/components/new-password-field";
import { buttonClass } from "~/components/ui/button";
import { checkUserToken } from "~/models/accounts/user-token.server";
import { ResetPasswordSchema } from "~/schemas/password-reset";
import { chooseNewPassword, type LinkRefusal } from "~/services/accounts/password-reset.server";
import { readFormData } from "~/utils/form-data.server";
import { pageMeta } from "~/utils/seo";
import { signIn } from "~/services/accounts/sessions/student-session.server";
import { createToastHeaders } from "~/utils/toast.server";
import { useSchemaForm } from "~/utils/use-schema-form";
import { AuthCard, AuthFormError, RefusedLinkCard } from "./__auth-card";

// /reset-password?token=…: the link in the "Reset your password" message.
// Opening it only shows the form (mail scanners open links too, and a GET must
// not use one up); the form's POST uses the link, sets the password, ends
// every session of the student and signs them in afresh.

export const meta: MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Choose a New Password",
    description: "Choose a new password for your student account.",
    path: "/reset-password",
    noindex: true,
  });

const refusalStatus = (refusal: LinkRefusal) => (refusal === "invalid" ? 400 : 410);
const refused = (refusal: LinkRefusal) => data({ refusal, token: "", email: null, result: null }, { status: refusalStatus(refusal) });

export async function loader({ request }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const link = checkUserToken("reset-password", token);
  if (link.state !== "valid") return refused(link.state);
  return { refusal: null, token, email: link.email, result: null };
}

export async function action({ request }: ActionFunctionArgs) {
  const submission = parseWithZod(await readFormData(request), { schema: ResetPasswordSchema });
  if (submission.status !== "success") {
    return data({ refusal: null, result: submission.reply({ hideFields: ["password"] }) }, { status: 400 });
  }
  const outcome = await chooseNewPassword(submission.value.token, submission.value.password);
  if (!outcome.ok && "refusal" in outcome) return refused(outcome.refusal);
  if (!outcome.ok) {
    const errors = { fieldErrors: { password: [outcome.passwordProblem] } };
    return data({ refusal: null, result: submission.reply({ ...errors, hideFields: ["password"] }) }, { status: 400 });
  }
  const headers = await createToastHeaders({
    title: "Password changed",
    description: "Your new password is set and you are signed in. Every other session has been signed out.",
  });
  return signIn(request, outcome.userId, "/", { headers });
}

const REFUSALS: Record<LinkRefusal, { title: string; text: string }> = {
  expired: {
    title: "This link has expired",
    text: "Reset links work for 1 hour. Ask for a new one: it takes a minute.",
  },
  used: {
    title: "This link has already been used",
    text: "Each link works once. If you have just set a new password, sign in with it; otherwise ask for a new link.",
  },
  invalid: {
    title: "This link is not valid",
    text: "It may have been cut short: copy the whole address from the message. Or ask for a new link.",
  },
};

export default function ResetPasswordPage() {
  const page = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const submitting = useNavigation().state === "submitting";
  const [form, fields] = useSchemaForm(ResetPasswordSchema, { id: "reset-password", lastResult: actionData?.result });
  const refusal = actionData?.refusal ?? page.refusal;

  if (refusal) {
    return (
      <RefusedLinkCard
        title="Choose a New Password"
        intro="This page sets a new password with the link we sent by email."
        refusal={REFUSALS[refusal]}
        next={{ to: "/forgot-password", label: "Ask for a new link" }}
        back={{ to: "/login", label: "Back to Sign In" }}
      />
    );
  }
  return (
    <AuthCard
      title="Choose a New Password"
      intro={`Choose a new password for ${page.email ?? "your account"}. Every other session of yours will be signed out.`}
      footer="Did not ask for this? Close this page: nothing changes without the button."
    >
      <Form method="post" {...getFormProps(form)} className="grid gap-1">
        <AuthFormError form={form} />
        <input type="hidden" name="token" value={page.token} />
        <NewPasswordField field={fields.password} />
        <button type="submit" disabled={submitting} className={buttonClass("primary", "mt-2 w-full")}>
          {submitting ? "Saving..." : "Set my new password"}
        </button>
      </Form>
    </AuthCard>
  );
}
