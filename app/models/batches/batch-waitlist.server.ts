import { and, eq, gte, isNotNull, isNull } from "drizzle-orm";
import { batches, waitlist } from "../../../db/schema";
import { formatIsoDateInIndia, startOfIndiaDay } from "~/utils/dates";
import { db } from "~/utils/db.server";
import { queueMail } from "../site/outbox.server";
import { WAITLIST_OFFER_MS } from "../events/event-seat.server";
import { openBatchFor } from "./batch-seat.server";
import { findWaitlistPlace, joinWaitlistIn, offerFreeSeatsIn, type WaitlistEntry, type WaitlistPlace } from "../seats/seats.server";

// A full batch's waitlist: the same queue and rules as an event's
// (app/models/seats). A freed seat is offered to the first waiting, kept for
// them for the same time, never past the batch's first day, with a mail that
// links to checkout with the batch chosen.

const batchPlace = (batchId: number) => ({ kind: "batch" as const, id: batchId });

export type BatchWaitlistJoin = WaitlistEntry | { ok: false; reason: "not-found" | "closed" | "seated" };

/** Puts the student at the back of a full batch's waitlist; refused while a seat is free for them (they choose it instead). */
export function joinBatchWaitlist(courseId: number, batchId: number, userId: string, now = new Date()): BatchWaitlistJoin {
  return db.transaction(
    (tx): BatchWaitlistJoin => {
      const opening = openBatchFor(tx, courseId, batchId, userId, now);
      if (!opening.ok) return opening;
      return joinWaitlistIn(tx, batchPlace(opening.batch.id), opening.batch.seats, userId, now);
    },
    { behavior: "immediate" },
  );
}

/** The student's place on each of a course's batches' waitlists (batch id → place), for the course page. */
export function batchWaitlistPlaces(batchIds: number[], userId: string, now = new Date()): Map<number, NonNullable<WaitlistPlace>> {
  const places = new Map<number, NonNullable<WaitlistPlace>>();
  for (const id of batchIds) {
    const place = findWaitlistPlace(batchPlace(id), userId, now);
    if (place) places.set(id, place);
  }
  return places;
}

/**
 * The batches' part of the waitlist sweep (after offers past their time have
 * lapsed): each batch still to begin, with a seat limit and someone waiting,
 * offers its free seats, one transaction per batch. Returns the offers made.
 */
export function offerFreedBatchSeats(now = new Date()): number {
  const waiting = db
    .selectDistinct({ batchId: waitlist.batchId })
    .from(waitlist)
    .innerJoin(batches, eq(batches.id, waitlist.batchId))
    .where(
      and(
        eq(waitlist.status, "waiting"),
        isNull(batches.cancelledAt),
        isNotNull(batches.seats),
        gte(batches.startsOn, formatIsoDateInIndia(now)),
      ),
    )
    .all();
  let offers = 0;
  for (const { batchId } of waiting) if (batchId !== null) offers += offerSeatsOf(batchId, now);
  return offers;
}

function offerSeatsOf(batchId: number, now: Date): number {
  return db.transaction(
    (tx) => {
      const batch = tx
        .select({ id: batches.id, seats: batches.seats, startsOn: batches.startsOn, courseId: batches.courseId })
        .from(batches)
        .where(eq(batches.id, batchId))
        .get();
      if (!batch || batch.seats === null) return 0;
      // Never kept past the batch's first day: it is not sold after that.
      const firstDay = startOfIndiaDay(batch.startsOn)?.getTime() ?? now.getTime();
      const expiresAt = new Date(Math.min(now.getTime() + WAITLIST_OFFER_MS, firstDay));
      const offers = offerFreeSeatsIn(tx, batchPlace(batch.id), batch.seats, expiresAt, now);
      for (const offer of offers) {
        const payload = {
          kind: "batch-waitlist-offer" as const,
          name: offer.firstName ?? offer.email,
          courseId: batch.courseId,
          batchId: batch.id,
          expiresAt: expiresAt.toISOString(),
        };
        queueMail(tx, { to: offer.email, userId: offer.userId, payload }, now);
      }
      return offers.length;
    },
    { behavior: "immediate" },
  );
}
