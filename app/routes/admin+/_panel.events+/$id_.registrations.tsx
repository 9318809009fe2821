import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useLocation } from "@remix-run/react";
import { AdminDialog } from "~/components/admin/admin-dialog";
import { PageLinks } from "~/components/admin/admin-page";
import { PeopleTable } from "~/components/admin/people-table";
import { buttonClass } from "~/components/ui/button";
import { listRegistrationsForEvent } from "~/models/events/event-registration.server";
import { findEventTitle } from "~/models/events/event.server";
import { requireAdmin } from "~/services/accounts/sessions/admin-session.server";
import { readTableParams } from "~/services/list-params.server";
import { listSearchOf } from "~/utils/admin-routes";
import { formatIndiaDateTime } from "~/utils/dates";
import { pageMeta } from "~/utils/seo";
import { countOf } from "~/utils/plural";

// View Registrations: who registered for an event, first come first,
// with name, email, phone and registered date; 'No Registrations Yet' when none.
// Paged by key with its own ?registrations-page= (the events list behind it
// keeps its ?page=).

const PAGING = "registrations-";

/** The same address at another page of the dialog's list, the events list's own search kept. */
function registrationsPageHref(pathname: string, search: string, page: number, key: string | null | undefined, side: "after" | "before") {
  const params = new URLSearchParams(search);
  for (const name of ["page", "after", "before"]) params.delete(`${PAGING}${name}`);
  if (page > 1) params.set(`${PAGING}page`, String(page));
  if (page > 1 && key) params.set(`${PAGING}${side}`, key);
  const kept = params.toString();
  return kept ? `${pathname}?${kept}` : pathname;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request, "registrations");
  const event = findEventTitle(params.id ?? "");
  if (!event) throw new Response("Not Found", { status: 404 });
  const list = listRegistrationsForEvent(event.id, readTableParams(request, PAGING));
  const behind = new URL(request.url);
  for (const name of ["page", "after", "before"]) behind.searchParams.delete(`${PAGING}${name}`);
  return {
    event,
    total: list.total,
    page: list.page,
    pageCount: list.pageCount,
    nextKey: list.nextKey,
    previousKey: list.previousKey,
    registrations: list.rows.map((registration) => ({
      id: registration.id,
      name: registration.name,
      email: registration.email,
      phone: registration.phone,
      whenIso: registration.registeredAt.toISOString(),
      whenLabel: formatIndiaDateTime(registration.registeredAt),
    })),
    backTo: `/admin/events${listSearchOf(behind.search)}`,
  };
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  pageMeta(matches, {
    title: data ? `Registrations: ${data.event.title}` : "Event Registrations",
    description: "Admin panel.",
    path: data ? `/admin/events/${data.event.id}/registrations` : "/admin/events",
    noindex: true,
  });

export default function EventRegistrationsDialog() {
  const { event, total, page, pageCount, nextKey, previousKey, registrations, backTo } = useLoaderData<typeof loader>();
  const location = useLocation();
  return (
    <AdminDialog id="event-registrations" title="Event Registrations" backTo={backTo} wide>
      <p className="mt-2 text-slate-700">
        <span className="font-semibold text-navy-900">{event.title}</span> · {countOf(total, "registration")}
      </p>
      {registrations.length === 0 ? (
        <div className="mt-6 rounded-xl border border-dashed border-slate-400 p-8 text-center">
          <p className="text-lg font-semibold text-navy-900">No Registrations Yet</p>
          <p className="mt-1 text-slate-600">Registrations appear here as students sign up for this event.</p>
        </div>
      ) : (
        <div className="mt-6">
          <PeopleTable
            caption={`Registrations for ${event.title}`}
            regionLabel="Registrations table"
            whenHeader="Registered"
            rows={registrations}
          />
        </div>
      )}
      <div className="mt-4">
        <PageLinks
          label="Registration pages"
          page={page}
          pageCount={pageCount}
          hrefOf={(to, side) =>
            side === "next"
              ? registrationsPageHref(location.pathname, location.search, to, nextKey, "after")
              : registrationsPageHref(location.pathname, location.search, to, previousKey, "before")
          }
        />
      </div>
      <div className="mt-6 flex justify-end">
        <Link to={backTo} preventScrollReset className={buttonClass("outline")}>
          Close
        </Link>
      </div>
    </AdminDialog>
  );
}
