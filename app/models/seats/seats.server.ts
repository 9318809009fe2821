import { and, asc, count, eq, gt, inArray, lte, ne, sql } from "drizzle-orm";
import { batchStudents, eventRegistrations, orders, users, waitlist } from "../../../db/schema";
import { db, type Transaction } from "~/utils/db.server";

// Seats, for a paid event and for a batch alike (docs/decisions/0016 and
// 0059): one rule, one implementation. A seat is spoken for by someone
// seated (a registration, a student in the batch), by a pending order still
// inside its hold, or by a waitlist offer not yet lapsed. Callers count and
// change seats inside one `BEGIN IMMEDIATE` transaction, so the last seat
// goes to one student however many pay at once.

/** What has seats: an event or a batch. */
export type SeatPlace = { kind: "event"; id: number } | { kind: "batch"; id: number };

type Reader = Pick<typeof db, "select">;

/** The columns that name the place in orders and in the waitlist. */
const orderColumn = (place: SeatPlace) => (place.kind === "event" ? orders.eventId : orders.batchId);
const waitlistColumn = (place: SeatPlace) => (place.kind === "event" ? waitlist.eventId : waitlist.batchId);

/** How many are seated: registrations for an event, students in a batch. */
function seated(tx: Reader, place: SeatPlace): number {
  const row =
    place.kind === "event"
      ? tx.select({ n: count() }).from(eventRegistrations).where(eq(eventRegistrations.eventId, place.id)).get()
      : tx.select({ n: count() }).from(batchStudents).where(eq(batchStudents.batchId, place.id)).get();
  return row?.n ?? 0;
}

/** Seats spoken for at `now`; `exceptUserId`'s own hold and offer are left out (they are what that student is taking). */
export function seatsSpokenFor(tx: Reader, place: SeatPlace, now: Date, exceptUserId?: string): number {
  const held =
    tx
      .select({ n: sql<number>`count(distinct ${orders.userId})` })
      .from(orders)
      .where(
        and(
          eq(orderColumn(place), place.id),
          inArray(orders.paymentStatus, ["pending", "failed"]),
          gt(orders.seatHeldUntil, now),
          exceptUserId === undefined ? undefined : ne(orders.userId, exceptUserId),
        ),
      )
      .get()?.n ?? 0;
  const offered =
    tx
      .select({ n: count() })
      .from(waitlist)
      .where(
        and(
          eq(waitlistColumn(place), place.id),
          eq(waitlist.status, "offered"),
          gt(waitlist.offerExpiresAt, now),
          exceptUserId === undefined ? undefined : ne(waitlist.userId, exceptUserId),
        ),
      )
      .get()?.n ?? 0;
  return seated(tx, place) + held + offered;
}

/** Whether a seat is free for this student now (their own hold or offer counts as theirs); `seats` null is unlimited. */
export function seatFreeFor(tx: Reader, place: SeatPlace, seats: number | null, userId: string, now: Date): boolean {
  return seats === null || seatsSpokenFor(tx, place, now, userId) < seats;
}

/** The student got a seat: their place on the waitlist (and any offer) is done with. */
export function takeWaitlistPlace(tx: Pick<typeof db, "update">, place: SeatPlace, userId: string): void {
  tx.update(waitlist)
    .set({ status: "taken", offerExpiresAt: null })
    .where(and(eq(waitlistColumn(place), place.id), eq(waitlist.userId, userId), inArray(waitlist.status, ["waiting", "offered"])))
    .run();
}

export type WaitlistEntry = { ok: true; position: number } | { ok: false; reason: "seats-free" | "already-waiting" };

/**
 * Inside the caller's transaction (which has checked the place is open and the
 * student not seated): puts the student at the back of the place's waitlist,
 * again if they let an offer lapse or left. Refused while a seat is free for
 * them: they take it instead.
 */
