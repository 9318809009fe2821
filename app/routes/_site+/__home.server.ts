import { isFreeEvent, type SiteEvent } from "~/models/event.server";
import { formatIsoDateInIndia, formatShortDate } from "~/utils/dates";
import { formatRupees } from "~/utils/money";
import type { HomeEvent } from "./__home-event-card";

export function toHomeEvent(event: SiteEvent): HomeEvent {
  return {
    id: event.id,
    title: event.title,
    description: event.description,
    eventType: event.eventType,
    isFree: isFreeEvent(event),
    isoDate: formatIsoDateInIndia(event.eventDate),
    dateLabel: formatShortDate(event.eventDate),
    detailLabel: event.maxParticipants !== null ? `${event.maxParticipants} seats` : formatRupees(event.pricePaise),
  };
}
