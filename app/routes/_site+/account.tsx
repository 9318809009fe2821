import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { Badge } from "~/components/ui/badge";
import { buttonClass } from "~/components/ui/button";
import { getAccountOverview, sendEmailConfirmation } from "~/models/accounts/user.server";
import { providerConnection, startOAuthLink } from "~/services/accounts/student-sign-in.server";
import { requireUser } from "~/services/accounts/sessions/student-session.server";
import { readFormData } from "~/utils/form-data.server";
import { pageMeta } from "~/utils/seo";
import { redirectWithToast, type Toast } from "~/utils/toast.server";
import { retryAfterFromAction } from "~/services/throttle/wait";
import { confirmAdultAccount } from "./__account-adult.server";
import { ConfirmAdultForm } from "./__account-adult";
import { askToChangeEmail, loadProfileAndDevices, saveProfile, savePassword, signOutOtherDevices } from "./__account.server";
import { AccountSection } from "~/components/account-section";
import { DevicesList, EmailChangeForm, PasswordForm, ProfileForm } from "./__account-forms";
import { loadCalendarFeed, renewCalendarAddress } from "./__account-calendar.server";
import { CalendarFeedSection } from "./__account-calendar";

// /account: the signed-in student's own account: who they are (name and an
// optional phone, which they edit here), whether their email is confirmed
// (with a new link on request), how they sign in (their password, changed or
// set here), and the devices signed in; a provider is connected here (after
// signing in some other way), never by an email that merely matches. A student
// in a batch also finds the private calendar feed of their live classes.

export const headers = retryAfterFromAction;

export const meta: MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: "Your Account", description: "Your details and how you sign in.", path: "/account", noindex: true });

const SIGN_IN_FIRST = { title: "Please sign in", description: "Sign in to see your account." };

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request, { whenSignedOut: SIGN_IN_FIRST });
  const account = getAccountOverview(user.id);
  if (!account) throw new Response("Not Found", { status: 404 });
  return {
    name: [account.firstName, account.lastName].filter(Boolean).join(" "),
    email: account.email,
    emailConfirmed: account.emailVerifiedAt !== null,
    adultConfirmed: account.adultConfirmedAt !== null,
    hasPassword: account.hasPassword,
    provider: providerConnection(user.id),
    calendarFeed: loadCalendarFeed(user.id),
    ...(await loadProfileAndDevices(request, user.id)),
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(request, { whenSignedOut: SIGN_IN_FIRST });
  const formData = await readFormData(request);
  const intent = formData.get("intent");
  if (intent === "profile") return saveProfile(user, formData);
  if (intent === "change-email") return askToChangeEmail(request, user, formData, context.clientAddress ?? "unknown");
  if (intent === "change-password") return savePassword(request, user, formData, context.clientAddress ?? "unknown");
  if (intent === "sign-out-others") return signOutOtherDevices(request, user);
  if (intent === "confirm-adult") return confirmAdultAccount(user.id, formData);
  if (intent === "new-calendar-address") return renewCalendarAddress(user.id);
  if (intent === "send-confirmation") {
    const outcome = sendEmailConfirmation(user.id);
    return redirectWithToast("/account", CONFIRMATION_TOASTS[outcome](user.email));
  }
  if (intent !== "connect-provider") throw new Response("Bad Request", { status: 400 });
  try {
    // Off to the provider; the callback links what comes back to this student.
    return await startOAuthLink(request, user.id);
  } catch (error) {
    console.warn("Connecting the sign-in provider could not start:", error);
    return redirectWithToast("/account", {
      type: "destructive",
      title: "Not connected",
      description: "We could not reach the sign-in provider. Please try again later.",
    });
  }
}

const CONFIRMATION_TOASTS: Record<ReturnType<typeof sendEmailConfirmation>, (email: string) => Toast> = {
  sent: (email) => ({ title: "Link sent", description: `We have sent a new confirmation link to ${email}. It works for 24 hours.` }),
  "just-sent": () => ({
    title: "Link already on its way",
    description: "We sent you one less than a minute ago: please check your inbox.",
  }),
  "already-confirmed": () => ({ title: "Email already confirmed", description: "Your email address is confirmed: nothing more to do." }),
};

