import { and, eq, gt, isNotNull } from "drizzle-orm";
import { enrollmentForms, orders, eventRegistrations, events, users, waitlist } from "../../../db/schema";
import { SEAT_HOLD_MINUTES, WAITLIST_OFFER_HOURS } from "~/schemas/event-registration";
import { db, isUniqueViolation, type Transaction } from "~/utils/db.server";
import { queueMail } from "../site/outbox.server";
import { registeredEventColumns } from "./registered-event.server";
import {
  findWaitlistPlace,
  joinWaitlistIn,
  lapseOffers,
  offerFreeSeatsIn,
  seatFreeFor,
  seatsSpokenFor,
  takeWaitlistPlace,
  type SeatPlace,
  type WaitlistEntry,
  type WaitlistPlace,
} from "../seats/seats.server";

export type { WaitlistPlace } from "../seats/seats.server";

// A paid event's seats (docs/decisions/0016-paid-event-seats.md), counted by
// the rule events and batches share (app/models/seats): a registration, a
// pending order inside its hold or a waitlist offer not yet lapsed holds a
// seat. Every count and every change is made inside one `BEGIN IMMEDIATE`
// transaction, so the last seat goes to one student however many pay at once.

/** How long a pending order keeps its seat. */
export const SEAT_HOLD_MS = SEAT_HOLD_MINUTES * 60_000;
/** How long a waitlisted student may take a freed seat before it goes to the next. */
export const WAITLIST_OFFER_MS = WAITLIST_OFFER_HOURS * 60 * 60_000;

type Reader = Pick<typeof db, "select">;

const eventPlace = (eventId: number): SeatPlace => ({ kind: "event", id: eventId });

/** Seats of an event spoken for at `now`; `exceptUserId`'s own hold and offer are left out. */
export const eventSeatsSpokenFor = (tx: Reader, eventId: number, now: Date, exceptUserId?: string) =>
  seatsSpokenFor(tx, eventPlace(eventId), now, exceptUserId);

/** Whether a seat of the event is free for this student now (their own hold or offer counts as theirs). */
export const eventSeatFreeFor = (tx: Reader, event: { id: number; maxParticipants: number | null }, userId: string, now: Date) =>
  seatFreeFor(tx, eventPlace(event.id), event.maxParticipants, userId, now);

/** Whether the student already has a seat at the event. */
export const isRegistered = (tx: Reader, eventId: number, userId: string) =>
  tx
    .select({ id: eventRegistrations.id })
    .from(eventRegistrations)
    .where(and(eq(eventRegistrations.eventId, eventId), eq(eventRegistrations.userId, userId)))
    .get() !== undefined;

export type SeatRefusal = "not-found" | "closed" | "free" | "full" | "registered";

/** What a seat needs to know of the order that pays for it; the order model passes its own row. */
type SeatOrder = { id: number; userId: string; eventId: number | null; enrollmentFormId: number | null; seatHeldUntil: Date | null };

/** Who sits in the seat, as the registration records them: the enrollment form's details, else the account's. */
function registrantOf(tx: Reader, order: Pick<SeatOrder, "userId" | "enrollmentFormId">) {
  const form =
    order.enrollmentFormId === null
      ? undefined
      : tx
          .select({ name: enrollmentForms.name, email: enrollmentForms.email, phone: enrollmentForms.whatsappNumber })
          .from(enrollmentForms)
          .where(eq(enrollmentForms.id, order.enrollmentFormId))
          .get();
  const account = tx
    .select({ firstName: users.firstName, lastName: users.lastName, email: users.email, phone: users.phone })
    .from(users)
    .where(eq(users.id, order.userId))
    .get();
  const accountName = [account?.firstName, account?.lastName].filter(Boolean).join(" ");
  return {
    name: form?.name || accountName || (account?.email ?? ""),
    email: form?.email || (account?.email ?? ""),
    phone: form?.phone || (account?.phone ?? ""),
  };
}

/** seated: the paid order got its seat now; registered: the student already had one (pay back); gone: the hold lapsed and the event is full or over (pay back). */
export type SeatTaking = "seated" | "registered" | "gone";

/**
 * Inside the transaction that completes a paid event order: a payment made
 * within the hold gets the seat it held; a later one gets a seat only if one
 * is free now and the event has not begun. The registration and its
 * confirmation mail are written here; a waitlist offer the student held is
 * taken.
 */
