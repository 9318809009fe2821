import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, isRouteErrorResponse, Link, Outlet, useLoaderData, useLocation, useRouteError } from "@remix-run/react";
import { buttonClass } from "~/components/ui/button";
import { requireAdmin } from "~/services/accounts/sessions/admin-session.server";
import { ADMIN_TABS } from "~/utils/admin-routes";
import { isNavLinkCurrent } from "~/utils/nav";
import { canAccess, roleLabel } from "~/utils/permissions";

// The admin panel's frame: welcome text, role
// badge, Logout, and the tabs a role may open, each a route of its own.

// Tabs name their own pages; this title is for the panel's error screens.
export const meta: MetaFunction = ({ error }) => [
  { title: error ? "Admin panel: cannot open this page" : "Admin panel" },
  { name: "robots", content: "noindex" },
];

export async function loader({ request }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request);
  return { admin: { adminId: admin.adminId, role: admin.role } };
}

export default function AdminPanel() {
  const { admin } = useLoaderData<typeof loader>();
  const { pathname } = useLocation();
  const tabs = ADMIN_TABS.filter((tab) => canAccess(admin.role, tab.area));
  // A tab is current on its own pages and on the resources it covers (Content: blog posts, testimonials).
  const isCurrent = (tab: (typeof tabs)[number]) =>
    tab.to === "/admin"
      ? pathname === "/admin" || pathname === "/admin/"
      : [tab.to, ...(tab.also ?? [])].some((to) => isNavLinkCurrent(pathname, to));
  return (
    <div className="min-h-screen bg-slate-100">
      <header className="bg-navy-900 text-white">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-4 px-4 py-4">
          <div>
            <p className="text-lg font-bold">Welcome, {admin.adminId}</p>
            <p className="mt-1">
              <span className="rounded-full bg-gold-400 px-2.5 py-0.5 text-xs font-semibold capitalize text-navy-900">
                {roleLabel(admin.role)}
              </span>
            </p>
          </div>
          <Form method="post" action="/admin/logout">
            <button type="submit" className={buttonClass("outline", "border-white text-white hover:bg-white/10")}>
              Logout
            </button>
          </Form>
        </div>
        <nav aria-label="Admin sections" className="mx-auto max-w-7xl px-4">
          <ul className="flex gap-1 overflow-x-auto">
            {tabs.map((tab) => (
              <li key={tab.to}>
                <Link
                  to={tab.to}
                  aria-current={isCurrent(tab) ? "page" : undefined}
                  className={`block rounded-t-lg px-4 py-2.5 text-sm font-semibold ${isCurrent(tab) ? "bg-slate-100 text-navy-900" : "text-white hover:bg-white/10"}`}
                >
                  {tab.shortLabel ? (
                    <>
                      <span className="sm:hidden">{tab.shortLabel}</span>
                      <span className="hidden sm:inline">{tab.label}</span>
                    </>
                  ) : (
                    tab.label
                  )}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </header>
      <main id="main" className="mx-auto max-w-7xl px-4 py-8">
        <Outlet />
      </main>
    </div>
  );
}

/** Errors inside the panel: a role without access (403) or an item that is gone (404) gets a plain answer. */
export function ErrorBoundary() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  if (status >= 500 && typeof document !== "undefined") console.error(error);
  const [title, text] =
    status === 403
      ? ["Access denied", "Your role cannot open this part of the admin area."]
      : status === 404
        ? ["Not found", "This item does not exist or has been deleted."]
        : status === 503
          ? ["Saving is paused", serverMessage(error, "Changes cannot be saved right now. Please try again in a few minutes.")]
          : status >= 400 && status < 500
            ? [
                "Request not accepted",
                serverMessage(error, "What was sent could not be used. Please go back, reload the page and try again."),
              ]
            : ["Something went wrong", "The admin panel could not load this page. Please try again in a moment."];
  return (
    <main id="main" className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-24 text-center">
      <h1 className="text-3xl font-bold text-navy-900">{title}</h1>
      <p className="text-slate-600">{text}</p>
      <Link to="/admin" className={buttonClass("primary")}>
        Back to the admin panel
      </Link>
    </main>
  );
}

/** What the server said about the failed request, or `fallback` when it said nothing readable. */
function serverMessage(error: unknown, fallback: string): string {
  const message = isRouteErrorResponse(error) && typeof error.data?.message === "string" ? error.data.message : undefined;
  return message ?? fallback;
}
