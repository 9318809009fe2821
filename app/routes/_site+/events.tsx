import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useLoaderData, useLocation, useOutlet } from "@remix-run/react";
import { FilterSelect } from "~/components/filter-select";
import { HeroStats } from "~/components/hero-stats";
import { buttonClass } from "~/components/ui/button";
import { useFieldsFollowUrl } from "~/components/use-fields-follow-url";
import { EVENT_TIME_WINDOWS, EVENT_TYPE_FILTERS, eventStats, listActiveEvents, type SiteEvent } from "~/models/events/event.server";
import type { EventTimeWindow } from "~/utils/dates";
import { paiseToDecimalString } from "~/utils/money";
import { jsonLd, pageMeta } from "~/utils/seo";
import { publicOrigin } from "~/utils/env.server";
import { oneOf } from "~/utils/validation";
import { EventCard } from "./__events-list-card";
import { toEventCards } from "./__event-card.server";
import { getUserId } from "~/services/accounts/sessions/student-session.server";
import { countOf } from "~/utils/plural";
import { useWhatsappLink } from "~/utils/use-institute";
import { readSettings } from "~/models/site/site-settings.server";

type TypeFilter = (typeof EVENT_TYPE_FILTERS)[number];
type Option<T> = { value: T; label: string };

const TYPE_LABELS: Record<TypeFilter, string> = {
  all: "All Types",
  webinar: "Webinars",
  workshop: "Workshops",
  competition: "Competitions",
};
const TIME_LABELS: Record<EventTimeWindow, string> = {
  all: "All Dates",
  upcoming: "Upcoming",
  "this-week": "This Week",
  "this-month": "This Month",
};

export async function loader({ request }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  const filters = {
    type: oneOf(params.get("type"), EVENT_TYPE_FILTERS, "all"),
    time: oneOf(params.get("time"), EVENT_TIME_WINDOWS, "all"),
  };
  const now = new Date();
  const events = listActiveEvents({ ...filters, now });
  const upcoming = events.filter((event) => event.eventDate >= now);
  // Past events (only the "All Dates" window reaches back) sit in a section of their own, latest first.
  const past = events.filter((event) => event.eventDate < now).reverse();
  const origin = publicOrigin();
  // Stored copies for everyone are rendered without cookies; a registered student gets a copy of their own.
  const userId = await getUserId(request);
  return {
    filters,
    events: toEventCards(upcoming, userId),
    pastEvents: toEventCards(past),
    stats: eventStats(now),
    typeOptions: EVENT_TYPE_FILTERS.map((value) => ({ value, label: TYPE_LABELS[value] })),
    timeOptions: EVENT_TIME_WINDOWS.map((value) => ({ value, label: TIME_LABELS[value] })),
    structuredEvents: upcoming.map((event) => eventLd(event, origin, readSettings("institute").name)),
  };
}

