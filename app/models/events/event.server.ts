import { and, asc, desc, eq, gte, lt, or, sql, type SQL } from "drizzle-orm";
import { eventRegistrations, events } from "../../../db/schema";
import { EVENT_TYPES, type AdminRole, type EventType } from "../../../db/enums";
import { db } from "~/utils/db.server";
import { timeWindowBounds, type EventTimeWindow } from "~/utils/dates";
import type { AdminEventInput } from "~/schemas/admin-event";
import { paiseToDecimalString } from "~/utils/money";
import { pricingToWrite } from "~/utils/permissions";
import { escapeLike, parseId } from "~/utils/validation";
import { eventSeatsSpokenFor } from "./event-seat.server";
import { countRows, paginate, type ListPage, type ListRequest } from "../site/paging.server";

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

/** Free seats left from the seat limit and the registrations so far; null when seats are unlimited. */
export function seatsLeftOf(maxParticipants: number | null, registrations: number): number | null {
  return maxParticipants === null ? null : Math.max(0, maxParticipants - registrations);
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
    bannerUrl: event.bannerUrl,
    isActive: event.isActive,
    createdAt: event.createdAt.toISOString(),
  };
}

// ---------------------------------------------------------------------------
// The admin Events tab and its JSON doors.
// Admins see inactive events too; the public functions above never do.

export const ADMIN_EVENT_STATUSES = ["all", "active", "inactive", "upcoming", "past"] as const;
export type AdminEventStatus = (typeof ADMIN_EVENT_STATUSES)[number];

export type AdminEventListFilters = {
  /** Matches the title or the description, any case. */
  query?: string;
  status?: AdminEventStatus;
  now?: Date;
};

export type AdminEventRow = Pick<SiteEvent, "id" | "title" | "eventType" | "eventDate" | "durationMinutes" | "pricePaise" | "isActive"> & {
  registrationCount: number;
};

/** With `.leftJoin(eventRegistrations, registrationsOfEvent).groupBy(events.id)`: each event's registration count. */
const registrationCount = sql<number>`count(${eventRegistrations.id})`;
const registrationsOfEvent = eq(eventRegistrations.eventId, events.id);

/** Events on a page of the admin's list: a page of cards loads quickly however many years of events there are. */
export const ADMIN_EVENTS_PAGE_SIZE = 24;

/**
 * Every event, active or not, narrowed by a search and a status, with its
 * registration count, a page at a time. Newest date first, so the latest
 * schedule is on top; "Upcoming" runs soonest first instead.
 */
export function listEventsForAdmin(filters: AdminEventListFilters = {}, request: ListRequest = {}): ListPage<AdminEventRow> {
  const now = filters.now ?? new Date();
  const conditions: SQL[] = [];
  const query = filters.query?.trim();
  if (query) {
    const pattern = `%${escapeLike(query)}%`;
    const match = or(sql`${events.title} like ${pattern} escape '\\'`, sql`${events.description} like ${pattern} escape '\\'`);
    if (match) conditions.push(match);
  }
  const status = filters.status ?? "all";
  if (status === "active") conditions.push(eq(events.isActive, true));
  if (status === "inactive") conditions.push(eq(events.isActive, false));
  if (status === "upcoming") conditions.push(gte(events.eventDate, now));
  if (status === "past") conditions.push(lt(events.eventDate, now));
  const order = status === "upcoming" ? [asc(events.eventDate), asc(events.id)] : [desc(events.eventDate), desc(events.id)];
  const where = and(...conditions);
  return paginate(
    { pastEnd: "last", ...request },
    () => db.select({ count: countRows }).from(events).where(where).get()?.count ?? 0,
    (limit, offset) =>
      db
        .select({
          id: events.id,
          title: events.title,
          eventType: events.eventType,
          eventDate: events.eventDate,
          durationMinutes: events.durationMinutes,
          pricePaise: events.pricePaise,
          isActive: events.isActive,
          registrationCount,
        })
        .from(events)
        .leftJoin(eventRegistrations, registrationsOfEvent)
        .where(where)
        .groupBy(events.id)
        .orderBy(...order)
        .limit(limit)
        .offset(offset)
        .all(),
    ADMIN_EVENTS_PAGE_SIZE,
  );
}

/** GET /api/events for an admin session: every event, inactive ones too, date ascending like the public list. */
export function listAllEvents(): SiteEvent[] {
  return db.select().from(events).orderBy(asc(events.eventDate), asc(events.id)).all();
}

/** Any event by id, active or not (admin); null for unknown and malformed ids. */
export function findEventForAdmin(id: number | string): SiteEvent | null {
  const numericId = typeof id === "number" ? id : parseId(id);
  if (numericId === null) return null;
  return db.select().from(events).where(eq(events.id, numericId)).get() ?? null;
}

/** An event's id and title, active or not (the registrations dialog and its JSON door). */
export function findEventTitle(id: number | string): { id: number; title: string } | null {
  const numericId = typeof id === "number" ? id : parseId(id);
  if (numericId === null) return null;
  return db.select({ id: events.id, title: events.title }).from(events).where(eq(events.id, numericId)).get() ?? null;
}

/** What the delete dialog needs: the title, whether it is active, and how many registrations it holds. */
export function findEventForDelete(
  id: number | string,
): { id: number; title: string; isActive: boolean; registrationCount: number } | null {
  const numericId = typeof id === "number" ? id : parseId(id);
  if (numericId === null) return null;
  return (
    db
      .select({ id: events.id, title: events.title, isActive: events.isActive, registrationCount })
      .from(events)
      .leftJoin(eventRegistrations, registrationsOfEvent)
      .where(eq(events.id, numericId))
      .groupBy(events.id)
      .get() ?? null
  );
}

