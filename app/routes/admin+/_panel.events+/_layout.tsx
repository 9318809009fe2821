import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData, useLocation, useOutlet, useRevalidator } from "@remix-run/react";
import { useEffect } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { AdminPageHeader, AdminSearchForm, CardActions, EmptyState, PageLinks, StatusBadge } from "~/components/admin/admin-page";
import { FilterSelect } from "~/components/filter-select";
import { buttonClass } from "~/components/ui/button";
import { ADMIN_EVENT_STATUSES, listEventsForAdmin, type AdminEventStatus } from "~/models/events/event.server";
import { eventTypeLabel } from "../../../../db/enums";
import { DEFAULT_EVENT_DURATION } from "~/schemas/admin-event";
import { requireAdmin } from "~/services/accounts/sessions/admin-session.server";
import { readTableParams } from "~/services/list-params.server";
import { listSearchOf } from "~/utils/admin-routes";
import { canAccess } from "~/utils/permissions";
import { formatIndiaDateTime } from "~/utils/dates";
import { formatPrice } from "~/utils/money";
import { pageMeta } from "~/utils/seo";
import { oneOf } from "~/utils/validation";
import { countOf } from "~/utils/plural";

// The Events tab: search, a status filter,
// event cards with their registrations, and auto-refresh. Auto-refresh is on
// by default and its state lives in the URL (?live=off), so the list can be
// bookmarked either way. With JavaScript, while it is on, a 'Live' badge shows
// and the list reloads its data every 30 s and whenever the window regains
// focus. Without JavaScript nothing can poll, so a plain Refresh link shows.

const EVENTS_REFRESH_MS = 30_000;

const STATUS_LABELS: Record<AdminEventStatus, string> = {
  all: "All Events",
  active: "Active Only",
  inactive: "Inactive Only",
  upcoming: "Upcoming",
  past: "Past Events",
};

export const meta: MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: "Events", description: "Admin panel.", path: "/admin/events", noindex: true });

export async function loader({ request }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request, "events");
  const params = new URL(request.url).searchParams;
  const query = (params.get("q") ?? "").trim().slice(0, 200);
  const status = oneOf(params.get("status"), ADMIN_EVENT_STATUSES, "all");
  const list = listEventsForAdmin({ query, status }, readTableParams(request));
  const events = list.rows;
  return {
    query,
    status,
    total: list.total,
    page: list.page,
    pageCount: list.pageCount,
    live: params.get("live") !== "off",
    canViewRegistrations: canAccess(admin.role, "registrations"),
    statusOptions: ADMIN_EVENT_STATUSES.map((value) => ({ value, label: STATUS_LABELS[value] })),
    events: events.map((event) => {
      const minutes = event.durationMinutes > 0 ? event.durationMinutes : DEFAULT_EVENT_DURATION;
      return {
        id: event.id,
        title: event.title,
        isActive: event.isActive,
        isoDate: event.eventDate.toISOString(),
        dateLabel: formatIndiaDateTime(event.eventDate),
        // A type from older data shows as stored.
        typeLabel: eventTypeLabel(event.eventType) ?? event.eventType,
        priceLabel: formatPrice(event.pricePaise),
        durationLabel: `${minutes} minutes`,
        registrationsLabel: countOf(event.registrationCount, "registration"),
      };
    }),
  };
}