export function takeSeat(tx: Transaction, order: SeatOrder, paidAt: Date, now: Date): SeatTaking {
  if (order.eventId === null) throw new Error(`Order ${order.id} is not for an event`);
  const event = tx
    .select({ ...registeredEventColumns, maxParticipants: events.maxParticipants })
    .from(events)
    .where(eq(events.id, order.eventId))
    .get();
  if (!event) return "gone";
  if (isRegistered(tx, event.id, order.userId)) return "registered";
  const withinHold = order.seatHeldUntil !== null && paidAt.getTime() <= order.seatHeldUntil.getTime();
  if (!withinHold && (event.eventDate.getTime() <= now.getTime() || !eventSeatFreeFor(tx, event, order.userId, now))) return "gone";
  const registrant = registrantOf(tx, order);
  try {
    tx.insert(eventRegistrations)
      .values({ eventId: event.id, userId: order.userId, orderId: order.id, registeredAt: now, ...registrant })
      .run();
  } catch (error) {
    if (isUniqueViolation(error)) return "registered";
    throw error;
  }
  tx.update(orders).set({ seatHeldUntil: null }).where(eq(orders.id, order.id)).run();
  takeWaitlistPlace(tx, eventPlace(event.id), order.userId);
  queueMail(tx, { to: registrant.email, userId: order.userId, payload: { kind: "event-registered", eventId: event.id } }, now);
  return "seated";
}

// ---- The waitlist ----

export type WaitlistJoin = WaitlistEntry | { ok: false; reason: "not-found" | "closed" | "registered" };

/**
 * Puts the student at the back of a full event's waitlist (again, if they let
 * an offer lapse or left). Refused while a seat is free for them: they
 * register or pay instead.
 */
export function joinWaitlist(eventId: number, userId: string, now = new Date()): WaitlistJoin {
  return db.transaction(
    (tx): WaitlistJoin => {
      const event = tx
        .select({ id: events.id, eventDate: events.eventDate, maxParticipants: events.maxParticipants })
        .from(events)
        .where(and(eq(events.id, eventId), eq(events.isActive, true)))
        .get();
      if (!event) return { ok: false, reason: "not-found" };
      if (event.eventDate.getTime() <= now.getTime()) return { ok: false, reason: "closed" };
      if (isRegistered(tx, event.id, userId)) return { ok: false, reason: "registered" };
      return joinWaitlistIn(tx, eventPlace(event.id), event.maxParticipants, userId, now);
    },
    { behavior: "immediate" },
  );
}

/** The student's place on an event's waitlist. */
export const findEventWaitlistPlace = (eventId: number, userId: string, now = new Date()): WaitlistPlace =>
  findWaitlistPlace(eventPlace(eventId), userId, now);

/**
 * The waitlist's sweep (the in-process worker runs it every minute): offers
 * past their time lapse, then each upcoming event with free seats offers them
 * to the next students waiting, first come first served, each with its mail,
 * in one transaction per event. Returns how many offers were made.
 */
export function offerFreedSeats(now = new Date()): number {
  lapseOffers(now);
  const waiting = db
    .selectDistinct({ eventId: waitlist.eventId })
    .from(waitlist)
    .innerJoin(events, eq(events.id, waitlist.eventId))
    .where(and(eq(waitlist.status, "waiting"), eq(events.isActive, true), gt(events.eventDate, now), isNotNull(events.maxParticipants)))
    .all();
  let offers = 0;
  for (const { eventId } of waiting) if (eventId !== null) offers += offerSeatsOf(eventId, now);
  return offers;
}

function offerSeatsOf(eventId: number, now: Date): number {
  return db.transaction(
    (tx) => {
      const event = tx
        .select({ ...registeredEventColumns, maxParticipants: events.maxParticipants })
        .from(events)
        .where(eq(events.id, eventId))
        .get();
      if (!event || event.maxParticipants === null) return 0;
      const expiresAt = new Date(Math.min(now.getTime() + WAITLIST_OFFER_MS, event.eventDate.getTime()));
      const offers = offerFreeSeatsIn(tx, eventPlace(eventId), event.maxParticipants, expiresAt, now);
      for (const offer of offers) {
        const payload = {
          kind: "event-waitlist-offer" as const,
          name: offer.firstName ?? offer.email,
          eventId,
          expiresAt: expiresAt.toISOString(),
        };
        queueMail(tx, { to: offer.email, userId: offer.userId, payload }, now);
      }
      return offers.length;
    },
    { behavior: "immediate" },
  );
}

/** Whom a paid event's order belongs to, and which event: for the message when its payment is returned. */
export function describeEventOrder(
  tx: Transaction,
  order: Pick<SeatOrder, "userId" | "eventId">,
): { email: string; firstName: string | null; eventTitle: string } | null {
  if (order.eventId === null) return null;
  const row = tx
    .select({ email: users.email, firstName: users.firstName, eventTitle: events.title })
    .from(users)
    .innerJoin(events, eq(events.id, order.eventId))
    .where(eq(users.id, order.userId))
    .get();
  return row ?? null;
}