/** schema.org Event for one upcoming event (all are run online). */
function eventLd(event: SiteEvent, origin: string, instituteName: string) {
  const url = `${origin}/events`;
  return {
    "@type": "Event",
    name: event.title,
    description: event.description,
    startDate: event.eventDate.toISOString(),
    endDate: new Date(event.eventDate.getTime() + event.durationMinutes * 60_000).toISOString(),
    eventStatus: "https://schema.org/EventScheduled",
    eventAttendanceMode: "https://schema.org/OnlineEventAttendanceMode",
    location: { "@type": "VirtualLocation", url },
    offers: {
      "@type": "Offer",
      price: paiseToDecimalString(event.pricePaise),
      priceCurrency: "INR",
      availability: "https://schema.org/InStock",
      url,
    },
    organizer: { "@type": "Organization", name: instituteName, url: origin },
  };
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [
  ...pageMeta(matches, {
    title: "Trading Events & Webinars",
    description: "Free and paid trading webinars, workshops and competitions with our mentors. Find an event and register in a minute.",
    path: "/events",
  }),
  ...(data && data.structuredEvents.length > 0 ? [jsonLd({ "@graph": data.structuredEvents })] : []),
];

type Filters = { type: TypeFilter; time: EventTimeWindow };

export default function EventsPage() {
  const { filters, events, pastEvents, stats, typeOptions, timeOptions } = useLoaderData<typeof loader>();
  const { search } = useLocation();
  const eventWhatsapp = useWhatsappLink("eventRegistration");
  // The registration dialog (events.$id.register) renders here; while it is open the
  // list behind it is inert, so keyboard and screen-reader users stay in the dialog
  // even without JavaScript. `contents` keeps the wrapper out of the layout.
  const dialog = useOutlet();
  const inert = dialog ? { inert: "" } : {};

  return (
    <>
      <div className="contents" {...inert}>
        <section aria-labelledby="events-heading" className="bg-navy-900 text-white">
          <div className="mx-auto max-w-5xl px-4 py-14 text-center sm:py-20">
            <h1 id="events-heading" className="text-4xl font-extrabold sm:text-5xl">
              Trading Events &amp; Webinars
            </h1>
            <p className="mx-auto mt-4 max-w-2xl text-lg text-slate-200">
              Learn live with our mentors: free webinars, hands-on workshops and trading competitions.
            </p>
            <HeroStats
              stats={[
                { label: "Upcoming Events", value: stats.upcoming },
                { label: "Free Events", value: stats.free },
                { label: "Workshops", value: stats.workshops },
              ]}
            />
          </div>
        </section>

        <div className="mx-auto w-full max-w-7xl px-4 py-10">
          <EventFilters filters={filters} typeOptions={typeOptions} timeOptions={timeOptions} />

          <p className="mt-6 font-medium text-slate-700" aria-live="polite">
            {countOf(events.length, "event")} found
          </p>

          <h2 id="event-list-heading" className="sr-only">
            Upcoming events
          </h2>
          {events.length > 0 ? (
            <ul aria-labelledby="event-list-heading" className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
              {events.map((event, index) => (
                <li key={event.id}>
                  <EventCard event={event} registerTo={`/events/${event.id}/register${search}`} priority={index === 0} />
                </li>
              ))}
            </ul>
          ) : (
            <div className="mt-6 rounded-2xl bg-white px-6 py-16 text-center ring-1 ring-slate-200">
              <p className="text-xl font-semibold text-navy-900">No events found</p>
              <p className="mt-2 text-slate-600">Try another type or time, or get alerts for new events on WhatsApp.</p>
            </div>
          )}

          {pastEvents.length > 0 ? (
            <section aria-labelledby="past-events-heading" className="mt-14">
              <h2 id="past-events-heading" className="text-2xl font-bold text-navy-900">
                Past events
              </h2>
              <ul aria-labelledby="past-events-heading" className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
                {pastEvents.map((event) => (
                  <li key={event.id}>
                    <EventCard event={event} ended />
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
        </div>

        <section aria-labelledby="alerts-heading" className="bg-white">
          <div className="mx-auto flex max-w-4xl flex-col items-center gap-4 px-4 py-14 text-center">
            <h2 id="alerts-heading" className="text-2xl font-bold text-navy-900 sm:text-3xl">
              Never Miss an Event
            </h2>
            <p className="max-w-2xl text-slate-600">
              Get new webinars, workshops and competitions on WhatsApp as soon as they are announced.
            </p>
            <a href={eventWhatsapp} target="_blank" rel="noopener noreferrer" className={buttonClass("secondary")}>
              Get Event Alerts on WhatsApp<span className="sr-only"> (opens in a new tab)</span>
            </a>
          </div>
        </section>
      </div>

      {dialog}
    </>
  );
}

type EventFiltersProps = {
  filters: Filters;
  typeOptions: Option<TypeFilter>[];
  timeOptions: Option<EventTimeWindow>[];
};

function EventFilters({ filters, typeOptions, timeOptions }: EventFiltersProps) {
  const formRef = useFieldsFollowUrl(filters);

  return (
    <Form
      ref={formRef}
      method="get"
      action="/events"
      preventScrollReset
      aria-label="Filter events"
      className="grid gap-4 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_auto] sm:items-end"
    >
      <FilterSelect id="event-type" name="type" label="Event type" value={filters.type} options={typeOptions} />
      <FilterSelect id="event-time" name="time" label="When" value={filters.time} options={timeOptions} />
      <button type="submit" className={buttonClass("secondary")}>
        Apply
      </button>
    </Form>
  );
}
