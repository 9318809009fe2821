import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { ResponsiveImage } from "~/components/responsive-image";
import { Badge } from "~/components/ui/badge";
import { buttonClass } from "~/components/ui/button";
import type { ImageSource } from "~/utils/image-variants";

/** The 16:9 box a banner not (yet) encoded is shown in. */
export const EVENT_BANNER_BOX = { width: 1280, height: 720 };
/** A card's width: the full phone screen, half a tablet's, a third of a wide screen's. */
const CARD_SIZES = "(min-width: 1024px) 400px, (min-width: 640px) 50vw, 100vw";

/** An event ready to show: every text already formatted on the server. */
export type EventCardData = {
  id: number;
  title: string;
  description: string;
  eventType: string;
  isFree: boolean;
  /** "2026-12-05" (India date) for <time dateTime>. */
  isoDate: string;
  /** "Sat, 5 Dec 2026, 7:00 pm IST" */
  dateLabel: string;
  /** "N seats" when a limit is set, otherwise the price ("₹999"). */
  detailLabel: string;
  /** Where it happens, when the admin said. */
  venue: string | null;
  /** The signed-in student is registered: the card says so instead of offering registration. */
  registered?: boolean;
  /** The banner an admin uploaded; none leaves the card as it was before banners. */
  banner: ImageSource | null;
};

/** A card's frame: the banner across the top when the event has one, then the card's content. */
export function EventCardFrame({
  banner,
  priority = false,
  children,
}: {
  banner: ImageSource | null;
  priority?: boolean;
  children: ReactNode;
}) {
  return (
    <article className="flex h-full flex-col overflow-hidden rounded-2xl bg-white shadow-md ring-1 ring-slate-200">
      {banner ? (
        <ResponsiveImage
          image={banner}
          alt=""
          sizes={CARD_SIZES}
          priority={priority}
          className="aspect-video h-auto w-full bg-navy-900 object-cover"
        />
      ) : null}
      <div className="flex flex-1 flex-col gap-3 p-5">{children}</div>
    </article>
  );
}

/** The compact event card of the home page and the dashboard: the same data, a plainer face. */
export function CompactEventCard({ event }: { event: EventCardData }) {
  return (
    <EventCardFrame banner={event.banner}>
      <div className="flex items-center justify-between gap-2">
        <span className="flex h-10 w-10 items-center justify-center rounded-lg bg-navy-900 text-gold-400" aria-hidden="true">
          <svg width="22" height="22" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2">
            <rect x="3" y="5" width="18" height="16" rx="2" />
            <path d="M16 3v4M8 3v4M3 10h18" />
          </svg>
        </span>
        <Badge tone={event.isFree ? "green" : "gold"}>{event.isFree ? "Free" : "Paid"}</Badge>
      </div>
      <EventFacts event={event} />
      {event.registered ? (
        <RegisteredNote title={event.title} />
      ) : (
        <Link
          to={`/events/${event.id}/register`}
          className={buttonClass("secondary", "w-full")}
          aria-label={`Register Now: ${event.title}`}
        >
          Register Now
        </Link>
      )}
    </EventCardFrame>
  );
}

/** In place of "Register Now" on an event the student is registered for: a link to their registrations. */
export function RegisteredNote({ title }: { title: string }) {
  return (
    <Link to="/account/events" className={buttonClass("outline", "w-full")} aria-label={`You are registered: ${title}`}>
      You are registered
    </Link>
  );
}

/** What both faces of the card say: title, description, date and seats or price. */
export function EventFacts({ event }: { event: EventCardData }) {
  return (
    <>
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
          <dt className="sr-only">{/\bseats?$/.test(event.detailLabel) ? "Seats" : "Price"}</dt>
          <dd className="font-semibold">{event.detailLabel}</dd>
        </div>
        {event.venue ? (
          <div className="basis-full">
            <dt className="sr-only">Venue</dt>
            <dd className="break-words">{event.venue}</dd>
          </div>
        ) : null}
      </dl>
    </>
  );
}
