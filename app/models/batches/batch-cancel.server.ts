import { and, count, eq, gt, inArray, isNull, sql } from "drizzle-orm";
import { batchSessions, batchStudents, batches, courses, orders, users, waitlist } from "../../../db/schema";
import { db, type Transaction } from "~/utils/db.server";
import type { AdminDecision } from "../accounts/student-admin.server";
import type { BatchCancelledNotice } from "../site/outbox-payload";
import { recordAdminAction } from "../site/audit-log.server";
import { queueMail } from "../site/outbox.server";
import { revokeOrderAccess } from "../orders/payment-event.server";

// A batch called off by the institute (decision 0062). First, in one
// transaction: the batch is marked cancelled (so the course page and checkout
// no longer offer it), its sessions still to come are cancelled (calendars
// pick that up through their sequence), its waitlist ends and each person on
// it is told. Then each student's seat is settled on its own: a payment made
// through a provider is refunded in full (app/services/payments/batch-cancellation.server.ts),
// and the transaction that records the refund also gives up the seat and
// tells the student; anything else is settled here. A seat whose refund the
// provider refused stays, so pressing Cancel again retries only what is left.

/** A student still seated in the batch, with the order that bought the seat. */
export type SeatToSettle = { userId: string; orderId: number | null };

export type BatchCallOff =
  | {
      ok: true;
      /** False when the batch was cancelled before: nothing but the seats still left is done. */
      firstTime: boolean;
      batch: { id: number; name: string };
      seats: SeatToSettle[];
      sessionsCancelled: number;
      waitlistEnded: number;
    }
  | { ok: false; reason: "not-found" };

type BatchAbout = Omit<BatchCancelledNotice, "firstName" | "money">;

function batchAbout(tx: Pick<Transaction, "select">, batchId: number): (BatchAbout & { cancelledAt: Date | null }) | null {
  return (
    tx
      .select({ courseId: batches.courseId, courseTitle: courses.title, batchName: batches.name, cancelledAt: batches.cancelledAt })
      .from(batches)
      .innerJoin(courses, eq(courses.id, batches.courseId))
      .where(eq(batches.id, batchId))
      .get() ?? null
  );
}

/** The batch's mail to one person, in the caller's transaction. */
function tellCancelled(tx: Transaction, about: BatchAbout, userId: string, money: BatchCancelledNotice["money"]): void {
  const person = tx.select({ email: users.email, firstName: users.firstName }).from(users).where(eq(users.id, userId)).get();
  if (!person) return;
  const cancelled = {
    courseId: about.courseId,
    courseTitle: about.courseTitle,
    batchName: about.batchName,
    firstName: person.firstName,
    money,
  };
  queueMail(tx, { to: person.email, userId, payload: { kind: "batch-cancelled", cancelled } });
}

/**
 * Calls the batch off (the first part above) and lists the seats still to
 * settle. A second call changes nothing already done: it finds the batch
 * cancelled, no session or waitlist place left to end, and only the seats
 * whose refund has not been made.
 */
export function callOffBatch(courseId: number, batchId: number, decision: AdminDecision, now = new Date()): BatchCallOff {
  return db.transaction(
    (tx): BatchCallOff => {
      const batch = tx
        .select({ id: batches.id, name: batches.name, cancelledAt: batches.cancelledAt })
        .from(batches)
        .where(and(eq(batches.id, batchId), eq(batches.courseId, courseId)))
        .get();
      if (!batch) return { ok: false, reason: "not-found" };
      const about = batchAbout(tx, batchId);
      if (!about) return { ok: false, reason: "not-found" };
      const firstTime = batch.cancelledAt === null;
      if (firstTime) tx.update(batches).set({ cancelledAt: now, updatedAt: now }).where(eq(batches.id, batchId)).run();
      const sessions = tx
        .update(batchSessions)
        .set({ cancelledAt: now, sequence: sql`${batchSessions.sequence} + 1`, updatedAt: now })
        .where(and(eq(batchSessions.batchId, batchId), isNull(batchSessions.cancelledAt), gt(batchSessions.startsAt, now)))
        .returning({ id: batchSessions.id })
        .all();
      const waiting = tx
        .update(waitlist)
        .set({ status: "lapsed", offerExpiresAt: null })
        .where(and(eq(waitlist.batchId, batchId), inArray(waitlist.status, ["waiting", "offered"])))
        .returning({ userId: waitlist.userId })
        .all();
      for (const { userId } of waiting) tellCancelled(tx, about, userId, { kind: "waitlisted" });
      const seats = tx
        .select({ userId: batchStudents.userId, orderId: batchStudents.orderId })
        .from(batchStudents)
        .where(eq(batchStudents.batchId, batchId))
        .orderBy(batchStudents.id)
        .all();
      if (firstTime)
        recordAdminAction(
          decision.admin,
          "batch_cancelled",
          { type: "batch", id: batchId },
          {
            database: tx,
            details: { reason: decision.reason, students: seats.length, waitlisted: waiting.length, sessionsCancelled: sessions.length },
          },
        );
      return {
        ok: true,
        firstTime,
        batch: { id: batch.id, name: batch.name },
        seats,
        sessionsCancelled: sessions.length,
        waitlistEnded: waiting.length,
      };
    },
    { behavior: "immediate" },
  );
}