/** What students pay for an event: the admin's (the "pricing" permission); the rest of an event is content. */
export type EventPricing = Pick<SiteEvent, "pricePaise">;

/** An event a content manager creates is free until an admin prices it. */
export const NEW_EVENT_PRICING: EventPricing = { pricePaise: 0 };

export type EventChangeResult = { ok: true; event: SiteEvent } | { ok: false; reason: "not-found" };
/** "pricing-is-admins": a role without "pricing" posted a price other than the stored one. */
export type EventSave = EventChangeResult | { ok: false; reason: "pricing-is-admins" };

/**
 * Creates (no `id`) or replaces the fields of an event (PUT and the edit
 * dialog alike) as `role` may. A price left out keeps the stored one (a new
 * event: `NEW_EVENT_PRICING`). A role without "pricing" may send the price back
 * unchanged but never change it, and its update leaves the price out of the
 * SET, so an admin repricing at the same moment is never undone.
 */
export function saveEvent(role: AdminRole, input: AdminEventInput, id?: number | string, now = new Date()): EventSave {
  const numericId = id === undefined || typeof id === "number" ? id : parseId(id);
  if (numericId === null) return { ok: false, reason: "not-found" };
  const { pricePaise, delivery, ...rest } = input;
  const content = { ...rest, ...delivery };
  return db.transaction(
    (tx): EventSave => {
      const stored =
        numericId === undefined
          ? NEW_EVENT_PRICING
          : tx.select({ pricePaise: events.pricePaise }).from(events).where(eq(events.id, numericId)).get();
      if (!stored) return { ok: false, reason: "not-found" };
      const pricing = pricingToWrite(role, { pricePaise }, stored);
      if (!pricing) return { ok: false, reason: "pricing-is-admins" };
      if (numericId === undefined) {
        const event = tx
          .insert(events)
          .values({ ...content, ...stored, ...pricing, createdAt: now, updatedAt: now })
          .returning()
          .get();
        return { ok: true, event };
      }
      const event = tx
        .update(events)
        .set({ ...content, ...pricing, updatedAt: now })
        .where(eq(events.id, numericId))
        .returning()
        .get();
      return event ? { ok: true, event } : { ok: false, reason: "not-found" };
    },
    { behavior: "immediate" },
  );
}

/** Takes an event off the public site and keeps its registrations (the way out when it cannot be deleted). */
export function deactivateEvent(id: number | string, now = new Date()): EventChangeResult {
  const numericId = typeof id === "number" ? id : parseId(id);
  if (numericId === null) return { ok: false, reason: "not-found" };
  const event = db.update(events).set({ isActive: false, updatedAt: now }).where(eq(events.id, numericId)).returning().get();
  return event ? { ok: true, event } : { ok: false, reason: "not-found" };
}

export type EventDeleteResult =
  | { ok: true; id: number; title: string }
  | { ok: false; reason: "not-found" }
  | { ok: false; reason: "has-history"; registrationCount: number };

/**
 * Deletes an event that nobody has registered for. One with registrations is
 * refused ("has-history"): deleting it would lose who registered, so it is to
 * be deactivated instead. The count and the delete share one write
 * transaction, so a registration arriving in between cannot be lost either
 * (and the foreign key, ON DELETE RESTRICT, would refuse it anyway).
 */
export function deleteEvent(id: number | string): EventDeleteResult {
  const numericId = typeof id === "number" ? id : parseId(id);
  if (numericId === null) return { ok: false, reason: "not-found" };
  return db.transaction(
    (tx): EventDeleteResult => {
      const event = tx
        .select({ id: events.id, title: events.title, registrationCount })
        .from(events)
        .leftJoin(eventRegistrations, registrationsOfEvent)
        .where(eq(events.id, numericId))
        .groupBy(events.id)
        .get();
      if (!event) return { ok: false, reason: "not-found" };
      if (event.registrationCount > 0) return { ok: false, reason: "has-history", registrationCount: event.registrationCount };
      tx.delete(events).where(eq(events.id, numericId)).run();
      return { ok: true, id: event.id, title: event.title };
    },
    { behavior: "immediate" },
  );
}

// ---- The chat assistant ----

export type ChatEvent = Pick<
  SiteEvent,
  "id" | "title" | "description" | "eventType" | "eventDate" | "durationMinutes" | "pricePaise" | "maxParticipants"
> & { seatsLeft: number | null };

/**
 * Active events that have not started, soonest first, with their free seats,
 * inside a time window (default: any time from now); at most `limit` of them.
 */
export function listUpcomingEventsForChat(
  now = new Date(),
  { window = "upcoming", limit = 20 }: { window?: "upcoming" | "this-week"; limit?: number } = {},
): ChatEvent[] {
  const { from, to } = timeWindowBounds(window, now);
  const conditions: SQL[] = [eq(events.isActive, true), gte(events.eventDate, from ?? now)];
  if (to) conditions.push(lt(events.eventDate, to));
  return (
    db
      .select({
        id: events.id,
        title: events.title,
        description: events.description,
        eventType: events.eventType,
        eventDate: events.eventDate,
        durationMinutes: events.durationMinutes,
        pricePaise: events.pricePaise,
        maxParticipants: events.maxParticipants,
      })
      .from(events)
      .where(and(...conditions))
      .orderBy(asc(events.eventDate), asc(events.id))
      .limit(limit)
      .all()
      // Seats held by students paying, and kept for the waitlist, are not free either.
      .map((event) => ({
        ...event,
        seatsLeft: event.maxParticipants === null ? null : seatsLeftOf(event.maxParticipants, eventSeatsSpokenFor(db, event.id, now)),
      }))
  );
}
