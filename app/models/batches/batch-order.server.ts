import { eq } from "drizzle-orm";
import { orders } from "../../../db/schema";
import { db } from "~/utils/db.server";
import { SEAT_HOLD_MS } from "../events/event-seat.server";
import { reserveOrderIn, type OrderTerms, type PaymentKind, type Reservation } from "../orders/order.server";
import { batchOpenTo } from "./batch-seat.server";

// The order for a course in a batch: the batch's opening and free seat are
// read in the same transaction that stores the order and holds the seat.

export type BatchReservation = Reservation | { ok: false; reason: "not-found" | "closed" | "full" | "seated" };

/** The pending order for a course with a batch, its seat held for SEAT_HOLD_MS (a second press within the hold reuses it). */
export function reserveBatchOrder(
  terms: OrderTerms & { courseId: number; batchId: number },
  kind: PaymentKind,
  now = new Date(),
): BatchReservation {
  return db.transaction(
    (tx): BatchReservation => {
      const opening = batchOpenTo(tx, terms.courseId, terms.batchId, terms.userId, now);
      if (!opening.ok) return opening;
      const reservation = reserveOrderIn(tx, terms, kind, now);
      if (!reservation.ok) return reservation;
      const { order } = reservation;
      if (order.seatHeldUntil === null || order.seatHeldUntil.getTime() <= now.getTime()) {
        const heldUntil = new Date(now.getTime() + SEAT_HOLD_MS);
        tx.update(orders).set({ seatHeldUntil: heldUntil }).where(eq(orders.id, order.id)).run();
        return { ok: true, order: { ...order, seatHeldUntil: heldUntil } };
      }
      return reservation;
    },
    { behavior: "immediate" },
  );
}
