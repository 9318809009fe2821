import type { LoaderFunctionArgs } from "@remix-run/node";
import { Form, NavLink, Outlet, useLoaderData } from "@remix-run/react";
import { buttonClass } from "~/components/ui/button";
import { requireAdmin } from "~/utils/admin-auth.server";
import { canAccess, roleLabel, type AdminArea } from "~/utils/permissions";

// The admin panel's frame (admin spec §2 Admin panel): welcome text, role
// badge, Logout, and the tabs a role may open, each a route of its own.

// Tabs appear here as their screens land (Courses, Events, Content: issue 5;
// Users, Analytics: issue 6).
const TABS: { area: AdminArea; to: string; label: string; shortLabel?: string }[] = [
  { area: "dashboard", to: "/admin", label: "Dashboard", shortLabel: "Stats" },
];

export async function loader({ request }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request);
  return { admin: { adminId: admin.adminId, role: admin.role } };
}

export default function AdminPanel() {
  const { admin } = useLoaderData<typeof loader>();
  const tabs = TABS.filter((tab) => canAccess(admin.role, tab.area));
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
                <NavLink
                  to={tab.to}
                  end={tab.to === "/admin"}
                  className={({ isActive }) =>
                    `block rounded-t-lg px-4 py-2.5 text-sm font-semibold ${isActive ? "bg-slate-100 text-navy-900" : "text-white hover:bg-white/10"}`
                  }
                >
                  {tab.shortLabel ? (
                    <>
                      <span className="sm:hidden">{tab.shortLabel}</span>
                      <span className="hidden sm:inline">{tab.label}</span>
                    </>
                  ) : (
                    tab.label
                  )}
                </NavLink>
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
