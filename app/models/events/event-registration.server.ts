import { and, asc, desc, eq, inArray, type SQL } from "drizzle-orm";
import { union } from "drizzle-orm/sqlite-core";
import { eventRegistrations, events } from "../../../db/schema";
import { FORM_CONSENT } from "~/schemas/consent";
import { db, isUniqueViolation } from "~/utils/db.server";
import { parseId } from "~/utils/validation";
import { seatsLeftOf } from "./event.server";
import { recordConsent } from "../privacy/consent.server";
import { eventSeatFreeFor, eventSeatsSpokenFor } from "./event-seat.server";
import { takeWaitlistPlace } from "../seats/seats.server";
import { queueMail } from "../site/outbox.server";
import { registeredEventColumns } from "./registered-event.server";
import { containsText, isSearchTooShort, matchesSearch, paginateThenJoin, type ListPage, type ListRequest } from "../site/paging.server";
import { hasConfirmedAdult } from "../accounts/user.server";

/** adult-unconfirmed: the account has not said its holder is 18 or older; a child's details need a parent's consent. */
export type RegistrationRefusal = "not-found" | "closed" | "needs-payment" | "full" | "duplicate" | "adult-unconfirmed";

export type RegistrationResult = { ok: true; registrationId: number; eventTitle: string } | { ok: false; reason: RegistrationRefusal };

export type NewRegistration = {
  eventId: number | string;
  userId: string;
  name: string;
  email: string;
  phone: string;
  /** False when the address has had its share of confirmations today: the seat is booked, nothing is mailed. */
  confirmByMail?: boolean;
};

/**
 * Registers a student for an active, not yet started event with a free seat.
 *
 * The seat check and the insert run in one `BEGIN IMMEDIATE` transaction: it
 * takes SQLite's write lock before the count is read, so two registrations
 * (from any process or connection) can never both see the last free seat. The
 * others wait (busy_timeout) and then see the new count. A second registration
 * by the same student is refused; the (event_id, user_id) unique index is the
 * final word on that, even if the read below were ever skipped.
 *
 * Unknown and inactive events are both "not-found"; an event whose start time
 * has passed is "closed"; `maxParticipants` null means unlimited seats.
 *
 * A paid event is "needs-payment": its seats go only to students who paid,
 * and there is no online payment for events yet, so none is given away here.
 * The price is read in the same transaction as the insert, so an event
 * repriced meanwhile is judged by its price at that moment.
 *
 * The confirmation message and the consent the form's box gave are written in
 * the same transaction: no mail or consent for a registration that rolled back,
 * no registration without them.
 */
export function registerForEvent(registration: NewRegistration, now = new Date()): RegistrationResult {
  const eventId = typeof registration.eventId === "number" ? registration.eventId : parseId(registration.eventId);
  if (eventId === null) return { ok: false, reason: "not-found" };

  try {
    return db.transaction(
      (tx): RegistrationResult => {
        if (!hasConfirmedAdult(registration.userId, tx)) return { ok: false, reason: "adult-unconfirmed" };
        const event = tx
          .select({
            ...registeredEventColumns,
            maxParticipants: events.maxParticipants,
            pricePaise: events.pricePaise,
          })
          .from(events)
          .where(and(eq(events.id, eventId), eq(events.isActive, true)))
          .get();
        if (!event) return { ok: false, reason: "not-found" };
        if (event.eventDate.getTime() < now.getTime()) return { ok: false, reason: "closed" };
        if (event.pricePaise > 0) return { ok: false, reason: "needs-payment" };

        const existing = tx
          .select({ id: eventRegistrations.id })
          .from(eventRegistrations)
          .where(and(eq(eventRegistrations.eventId, eventId), eq(eventRegistrations.userId, registration.userId)))
          .get();
        if (existing) return { ok: false, reason: "duplicate" };

        // Seats held by paying students and offered to the waitlist count as taken; this student's own offer is theirs.
        if (!eventSeatFreeFor(tx, event, registration.userId, now)) return { ok: false, reason: "full" };

        const row = tx
          .insert(eventRegistrations)
          .values({
            eventId,
            userId: registration.userId,
            name: registration.name,
            email: registration.email,
            phone: registration.phone,
            registeredAt: now,
          })
          .returning({ id: eventRegistrations.id })
          .get();
        takeWaitlistPlace(tx, { kind: "event", id: eventId }, registration.userId);
        recordConsent(
          {
            userId: registration.userId,
            purpose: FORM_CONSENT.eventRegistration.purpose,
            decision: "granted",
            source: "event-registration",
          },
          tx,
          now,
        );
        if (registration.confirmByMail !== false)
          queueMail(tx, { to: registration.email, userId: registration.userId, payload: { kind: "event-registered", eventId } }, now);
        return { ok: true, registrationId: row.id, eventTitle: event.title };
      },
      { behavior: "immediate" },
    );
  } catch (error) {
    if (isUniqueViolation(error)) return { ok: false, reason: "duplicate" };
    throw error;
  }
}

export type RegistrationState = "open" | "closed" | "needs-payment" | "full" | "registered";

export type RegistrationTarget = {
  id: number;
  title: string;
  eventDate: Date;
  durationMinutes: number;
  maxParticipants: number | null;
  pricePaise: number;
  /** "/uploads/…" when an admin gave the event a banner. */
  bannerUrl: string | null;
  /** Free seats left, or null when seats are unlimited. */
  seatsLeft: number | null;
  /** What the student can do now; the registration itself checks again. */
  state: RegistrationState;
};

