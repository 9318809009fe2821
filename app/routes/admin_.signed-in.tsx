import { redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { buttonClass } from "~/components/ui/button";
import { COOKIE_REFUSED_MESSAGES } from "~/content/messages/account";
import { adminHome, getOptionalAdmin } from "~/services/accounts/sessions/admin-session.server";
import { pageMeta } from "~/utils/seo";

// /admin/signed-in?to=…: every admin sign-in passes here, as students' do
// through /signed-in. With the admin cookie back it goes on to `to`; without
// it the page says the browser refused the cookie.

export const meta: MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: COOKIE_REFUSED_MESSAGES.title,
    description: COOKIE_REFUSED_MESSAGES.text,
    path: "/admin/signed-in",
    noindex: true,
  });

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const to = url.searchParams.get("to");
  const admin = await getOptionalAdmin(request);
  if (admin) throw redirect(adminHome(admin, to));
  return { host: url.host, loginHref: `/admin/login?${new URLSearchParams({ redirectTo: to ?? "" })}` };
}

export default function AdminSignedInCheck() {
  const { host, loginHref } = useLoaderData<typeof loader>();
  return (
    <main id="main" className="flex min-h-screen items-start justify-center bg-navy-900 px-4 py-16">
      <div className="w-full max-w-md rounded-2xl bg-white p-6 shadow-xl sm:p-8">
        <h1 className="text-3xl font-bold text-navy-900">{COOKIE_REFUSED_MESSAGES.title}</h1>
        <p className="mt-2 text-slate-600">{COOKIE_REFUSED_MESSAGES.text}</p>
        <p className="mt-4 text-slate-700">{COOKIE_REFUSED_MESSAGES.fix(host)}</p>
        <Link to={loginHref} className={buttonClass("primary", "mt-6 w-full")}>
          {COOKIE_REFUSED_MESSAGES.again}
        </Link>
      </div>
    </main>
  );
}
