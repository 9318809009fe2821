import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { buttonClass } from "~/components/ui/button";
import { confirmEmailChange, type EmailChangeOutcome } from "~/models/accounts/email-change.server";
import { checkUserToken } from "~/models/accounts/user-token.server";
import { readFormData } from "~/utils/form-data.server";
import { pageMeta } from "~/utils/seo";
import { getUserId, loginPath } from "~/services/accounts/sessions/student-session.server";
import { redirectWithToast } from "~/utils/toast.server";
import { AuthCard, RefusedLinkCard } from "./__auth-card";

// /confirm-email-change?token=…: the link in "Confirm your new email address".
// Opening it only shows a button (mail scanners open links too, and a GET must
// change nothing); the button's POST moves the account to the new address,
// which then counts as confirmed. It needs no session: the link is the proof,
// and it can only finish a change the signed-in student asked for.

export const meta: MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Confirm Your New Email",
    description: "Confirm the new email address of your student account.",
    path: "/confirm-email-change",
    noindex: true,
  });

type Refusal = Exclude<EmailChangeOutcome, { ok: true }>["state"];
const refusalStatus = (state: Refusal) => (state === "invalid" ? 400 : state === "taken" ? 409 : 410);

export async function loader({ request }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const check = checkUserToken("change-email", token);
  if (check.state !== "valid") return data({ state: check.state, token: "", email: null }, { status: refusalStatus(check.state) });
  return { state: check.state, token, email: check.email };
}

export async function action({ request }: ActionFunctionArgs) {
  const token = (await readFormData(request)).get("token");
  const changed = confirmEmailChange(typeof token === "string" ? token : "");
  if (!changed.ok) return data({ state: changed.state }, { status: refusalStatus(changed.state) });
  const toast = { title: "Email address changed", description: `Your account now uses ${changed.email}, and it is confirmed.` };
  // The student's own browser goes back to the account page; any other browser signs in first.
  const signedIn = (await getUserId(request)) === changed.userId;
  return redirectWithToast(signedIn ? "/account" : loginPath("/account"), toast);
}

const REFUSALS: Record<Refusal, { title: string; text: string }> = {
  expired: {
    title: "This link has expired",
    text: "Links to confirm a new address work for 24 hours. Ask again on your account page: your address has not changed.",
  },
  used: {
    title: "This link has already been used",
    text: "Each link works once, so your address may well have changed already. Sign in to see it on your account page.",
  },
  invalid: {
    title: "This link is not valid",
    text: "It may have been cut short, or a newer change was asked for since: copy the whole address from the newest message, or ask again on your account page.",
  },
  taken: {
    title: "This address is already in use",
    text: "Another account started using this email address after you asked, so your address has not changed. Choose another on your account page.",
  },
};

export default function ConfirmEmailChangePage() {
  const page = useLoaderData<typeof loader>();
  const refused = useActionData<typeof action>();
  const submitting = useNavigation().state === "submitting";
  const state = refused?.state ?? page.state;

  if (state !== "valid") {
    return (
      <RefusedLinkCard
        title="Confirm Your New Email"
        intro="This page moves your account to a new email address, with the link we sent there."
        refusal={REFUSALS[state]}
        next={{ to: "/account", label: "Go to your account" }}
        back={{ to: "/", label: "Back to Home" }}
      />
    );
  }
  return (
    <AuthCard
      title="Confirm Your New Email"
      intro={`Use ${page.email ?? "this address"} for your account from now on.`}
      footer="Did not ask for this? Close this page: nothing changes without the button."
    >
      <Form method="post">
        <input type="hidden" name="token" value={page.token} />
        <button type="submit" disabled={submitting} className={buttonClass("primary", "w-full")}>
          {submitting ? "Confirming..." : "Confirm my new email address"}
        </button>
      </Form>
    </AuthCard>
  );
}
