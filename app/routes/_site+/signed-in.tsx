import { redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { buttonClass } from "~/components/ui/button";
import { COOKIE_REFUSED_MESSAGES } from "~/content/messages/account";
import { getUserId, loginPath } from "~/services/accounts/sessions/student-session.server";
import { safeRedirectPath } from "~/utils/redirect-target";
import { pageMeta } from "~/utils/seo";
import { useInstitute } from "~/utils/use-institute";
import { AuthCard } from "./__auth-card";

// /signed-in?to=…: every student sign-in passes here. With the session cookie
// back, the student goes on to `to` at once; a browser that refused the cookie
// would otherwise land signed out with no word, so this page says why.

export const meta: MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: COOKIE_REFUSED_MESSAGES.title, description: COOKIE_REFUSED_MESSAGES.text, path: "/signed-in", noindex: true });

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const to = safeRedirectPath(url.searchParams.get("to"));
  if (await getUserId(request)) throw redirect(to);
  return { host: url.host, loginHref: loginPath(to) };
}

export default function SignedInCheckPage() {
  const { host, loginHref } = useLoaderData<typeof loader>();
  const { email } = useInstitute();
  return (
    <AuthCard
      title={COOKIE_REFUSED_MESSAGES.title}
      intro={COOKIE_REFUSED_MESSAGES.text}
      footer={
        <>
          Still signed out after that? Write to{" "}
          <a href={`mailto:${email}`} className="font-semibold text-teal-700 underline-offset-4 hover:underline">
            {email}
          </a>
          .
        </>
      }
    >
      <p className="text-slate-700">{COOKIE_REFUSED_MESSAGES.fix(host)}</p>
      <Link to={loginHref} className={buttonClass("primary", "mt-6 w-full")}>
        {COOKIE_REFUSED_MESSAGES.again}
      </Link>
    </AuthCard>
  );
}
