import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { AccountSection } from "~/components/account-section";
import { TextField } from "~/components/forms";
import { buttonClass } from "~/components/ui/button";
import { retainedAfterErasure } from "~/models/privacy/personal-data.server";
import { getAccountOverview } from "~/models/accounts/user.server";
import { DeleteAccountSchema } from "~/schemas/account-privacy";
import { retryAfterFromAction, retryAfterHeaders } from "~/services/throttle/wait";
import { startOfIndiaDay, formatLongDateInIndia } from "~/utils/dates";
import { readFormData } from "~/utils/form-data.server";
import { pageMeta } from "~/utils/seo";
import { activeDataRecipients } from "~/services/privacy/data-recipients.server";
import { requireUser, signOut } from "~/services/accounts/sessions/student-session.server";
import { createToastHeaders } from "~/utils/toast.server";
import { useSchemaForm } from "~/utils/use-schema-form";
import { grievanceContact } from "~/services/legal-pages.server";
import { PrivacyNotice } from "../__privacy-notice";
import { eraseConfirmedAccount, hasPassword } from "./__privacy.server";
import { NomineeSection } from "./__privacy-nominee";
import { findNominee, removeNominee, saveNominee } from "~/models/privacy/nominee.server";
import { NomineeSchema } from "~/schemas/nominee";
import { ConsentList, withdrawnTitle, type ConsentItem } from "./__privacy-consents";
import {
  isWithdrawablePurpose,
  newsletterConfirmedAt,
  standingConsentsOf,
  withdrawConsent,
} from "~/models/privacy/consent-withdrawal.server";
import { analyticsConsentIn } from "~/utils/analytics-consent";
import { analyticsConsentCookies, visitorIdOf } from "~/services/privacy/consent/consent-cookies.server";
import { redirectWithToast } from "~/utils/toast.server";
import { countOf } from "~/utils/plural";

// /account/privacy: the privacy notice, the student's data as a file, and
// deleting the account. Deleting asks first (?confirm=delete, a page of its
// own, so it works without JavaScript) for the current password, or the email
// address of an account without one; then everything is erased except the
// orders the GST law keeps (docs/decisions/0027-personal-data.md).

export const meta: MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Your Data and Privacy",
    description: "What we hold about you, a copy of it, and deleting your account.",
    path: "/account/privacy",
    noindex: true,
  });

const SIGN_IN_FIRST = { title: "Please sign in", description: "Sign in to see your data and privacy settings." };

/** "31 December 2033" for an India calendar day kept as "2033-12-31". */
const longDay = (isoDay: string | null) => {
  const end = isoDay === null ? null : startOfIndiaDay(isoDay);
  return end ? formatLongDateInIndia(end) : null;
};

export async function loader({ request }: LoaderFunctionArgs) {
  const student = await requireUser(request, { whenSignedOut: SIGN_IN_FIRST });
  const kept = retainedAfterErasure(student.id);
  return {
    confirming: new URL(request.url).searchParams.get("confirm") === "delete",
    hasPassword: hasPassword(student),
    keptOrders: kept.orders,
    keptUntil: longDay(kept.keptUntil),
    addressConfirmed: getAccountOverview(student.id)?.emailVerifiedAt != null,
    grievance: grievanceContact(),
    consents: consentsOf(student.id, request),
    nominee: nomineeOf(student.id),
    activeRecipients: activeDataRecipients(),
  };
}

/** The standing consents, analytics included while this browser has accepted it (its cookie is what loads the tag). */
function consentsOf(userId: string, request: Request) {
  const standing: ConsentItem[] = standingConsentsOf(userId).map((consent) => ({
    purpose: consent.purpose,
    givenOn: formatLongDateInIndia(consent.grantedAt),
  }));
  const browserAccepted = analyticsConsentIn(request.headers.get("Cookie")) === "granted";
  const withAnalytics = standing.filter((consent) => consent.purpose !== "analytics" || browserAccepted);
  if (browserAccepted && !withAnalytics.some((consent) => consent.purpose === "analytics"))
    withAnalytics.unshift({ purpose: "analytics", givenOn: null });
  const newsletterSince = newsletterConfirmedAt(userId);
  if (newsletterSince) withAnalytics.push({ purpose: "newsletter", givenOn: formatLongDateInIndia(newsletterSince) });
  return withAnalytics;
}