export default function AdminEventsTab() {
  const { query, status, live, canViewRegistrations, statusOptions, events, total, page, pageCount } = useLoaderData<typeof loader>();
  const search = listSearchOf(useLocation().search);
  const pageHref = (to: number) => {
    const params = new URLSearchParams(search);
    if (to > 1) params.set("page", String(to));
    else params.delete("page");
    const kept = params.toString();
    return kept ? `/admin/events?${kept}` : "/admin/events";
  };
  // A dialog (create, edit, delete, registrations) renders over the list; the
  // list behind it is inert meanwhile, and does not refresh under the form.
  const dialog = useOutlet();
  const inert = dialog ? { inert: "" } : {};

  return (
    <>
      <div className="grid gap-6" {...inert}>
        <AdminPageHeader title="Events" action={{ to: `/admin/events/new${search}`, label: "Add Event" }} />
        <AutoRefresh live={live} paused={dialog !== null} />
        <AdminSearchForm label="Search events" placeholder="Search by title or description" query={query}>
          <div className="min-w-48">
            <FilterSelect key={status} id="event-status" name="status" label="Filter" value={status} options={statusOptions} />
          </div>
          {live ? null : <input type="hidden" name="live" value="off" />}
        </AdminSearchForm>

        <p className="font-medium text-slate-700">{countOf(total, "event")}</p>
        {events.length === 0 ? (
          <EmptyState title="No Events Found" hint="Try another search or filter, or add an event." />
        ) : (
          <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
            {events.map((event) => (
              <li key={event.id}>
                <article className="flex h-full flex-col gap-3 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
                  <div className="flex items-start justify-between gap-3">
                    <h2 className="text-lg font-bold text-navy-900">{event.title}</h2>
                    <StatusBadge on={event.isActive} onLabel="Active" offLabel="Inactive" />
                  </div>
                  <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm text-slate-700">
                    <dt className="font-medium text-slate-600">Date</dt>
                    <dd>
                      <time dateTime={event.isoDate}>{event.dateLabel}</time>
                    </dd>
                    <dt className="font-medium text-slate-600">Type</dt>
                    <dd>{event.typeLabel}</dd>
                    <dt className="font-medium text-slate-600">Price</dt>
                    <dd>{event.priceLabel}</dd>
                    <dt className="font-medium text-slate-600">Duration</dt>
                    <dd>{event.durationLabel}</dd>
                    <dt className="font-medium text-slate-600">Registrations</dt>
                    <dd>{event.registrationsLabel}</dd>
                  </dl>
                  <div className="mt-auto flex flex-wrap items-center justify-between gap-2 border-t border-slate-200 pt-3">
                    {canViewRegistrations ? (
                      <Link
                        to={`/admin/events/${event.id}/registrations${search}`}
                        preventScrollReset
                        className={buttonClass("ghost", "min-h-10 px-3 py-1.5")}
                        aria-label={`View Registrations: ${event.title}`}
                      >
                        View Registrations
                      </Link>
                    ) : (
                      <span />
                    )}
                    <CardActions itemPath={`/admin/events/${event.id}`} listSearch={search} itemLabel={event.title} />
                  </div>
                </article>
              </li>
            ))}
          </ul>
        )}
        <PageLinks label="Event pages" page={page} pageCount={pageCount} hrefOf={pageHref} />
      </div>
      {dialog}
    </>
  );
}

/**
 * The auto-refresh switch. It is a GET form that flips ?live=off, so it works
 * without JavaScript too; polling itself needs JavaScript, so until the page
 * is hydrated (or when switched off) a Refresh link takes the Live badge's place.
 */
function AutoRefresh({ live, paused }: { live: boolean; paused: boolean }) {
  const hydrated = useHydrated();
  const { pathname, search } = useLocation();
  const { revalidate } = useRevalidator();

  useEffect(() => {
    if (!live || paused) return;
    const refreshIfVisible = () => {
      if (document.visibilityState === "visible") revalidate();
    };
    const timer = window.setInterval(refreshIfVisible, EVENTS_REFRESH_MS);
    window.addEventListener("focus", revalidate);
    return () => {
      window.clearInterval(timer);
      window.removeEventListener("focus", revalidate);
    };
  }, [live, paused, revalidate]);

  // The same list, with auto-refresh flipped.
  const params = new URLSearchParams(search);
  params.delete("live");
  const kept = [...params.entries()];

  return (
    <div className="flex flex-wrap items-center gap-3 rounded-2xl bg-white px-4 py-3 shadow-sm ring-1 ring-slate-200">
      <Form method="get" action="/admin/events" replace preventScrollReset>
        {kept.map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        {live ? <input type="hidden" name="live" value="off" /> : null}
        {/* A toggle button (aria-pressed): HTML allows role="switch" only on a type="button", and this one submits. */}
        <button
          type="submit"
          aria-pressed={live}
          className="inline-flex min-h-11 items-center gap-3 rounded-lg px-2 text-sm font-semibold text-navy-900 hover:bg-slate-100"
        >
          Auto-refresh
          <span
            aria-hidden="true"
            className={`inline-flex h-6 w-11 items-center rounded-full p-0.5 transition-colors ${live ? "bg-emerald-700" : "bg-slate-400"}`}
          >
            <span className={`size-5 rounded-full bg-white shadow transition-transform ${live ? "translate-x-5" : ""}`} />
          </span>
          <span aria-hidden="true">{live ? "ON" : "OFF"}</span>
        </button>
      </Form>
      {hydrated && live ? (
        <span className="inline-flex items-center gap-1.5 rounded-full bg-red-100 px-2.5 py-0.5 text-xs font-semibold text-red-900">
          <span aria-hidden="true" className="size-2 rounded-full bg-red-600 motion-safe:animate-pulse" />
          Live
        </span>
      ) : (
        <Link to={`${pathname}${search}`} preventScrollReset className={buttonClass("outline", "min-h-10 px-3 py-1.5")}>
          Refresh
        </Link>
      )}
      <p className="text-sm text-slate-600">
        {hydrated && live
          ? "The list updates every 30 seconds and when you return to this window."
          : live && !hydrated
            ? "Automatic updates need JavaScript; use Refresh to see the latest."
            : "Automatic updates are off; use Refresh to see the latest."}
      </p>
    </div>
  );
}