/**
 * Inside the transaction that records a seat's refund: the student leaves
 * the cancelled batch (free to choose another of the course) and is told
 * what came back. Nothing when the seat was settled already.
 */
export function leaveCancelledBatch(tx: Transaction, batchId: number, userId: string, money: BatchCancelledNotice["money"]): void {
  const about = batchAbout(tx, batchId);
  if (!about?.cancelledAt) return;
  const left = tx
    .delete(batchStudents)
    .where(and(eq(batchStudents.batchId, batchId), eq(batchStudents.userId, userId)))
    .returning({ id: batchStudents.id })
    .get();
  if (left) tellCancelled(tx, about, userId, money);
}

/** How a seat without a provider's refund was settled: returned-directly means the admin owes the money back by hand. */
export type SeatSettled = "nothing-paid" | "returned-directly" | "refunded" | "settled-before";

/**
 * A seat of a cancelled batch that no provider refunds: paid to the
 * institute directly (the admin returns it by hand and records that on the
 * student's page), paid nothing, or refunded already (its provider's report
 * came first). The course bought with the seat's order is closed, except
 * one an admin granted; the student leaves the batch and is told.
 */
export function settleSeatWithoutRefund(batchId: number, seat: SeatToSettle, decision: AdminDecision): SeatSettled {
  return db.transaction(
    (tx): SeatSettled => {
      const stillSeated = tx
        .select({ id: batchStudents.id })
        .from(batchStudents)
        .where(and(eq(batchStudents.batchId, batchId), eq(batchStudents.userId, seat.userId)))
        .get();
      if (!stillSeated) return "settled-before";
      const order =
        seat.orderId === null
          ? undefined
          : tx
              .select({
                id: orders.id,
                provider: orders.provider,
                amountPaise: orders.amountPaise,
                refundedPaise: orders.refundedPaise,
                paymentStatus: orders.paymentStatus,
              })
              .from(orders)
              .where(eq(orders.id, seat.orderId))
              .get();
      const settled: SeatSettled =
        !order || order.provider === "grant" || order.amountPaise === 0
          ? "nothing-paid"
          : order.paymentStatus === "refunded" || order.refundedPaise >= order.amountPaise
            ? "refunded"
            : "returned-directly";
      if (order && order.provider !== "grant") revokeOrderAccess(tx, order.id);
      const money: BatchCancelledNotice["money"] =
        settled === "refunded" && order
          ? { kind: "refunded", amountPaise: order.refundedPaise, paidPaise: order.amountPaise, creditNoteNumber: null }
          : settled === "returned-directly" && order
            ? { kind: "returned-directly", amountPaise: order.amountPaise - order.refundedPaise }
            : { kind: "nothing-paid" };
      leaveCancelledBatch(tx, batchId, seat.userId, money);
      recordAdminAction(
        decision.admin,
        "batch_seat_settled",
        { type: "batch", id: batchId },
        {
          database: tx,
          details: { reason: decision.reason, userId: seat.userId, orderId: seat.orderId, settled },
        },
      );
      return settled;
    },
    { behavior: "immediate" },
  );
}

/** What cancelling would do, for the admin's question: seats, what they paid, the waitlist and the classes still to come. */
export type CancellationPreview = {
  cancelled: boolean;
  students: number;
  /** Left to refund on the seats' orders paid through a provider, and how many such orders. */
  providerPaise: number;
  providerOrders: number;
  /** Left to return by hand on the seats' orders paid to the institute directly. */
  offlinePaise: number;
  offlineOrders: number;
  waitlisted: number;
  sessionsToCome: number;
};

export function previewCancellation(batchId: number, now = new Date()): CancellationPreview {
  const batch = db.select({ cancelledAt: batches.cancelledAt }).from(batches).where(eq(batches.id, batchId)).get();
  const seats = db
    .select({ provider: orders.provider, leftPaise: sql<number>`${orders.amountPaise} - ${orders.refundedPaise}`.mapWith(Number) })
    .from(batchStudents)
    .leftJoin(orders, and(eq(orders.id, batchStudents.orderId), inArray(orders.paymentStatus, ["completed", "revoked"])))
    .where(eq(batchStudents.batchId, batchId))
    .all();
  const paidBy = (providers: string[]) => seats.filter((seat) => seat.provider && providers.includes(seat.provider) && seat.leftPaise > 0);
  const byProvider = paidBy(["stripe", "razorpay"]);
  const offline = paidBy(["offline"]);
  const sum = (rows: { leftPaise: number }[]) => rows.reduce((total, row) => total + row.leftPaise, 0);
  return {
    cancelled: Boolean(batch?.cancelledAt),
    students: seats.length,
    providerPaise: sum(byProvider),
    providerOrders: byProvider.length,
    offlinePaise: sum(offline),
    offlineOrders: offline.length,
    waitlisted:
      db
        .select({ n: count() })
        .from(waitlist)
        .where(and(eq(waitlist.batchId, batchId), inArray(waitlist.status, ["waiting", "offered"])))
        .get()?.n ?? 0,
    sessionsToCome:
      db
        .select({ n: count() })
        .from(batchSessions)
        .where(and(eq(batchSessions.batchId, batchId), isNull(batchSessions.cancelledAt), gt(batchSessions.startsAt, now)))
        .get()?.n ?? 0,
  };
}
