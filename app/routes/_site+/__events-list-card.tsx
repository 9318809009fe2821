import { Link } from "@remix-run/react";
import { Badge } from "~/components/ui/badge";
import { buttonClass } from "~/components/ui/button";
import { eventTypeLabel } from "../../../db/enums";
import { EventCardFrame, EventFacts, RegisteredNote, type EventCardData } from "./__event-card";

// The events page's card; the home page and the dashboard show the compact one (./__event-card).

/** The event card: icon, Free/Paid, title, two-line description, date, seats or price, Register Now. */
export function EventCard({
  event,
  registerTo = `/events/${event.id}/register`,
  ended = false,
  priority = false,
}: {
  event: EventCardData;
  /** Where 'Register Now' goes; the events page keeps its filters in it. */
  registerTo?: string;
  /** A past event: it says so instead of offering registration. */
  ended?: boolean;
  /** The first card of the list: its banner is fetched first, not lazily. */
  priority?: boolean;
}) {
  return (
    <EventCardFrame banner={event.banner} priority={priority}>
      <div className="flex items-center justify-between gap-2">
        <span className="flex items-center gap-2 text-sm font-medium text-slate-700">
          <span className="flex size-10 items-center justify-center rounded-lg bg-navy-900 text-gold-400">
            <EventTypeIcon eventType={event.eventType} />
          </span>
          {eventTypeLabel(event.eventType) ?? "Event"}
        </span>
        <Badge tone={event.isFree ? "green" : "gold"}>{event.isFree ? "Free" : "Paid"}</Badge>
      </div>
      <EventFacts event={event} />
      {ended ? (
        <p className="rounded-lg bg-slate-100 px-4 py-2.5 text-center text-sm font-semibold text-slate-700">This event has ended</p>
      ) : event.registered ? (
        <RegisteredNote title={event.title} />
      ) : (
        <Link to={registerTo} preventScrollReset className={buttonClass("secondary", "w-full")} aria-label={`Register Now: ${event.title}`}>
          Register Now
        </Link>
      )}
    </EventCardFrame>
  );
}

function EventTypeIcon({ eventType }: { eventType: string }) {
  const common = {
    "aria-hidden": true,
    width: 22,
    height: 22,
    viewBox: "0 0 24 24",
    fill: "none",
    stroke: "currentColor",
    strokeWidth: 2,
    strokeLinecap: "round",
    strokeLinejoin: "round",
  } as const;
  switch (eventType) {
    case "webinar":
      return (
        <svg {...common}>
          <rect x="2" y="6" width="14" height="12" rx="2" />
          <path d="M16 10l6-3v10l-6-3" />
        </svg>
      );
    case "workshop":
      return (
        <svg {...common}>
          <circle cx="9" cy="8" r="3" />
          <path d="M3 20c0-3.3 2.7-6 6-6s6 2.7 6 6" />
          <circle cx="17" cy="9" r="2.5" />
          <path d="M16 14.2c2.9.5 5 3 5 5.8" />
        </svg>
      );
    case "competition":
      return (
        <svg {...common}>
          <path d="M8 4h8v5a4 4 0 0 1-8 0V4z" />
          <path d="M8 6H4a3 3 0 0 0 4 4M16 6h4a3 3 0 0 1-4 4M12 13v4M8 21h8M10 17h4" />
        </svg>
      );
    default:
      return (
        <svg {...common}>
          <rect x="3" y="5" width="18" height="16" rx="2" />
          <path d="M16 3v4M8 3v4M3 10h18" />
        </svg>
      );
  }
}
