import { isFreeEvent, type SiteEvent } from "~/models/events/event.server";
import { listRegisteredEventIds } from "~/models/events/student-event-registration.server";
import { findReadyImages, type ReadyImage } from "~/models/content/image-asset.server";
import { formatEventWhen, formatIsoDateInIndia } from "~/utils/dates";
import { imageSource, type ImageSource } from "~/utils/image-variants";
import { pricesIncludeGst } from "~/models/site/site-settings.server";
import { formatPrice, formatPriceWithGst } from "~/utils/money";
import { EVENT_BANNER_BOX, type EventCardData } from "./__event-card";
import { countOf } from "~/utils/plural";

/** "₹499 incl. GST · 50 seats", "₹499", "50 seats" or "Free": a paid event always shows its price. */
function eventDetailLabel(event: SiteEvent, includesGst: boolean): string {
  const price = isFreeEvent(event) ? null : formatPriceWithGst(event.pricePaise, includesGst);
  const seats = event.maxParticipants !== null ? countOf(event.maxParticipants, "seat") : null;
  return [price, seats].filter(Boolean).join(" · ") || formatPrice(0);
}

/**
 * An event as every event card shows it (events list, home, dashboard): its price when paid, and
 * 'N seats' when seats are limited; its banner encoded when `ready` (findReadyImages) has it.
 */
export function toEventCard(
  event: SiteEvent,
  ready: ReadonlyMap<string, ReadyImage> = new Map(),
  includesGst = pricesIncludeGst(),
): EventCardData {
  return {
    id: event.id,
    title: event.title,
    description: event.description,
    eventType: event.eventType,
    isFree: isFreeEvent(event),
    isoDate: formatIsoDateInIndia(event.eventDate),
    dateLabel: formatEventWhen(event.eventDate),
    venue: event.venue,
    banner: event.bannerUrl ? imageSource(event.bannerUrl, ready, EVENT_BANNER_BOX) : null,
    detailLabel: eventDetailLabel(event, includesGst),
  };
}

/**
 * Events as their cards show them, the banners' encodings read in one query; with a
 * signed-in student, the events they are registered for say so.
 */
export function toEventCards(events: readonly SiteEvent[], userId: string | null = null): EventCardData[] {
  const ready = findReadyImages(events.flatMap((event) => (event.bannerUrl ? [event.bannerUrl] : [])));
  const includesGst = pricesIncludeGst();
  const registered = userId ? listRegisteredEventIds(userId) : new Set<number>();
  return events.map((event) => ({ ...toEventCard(event, ready, includesGst), registered: registered.has(event.id) }));
}

/** One event's banner as its page shows it, or null when it has none. */
export function eventBanner(bannerUrl: string | null): ImageSource | null {
  return bannerUrl ? imageSource(bannerUrl, findReadyImages([bannerUrl]), EVENT_BANNER_BOX) : null;
}
