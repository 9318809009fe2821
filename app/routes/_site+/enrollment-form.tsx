import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { currentPath, requireUser } from "~/services/accounts/sessions/student-session.server";
import { hasConfirmedAdult } from "~/models/accounts/user.server";
import { ADULT_FIRST_MESSAGE } from "~/schemas/consent";
import { confirmAdultAccount } from "./__account-adult.server";
import { ConfirmAdultForm } from "./__account-adult";
import { pageMeta } from "~/utils/seo";
import { redirectWithToast } from "~/utils/toast.server";
import { EnrollmentForm } from "./__enrollment-form";
import { enrollmentChoiceGroups, preselectedChoice, submitEnrollmentForm } from "./__enrollment-form.server";
import { readFormData } from "~/utils/form-data.server";
import { retryAfterFromAction } from "~/services/throttle/wait";

// /enrollment-form?course={id} or ?event={id}: the enrollment information form
// on its own page. Signed-in students only.

export const meta: MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Enrollment Information",
    description: "Tell us about yourself and the course or event you want to join; our team will contact you on WhatsApp.",
    path: "/enrollment-form",
    noindex: true,
  });

export const headers = retryAfterFromAction;

const SIGN_IN_FIRST = {
  title: "Please sign in",
  description: "Sign in to fill in the enrollment form.",
};

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request, { whenSignedOut: SIGN_IN_FIRST });
  const choices = enrollmentChoiceGroups();
  return {
    // The form asks to join a course or event: an account whose holder has not said they are 18 or older is asked that first.
    askAdult: !hasConfirmedAdult(user.id),
    choices,
    defaultValue: {
      name: [user.firstName, user.lastName].filter(Boolean).join(" "),
      email: user.email,
      courseOrEvent: preselectedChoice(new URL(request.url), choices),
    },
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(request, { whenSignedOut: SIGN_IN_FIRST });
  const client = context.clientAddress ?? "unknown";
  const formData = await readFormData(request);
  if (formData.get("intent") === "confirm-adult") return confirmAdultAccount(user.id, formData, currentPath(request));
  if (!hasConfirmedAdult(user.id)) return data({ result: undefined }, { status: 403 });
  const outcome = await submitEnrollmentForm(formData, user.id, { client });
  if (!outcome.saved) return data({ result: outcome.result }, { status: outcome.status, headers: outcome.headers });
  const { courseOrEventType, courseOrEventId } = outcome.input;
  return redirectWithToast(courseOrEventType === "course" ? `/courses/${courseOrEventId}` : "/events", {
    title: "Information Saved!",
    description: "Thank you — our team will contact you on WhatsApp shortly.",
  });
}

export default function EnrollmentFormPage() {
  const { choices, defaultValue, askAdult } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <div className="flex flex-1 justify-center bg-slate-100 px-4 py-12 sm:py-16">
      <div className="w-full max-w-3xl rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8">
        <h1 className="text-3xl font-bold text-navy-900">Enrollment Information</h1>
        <p className="mt-2 text-slate-600">
          Tell us a little about yourself and what you would like to join. Our team will reach you on WhatsApp.
        </p>
        <div className="mt-6">
          {askAdult ? (
            <ConfirmAdultForm reason={ADULT_FIRST_MESSAGE} />
          ) : (
            <EnrollmentForm lastResult={actionData?.result} choices={choices} defaultValue={defaultValue} />
          )}
        </div>
      </div>
    </div>
  );
}