function nomineeOf(userId: string) {
  const nominee = findNominee(userId);
  return (
    nominee && {
      name: nominee.name,
      relation: nominee.relation,
      contact: nominee.contact,
      updatedOn: formatLongDateInIndia(nominee.updatedAt),
    }
  );
}

export const headers = retryAfterFromAction;

/** One purpose's withdrawal: recorded, its processing stopped, and analytics turned off in this browser too. */
async function withdraw(studentId: string, purpose: FormDataEntryValue | null, request: Request) {
  if (!isWithdrawablePurpose(purpose))
    return redirectWithToast("/account/privacy", { title: "That is not a purpose you can withdraw here.", type: "destructive" });
  const { visitorId, isNew } = visitorIdOf(request);
  const outcome = withdrawConsent({ userId: studentId, visitorId }, purpose);
  if (!outcome.ok) return redirectWithToast("/account/privacy", { title: outcome.message, type: "destructive" });
  const headers = purpose === "analytics" ? analyticsConsentCookies("withdrawn", isNew ? visitorId : null) : undefined;
  return redirectWithToast("/account/privacy", { title: withdrawnTitle(purpose) }, { headers });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const student = await requireUser(request, { whenSignedOut: SIGN_IN_FIRST });
  const formData = await readFormData(request);
  const intent = formData.get("intent");
  if (intent === "withdraw") return withdraw(student.id, formData.get("purpose"), request);
  if (intent === "remove-nominee") {
    const removed = removeNominee(student.id);
    return redirectWithToast("/account/privacy", { title: removed ? "Nominee removed" : "You had no nominee to remove." });
  }
  if (intent === "save-nominee") {
    const nominee = parseWithZod(formData, { schema: NomineeSchema });
    if (nominee.status !== "success") return data({ nominee: nominee.reply() }, { status: 400 });
    const { intent: _, ...input } = nominee.value;
    saveNominee(student.id, input);
    return redirectWithToast("/account/privacy", { title: "Nominee saved", description: `${input.name} is your nominee.` });
  }
  const submission = parseWithZod(formData, { schema: DeleteAccountSchema });
  if (submission.status !== "success") {
    return data({ result: submission.reply({ hideFields: ["confirmation"] }) }, { status: 400 });
  }
  const outcome = await eraseConfirmedAccount(student, submission.value.confirmation, {
    address: context.clientAddress ?? "unknown",
    cookieHeader: request.headers.get("Cookie"),
  });
  if (!outcome.ok) {
    const reply = submission.reply({ fieldErrors: { confirmation: [outcome.message] }, hideFields: ["confirmation"] });
    return data({ result: reply }, { status: outcome.status, headers: retryAfterHeaders(outcome) });
  }
  const keptUntil = longDay(outcome.keptUntil);
  const toast = await createToastHeaders({
    title: "Your account is deleted",
    description: keptUntil
      ? `Everything about you is erased except your ${ordersWord(outcome.keptOrders)}, which the GST law makes us keep until ${keptUntil}. Only our admins can see them.`
      : "Everything about you is erased. Nothing is kept.",
  });
  const signedOut = await signOut(request, "/");
  toast.forEach((value, name) => signedOut.headers.append(name, value));
  return signedOut;
}

const ordersWord = (count: number) => countOf(count, "order");

type ActionData = ReturnType<typeof useActionData<typeof action>>;

/** The nominee form's refusal, when the last post was that form. */
const nomineeResult = (actionData: ActionData) => (actionData && "nominee" in actionData ? actionData.nominee : null);

