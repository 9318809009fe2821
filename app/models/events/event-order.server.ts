import { and, eq } from "drizzle-orm";
import { orders, events } from "../../../db/schema";
import { db } from "~/utils/db.server";
import { eventSeatFreeFor, isRegistered, SEAT_HOLD_MS, type SeatRefusal } from "./event-seat.server";
import { reserveOrderIn, type OrderTerms, type PaymentKind, type Reservation } from "../orders/order.server";

// The order for a paid event's seat: the order module reserves the order, the
// seat module says whether a seat is free and how long it is held. This is the
// one place that needs both, so neither of them imports the other's caller.

export type SeatReservation = Reservation | { ok: false; reason: SeatRefusal };

/**
 * The pending order for a paid event's seat, with the seat held for
 * SEAT_HOLD_MS (a second press within the hold reuses the order and renews
 * nothing): the event's state, the student's registration and the free seats
 * are read in the same transaction that stores the order and its hold.
 */
export function reserveEventOrder(terms: OrderTerms & { eventId: number }, kind: PaymentKind, now = new Date()): SeatReservation {
  return db.transaction(
    (tx): SeatReservation => {
      const event = tx
        .select({ id: events.id, eventDate: events.eventDate, maxParticipants: events.maxParticipants, pricePaise: events.pricePaise })
        .from(events)
        .where(and(eq(events.id, terms.eventId), eq(events.isActive, true)))
        .get();
      if (!event) return { ok: false, reason: "not-found" };
      if (event.eventDate.getTime() <= now.getTime()) return { ok: false, reason: "closed" };
      if (event.pricePaise === 0) return { ok: false, reason: "free" };
      if (isRegistered(tx, event.id, terms.userId)) return { ok: false, reason: "registered" };
      if (!eventSeatFreeFor(tx, event, terms.userId, now)) return { ok: false, reason: "full" };
      const reservation = reserveOrderIn(tx, terms, kind, now);
      if (!reservation.ok) return reservation;
      const { order } = reservation;
      const heldUntil = new Date(Math.min(now.getTime() + SEAT_HOLD_MS, event.eventDate.getTime()));
      if (order.seatHeldUntil === null || order.seatHeldUntil.getTime() <= now.getTime()) {
        tx.update(orders).set({ seatHeldUntil: heldUntil }).where(eq(orders.id, order.id)).run();
        return { ok: true, order: { ...order, seatHeldUntil: heldUntil } };
      }
      return reservation;
    },
    { behavior: "immediate" },
  );
}
