import { and, asc, eq, sql } from "drizzle-orm";
import { eventRegistrations, events } from "../../db/schema";
import { db, isUniqueViolation } from "~/utils/db.server";
import { parseId } from "~/utils/validation";
import { countRegistrations } from "./event.server";

export type RegistrationRefusal = "not-found" | "closed" | "full" | "duplicate";

export type RegistrationResult =
  | { ok: true; registrationId: number; eventTitle: string }
  | { ok: false; reason: RegistrationRefusal };

export type NewRegistration = {
  eventId: number | string;
  userId: string;
  name: string;
  email: string;
  phone: string;
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
 */
export function registerForEvent(registration: NewRegistration, now = new Date()): RegistrationResult {
  const eventId = typeof registration.eventId === "number" ? registration.eventId : parseId(registration.eventId);
  if (eventId === null) return { ok: false, reason: "not-found" };

  try {
    return db.transaction(
      (tx): RegistrationResult => {
        const event = tx
          .select({ title: events.title, eventDate: events.eventDate, maxParticipants: events.maxParticipants })
          .from(events)
          .where(and(eq(events.id, eventId), eq(events.isActive, true)))
          .get();
        if (!event) return { ok: false, reason: "not-found" };
        if (event.eventDate.getTime() < now.getTime()) return { ok: false, reason: "closed" };

        const existing = tx
          .select({ id: eventRegistrations.id })
          .from(eventRegistrations)
          .where(and(eq(eventRegistrations.eventId, eventId), eq(eventRegistrations.userId, registration.userId)))
          .get();
        if (existing) return { ok: false, reason: "duplicate" };

        if (event.maxParticipants !== null) {
          const taken =
            tx
              .select({ count: sql<number>`count(*)` })
              .from(eventRegistrations)
              .where(eq(eventRegistrations.eventId, eventId))
              .get()?.count ?? 0;
          if (taken >= event.maxParticipants) return { ok: false, reason: "full" };
        }

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
        return { ok: true, registrationId: row.id, eventTitle: event.title };
      },
      { behavior: "immediate" },
    );
  } catch (error) {
    if (isUniqueViolation(error)) return { ok: false, reason: "duplicate" };
    throw error;
  }
}

export type RegistrationState = "open" | "closed" | "full" | "registered";

export type RegistrationTarget = {
  id: number;
  title: string;
  eventDate: Date;
  durationMinutes: number;
  maxParticipants: number | null;
  /** Free seats left, or null when seats are unlimited. */
  seatsLeft: number | null;
  /** What the student can do now; the registration itself checks again. */
  state: RegistrationState;
};

/** An active event as the registration dialog shows it to this student; null for unknown or inactive ids. */
export function findRegistrationTarget(
  eventId: number | string,
  userId: string,
  now = new Date(),
): RegistrationTarget | null {
  const id = typeof eventId === "number" ? eventId : parseId(eventId);
  if (id === null) return null;
  const event = db
    .select({
      id: events.id,
      title: events.title,
      eventDate: events.eventDate,
      durationMinutes: events.durationMinutes,
      maxParticipants: events.maxParticipants,
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
  const seatsLeft =
    event.maxParticipants === null ? null : Math.max(0, event.maxParticipants - countRegistrations(id));
  const state: RegistrationState = registered
    ? "registered"
    : event.eventDate.getTime() < now.getTime()
      ? "closed"
      : seatsLeft === 0
        ? "full"
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

/** Who registered for an event, earliest first (the admin's View Registrations dialog and its JSON door). */
export function listRegistrationsForEvent(eventId: number): EventRegistrationListItem[] {
  return db
    .select({
      id: eventRegistrations.id,
      name: eventRegistrations.name,
      email: eventRegistrations.email,
      phone: eventRegistrations.phone,
      registeredAt: eventRegistrations.registeredAt,
    })
    .from(eventRegistrations)
    .where(eq(eventRegistrations.eventId, eventId))
    .orderBy(asc(eventRegistrations.registeredAt), asc(eventRegistrations.id))
    .all();
}