export function joinWaitlistIn(tx: Transaction, place: SeatPlace, seats: number | null, userId: string, now: Date): WaitlistEntry {
  const column = waitlistColumn(place);
  const existing = tx
    .select({ id: waitlist.id, status: waitlist.status })
    .from(waitlist)
    .where(and(eq(column, place.id), eq(waitlist.userId, userId)))
    .get();
  if (existing && (existing.status === "waiting" || existing.status === "offered")) return { ok: false, reason: "already-waiting" };
  if (seatFreeFor(tx, place, seats, userId, now)) return { ok: false, reason: "seats-free" };
  if (existing) {
    tx.update(waitlist).set({ status: "waiting", offerExpiresAt: null, createdAt: now }).where(eq(waitlist.id, existing.id)).run();
  } else {
    tx.insert(waitlist)
      .values({ ...(place.kind === "event" ? { eventId: place.id } : { batchId: place.id }), userId, status: "waiting", createdAt: now })
      .run();
  }
  const position =
    tx
      .select({ n: count() })
      .from(waitlist)
      .where(and(eq(column, place.id), inArray(waitlist.status, ["waiting", "offered"])))
      .get()?.n ?? 0;
  return { ok: true, position };
}

/** Offers past their time lapse: their seats are free again for the next sweep. */
export function lapseOffers(now: Date): void {
  db.update(waitlist)
    .set({ status: "lapsed" })
    .where(and(eq(waitlist.status, "offered"), lte(waitlist.offerExpiresAt, now)))
    .run();
}

export type Offer = { userId: string; email: string; firstName: string | null; expiresAt: Date };

/**
 * Inside the caller's transaction: offers the place's free seats to the next
 * students waiting, first come first served, each kept for them until
 * `expiresAt`. The caller mails each one. Returns the offers made.
 */
export function offerFreeSeatsIn(tx: Transaction, place: SeatPlace, seats: number, expiresAt: Date, now: Date): Offer[] {
  const free = seats - seatsSpokenFor(tx, place, now);
  if (free <= 0) return [];
  const next = tx
    .select({ id: waitlist.id, userId: waitlist.userId, email: users.email, firstName: users.firstName })
    .from(waitlist)
    .innerJoin(users, eq(users.id, waitlist.userId))
    .where(and(eq(waitlistColumn(place), place.id), eq(waitlist.status, "waiting")))
    .orderBy(asc(waitlist.createdAt), asc(waitlist.id))
    .limit(free)
    .all();
  for (const entry of next)
    tx.update(waitlist).set({ status: "offered", offerExpiresAt: expiresAt }).where(eq(waitlist.id, entry.id)).run();
  return next.map(({ userId, email, firstName }) => ({ userId, email, firstName, expiresAt }));
}

/** Where the student stands on a place's waitlist: their place while waiting, or the offer's end while one is kept for them. */
export type WaitlistPlace = { status: "waiting"; position: number } | { status: "offered"; expiresAt: Date } | null;

export function findWaitlistPlace(place: SeatPlace, userId: string, now = new Date()): WaitlistPlace {
  const column = waitlistColumn(place);
  const entry = db
    .select({ status: waitlist.status, offerExpiresAt: waitlist.offerExpiresAt, createdAt: waitlist.createdAt, id: waitlist.id })
    .from(waitlist)
    .where(and(eq(column, place.id), eq(waitlist.userId, userId)))
    .get();
  if (!entry) return null;
  if (entry.status === "offered" && entry.offerExpiresAt && entry.offerExpiresAt.getTime() > now.getTime())
    return { status: "offered", expiresAt: entry.offerExpiresAt };
  if (entry.status !== "waiting") return null;
  const ahead =
    db
      .select({ n: count() })
      .from(waitlist)
      .where(
        and(
          eq(column, place.id),
          eq(waitlist.status, "waiting"),
          sql`(${waitlist.createdAt}, ${waitlist.id}) < (${entry.createdAt.getTime()}, ${entry.id})`,
        ),
      )
      .get()?.n ?? 0;
  return { status: "waiting", position: ahead + 1 };
}
