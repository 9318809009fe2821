import { and, asc, eq, gte, lt, sql, type SQL } from "drizzle-orm";
import { eventRegistrations, events, EVENT_TYPES, type EventType } from "../../db/schema";
import { db } from "~/utils/db.server";
import { timeWindowBounds, type EventTimeWindow } from "~/utils/dates";
import { paiseToDecimalString } from "~/utils/money";
import { parseId } from "~/utils/validation";

export type SiteEvent = typeof events.$inferSelect;

export const EVENT_TIME_WINDOWS = ["all", "upcoming", "this-week", "this-month"] as const;
export const EVENT_TYPE_FILTERS = ["all", ...EVENT_TYPES] as const;

export type EventListFilters = {
  type?: EventType | "all";
  time?: EventTimeWindow;
  now?: Date;
};

/** Active events, date ascending, narrowed by type and time window. */
export function listActiveEvents(filters: EventListFilters = {}): SiteEvent[] {
  const conditions: SQL[] = [eq(events.isActive, true)];
  if (filters.type && filters.type !== "all") conditions.push(eq(events.eventType, filters.type));
  const { from, to } = timeWindowBounds(filters.time ?? "all", filters.now ?? new Date());
  if (from) conditions.push(gte(events.eventDate, from));
  if (to) conditions.push(lt(events.eventDate, to));
  return db
    .select()
    .from(events)
    .where(and(...conditions))
    .orderBy(asc(events.eventDate), asc(events.id))
    .all();
}

export function listUpcomingEvents(limit: number, now = new Date()): SiteEvent[] {
  return db
    .select()
    .from(events)
    .where(and(eq(events.isActive, true), gte(events.eventDate, now)))
    .orderBy(asc(events.eventDate), asc(events.id))
    .limit(limit)
    .all();
}

export function findActiveEvent(id: number | string): SiteEvent | null {
  const numericId = typeof id === "number" ? id : parseId(id);
  if (numericId === null) return null;
  return (
    db
      .select()
      .from(events)
      .where(and(eq(events.id, numericId), eq(events.isActive, true)))
      .get() ?? null
  );
}

export function isFreeEvent(event: Pick<SiteEvent, "pricePaise">): boolean {
  return event.pricePaise === 0;
}

export type EventStats = { upcoming: number; free: number; workshops: number };

/** The /events stats strip: upcoming, free upcoming, and upcoming workshops. */
export function eventStats(now = new Date()): EventStats {
  const row = db
    .select({
      upcoming: sql<number>`count(*)`,
      free: sql<number>`coalesce(sum(case when ${events.pricePaise} = 0 then 1 else 0 end), 0)`,
      workshops: sql<number>`coalesce(sum(case when ${events.eventType} = 'workshop' then 1 else 0 end), 0)`,
    })
    .from(events)
    .where(and(eq(events.isActive, true), gte(events.eventDate, now)))
    .get();
  return { upcoming: row?.upcoming ?? 0, free: row?.free ?? 0, workshops: row?.workshops ?? 0 };
}

export function countRegistrations(eventId: number): number {
  const row = db
    .select({ count: sql<number>`count(*)` })
    .from(eventRegistrations)
    .where(eq(eventRegistrations.eventId, eventId))
    .get();
  return row?.count ?? 0;
}

/** The shape the earlier app's /api/events returned. */
export function toEventJson(event: SiteEvent) {
  return {
    id: event.id,
    title: event.title,
    description: event.description,
    eventType: event.eventType,
    eventDate: event.eventDate.toISOString(),
    duration: event.durationMinutes,
    maxParticipants: event.maxParticipants,
    price: paiseToDecimalString(event.pricePaise),
    registrationUrl: event.registrationUrl,
    isActive: event.isActive,
    createdAt: event.createdAt.toISOString(),
  };
}
