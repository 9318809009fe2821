import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { buttonClass } from "~/components/ui/button";
import { safeRedirectPath } from "~/utils/redirect-target";
import { pageMeta } from "~/utils/seo";
import { AuthCard } from "./__auth-card";
import { useInstitute } from "~/utils/use-institute";

// /signup/check-email: where every valid sign-up lands, new email or taken.
// One page for both, so it cannot tell anyone whether an address has an
// account here; the message in that mailbox says which it was.

export const meta: MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Check Your Email",
    description: "We have sent you a message to finish signing up.",
    path: "/signup/check-email",
    noindex: true,
  });

export async function loader({ request }: LoaderFunctionArgs) {
  const redirectTo = safeRedirectPath(new URL(request.url).searchParams.get("redirectTo"));
  return { loginHref: redirectTo === "/" ? "/login" : `/login?${new URLSearchParams({ redirectTo })}` };
}

export default function CheckEmailPage() {
  const { loginHref } = useLoaderData<typeof loader>();
  const { email } = useInstitute();
  return (
    <AuthCard
      title="Check Your Email"
      intro="We have sent a message to the address you signed up with. It says what to do next."
      footer={
        <>
          Nothing after a few minutes? Look in your spam folder, or write to{" "}
          <a href={`mailto:${email}`} className="font-semibold text-teal-700 underline-offset-4 hover:underline">
            {email}
          </a>
          .
        </>
      }
    >
      <ul className="grid list-disc gap-3 pl-5 text-slate-700">
        <li>New here? Open the link in the message to confirm your email address. It works once, for 24 hours.</li>
        <li>Already had an account with this address? The message tells you how to sign in to it.</li>
      </ul>
      <p className="mt-4 text-slate-700">You can sign in with your email and password right away.</p>
      <Link to={loginHref} className={buttonClass("primary", "mt-6 w-full")}>
        Go to Sign In
      </Link>
    </AuthCard>
  );
}
