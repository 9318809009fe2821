import { Link } from "@remix-run/react";
import { Badge } from "~/components/ui/badge";
import { buttonClass } from "~/components/ui/button";

export type HomeEvent = {
  id: number;
  title: string;
  description: string;
  eventType: string;
  isFree: boolean;
  isoDate: string;
  dateLabel: string;
  /** "N seats" when a limit is set, otherwise the price. */
  detailLabel: string;
};

/** A compact event card for the home page's three upcoming events. */
export function HomeEventCard({ event }: { event: HomeEvent }) {
  return (
    <article className="flex h-full flex-col gap-3 rounded-2xl bg-white p-5 shadow-md ring-1 ring-slate-200">
      <div className="flex items-center justify-between gap-2">
        <span className="flex h-10 w-10 items-center justify-center rounded-lg bg-navy-900 text-gold-400" aria-hidden="true">
          <svg width="22" height="22" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2">
            <rect x="3" y="5" width="18" height="16" rx="2" />
            <path d="M16 3v4M8 3v4M3 10h18" />
          </svg>
        </span>
        <Badge tone={event.isFree ? "green" : "gold"}>{event.isFree ? "Free" : "Paid"}</Badge>
      </div>
      <h3 className="text-lg font-bold text-navy-900">{event.title}</h3>
      <p className="line-clamp-2 text-sm text-slate-600">{event.description}</p>
      <dl className="mt-auto flex flex-wrap justify-between gap-2 text-sm text-slate-700">
        <div>
          <dt className="sr-only">Date</dt>
          <dd>
            <time dateTime={event.isoDate}>{event.dateLabel}</time>
          </dd>
        </div>
        <div>
          <dt className="sr-only">{event.detailLabel.endsWith("seats") ? "Seats" : "Price"}</dt>
          <dd className="font-semibold">{event.detailLabel}</dd>
        </div>
      </dl>
      <Link to={`/events/${event.id}/register`} className={buttonClass("secondary", "w-full")} aria-label={`Register Now: ${event.title}`}>
        Register Now
      </Link>
    </article>
  );
}
