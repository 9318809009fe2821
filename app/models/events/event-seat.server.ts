import { and, asc, count, eq, gt, inArray, isNotNull, lte, ne, sql } from "drizzle-orm";
import { enrollmentForms, orders, eventRegistrations, eventWaitlist, events, users } from "../../../db/schema";
import { SEAT_HOLD_MINUTES, WAITLIST_OFFER_HOURS } from "~/schemas/event-registration";
import { db, isUniqueViolation, type Transaction } from "~/utils/db.server";
import { queueMail } from "../site/outbox.server";
import { registeredEventColumns } from "./registered-event.server";

// A paid event's seats (docs/decisions/0016-paid-event-seats.md). A seat is
// spoken for by a registration, by a pending order still inside its 15-minute
// hold, or by a waitlist offer not yet lapsed. Every count and every change is
// made inside one `BEGIN IMMEDIATE` transaction, so the last seat goes to one
// student however many pay at once.

/** How long a pending order keeps its seat. */
export const SEAT_HOLD_MS = SEAT_HOLD_MINUTES * 60_000;
/** How long a waitlisted student may take a freed seat before it goes to the next. */
export const WAITLIST_OFFER_MS = WAITLIST_OFFER_HOURS * 60 * 60_000;

type Reader = Pick<typeof db, "select">;

/** Seats spoken for at `now`; `exceptUserId`'s own hold and offer are left out (they are what that student is taking). */
export function seatsSpokenFor(tx: Reader, eventId: number, now: Date, exceptUserId?: string): number {
  const notThem = <T extends typeof orders.userId | typeof eventWaitlist.userId>(column: T) =>
    exceptUserId === undefined ? undefined : ne(column, exceptUserId);
  const registered = tx.select({ n: count() }).from(eventRegistrations).where(eq(eventRegistrations.eventId, eventId)).get()?.n ?? 0;
  const held =
    tx
      .select({ n: sql<number>`count(distinct ${orders.userId})` })
      .from(orders)
      .where(
        and(
          eq(orders.eventId, eventId),
          inArray(orders.paymentStatus, ["pending", "failed"]),
          gt(orders.seatHeldUntil, now),
          notThem(orders.userId),
        ),
      )
      .get()?.n ?? 0;
  const offered =
    tx
      .select({ n: count() })
      .from(eventWaitlist)
      .where(
        and(
          eq(eventWaitlist.eventId, eventId),
          eq(eventWaitlist.status, "offered"),
          gt(eventWaitlist.offerExpiresAt, now),
          notThem(eventWaitlist.userId),
        ),
      )
      .get()?.n ?? 0;
  return registered + held + offered;
}

/** Whether a seat is free for this student now (their own hold or offer counts as theirs). */
export function seatFreeFor(tx: Reader, event: { id: number; maxParticipants: number | null }, userId: string, now: Date): boolean {
  return event.maxParticipants === null || seatsSpokenFor(tx, event.id, now, userId) < event.maxParticipants;
}

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
  if (!withinHold && (event.eventDate.getTime() <= now.getTime() || !seatFreeFor(tx, event, order.userId, now))) return "gone";
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
  takeWaitlistPlace(tx, event.id, order.userId);
  queueMail(tx, { to: registrant.email, userId: order.userId, payload: { kind: "event-registered", eventId: event.id } }, now);
  return "seated";
}

// ---- The waitlist ----

/** The student got a seat: their place on the waitlist (and any offer) is done with. */
export function takeWaitlistPlace(tx: Pick<typeof db, "update">, eventId: number, userId: string): void {
  tx.update(eventWaitlist)
    .set({ status: "taken", offerExpiresAt: null })
    .where(and(eq(eventWaitlist.eventId, eventId), eq(eventWaitlist.userId, userId), inArray(eventWaitlist.status, ["waiting", "offered"])))
    .run();
}

