import { and, asc, eq } from "drizzle-orm";
import { eventRegistrations, events } from "../../../db/schema";
import { db } from "~/utils/db.server";
import { parseId } from "~/utils/validation";
import { registeredEventColumns, type RegisteredEvent } from "./registered-event.server";

// A student's own registrations (/account/events): what they signed up for,
// the calendar file of one, and cancelling one. Every function takes the
// student's id, so a student only ever reaches their own registrations.

/** The student's registrations for events still on the schedule (active), soonest first. */
export function listStudentRegistrations(userId: string): (RegisteredEvent & { registeredAt: Date })[] {
  return db
    .select({ ...registeredEventColumns, registeredAt: eventRegistrations.registeredAt })
    .from(eventRegistrations)
    .innerJoin(events, eq(events.id, eventRegistrations.eventId))
    .where(and(eq(eventRegistrations.userId, userId), eq(events.isActive, true)))
    .orderBy(asc(events.eventDate), asc(events.id))
    .all();
}

/** The ids of the events the student is registered for: their cards say so instead of offering registration. */
export function listRegisteredEventIds(userId: string): Set<number> {
  const rows = db
    .select({ eventId: eventRegistrations.eventId })
    .from(eventRegistrations)
    .where(eq(eventRegistrations.userId, userId))
    .all();
  return new Set(rows.map((row) => row.eventId));
}

/** The event of the student's registration (active events only); null when they are not registered for it. */
export function findStudentRegisteredEvent(eventId: number | string, userId: string): RegisteredEvent | null {
  const id = typeof eventId === "number" ? eventId : parseId(eventId);
  if (id === null) return null;
  return (
    db
      .select(registeredEventColumns)
      .from(eventRegistrations)
      .innerJoin(events, eq(events.id, eventRegistrations.eventId))
      .where(and(eq(eventRegistrations.eventId, id), eq(eventRegistrations.userId, userId), eq(events.isActive, true)))
      .get() ?? null
  );
}

export type CancelOutcome = { ok: true; eventTitle: string } | { ok: false; reason: "not-registered" | "started" };

/**
 * Cancels the student's registration for an event that has not started: the
 * row is deleted, which frees its seat (seats are counted from the rows). The
 * start time is read in the same `BEGIN IMMEDIATE` transaction as the delete,
 * so an event moved earlier a moment ago is judged by its new time, and a
 * registration being made for the last seat waits for this one to finish.
 */
export function cancelStudentRegistration(eventId: number, userId: string, now = new Date()): CancelOutcome {
  return db.transaction(
    (tx): CancelOutcome => {
      const registration = tx
        .select({ id: eventRegistrations.id, title: events.title, eventDate: events.eventDate })
        .from(eventRegistrations)
        .innerJoin(events, eq(events.id, eventRegistrations.eventId))
        .where(and(eq(eventRegistrations.eventId, eventId), eq(eventRegistrations.userId, userId), eq(events.isActive, true)))
        .get();
      if (!registration) return { ok: false, reason: "not-registered" };
      if (registration.eventDate.getTime() <= now.getTime()) return { ok: false, reason: "started" };
      tx.delete(eventRegistrations).where(eq(eventRegistrations.id, registration.id)).run();
      return { ok: true, eventTitle: registration.title };
    },
    { behavior: "immediate" },
  );
}
