import { and, asc, count, eq, gte, isNull, sql } from "drizzle-orm";
import { batchSessions, batchStudents, batches, courses, mentors, orders } from "../../../db/schema";
import type { AdminRole } from "../../../db/enums";
import type { Delivery } from "~/schemas/delivery";
import { pricingToWrite } from "~/utils/permissions";
import { formatIsoDateInIndia } from "~/utils/dates";
import { db, type Transaction } from "~/utils/db.server";
import { parseId } from "~/utils/validation";
import { seatsSpokenFor } from "../seats/seats.server";

// A course's batches (docs/decisions/0059-batches-and-live-classes.md): who
// may see and change them, and how many seats each has left (counted by the
// rule batches share with events, app/models/seats, inside the transaction
// that changes them).

export type BatchInput = {
  name: string;
  /** yyyy-mm-dd, India. */
  startsOn: string;
  endsOn: string;
  delivery: Delivery;
  venue: string | null;
  seats: number | null;
  /** Null: the course's price; undefined: left out (kept as stored, null for a new batch). */
  pricePaise?: number | null | undefined;
  leadMentorId: number | null;
};

export type Batch = typeof batches.$inferSelect;

type Reader = Pick<Transaction, "select">;

/** Seats of a batch taken at `now`: its students, pending orders inside their hold, and waitlist offers still open. */
export const batchSeatsTaken = (tx: Reader, batchId: number, now: Date) => seatsSpokenFor(tx, { kind: "batch", id: batchId }, now);

export type BatchSave =
  | { ok: true; batch: Batch }
  | { ok: false; reason: "not-found" }
  | { ok: false; reason: "unknown-mentor" }
  /** A role without "pricing" sent a price other than the stored one. */
  | { ok: false; reason: "pricing-is-admins" }
  | { ok: false; reason: "below-taken"; taken: number };

/**
 * Adds a batch to a course, or changes one. Its seats may not go below the
 * seats taken, counted in the same write transaction, so a payment that takes
 * a seat meanwhile is never left without one. Its own price is the admin's,
 * as a course's is: another role may only send the stored one back.
 */
export function saveBatch(role: AdminRole, courseId: number, input: BatchInput, id?: number, now = new Date()): BatchSave {
  const { delivery, pricePaise, ...rest } = input;
  const values = {
    ...rest,
    deliveryMode: delivery.deliveryMode,
    venueStateCode: delivery.venueStateCode,
    venue: delivery.deliveryMode === "venue" ? input.venue : null,
  };
  return db.transaction(
    (tx): BatchSave => {
      const course = tx.select({ id: courses.id }).from(courses).where(eq(courses.id, courseId)).get();
      if (!course) return { ok: false, reason: "not-found" };
      if (input.leadMentorId !== null && !tx.select({ id: mentors.id }).from(mentors).where(eq(mentors.id, input.leadMentorId)).get())
        return { ok: false, reason: "unknown-mentor" };
      const stored =
        id === undefined
          ? { pricePaise: null }
          : tx
              .select({ pricePaise: batches.pricePaise })
              .from(batches)
              .where(and(eq(batches.id, id), eq(batches.courseId, courseId)))
              .get();
      if (!stored) return { ok: false, reason: "not-found" };
      const pricing = pricingToWrite<{ pricePaise: number | null }>(role, { pricePaise }, stored);
      if (!pricing) return { ok: false, reason: "pricing-is-admins" };
      if (id === undefined) {
        const batch = tx
          .insert(batches)
          .values({ ...values, ...pricing, courseId, createdAt: now, updatedAt: now })
          .returning()
          .get();
        return { ok: true, batch };
      }
      const taken = batchSeatsTaken(tx, id, now);
      if (input.seats !== null && input.seats < taken) return { ok: false, reason: "below-taken", taken };
      const batch = tx
        .update(batches)
        .set({ ...values, ...pricing, updatedAt: now })
        .where(eq(batches.id, id))
        .returning()
        .get();
      return { ok: true, batch };
    },
    { behavior: "immediate" },
  );
}

export type BatchDelete = { ok: true; name: string } | { ok: false; reason: "not-found" } | { ok: false; reason: "has-students" };

