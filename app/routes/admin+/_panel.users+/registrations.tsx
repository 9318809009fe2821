import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { AdminTable } from "~/components/admin/admin-table";
import { listRegistrationsForAdmin } from "~/models/events/event-registration.server";
import { requireAdmin } from "~/services/accounts/sessions/admin-session.server";
import { formatIndiaDateTime } from "~/utils/dates";
import { readTableParams } from "~/services/list-params.server";
import { pageMeta } from "~/utils/seo";

// Event Registrations: who registered for which
// event, newest first; searched and paged on the server.

export const meta: MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Event Registrations",
    description: "Admin panel: event registrations.",
    path: "/admin/users/registrations",
    noindex: true,
  });

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request, "users");
  const params = readTableParams(request);
  const list = listRegistrationsForAdmin(params);
  return {
    query: params.q,
    total: list.total,
    page: list.page,
    pageCount: list.pageCount,
    searchTooShort: list.searchTooShort,
    nextKey: list.nextKey,
    previousKey: list.previousKey,
    rows: list.rows.map((registration) => ({
      id: registration.id,
      name: registration.name,
      email: registration.email,
      phone: registration.phone,
      eventTitle: registration.eventTitle ?? "(deleted event)",
      registeredIso: registration.registeredAt.toISOString(),
      registeredLabel: formatIndiaDateTime(registration.registeredAt),
    })),
  };
}

export default function RegistrationsTable() {
  const data = useLoaderData<typeof loader>();
  return (
    <AdminTable
      title="Event Registrations"
      itemsLabel="registrations"
      emptyHint="Registrations appear here as students sign up for events."
      search={{ label: "Search registrations", placeholder: "Name, email, phone or event" }}
      {...data}
      minWidthClass="min-w-[48rem]"
      rowKey={(registration) => registration.id}
      columns={[
        { header: "Name", cell: (registration) => registration.name, className: "font-medium text-navy-900" },
        { header: "Email", cell: (registration) => registration.email, className: "break-all" },
        { header: "Phone", cell: (registration) => registration.phone, className: "whitespace-nowrap" },
        { header: "Event", cell: (registration) => registration.eventTitle },
        {
          header: "Registered",
          cell: (registration) => <time dateTime={registration.registeredIso}>{registration.registeredLabel}</time>,
          className: "whitespace-nowrap",
        },
      ]}
    />
  );
}
