import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link } from "@remix-run/react";
import { buttonClass } from "~/components/ui/button";
import { getUserId, signOut } from "~/services/accounts/sessions/student-session.server";
import { pageMeta } from "~/utils/seo";

// /api/logout lives in the site layout because a GET shows a page: a link or
// a prefetch must never sign anyone out, only the POST does.

export const meta: MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: "Log Out", description: "Sign out of your student account.", path: "/api/logout", noindex: true });

export async function loader({ request }: LoaderFunctionArgs) {
  if (!(await getUserId(request))) throw redirect("/");
  return null;
}

/** POST /api/logout: ends the session and goes home. */
export async function action({ request }: ActionFunctionArgs) {
  return signOut(request, "/");
}

export default function LogoutConfirmation() {
  return (
    <div className="flex flex-1 items-start justify-center bg-slate-100 px-4 py-16">
      <div className="w-full max-w-sm rounded-2xl bg-white p-8 text-center shadow-sm ring-1 ring-slate-200">
        <h1 className="text-2xl font-bold text-navy-900">Log out?</h1>
        <p className="mt-2 text-slate-600">You will need to sign in again to register for events or enrol.</p>
        <div className="mt-6 flex justify-center gap-3">
          <Form method="post" reloadDocument>
            <button type="submit" className={buttonClass("secondary")}>
              Logout
            </button>
          </Form>
          <Link to="/" className={buttonClass("ghost")}>
            Cancel
          </Link>
        </div>
      </div>
    </div>
  );
}
