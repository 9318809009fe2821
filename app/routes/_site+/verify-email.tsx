import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { buttonClass } from "~/components/ui/button";
import { confirmEmailAddress } from "~/models/accounts/user.server";
import { checkUserToken, type TokenState } from "~/models/accounts/user-token.server";
import { signIn } from "~/services/accounts/sessions/student-session.server";
import { readFormData } from "~/utils/form-data.server";
import { pageMeta } from "~/utils/seo";
import { createToastHeaders } from "~/utils/toast.server";
import { AuthCard, RefusedLinkCard } from "./__auth-card";

// /verify-email?token=…: the link in the "Confirm your email address" message.
// Opening it only shows a button (mail scanners and link previews open links
// too, and a GET must change nothing); the button's POST confirms the address,
// uses the link up and signs the student in.

export const meta: MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Confirm Your Email",
    description: "Confirm your email address for your student account.",
    path: "/verify-email",
    noindex: true,
  });

type Refusal = Exclude<TokenState, "valid">;
const refusalStatus = (state: Refusal) => (state === "invalid" ? 400 : 410);

export async function loader({ request }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const check = checkUserToken("verify-email", token);
  if (check.state !== "valid") return data({ state: check.state, token: "", email: null }, { status: refusalStatus(check.state) });
  return { state: check.state, token, email: check.email };
}

export async function action({ request }: ActionFunctionArgs) {
  const token = (await readFormData(request)).get("token");
  const confirmed = confirmEmailAddress(typeof token === "string" ? token : "");
  if (!confirmed.ok) return data({ state: confirmed.state }, { status: refusalStatus(confirmed.state) });
  const headers = await createToastHeaders({
    title: "Email confirmed",
    description: `Thank you: ${confirmed.email} is confirmed, and you are signed in.`,
  });
  return signIn(request, confirmed.userId, "/", { headers });
}

const REFUSALS: Record<Refusal, { title: string; text: string }> = {
  expired: {
    title: "This link has expired",
    text: "Confirmation links work for 24 hours. Sign in with your password and ask for a new link on your account page.",
  },
  used: {
    title: "This link has already been used",
    text: "Each link works once, so your email address may well be confirmed already. Sign in to see it on your account page.",
  },
  invalid: {
    title: "This link is not valid",
    text: "It may have been cut short: copy the whole address from the message. Or sign in and ask for a new link on your account page.",
  },
};

export default function VerifyEmailPage() {
  const page = useLoaderData<typeof loader>();
  const refused = useActionData<typeof action>();
  const submitting = useNavigation().state === "submitting";
  const state = refused?.state ?? page.state;

  if (state !== "valid") {
    return (
      <RefusedLinkCard
        title="Confirm Your Email"
        intro="This page confirms the email address of a new account, with the link we sent."
        refusal={REFUSALS[state]}
        next={{ to: `/login?${new URLSearchParams({ redirectTo: "/account" })}`, label: "Go to Sign In" }}
        back={{ to: "/", label: "Back to Home" }}
      />
    );
  }
  return (
    <AuthCard
      title="Confirm Your Email"
      intro={`Confirm that ${page.email ?? "this address"} is yours to finish setting up your account.`}
      footer="Did not sign up? Close this page: nothing happens without the button."
    >
      <Form method="post">
        <input type="hidden" name="token" value={page.token} />
        <button type="submit" disabled={submitting} className={buttonClass("primary", "w-full")}>
          {submitting ? "Confirming..." : "Confirm my email address"}
        </button>
      </Form>
    </AuthCard>
  );
}
