import { and, asc, eq, gte, isNull, ne } from "drizzle-orm";
import { batchStudents, batches, courses, orders, users } from "../../../db/schema";
import { batchPlaceText } from "~/utils/batch-place";
import { formatIsoDateInIndia } from "~/utils/dates";
import { db, type Transaction } from "~/utils/db.server";
import type { AdminDecision } from "../accounts/student-admin.server";
import { recordAdminAction } from "../site/audit-log.server";
import { queueMail } from "../site/outbox.server";
import { deliveryOf } from "../orders/order.server";
import { queueLateCreditNoteNotice, reissueInvoiceForSupplyChange } from "../orders/tax-document.server";
import { seatFreeFor, seatsSpokenFor, takeWaitlistPlace, type SeatPlace } from "../seats/seats.server";

// An admin moves a student from one batch of a course to another (decision
// 0062): the one seat row of the course and student changes batch, the
// order follows it, and when the new batch is supplied in another place the
// invoice is credited and issued again, all in one `BEGIN IMMEDIATE`
// transaction that also checks, by the seat rule events and batches share,
// that the new batch has a seat free. The price paid stays as it was.

const batchPlace = (batchId: number): SeatPlace => ({ kind: "batch", id: batchId });

/** Seats of the batch left for the student (their own hold or waitlist offer there counts as theirs); null: no limit. */
function seatsLeftFor(
  tx: Pick<Transaction, "select">,
  batch: { seats: number | null; id: number },
  userId: string,
  now: Date,
): number | null {
  return batch.seats === null ? null : batch.seats - seatsSpokenFor(tx, batchPlace(batch.id), now, userId);
}

/** The student as the move dialog names them, while they hold a seat in the batch; null otherwise. */
export function findSeatedStudent(batchId: number, userId: string): { userId: string; name: string; email: string } | null {
  const row = db
    .select({ userId: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(batchStudents)
    .innerJoin(users, eq(users.id, batchStudents.userId))
    .where(and(eq(batchStudents.batchId, batchId), eq(batchStudents.userId, userId)))
    .get();
  if (!row) return null;
  const name = [row.firstName, row.lastName].filter(Boolean).join(" ");
  return { userId: row.userId, name: name || row.email, email: row.email };
}

export type MoveChoice = { id: number; name: string; startsOn: string; endsOn: string; where: string; seatsLeft: number | null };

/** The batches of the course the student may be moved to now (not called off, not over, a seat free for them), soonest first. */
export function listMoveChoices(courseId: number, fromBatchId: number, userId: string, now = new Date()): MoveChoice[] {
  const rows = db
    .select()
    .from(batches)
    .where(
      and(
        eq(batches.courseId, courseId),
        ne(batches.id, fromBatchId),
        isNull(batches.cancelledAt),
        gte(batches.endsOn, formatIsoDateInIndia(now)),
      ),
    )
    .orderBy(asc(batches.startsOn), asc(batches.id))
    .all();
  return rows
    .map((batch) => ({
      id: batch.id,
      name: batch.name,
      startsOn: batch.startsOn,
      endsOn: batch.endsOn,
      where: batchPlaceText(batch, "Online"),
      seatsLeft: seatsLeftFor(db, batch, userId, now),
    }))
    .filter((choice) => choice.seatsLeft === null || choice.seatsLeft > 0);
}

export type BatchMove =
  | { ok: true; toName: string; documents: { creditNote: string; invoice: string } | null }
  | { ok: false; reason: "not-seated" | "not-found" | "same-batch" | "closed" | "full" };

/**
 * Moves the student's seat from `fromBatchId` to `toBatchId`, in one
 * transaction: the seat checked free and taken, the order's batch and its
 * delivery copied from the new batch, the tax documents a change of the place
 * of supply needs, the audit row and the student's mail.
 */
export function moveStudentToBatch(
  courseId: number,
  fromBatchId: number,
  userId: string,
  toBatchId: number,
  decision: AdminDecision,
  now = new Date(),
): BatchMove {
  return db.transaction(
    (tx): BatchMove => {
      const seat = tx
        .select({ id: batchStudents.id, orderId: batchStudents.orderId })
        .from(batchStudents)
        .where(and(eq(batchStudents.courseId, courseId), eq(batchStudents.userId, userId), eq(batchStudents.batchId, fromBatchId)))
        .get();
      if (!seat) return { ok: false, reason: "not-seated" };
      const from = tx.select({ name: batches.name }).from(batches).where(eq(batches.id, fromBatchId)).get();
      const to = tx
        .select()
        .from(batches)
        .where(and(eq(batches.id, toBatchId), eq(batches.courseId, courseId)))
        .get();
      if (!to || !from) return { ok: false, reason: "not-found" };
      if (to.id === fromBatchId) return { ok: false, reason: "same-batch" };
      if (to.cancelledAt !== null || to.endsOn < formatIsoDateInIndia(now)) return { ok: false, reason: "closed" };
      // The seat rule events and batches share, counted inside this write transaction: two moves cannot both take the last seat.
      if (!seatFreeFor(tx, batchPlace(to.id), to.seats, userId, now)) return { ok: false, reason: "full" };

      tx.update(batchStudents).set({ batchId: to.id, joinedAt: now }).where(eq(batchStudents.id, seat.id)).run();
      takeWaitlistPlace(tx, batchPlace(to.id), userId);
      // The order now buys the course in the new batch: its copy of the delivery decides its invoice's place of supply.
      if (seat.orderId !== null)
        tx.update(orders)
          .set({ batchId: to.id, ...deliveryOf(tx, { courseId, eventId: null, batchId: to.id }) })
          .where(eq(orders.id, seat.orderId))
          .run();
      const change = seat.orderId === null ? null : reissueInvoiceForSupplyChange(tx, seat.orderId, now);
      if (change) queueLateCreditNoteNotice(tx, change.creditNote);
      const documents = change ? { creditNote: change.creditNote.number, invoice: change.invoice.number } : null;

      recordAdminAction(
        decision.admin,
        "batch_student_moved",
        { type: "user", id: userId },
        {
          database: tx,
          details: { reason: decision.reason, courseId, fromBatchId, toBatchId: to.id, orderId: seat.orderId, ...documents },
        },
      );
      const student = tx.select({ email: users.email, firstName: users.firstName }).from(users).where(eq(users.id, userId)).get();
      const course = tx.select({ title: courses.title }).from(courses).where(eq(courses.id, courseId)).get();
      if (student && course)
        queueMail(tx, {
          to: student.email,
          userId,
          payload: {
            kind: "batch-moved",
            moved: {
              firstName: student.firstName,
              courseId,
              courseTitle: course.title,
              fromBatchName: from.name,
              to: { name: to.name, startsOn: to.startsOn, endsOn: to.endsOn, where: batchPlaceText(to, "Online") },
              documents: change
                ? {
                    creditNote: { id: change.creditNote.id, number: change.creditNote.number },
                    invoice: { id: change.invoice.id, number: change.invoice.number },
                  }
                : null,
            },
          },
        });
      return { ok: true, toName: to.name, documents };
    },
    { behavior: "immediate" },
  );
}
