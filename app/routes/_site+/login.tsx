import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { FormNotice, TextField } from "~/components/forms";
import { buttonClass } from "~/components/ui/button";
import { LoginSchema } from "~/schemas/auth";
import { oauthProviderName, signInWithPassword } from "~/services/accounts/student-sign-in.server";
import { retryAfterFromAction, retryAfterHeaders } from "~/services/throttle/wait";
import { requireAnonymous, signIn } from "~/services/accounts/sessions/student-session.server";
import { safeRedirectPath } from "~/utils/redirect-target";
import { pageMeta } from "~/utils/seo";
import { useSchemaForm } from "~/utils/use-schema-form";
import { AuthCard, AuthFormError, OAuthButton } from "./__auth-card";
import { readFormData } from "~/utils/form-data.server";
import { readSettings } from "~/models/site/site-settings.server";

export const headers = retryAfterFromAction;

export const meta: MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Sign In",
    description: "Sign in to your student account to register for events and continue your courses.",
    path: "/login",
    noindex: true,
  });

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAnonymous(request);
  const params = new URL(request.url).searchParams;
  const oauthProvider = oauthProviderName();
  return {
    redirectTo: safeRedirectPath(params.get("redirectTo")),
    oauthProvider,
    providerNotice:
      params.get("notice") === "deactivated"
        ? deactivatedNotice(readSettings("institute").email)
        : oauthProvider
          ? providerNotice(params.get("notice"), oauthProvider)
          : null,
  };
}

/** Shown after a deactivated student's password or provider sign-in (signIn sends them here): only an admin can undo it. */
const deactivatedNotice = (contactEmail: string) => ({
  title: "This account has been deactivated",
  text: `You cannot sign in to it. If you think this is a mistake, write to us at ${contactEmail}.`,
});

/**
 * Why the provider did not sign the visitor in (the OAuth callback sends them
 * here): an email neither side may vouch for never joins an account, so the
 * owner signs in with the password and connects the provider from /account.
 */
function providerNotice(notice: string | null, provider: string): { title: string; text: string } | null {
  const then = `sign in with your email and password, then connect ${provider} on your account page.`;
  if (notice === "link-from-account")
    return {
      title: "Sign in with your password first",
      text: `An account here already uses the email address ${provider} gave us. To use ${provider}, ${then}`,
    };
  if (notice === "unverified-email")
    return {
      title: "Sign in with your password first",
      text: `${provider} has not confirmed your email address, so we cannot use it to sign you in. If you have an account here, ${then}`,
    };
  return null;
}

export async function action({ request, context }: ActionFunctionArgs) {
  await requireAnonymous(request);
  // The strategy reads the body again, so parse a copy.
  const submission = parseWithZod(await readFormData(request.clone()), { schema: LoginSchema });
  if (submission.status !== "success") {
    return data({ result: submission.reply({ hideFields: ["password"] }) }, { status: 400 });
  }
  const outcome = await signInWithPassword(request, context.clientAddress ?? "unknown");
  if (!outcome.ok) {
    return data(
      { result: submission.reply({ formErrors: [outcome.message], hideFields: ["password"] }) },
      { status: outcome.status, headers: retryAfterHeaders(outcome) },
    );
  }
  return signIn(request, outcome.userId, safeRedirectPath(submission.value.redirectTo), {
    headers: { "Set-Cookie": outcome.knownDeviceCookie },
  });
}

export default function LoginPage() {
  const { redirectTo, oauthProvider, providerNotice } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const submitting = useNavigation().state === "submitting";
  const [form, fields] = useSchemaForm(LoginSchema, {
    id: "login",
    lastResult: actionData?.result,
  });
  const signupHref = redirectTo === "/" ? "/signup" : `/signup?${new URLSearchParams({ redirectTo })}`;

  return (
    <AuthCard
      title="Sign In"
      intro="Welcome back. Sign in to register for events and continue your courses."
      footer={
        <>
          New here?{" "}
          <Link to={signupHref} className="font-semibold text-teal-700 underline-offset-4 hover:underline">
            Create an account
          </Link>
        </>
      }
    >
      {providerNotice && !form.errors?.length ? (
        <div className="mb-6">
          <FormNotice title={providerNotice.title}>{providerNotice.text}</FormNotice>
        </div>
      ) : null}
      {oauthProvider ? <OAuthButton providerName={oauthProvider} redirectTo={redirectTo} /> : null}
      <Form method="post" {...getFormProps(form)} className="grid gap-1">
        <AuthFormError form={form} />
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <TextField field={fields.email} label="Email" type="email" autoComplete="email" required />
        <TextField field={fields.password} label="Password" type="password" autoComplete="current-password" required />
        <p className="-mt-1 mb-2 text-right text-sm">
          <Link to="/forgot-password" className="font-semibold text-teal-700 underline-offset-4 hover:underline">
            Forgot your password?
          </Link>
        </p>
        <button type="submit" disabled={submitting} className={buttonClass("primary", "mt-2 w-full")}>
          {submitting ? "Signing in..." : "Sign In"}
        </button>
      </Form>
    </AuthCard>
  );
}