/** Deletes a batch nobody has taken or held a seat in (with its timetable); one with students is cancelled instead. */
export function deleteBatch(courseId: number, id: number): BatchDelete {
  return db.transaction(
    (tx): BatchDelete => {
      const batch = tx
        .select({ name: batches.name })
        .from(batches)
        .where(and(eq(batches.id, id), eq(batches.courseId, courseId)))
        .get();
      if (!batch) return { ok: false, reason: "not-found" };
      const students = tx.select({ n: count() }).from(batchStudents).where(eq(batchStudents.batchId, id)).get()?.n ?? 0;
      const ordered = tx.select({ n: count() }).from(orders).where(eq(orders.batchId, id)).get()?.n ?? 0;
      if (students + ordered > 0) return { ok: false, reason: "has-students" };
      tx.delete(batches).where(eq(batches.id, id)).run();
      return { ok: true, name: batch.name };
    },
    { behavior: "immediate" },
  );
}

/** One batch of a course, or null (an id from a URL: anything else is null). */
export function findBatch(courseId: number, id: string | number | undefined): Batch | null {
  const numericId = typeof id === "number" ? id : parseId(id ?? "");
  if (numericId === null) return null;
  return (
    db
      .select()
      .from(batches)
      .where(and(eq(batches.id, numericId), eq(batches.courseId, courseId)))
      .get() ?? null
  );
}

export type AdminBatchRow = Batch & { students: number; sessions: number; leadMentorName: string | null };

/** A course's batches for its admin page, latest start first, with their students and sessions counted. */
export function listBatchesForAdmin(courseId: number): AdminBatchRow[] {
  return db
    .select({
      batch: batches,
      students: sql<number>`(select count(*) from ${batchStudents} where ${batchStudents.batchId} = ${batches.id})`.mapWith(Number),
      sessions:
        sql<number>`(select count(*) from ${batchSessions} where ${batchSessions.batchId} = ${batches.id} and ${batchSessions.cancelledAt} is null)`.mapWith(
          Number,
        ),
      leadMentorName: mentors.name,
    })
    .from(batches)
    .leftJoin(mentors, eq(mentors.id, batches.leadMentorId))
    .where(eq(batches.courseId, courseId))
    .orderBy(sql`${batches.startsOn} desc`, sql`${batches.id} desc`)
    .all()
    .map(({ batch, ...counts }) => ({ ...batch, ...counts }));
}

export type UpcomingBatch = {
  id: number;
  name: string;
  startsOn: string;
  endsOn: string;
  deliveryMode: Batch["deliveryMode"];
  venueStateCode: string | null;
  venue: string | null;
  /** Null: unlimited. */
  seatsLeft: number | null;
  pricePaise: number;
};

/** The batches of a course a student can still join: not called off, starting today or later (India), soonest first. */
export function upcomingBatches(courseId: number, now = new Date()): UpcomingBatch[] {
  const course = db.select({ pricePaise: courses.pricePaise }).from(courses).where(eq(courses.id, courseId)).get();
  if (!course) return [];
  const rows = db
    .select()
    .from(batches)
    .where(and(eq(batches.courseId, courseId), isNull(batches.cancelledAt), gte(batches.startsOn, formatIsoDateInIndia(now))))
    .orderBy(asc(batches.startsOn), asc(batches.id))
    .all();
  return rows.map((batch) => ({
    id: batch.id,
    name: batch.name,
    startsOn: batch.startsOn,
    endsOn: batch.endsOn,
    deliveryMode: batch.deliveryMode,
    venueStateCode: batch.venueStateCode,
    venue: batch.venue,
    seatsLeft: batch.seats === null ? null : Math.max(0, batch.seats - batchSeatsTaken(db, batch.id, now)),
    pricePaise: batch.pricePaise ?? course.pricePaise,
  }));
}

/** A batch as its mails name it: the course's title, the batch's name and days; null once deleted. */
export type BatchForMail = { courseId: number; courseTitle: string; name: string; startsOn: string; endsOn: string };

export function findBatchForMail(batchId: number): BatchForMail | null {
  return (
    db
      .select({
        courseId: batches.courseId,
        courseTitle: courses.title,
        name: batches.name,
        startsOn: batches.startsOn,
        endsOn: batches.endsOn,
      })
      .from(batches)
      .innerJoin(courses, eq(courses.id, batches.courseId))
      .where(eq(batches.id, batchId))
      .get() ?? null
  );
}