/** An active event as the registration dialog shows it to this student; null for unknown or inactive ids. */
export function findRegistrationTarget(eventId: number | string, userId: string, now = new Date()): RegistrationTarget | null {
  const id = typeof eventId === "number" ? eventId : parseId(eventId);
  if (id === null) return null;
  const event = db
    .select({
      id: events.id,
      title: events.title,
      eventDate: events.eventDate,
      durationMinutes: events.durationMinutes,
      maxParticipants: events.maxParticipants,
      pricePaise: events.pricePaise,
      bannerUrl: events.bannerUrl,
    })
    .from(events)
    .where(and(eq(events.id, id), eq(events.isActive, true)))
    .get();
  if (!event) return null;
  const registered = db
    .select({ id: eventRegistrations.id })
    .from(eventRegistrations)
    .where(and(eq(eventRegistrations.eventId, id), eq(eventRegistrations.userId, userId)))
    .get();
  const seatsLeft = seatsLeftOf(event.maxParticipants, eventSeatsSpokenFor(db, id, now, userId));
  // A full event is "full" whether paid or free: both offer the waitlist.
  const state: RegistrationState = registered
    ? "registered"
    : event.eventDate.getTime() < now.getTime()
      ? "closed"
      : seatsLeft === 0
        ? "full"
        : event.pricePaise > 0
          ? "needs-payment"
          : "open";
  return { ...event, seatsLeft, state };
}

export type EventRegistrationListItem = {
  id: number;
  name: string;
  email: string;
  phone: string;
  registeredAt: Date;
};

/**
 * Who registered for an event, earliest first, a page at a time (the admin's
 * View Registrations dialog and its JSON door), walking
 * event_registrations_event_time_idx: a 600-seat seminar costs one page.
 */
export function listRegistrationsForEvent(eventId: number, request: ListRequest = {}): ListPage<EventRegistrationListItem> {
  return paginateThenJoin(
    request,
    {
      table: eventRegistrations,
      time: eventRegistrations.registeredAt,
      id: eventRegistrations.id,
      where: eq(eventRegistrations.eventId, eventId),
      oldestFirst: true,
    },
    (onPage) =>
      db
        .select({
          id: eventRegistrations.id,
          name: eventRegistrations.name,
          email: eventRegistrations.email,
          phone: eventRegistrations.phone,
          registeredAt: eventRegistrations.registeredAt,
        })
        .from(eventRegistrations)
        .where(onPage)
        .orderBy(asc(eventRegistrations.registeredAt), asc(eventRegistrations.id))
        .all(),
  );
}

// ---- Admin (Users tab: Event Registrations, and GET /api/admin/registrations) ----

export type AdminRegistrationRow = {
  id: number;
  name: string;
  email: string;
  phone: string;
  eventId: number;
  /** Null only if the event row is gone (the foreign key normally prevents that). */
  eventTitle: string | null;
  eventDate: Date | null;
  registeredAt: Date;
};

/** Registrations as the admin sees them (the table and the export): with their event's title and date. */
export const selectAdminRegistrations = () =>
  db
    .select({
      id: eventRegistrations.id,
      name: eventRegistrations.name,
      email: eventRegistrations.email,
      phone: eventRegistrations.phone,
      eventId: eventRegistrations.eventId,
      eventTitle: events.title,
      eventDate: events.eventDate,
      registeredAt: eventRegistrations.registeredAt,
    })
    .from(eventRegistrations)
    .leftJoin(events, eq(events.id, eventRegistrations.eventId));

/** Every word of the search is in the name, email or phone, or the event's title contains it (events matched once, not per row). */
const registrationSearch = (q: string | null | undefined) => {
  const ofPerson = matchesSearch(q, {
    table: eventRegistrations,
    index: "event_registrations_search",
    columns: [eventRegistrations.name, eventRegistrations.email, eventRegistrations.phone],
  });
  if (!ofPerson || isSearchTooShort(q)) return ofPerson;
  // A union of two indexed reads, not an OR, which SQLite with statistics may answer by reading every row.
  const registrationsWhere = (where: SQL | undefined) => db.select({ id: eventRegistrations.id }).from(eventRegistrations).where(where);
  return inArray(
    eventRegistrations.id,
    union(
      registrationsWhere(ofPerson),
      registrationsWhere(
        inArray(
          eventRegistrations.eventId,
          db
            .select({ id: events.id })
            .from(events)
            .where(containsText(q, [events.title])),
        ),
      ),
    ),
  );
};

/**
 * Every registration for every event, newest first, a page at a time. The
 * search and the page are found in event_registrations alone (the page by
 * walking event_registrations_registered_at_idx); only the page's rows are
 * then joined to their events, so a deep page costs no joins for the rows
 * skipped.
 */
export function listRegistrationsForAdmin(request: ListRequest = {}): ListPage<AdminRegistrationRow> {
  const where = registrationSearch(request.q);
  const newestFirst = [desc(eventRegistrations.registeredAt), desc(eventRegistrations.id)];
  return paginateThenJoin(
    request,
    { table: eventRegistrations, time: eventRegistrations.registeredAt, id: eventRegistrations.id, where },
    (onPage) =>
      selectAdminRegistrations()
        .where(onPage)
        .orderBy(...newestFirst)
        .all(),
  );
}
