import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { AdminTable, RoleBadge } from "~/components/admin/admin-table";
import { DELETED_ACCOUNT } from "~/models/privacy/personal-data.server";
import { listUsersForAdmin } from "~/models/accounts/user.server";
import { requireAdmin } from "~/services/accounts/sessions/admin-session.server";
import { formatIndiaDateTime } from "~/utils/dates";
import { readTableParams } from "~/services/list-params.server";
import { pageMeta } from "~/utils/seo";

// All Users: every student account, newest first,
// with an Admin or User badge per isAdmin; searched and paged on the server.

export const meta: MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: "All Users", description: "Admin panel: all users.", path: "/admin/users", noindex: true });

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request, "users");
  const params = readTableParams(request);
  const list = listUsersForAdmin(params);
  return {
    query: params.q,
    total: list.total,
    page: list.page,
    pageCount: list.pageCount,
    searchTooShort: list.searchTooShort,
    nextKey: list.nextKey,
    previousKey: list.previousKey,
    rows: list.rows.map((user) => ({
      id: user.id,
      name: user.erasedAt ? DELETED_ACCOUNT : [user.firstName, user.lastName].filter(Boolean).join(" "),
      email: user.erasedAt ? `Erased ${formatIndiaDateTime(user.erasedAt)}` : user.email,
      isAdmin: user.isAdmin,
      joinedIso: user.createdAt.toISOString(),
      joinedLabel: formatIndiaDateTime(user.createdAt),
    })),
  };
}

export default function AllUsersTable() {
  const data = useLoaderData<typeof loader>();
  return (
    <AdminTable
      title="All Users"
      itemsLabel="users"
      emptyHint="Accounts appear here when students sign up."
      search={{ label: "Search users", placeholder: "Name or email" }}
      {...data}
      rowKey={(user) => user.id}
      columns={[
        {
          header: "Name",
          cell: (user) => (
            <Link to={`/admin/users/${user.id}`} className="underline">
              {user.name || "(no name)"}
            </Link>
          ),
          className: "font-medium text-navy-900",
        },
        { header: "Email", cell: (user) => user.email, className: "break-all" },
        {
          header: "Joined",
          cell: (user) => <time dateTime={user.joinedIso}>{user.joinedLabel}</time>,
          className: "whitespace-nowrap",
        },
        { header: "Role", cell: (user) => <RoleBadge isAdmin={user.isAdmin} /> },
      ]}
    />
  );
}
