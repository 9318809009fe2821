import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { ConsentCheckbox } from "~/components/consent-checkbox";
import { CheckboxField, TextField } from "~/components/forms";
import { NewPasswordField } from "~/components/new-password-field";
import { buttonClass } from "~/components/ui/button";
import { SignupSchema } from "~/schemas/auth";
import { ADULT_BOX_LABEL } from "~/schemas/consent";
import { oauthProviderName, registerStudent } from "~/services/accounts/student-sign-in.server";
import { retryAfterFromAction, retryAfterHeaders } from "~/services/throttle/wait";
import { requireAnonymous } from "~/services/accounts/sessions/student-session.server";
import { safeRedirectPath } from "~/utils/redirect-target";
import { pageMeta } from "~/utils/seo";
import { useSchemaForm } from "~/utils/use-schema-form";
import { AuthCard, AuthFormError, OAuthButton } from "./__auth-card";
import { readFormData } from "~/utils/form-data.server";

export const headers = retryAfterFromAction;

export const meta: MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Create an Account",
    description: "Create a free student account to register for events and enrol in courses.",
    path: "/signup",
    noindex: true,
  });

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAnonymous(request);
  return {
    redirectTo: safeRedirectPath(new URL(request.url).searchParams.get("redirectTo")),
    oauthProvider: oauthProviderName(),
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  await requireAnonymous(request);
  const submission = parseWithZod(await readFormData(request), { schema: SignupSchema });
  if (submission.status !== "success") {
    return data({ result: submission.reply({ hideFields: ["password"] }) }, { status: 400 });
  }
  const outcome = await registerStudent(submission.value, context.clientAddress ?? "unknown");
  if (!outcome.ok) {
    const field = "field" in outcome ? outcome.field : undefined;
    const errors = field ? { fieldErrors: { [field]: [outcome.message] } } : { formErrors: [outcome.message] };
    return data(
      { result: submission.reply({ ...errors, hideFields: ["password"] }) },
      { status: outcome.status, headers: retryAfterHeaders(outcome) },
    );
  }
  // The same answer for a new and a taken email: the mail says which (docs/decisions/0011).
  return redirect(checkEmailPath(safeRedirectPath(submission.value.redirectTo)));
}

// Under the DPDP Act a child's data needs a parent's verifiable consent; until the site can take that, it takes no minors.
const ADULT_HINT = "Accounts are for adults only: someone under 18 needs a parent's consent, which we cannot take yet.";

/** Where every valid sign-up lands, carrying where the student was going. */
function checkEmailPath(redirectTo: string): string {
  return redirectTo === "/" ? "/signup/check-email" : `/signup/check-email?${new URLSearchParams({ redirectTo })}`;
}

export default function SignupPage() {
  const { redirectTo, oauthProvider } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const submitting = useNavigation().state === "submitting";
  const [form, fields] = useSchemaForm(SignupSchema, {
    id: "signup",
    lastResult: actionData?.result,
  });
  const loginHref = redirectTo === "/" ? "/login" : `/login?${new URLSearchParams({ redirectTo })}`;

  return (
    <AuthCard
      title="Create an Account"
      intro="A free account lets you register for events, enrol in courses and follow your progress."
      footer={
        <>
          Already have an account?{" "}
          <Link to={loginHref} className="font-semibold text-teal-700 underline-offset-4 hover:underline">
            Sign in
          </Link>
        </>
      }
    >
      {oauthProvider ? <OAuthButton providerName={oauthProvider} redirectTo={redirectTo} /> : null}
      <Form method="post" {...getFormProps(form)} className="grid gap-x-4 gap-y-1 sm:grid-cols-2">
        <AuthFormError form={form} className="mb-4 sm:col-span-2" />
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <TextField field={fields.firstName} label="First name" autoComplete="given-name" required />
        <TextField field={fields.lastName} label="Last name" autoComplete="family-name" required />
        <TextField field={fields.email} label="Email" type="email" autoComplete="email" required wide />
        <NewPasswordField field={fields.password} />
        <CheckboxField field={fields.adult} label={ADULT_BOX_LABEL} hint={ADULT_HINT} mustTick />
        <ConsentCheckbox field={fields.consent} kind="account" />
        <button type="submit" disabled={submitting} className={buttonClass("primary", "mt-2 w-full sm:col-span-2")}>
          {submitting ? "Creating account..." : "Create Account"}
        </button>
      </Form>
    </AuthCard>
  );
}
