import { isFreeEvent, type SiteEvent } from "~/models/event.server";
import { findReadyImages, type ReadyImage } from "~/models/image-asset.server";
import { formatEventWhen, formatIsoDateInIndia } from "~/utils/dates";
import { imageSource, type ImageSource } from "~/utils/image-variants";
import { formatPrice } from "~/utils/money";
import { EVENT_BANNER_BOX, type EventCardData } from "./__event-card";
import { countOf } from "~/utils/plural";

/**
 * An event as every event card shows it (events list, home, dashboard): 'N seats' when seats are
 * limited, otherwise the price; its banner encoded when `ready` (findReadyImages) has it.
 */
export function toEventCard(event: SiteEvent, ready: ReadonlyMap<string, ReadyImage> = new Map()): EventCardData {
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
    detailLabel: event.maxParticipants !== null ? countOf(event.maxParticipants, "seat") : formatPrice(event.pricePaise),
  };
}

/** Events as their cards show them, the banners' encodings read in one query. */
export function toEventCards(events: readonly SiteEvent[]): EventCardData[] {
  const ready = findReadyImages(events.flatMap((event) => (event.bannerUrl ? [event.bannerUrl] : [])));
  return events.map((event) => toEventCard(event, ready));
}

/** One event's banner as its page shows it, or null when it has none. */
export function eventBanner(bannerUrl: string | null): ImageSource | null {
  return bannerUrl ? imageSource(bannerUrl, findReadyImages([bannerUrl]), EVENT_BANNER_BOX) : null;
}
