import { isFreeEvent, type SiteEvent } from "~/models/event.server";
import { formatEventWhen, formatIsoDateInIndia } from "~/utils/dates";
import { formatPrice } from "~/utils/money";
import type { EventCardData } from "./__event-card";
import { countOf } from "~/utils/plural";

/** An event as every event card shows it (events list, home, dashboard): 'N seats' when seats are limited, otherwise the price. */
export function toEventCard(event: SiteEvent): EventCardData {
  return {
    id: event.id,
    title: event.title,
    description: event.description,
    eventType: event.eventType,
    isFree: isFreeEvent(event),
    isoDate: formatIsoDateInIndia(event.eventDate),
    dateLabel: formatEventWhen(event.eventDate),
    venue: event.venue,
    detailLabel: event.maxParticipants !== null ? countOf(event.maxParticipants, "seat") : formatPrice(event.pricePaise),
  };
}