export default function AccountPrivacyPage() {
  const page = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <div className="flex flex-1 justify-center bg-slate-100 px-4 py-12 sm:py-16">
      <div className="grid w-full max-w-2xl content-start gap-6">
        <p>
          <Link to="/account" className="font-medium text-navy-900 underline">
            Back to your account
          </Link>
        </p>
        <h1 className="text-3xl font-bold text-navy-900">Your Data and Privacy</h1>
        {page.confirming ? (
          <DeleteConfirmation />
        ) : (
          <>
            <AccountSection id="notice-heading" title="What we hold and why">
              <PrivacyNotice grievance={page.grievance} activeRecipients={page.activeRecipients} />
            </AccountSection>
            <AccountSection id="consents-heading" title="Your consents">
              <ConsentList consents={page.consents} />
            </AccountSection>
            <AccountSection id="nominee-heading" title="Your nominee">
              <NomineeSection nominee={page.nominee} lastResult={nomineeResult(actionData)} />
            </AccountSection>
            <AccountSection id="download-heading" title="Download my data">
              <p className="mb-4 text-slate-800">One file (JSON) with every record we hold about you, table by table.</p>
              <UnconfirmedAddress className="mb-4 text-slate-800" />
              <a href="/account/privacy/download" download className={buttonClass("primary")}>
                Download my data
              </a>
            </AccountSection>
            <AccountSection id="delete-heading" title="Delete my account">
              <WhatIsKept />
              <Link to="?confirm=delete" className={buttonClass("outline", "mt-4")}>
                Delete my account
              </Link>
            </AccountSection>
          </>
        )}
      </div>
    </div>
  );
}

function WhatIsKept() {
  const page = useLoaderData<typeof loader>();
  return (
    <div className="grid gap-3 text-slate-800">
      <p>
        Deleting your account erases at once your profile, sign-in methods, event registrations (your seats go to others), classroom
        progress, quiz answers, certificates (their public check will say not found: download yours first if you want to keep them),
        messages to us, newsletter sign-up and the mail we sent you. You are signed out everywhere, and your email address is free to sign
        up again.
      </p>
      <UnconfirmedAddress />
      {page.keptUntil ? (
        <p>
          <strong className="font-semibold">Kept:</strong>{" "}
          {`your ${ordersWord(page.keptOrders)} (course, amount, coupon, payment status and references, and the state on the enrollment form, which is the place of supply on a tax invoice), until ${page.keptUntil}.`}{" "}
          The GST law (CGST Act, section 36) requires tax records to be kept for 72 months after the annual return of their financial year
          is due. Only our admins can see them.
        </p>
      ) : (
        <p>You have no orders, so no tax records are kept.</p>
      )}
      <p>
        The log of changes to your account is kept for at least a year, as the DPDP Rules require (rule 8(3)), and only our admins can see
        it.
      </p>
    </div>
  );
}

/**
 * Until the address is confirmed, what a visitor left under it may be another
 * person's (decision 0042): say so where it changes what the student gets.
 */
function UnconfirmedAddress({ className }: { className?: string }) {
  const page = useLoaderData<typeof loader>();
  if (page.addressConfirmed) return null;
  return (
    <p className={className}>
      Your email address is not confirmed yet, so messages sent to us, newsletter sign-ups and mail under that address that are not tied to
      your account are not counted as yours: they are not in the file, and deleting your account leaves them. If they are yours,{" "}
      <Link to="/account" className="font-medium text-navy-900 underline">
        confirm your address on your account page
      </Link>{" "}
      first.
    </p>
  );
}

function DeleteConfirmation() {
  const page = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const submitting = useNavigation().state === "submitting";
  const [form, fields] = useSchemaForm(DeleteAccountSchema, {
    id: "delete-account",
    lastResult: actionData && "result" in actionData ? actionData.result : undefined,
  });
  return (
    <AccountSection id="confirm-heading" title="Delete your account for good?">
      <WhatIsKept />
      <Form method="post" {...getFormProps(form)} className="mt-6 grid gap-4">
        <TextField
          field={fields.confirmation}
          label={page.hasPassword ? "Your current password" : "Your email address"}
          type={page.hasPassword ? "password" : "email"}
          autoComplete={page.hasPassword ? "current-password" : "off"}
          hint={
            page.hasPassword ? "Type it to confirm that it is you." : "Your account has no password: type its email address to confirm."
          }
          required
        />
        <div className="flex flex-wrap gap-3">
          <button type="submit" disabled={submitting} className={buttonClass("primary")}>
            {submitting ? "Deleting..." : "Yes, delete my account"}
          </button>
          <Link to="/account/privacy" className={buttonClass("outline")}>
            Cancel
          </Link>
        </div>
      </Form>
    </AccountSection>
  );
}