export type WaitlistJoin =
  { ok: true; position: number } | { ok: false; reason: "not-found" | "closed" | "registered" | "seats-free" | "already-waiting" };

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
      const existing = tx
        .select({ id: eventWaitlist.id, status: eventWaitlist.status })
        .from(eventWaitlist)
        .where(and(eq(eventWaitlist.eventId, eventId), eq(eventWaitlist.userId, userId)))
        .get();
      if (existing && (existing.status === "waiting" || existing.status === "offered")) return { ok: false, reason: "already-waiting" };
      if (seatFreeFor(tx, event, userId, now)) return { ok: false, reason: "seats-free" };
      if (existing) {
        tx.update(eventWaitlist)
          .set({ status: "waiting", offerExpiresAt: null, createdAt: now })
          .where(eq(eventWaitlist.id, existing.id))
          .run();
      } else {
        tx.insert(eventWaitlist).values({ eventId, userId, status: "waiting", createdAt: now }).run();
      }
      const position =
        tx
          .select({ n: count() })
          .from(eventWaitlist)
          .where(and(eq(eventWaitlist.eventId, eventId), inArray(eventWaitlist.status, ["waiting", "offered"])))
          .get()?.n ?? 0;
      return { ok: true, position };
    },
    { behavior: "immediate" },
  );
}

/**
 * The waitlist's sweep (the in-process worker runs it every minute): offers
 * past their time lapse, then each upcoming event with free seats offers them
 * to the next students waiting, first come first served, each with its mail,
 * in one transaction per event. Returns how many offers were made.
 */
export function offerFreedSeats(now = new Date()): number {
  db.update(eventWaitlist)
    .set({ status: "lapsed" })
    .where(and(eq(eventWaitlist.status, "offered"), lte(eventWaitlist.offerExpiresAt, now)))
    .run();
  const waiting = db
    .selectDistinct({ eventId: eventWaitlist.eventId })
    .from(eventWaitlist)
    .innerJoin(events, eq(events.id, eventWaitlist.eventId))
    .where(
      and(eq(eventWaitlist.status, "waiting"), eq(events.isActive, true), gt(events.eventDate, now), isNotNull(events.maxParticipants)),
    )
    .all();
  let offers = 0;
  for (const { eventId } of waiting) offers += offerSeatsOf(eventId, now);
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
      const free = event.maxParticipants - seatsSpokenFor(tx, eventId, now);
      if (free <= 0) return 0;
      const next = tx
        .select({ id: eventWaitlist.id, userId: eventWaitlist.userId, email: users.email, firstName: users.firstName })
        .from(eventWaitlist)
        .innerJoin(users, eq(users.id, eventWaitlist.userId))
        .where(and(eq(eventWaitlist.eventId, eventId), eq(eventWaitlist.status, "waiting")))
        .orderBy(asc(eventWaitlist.createdAt), asc(eventWaitlist.id))
        .limit(free)
        .all();
      const expiresAt = new Date(Math.min(now.getTime() + WAITLIST_OFFER_MS, event.eventDate.getTime()));
      for (const entry of next) {
        tx.update(eventWaitlist).set({ status: "offered", offerExpiresAt: expiresAt }).where(eq(eventWaitlist.id, entry.id)).run();
        const payload = {
          kind: "event-waitlist-offer" as const,
          name: entry.firstName ?? entry.email,
          eventId,
          expiresAt: expiresAt.toISOString(),
        };
        queueMail(tx, { to: entry.email, userId: entry.userId, payload }, now);
      }
      return next.length;
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

/** Where the student stands on an event's waitlist: their place while waiting, or the offer's end while one is kept for them. */
export type WaitlistPlace = { status: "waiting"; position: number } | { status: "offered"; expiresAt: Date } | null;

export function findWaitlistPlace(eventId: number, userId: string, now = new Date()): WaitlistPlace {
  const entry = db
    .select({
      status: eventWaitlist.status,
      offerExpiresAt: eventWaitlist.offerExpiresAt,
      createdAt: eventWaitlist.createdAt,
      id: eventWaitlist.id,
    })
    .from(eventWaitlist)
    .where(and(eq(eventWaitlist.eventId, eventId), eq(eventWaitlist.userId, userId)))
    .get();
  if (!entry) return null;
  if (entry.status === "offered" && entry.offerExpiresAt && entry.offerExpiresAt.getTime() > now.getTime())
    return { status: "offered", expiresAt: entry.offerExpiresAt };
  if (entry.status !== "waiting") return null;
  const ahead =
    db
      .select({ n: count() })
      .from(eventWaitlist)
      .where(
        and(
          eq(eventWaitlist.eventId, eventId),
          eq(eventWaitlist.status, "waiting"),
          sql`(${eventWaitlist.createdAt}, ${eventWaitlist.id}) < (${entry.createdAt.getTime()}, ${entry.id})`,
        ),
      )
      .get()?.n ?? 0;
  return { status: "waiting", position: ahead + 1 };
}
