import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { NavLink, Outlet, useLoaderData } from "@remix-run/react";
import { formatCount } from "~/components/admin/admin-table";
import { ExcelExports, ExportButtons } from "~/components/admin/excel-exports";
import { countUserTables } from "~/models/accounts/user.server";
import { requireAdmin } from "~/services/accounts/sessions/admin-session.server";
import { pageMeta } from "~/utils/seo";
import { loadGeneratedFiles } from "./__excel-exports.server";

// The Users tab: export buttons, the four
// tables (All Users, Event Registrations, Course Enrollments, Enrollment
// Forms) each a route of its own under this layout with its count in the
// sub-navigation, then the Excel export options and the generated files.
// Admins only: these are students' personal data.

export const meta: MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Users",
    description: "Admin panel: users, registrations, enrollments and enrollment forms.",
    path: "/admin/users",
    noindex: true,
  });

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request, "users");
  return { counts: countUserTables(), files: loadGeneratedFiles(request) };
}

export default function UsersTab() {
  const { counts, files } = useLoaderData<typeof loader>();
  const tables = [
    { to: "/admin/users", label: "All Users", count: counts.users },
    { to: "/admin/users/registrations", label: "Event Registrations", count: counts.registrations },
    { to: "/admin/users/enrollments", label: "Course Enrollments", count: counts.enrollments },
    { to: "/admin/users/enrollment-forms", label: "Enrollment Forms", count: counts.enrollmentForms },
  ];
  return (
    <div className="grid gap-6">
      <div>
        <h1 className="text-2xl font-bold text-navy-900">Users</h1>
        <ExportButtons />
      </div>

      <nav aria-label="User tables">
        <ul className="flex flex-wrap gap-2">
          {tables.map((table) => (
            <li key={table.to}>
              <NavLink
                to={table.to}
                end
                className={({ isActive }) =>
                  `inline-flex min-h-11 items-center gap-2 rounded-lg px-4 py-2 text-sm font-semibold ring-1 ${
                    isActive ? "bg-navy-900 text-white ring-navy-900" : "bg-white text-navy-900 ring-slate-300 hover:bg-slate-50"
                  }`
                }
              >
                {({ isActive }) => (
                  <>
                    {table.label}{" "}
                    <span
                      className={`rounded-full px-2 py-0.5 text-xs ${isActive ? "bg-white text-navy-900" : "bg-slate-200 text-slate-800"}`}
                    >
                      {formatCount(table.count)}
                    </span>
                  </>
                )}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>

      <Outlet />

      <ExcelExports files={files} />
    </div>
  );
}