export default function AccountPage() {
  const account = useLoaderData<typeof loader>();
  const last = useActionData<typeof action>();
  return (
    <div className="flex flex-1 justify-center bg-slate-100 px-4 py-12 sm:py-16">
      <div className="grid w-full max-w-2xl content-start gap-6">
        <h1 className="text-3xl font-bold text-navy-900">Your Account</h1>
        <nav aria-label="Your account" className="flex flex-wrap gap-x-6 gap-y-2">
          <Link to="/account/orders" className="font-medium text-navy-900 underline">
            Your orders and receipts
          </Link>
          <Link to="/account/events" className="font-medium text-navy-900 underline">
            Your events
          </Link>
          <Link to="/account/privacy" className="font-medium text-navy-900 underline">
            Your data and privacy
          </Link>
        </nav>

        <AccountSection id="profile-heading" title="Profile">
          <dl className="grid gap-3 sm:grid-cols-[10rem_1fr]">
            <dt className="font-medium text-slate-600">Name</dt>
            <dd className="text-slate-900">{account.name || "Not given"}</dd>
            <dt className="font-medium text-slate-600">Email</dt>
            <dd className="flex flex-wrap items-center gap-2 break-all text-slate-900">
              {account.email}
              {account.emailConfirmed ? <Badge tone="green">Confirmed</Badge> : <Badge tone="gold">Not confirmed yet</Badge>}
            </dd>
            {account.pendingEmail ? (
              <>
                <dt className="font-medium text-slate-600">New email</dt>
                <dd className="break-all text-slate-900">
                  {`Change to ${account.pendingEmail} pending`}: use the link we sent there (it works for 24 hours).
                </dd>
              </>
            ) : null}
          </dl>
          {account.emailConfirmed ? null : (
            <Form method="post" className="mt-4 flex flex-wrap items-center gap-3 rounded-lg bg-amber-50 p-4 text-amber-950">
              <p className="flex-1 text-sm">
                Please confirm your email address with the link we sent you, so that you can connect other ways to sign in and we know our
                messages reach you.
              </p>
              <button type="submit" name="intent" value="send-confirmation" className={buttonClass("outline")}>
                Send a new link
              </button>
            </Form>
          )}
          {account.adultConfirmed ? null : <ConfirmAdultForm />}
          <h3 className="mb-3 mt-6 text-lg font-semibold text-navy-900">Your details</h3>
          <ProfileForm last={last} profile={account.profile} />
          <h3 className="mb-3 mt-6 text-lg font-semibold text-navy-900">Change your email address</h3>
          <EmailChangeForm last={last} hasPassword={account.hasPassword} />
        </AccountSection>

        <AccountSection id="sign-in-methods-heading" title="Sign-in methods">
          <ul className="grid divide-y divide-slate-200">
            <li className="flex flex-wrap items-center justify-between gap-3 py-3">
              <span className="font-medium text-slate-900">Password</span>
              <span className="text-slate-700">{account.hasPassword ? "Set" : "Not set"}</span>
            </li>
            {account.provider ? (
              <li className="flex flex-wrap items-center justify-between gap-3 py-3">
                <span className="font-medium text-slate-900">{account.provider.name}</span>
                {account.provider.connectedAs !== null ? (
                  <span className="break-all text-slate-700">
                    Connected{account.provider.connectedAs ? ` as ${account.provider.connectedAs}` : ""}
                  </span>
                ) : (
                  // A full page post: the answer is a redirect to the provider, which a fetch cannot follow.
                  <Form method="post" reloadDocument>
                    <button type="submit" name="intent" value="connect-provider" className={buttonClass("outline")}>
                      Connect {account.provider.name}
                    </button>
                  </Form>
                )}
              </li>
            ) : null}
          </ul>
          <h3 className="mt-6 mb-3 text-lg font-semibold text-navy-900">
            {account.hasPassword ? "Change your password" : "Set a password"}
          </h3>
          <PasswordForm last={last} hasPassword={account.hasPassword} />
        </AccountSection>

        <AccountSection id="devices-heading" title="Signed-in devices">
          <DevicesList devices={account.devices} />
        </AccountSection>

        <CalendarFeedSection feed={account.calendarFeed} />
      </div>
    </div>
  );
}
