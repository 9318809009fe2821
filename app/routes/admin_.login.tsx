import { getFormProps, getInputProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useState } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { FormNotice, TextField, inputClass } from "~/components/forms";
import { buttonClass } from "~/components/ui/button";
import { AdminLoginSchema } from "~/schemas/admin-login";
import { ADMIN_LOGIN_MESSAGES } from "~/content/messages/admin";
import { signInAdmin } from "~/services/accounts/admin-sign-in.server";
import { retryAfterFromAction, retryAfterHeaders } from "~/services/throttle/wait";
import { adminHome, getOptionalAdmin, startAdminSession } from "~/services/accounts/sessions/admin-session.server";
import { pageMeta } from "~/utils/seo";
import { redirectWithToast } from "~/utils/toast.server";
import { useSchemaForm } from "~/utils/use-schema-form";
import { readFormData } from "~/utils/form-data.server";

// /admin/login: Admin ID and
// password, a separate session from students', 'Login Successful' and on to
// the panel; a failure shows the red box with the message.

export const headers = retryAfterFromAction;

export const meta: MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: "Admin Login", description: "Sign in to the admin panel.", path: "/admin/login", noindex: true });

export async function loader({ request }: LoaderFunctionArgs) {
  const redirectTo = new URL(request.url).searchParams.get("redirectTo");
  const admin = await getOptionalAdmin(request);
  if (admin) throw redirect(adminHome(admin, redirectTo));
  return { redirectTo: redirectTo ?? "" };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const submission = parseWithZod(await readFormData(request), { schema: AdminLoginSchema });
  if (submission.status !== "success") {
    return data({ result: submission.reply({ hideFields: ["password"] }) }, { status: 400 });
  }
  const outcome = await signInAdmin(submission.value, context.clientAddress ?? "unknown", request.headers.get("Cookie"));
  if (!outcome.ok) {
    return data(
      { result: submission.reply({ formErrors: [outcome.message], hideFields: ["password"] }) },
      { status: outcome.status, headers: retryAfterHeaders(outcome) },
    );
  }
  const headers = new Headers();
  headers.append("Set-Cookie", await startAdminSession(request, outcome.admin));
  headers.append("Set-Cookie", outcome.knownDeviceCookie);
  const home = adminHome(outcome.admin, submission.value.redirectTo);
  return redirectWithToast(
    `/admin/signed-in?${new URLSearchParams({ to: home })}`,
    { title: ADMIN_LOGIN_MESSAGES.successTitle, description: ADMIN_LOGIN_MESSAGES.successText },
    { headers },
  );
}

export default function AdminLogin() {
  const { redirectTo } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const submitting = useNavigation().state === "submitting";
  const hydrated = useHydrated();
  const [showPassword, setShowPassword] = useState(false);
  const [form, fields] = useSchemaForm(AdminLoginSchema, {
    id: "admin-login",
    lastResult: actionData?.result,
  });
  const { key: passwordKey, ...passwordProps } = getInputProps(fields.password, { type: showPassword ? "text" : "password" });

  return (
    <main id="main" className="flex min-h-screen items-start justify-center bg-navy-900 px-4 py-16">
      <div className="w-full max-w-md rounded-2xl bg-white p-6 shadow-xl sm:p-8">
        <h1 className="text-3xl font-bold text-navy-900">Admin Login</h1>
        <p className="mt-2 text-sm text-slate-600">Only authorized administrators can access this area.</p>
        <Form method="post" {...getFormProps(form)} className="mt-6 grid gap-1">
          {form.errors?.length ? (
            <div id={form.errorId} className="mb-4">
              <FormNotice title={ADMIN_LOGIN_MESSAGES.failedTitle}>{form.errors[0]}</FormNotice>
            </div>
          ) : null}
          <input type="hidden" name="redirectTo" value={redirectTo} />
          <TextField field={fields.adminId} label="Admin ID" autoComplete="username" required />
          <div className="grid gap-1.5">
            <label htmlFor={fields.password.id} className="text-sm font-semibold text-navy-900">
              Password <span aria-hidden="true">*</span>
            </label>
            <div className="flex gap-2">
              <input key={passwordKey} {...passwordProps} autoComplete="current-password" className={inputClass} />
              {hydrated ? (
                <button
                  type="button"
                  onClick={() => setShowPassword((shown) => !shown)}
                  aria-pressed={showPassword}
                  className={buttonClass("outline", "shrink-0")}
                >
                  {showPassword ? "Hide" : "Show"}
                  <span className="sr-only"> password</span>
                </button>
              ) : null}
            </div>
            <p id={fields.password.errorId} className="min-h-5 text-sm text-red-700">
              {fields.password.errors?.[0]}
            </p>
          </div>
          <button type="submit" disabled={submitting} className={buttonClass("primary", "mt-2 w-full")}>
            {submitting ? "Logging in..." : "Login"}
          </button>
        </Form>
        <p className="mt-6 text-center text-sm">
          <Link to="/" className="font-semibold text-navy-900 underline-offset-4 hover:underline">
            Back to the website
          </Link>
        </p>
      </div>
    </main>
  );
}
