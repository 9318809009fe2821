import { and, eq, sql } from "drizzle-orm";
import { batchStudents, batches, courses, orders, users } from "../../../db/schema";
import { isUniqueViolation, type Transaction } from "~/utils/db.server";
import { formatIsoDateInIndia } from "~/utils/dates";
import { seatFreeFor, takeWaitlistPlace, type SeatPlace } from "../seats/seats.server";

// A student's seat in a batch, taken with the payment that buys the course
// (docs/decisions/0059): a pending order holds it for the same time as an
// event's seat; the capture seats the student in the same transaction.

const batchPlace = (batchId: number): SeatPlace => ({ kind: "batch", id: batchId });

/** What a batch seat needs to know of the order that pays for it. */
type SeatOrder = { id: number; userId: string; courseId: number | null; batchId: number | null; seatHeldUntil: Date | null };

type OpenBatch = { id: number; seats: number | null; startsOn: string };

export type BatchOpening = { ok: true; batch: OpenBatch } | { ok: false; reason: "not-found" | "closed" | "full" | "seated" };

/**
 * The batch, if a student may still join it, read inside the caller's
 * transaction: it is the course's, not called off, not yet begun (India's
 * calendar), and the student is not already in a batch of the course. Seats
 * are not looked at: a full batch is open to its waitlist.
 */
export function openBatchFor(
  tx: Transaction,
  courseId: number,
  batchId: number,
  userId: string,
  now: Date,
): { ok: true; batch: OpenBatch } | { ok: false; reason: "not-found" | "closed" | "seated" } {
  const batch = tx
    .select({ id: batches.id, seats: batches.seats, startsOn: batches.startsOn, cancelledAt: batches.cancelledAt })
    .from(batches)
    .where(and(eq(batches.id, batchId), eq(batches.courseId, courseId)))
    .get();
  if (!batch) return { ok: false, reason: "not-found" };
  if (batch.cancelledAt !== null || batch.startsOn < formatIsoDateInIndia(now)) return { ok: false, reason: "closed" };
  const seated = tx
    .select({ id: batchStudents.id })
    .from(batchStudents)
    .where(and(eq(batchStudents.courseId, courseId), eq(batchStudents.userId, userId)))
    .get();
  if (seated) return { ok: false, reason: "seated" };
  return { ok: true, batch };
}

/** As openBatchFor, and a seat free for the student now (their own hold or waitlist offer counts as theirs). */
export function batchOpenTo(tx: Transaction, courseId: number, batchId: number, userId: string, now: Date): BatchOpening {
  const opening = openBatchFor(tx, courseId, batchId, userId, now);
  if (!opening.ok) return opening;
  if (!seatFreeFor(tx, batchPlace(opening.batch.id), opening.batch.seats, userId, now)) return { ok: false, reason: "full" };
  return opening;
}

/** seated: the order got its seat now; seated-already: the student has a batch of the course; gone: the hold lapsed and no seat is free (pay back). */
export type BatchSeatTaking = "seated" | "seated-already" | "gone";

/**
 * Inside the transaction that completes an order with a batch: a payment made
 * within the hold gets the seat it held; a later one only if the batch is
 * still open and a seat free now; none if the batch was called off. The
 * student's waitlist place is done with.
 */
export function takeBatchSeat(tx: Transaction, order: SeatOrder, paidAt: Date, now: Date): BatchSeatTaking {
  if (order.batchId === null || order.courseId === null) throw new Error(`Order ${order.id} is not for a batch`);
  const withinHold = order.seatHeldUntil !== null && paidAt.getTime() <= order.seatHeldUntil.getTime();
  // A batch called off takes no one, whatever their hold: the payment goes back.
  const calledOff = tx.select({ cancelledAt: batches.cancelledAt }).from(batches).where(eq(batches.id, order.batchId)).get()?.cancelledAt;
  if (calledOff) return "gone";
  if (!withinHold) {
    const opening = batchOpenTo(tx, order.courseId, order.batchId, order.userId, now);
    if (!opening.ok) return opening.reason === "seated" ? "seated-already" : "gone";
  }
  try {
    tx.insert(batchStudents)
      .values({ batchId: order.batchId, courseId: order.courseId, userId: order.userId, orderId: order.id, joinedAt: now })
      .run();
  } catch (error) {
    if (isUniqueViolation(error)) return "seated-already";
    throw error;
  }
  tx.update(orders).set({ seatHeldUntil: null }).where(eq(orders.id, order.id)).run();
  takeWaitlistPlace(tx, batchPlace(order.batchId), order.userId);
  return "seated";
}

/** Whom a batch order belongs to, and which course and batch: for the message when its payment is returned. */
export function describeBatchOrder(
  tx: Transaction,
  order: { userId: string; batchId: number | null },
): { email: string; firstName: string | null; courseTitle: string; batchName: string; courseId: number; cancelled: boolean } | null {
  if (order.batchId === null) return null;
  const row = tx
    .select({
      email: users.email,
      firstName: users.firstName,
      courseTitle: courses.title,
      batchName: batches.name,
      courseId: courses.id,
      cancelled: sql<boolean>`${batches.cancelledAt} is not null`.mapWith(Boolean),
    })
    .from(users)
    .innerJoin(batches, eq(batches.id, order.batchId))
    .innerJoin(courses, eq(courses.id, batches.courseId))
    .where(eq(users.id, order.userId))
    .get();
  return row ?? null;
}
