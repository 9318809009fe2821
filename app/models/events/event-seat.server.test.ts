// A paid event's seats: held for 15 minutes by a pending order, given when the
// payment is captured (late ones only if a seat is still free), and offered to
// the waitlist when one frees up.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { orders, eventRegistrations, waitlist, events, outboxMessages, users } from "../../../db/schema";
import { db } from "~/utils/db.server";
import { registerForEvent } from "./event-registration.server";
import { joinWaitlist, offerFreedSeats, SEAT_HOLD_MS, eventSeatsSpokenFor, WAITLIST_OFFER_MS } from "./event-seat.server";
import { reserveEventOrder } from "./event-order.server";
import { completeOrder, type OrderTerms } from "../orders/order.server";
import { RAZORPAY_ORDER } from "../../../tests/support/unit-orders";
import { writtenMail } from "../../../tests/support/unit-mail";

const NOW = new Date("2026-12-01T06:30:00Z");
const later = (ms: number) => new Date(NOW.getTime() + ms);

let serial = 0;

function student() {
  serial += 1;
  return db
    .insert(users)
    .values({ email: `seat${serial}@example.com`, firstName: `Student${serial}`, adultConfirmedAt: new Date() })
    .returning()
    .get();
}

function paidEvent(maxParticipants: number | null, pricePaise = 49_900) {
  serial += 1;
  return db
    .insert(events)
    .values({ title: `Options Workshop ${serial}`, description: "d", eventDate: later(7 * 86_400_000), maxParticipants, pricePaise })
    .returning()
    .get();
}

const termsFor = (userId: string, event: { id: number; pricePaise: number }): OrderTerms & { eventId: number } => ({
  userId,
  courseId: null,
  eventId: event.id,
  amountPaise: event.pricePaise,
  couponId: null,
  enrollmentFormId: null,
});

function reserved(userId: string, event: { id: number; pricePaise: number }, at = NOW) {
  const reservation = reserveEventOrder(termsFor(userId, event), RAZORPAY_ORDER, at);
  if (!reservation.ok) throw new Error(`not reserved: ${reservation.reason}`);
  return reservation.order;
}

const seatsOf = (eventId: number) => db.select().from(eventRegistrations).where(eq(eventRegistrations.eventId, eventId)).all();
const orderRow = (id: number) => db.select().from(orders).where(eq(orders.id, id)).get();
/** What was queued to `to`, oldest first: each message's payload. */
const mailsTo = (to: string) =>
  db
    .select({ payload: outboxMessages.payload })
    .from(outboxMessages)
    .where(eq(outboxMessages.toAddress, to))
    .orderBy(outboxMessages.id)
    .all();

describe("reserveEventOrder", () => {
  it("holds the seat for 15 minutes with a pending order; the last seat goes to one student, the next is told it is full", () => {
    const event = paidEvent(1);
    const [first, second] = [student(), student()];
    const order = reserved(first.id, event);
    expect(order).toMatchObject({ eventId: event.id, courseId: null, paymentStatus: "pending", amountPaise: 49_900 });
    expect(order.seatHeldUntil).toEqual(later(SEAT_HOLD_MS));
    expect(eventSeatsSpokenFor(db, event.id, NOW)).toBe(1);
    expect(reserveEventOrder(termsFor(second.id, event), RAZORPAY_ORDER, NOW)).toEqual({ ok: false, reason: "full" });
    // A second press by the same student reuses the order and its hold.
    expect(reserved(first.id, event, later(60_000)).id).toBe(order.id);
    // Once the hold lapses the seat is free for someone else.
    expect(eventSeatsSpokenFor(db, event.id, later(SEAT_HOLD_MS + 1))).toBe(0);
    expect(reserved(second.id, event, later(SEAT_HOLD_MS + 1)).id).not.toBe(order.id);
  });

  it("refuses a free event, one that has begun, an unknown one and a student already seated", () => {
    const free = paidEvent(10, 0);
    const someone = student();
    expect(reserveEventOrder(termsFor(someone.id, free), RAZORPAY_ORDER, NOW)).toEqual({ ok: false, reason: "free" });
    const event = paidEvent(10);
    expect(reserveEventOrder(termsFor(someone.id, event), RAZORPAY_ORDER, later(8 * 86_400_000))).toEqual({ ok: false, reason: "closed" });
    expect(reserveEventOrder({ ...termsFor(someone.id, event), eventId: 999_999 }, RAZORPAY_ORDER, NOW)).toEqual({
      ok: false,
      reason: "not-found",
    });
    const order = reserved(someone.id, event);
    expect(completeOrder(order.id, `pay_seat${serial}`, { paidAt: NOW, now: NOW })).toBe("completed");
    expect(reserveEventOrder(termsFor(someone.id, event), RAZORPAY_ORDER, NOW)).toEqual({ ok: false, reason: "registered" });
  });
});

describe("completing a paid event order", () => {
  it("a payment within the hold gets the seat: registration, confirmation and receipt, the hold cleared", () => {
    const event = paidEvent(1);
    const buyer = student();
    const order = reserved(buyer.id, event);
    const paidAt = later(SEAT_HOLD_MS - 1000);
    expect(completeOrder(order.id, `pay_in${serial}`, { paidAt, now: paidAt })).toBe("completed");
    expect(seatsOf(event.id)).toMatchObject([{ userId: buyer.id, orderId: order.id, email: buyer.email }]);
    expect(orderRow(order.id)).toMatchObject({ paymentStatus: "completed", seatHeldUntil: null });
    expect(mailsTo(buyer.email).map((mail) => mail.payload)).toEqual([
      { kind: "event-registered", eventId: event.id },
      { kind: "order-confirmation", orderId: order.id },
    ]);
    expect(writtenMail(buyer.email).map((mail) => mail.subject)).toEqual([
      `You are registered: ${event.title}`,
      expect.stringContaining(event.title),
    ]);
    // A redelivered capture changes nothing.
    expect(completeOrder(order.id, `pay_r${serial}`, { paidAt, now: later(SEAT_HOLD_MS) })).toBe("already");
    expect(seatsOf(event.id)).toHaveLength(1);
  });

  it("a payment after the hold lapsed gets a seat that is still free, and none when the event filled meanwhile: nothing is written then", () => {
    const event = paidEvent(1);
    const [late, rival] = [student(), student()];
    const lateOrder = reserved(late.id, event);
    const lapsed = later(SEAT_HOLD_MS + 60_000);
    const rivalOrder = reserved(rival.id, event, lapsed);
    expect(completeOrder(rivalOrder.id, null, { paidAt: lapsed, now: lapsed })).toBe("completed");
    const before = mailsTo(late.email).length;
    expect(completeOrder(lateOrder.id, `pay_l${serial}`, { paidAt: lapsed, now: lapsed })).toBe("seat-gone");
    expect(orderRow(lateOrder.id)?.paymentStatus).toBe("pending");
    expect(seatsOf(event.id).map((seat) => seat.userId)).toEqual([rival.id]);
    expect(mailsTo(late.email)).toHaveLength(before);

    const roomy = paidEvent(5);
    const slow = student();
    const slowOrder = reserved(slow.id, roomy);
    expect(completeOrder(slowOrder.id, `pay_s${serial}`, { paidAt: lapsed, now: lapsed })).toBe("completed");
    expect(seatsOf(roomy.id).map((seat) => seat.userId)).toEqual([slow.id]);
  });

  it("an event order's seat comes with its confirmation mail or not at all, never as a silent seat", () => {
    const event = paidEvent(3);
    const buyer = student();
    const order = reserved(buyer.id, event);
    // The outbox refuses the seat's confirmation: the whole completion rolls back.
    db.$client.exec(
      "CREATE TEMP TRIGGER refuse_seat_mail BEFORE INSERT ON outbox_messages WHEN NEW.kind = 'event-registered' BEGIN SELECT RAISE(ABORT, 'no confirmation mail'); END",
    );
    try {
      expect(() => completeOrder(order.id, null, { paidAt: NOW, now: NOW })).toThrow(/confirmation mail/);
    } finally {
      db.$client.exec("DROP TRIGGER refuse_seat_mail");
    }
    expect(orderRow(order.id)?.paymentStatus).toBe("pending");
    expect(seatsOf(event.id)).toEqual([]);
    expect(mailsTo(buyer.email)).toEqual([]);
    // Completed, the seat always has its confirmation queued with it.
    expect(completeOrder(order.id, null, { paidAt: NOW, now: NOW })).toBe("completed");
    expect(seatsOf(event.id)).toHaveLength(1);
    expect(mailsTo(buyer.email).map((mail) => mail.payload)).toContainEqual({ kind: "event-registered", eventId: event.id });
  });
});

describe("the waitlist", () => {
  it("a full event takes names in order; a freed seat is offered by mail to the first, kept for them, then passed on when the offer lapses", () => {
    const event = paidEvent(1);
    const [seated, first, second] = [student(), student(), student()];
    expect(joinWaitlist(event.id, first.id, NOW)).toEqual({ ok: false, reason: "seats-free" });
    const order = reserved(seated.id, event);
    expect(joinWaitlist(event.id, first.id, NOW)).toEqual({ ok: true, position: 1 });
    expect(joinWaitlist(event.id, second.id, later(1000))).toEqual({ ok: true, position: 2 });
    expect(joinWaitlist(event.id, second.id, later(2000))).toEqual({ ok: false, reason: "already-waiting" });
    expect(offerFreedSeats(later(60_000))).toBe(0);

    // The seated student's hold lapses unpaid: the seat is offered to the first in line only.
    const freed = later(SEAT_HOLD_MS + 1);
    expect(offerFreedSeats(freed)).toBe(1);
    expect(mailsTo(first.email).map((mail) => mail.payload)).toEqual([
      {
        kind: "event-waitlist-offer",
        name: first.firstName,
        eventId: event.id,
        expiresAt: new Date(freed.getTime() + WAITLIST_OFFER_MS).toISOString(),
      },
    ]);
    expect(mailsTo(second.email)).toEqual([]);
    // While offered, the seat is theirs: nobody else can hold it, they can.
    expect(reserveEventOrder(termsFor(seated.id, event), RAZORPAY_ORDER, freed)).toEqual({ ok: false, reason: "full" });
    expect(order.id).toBeGreaterThan(0);

    // The offer lapses: the next in line gets it.
    const lapsed = new Date(freed.getTime() + WAITLIST_OFFER_MS);
    expect(offerFreedSeats(lapsed)).toBe(1);
    expect(
      db.select({ userId: waitlist.userId, status: waitlist.status }).from(waitlist).where(eq(waitlist.eventId, event.id)).all(),
    ).toEqual(
      expect.arrayContaining([
        { userId: first.id, status: "lapsed" },
        { userId: second.id, status: "offered" },
      ]),
    );
    // The one offered takes the seat by paying; their place on the list is done with.
    const taken = reserved(second.id, event, lapsed);
    expect(completeOrder(taken.id, `pay_w${serial}`, { paidAt: lapsed, now: lapsed })).toBe("completed");
    expect(db.select({ status: waitlist.status }).from(waitlist).where(eq(waitlist.userId, second.id)).get()).toEqual({
      status: "taken",
    });
  });

  it("a free event's registration respects a seat offered to someone else", () => {
    const event = paidEvent(1, 0);
    const [holder, waiting, other] = [student(), student(), student()];
    const registration = { eventId: event.id, name: "A", phone: "9876543210" };
    expect(registerForEvent({ ...registration, userId: holder.id, email: holder.email }, NOW).ok).toBe(true);
    expect(joinWaitlist(event.id, waiting.id, NOW)).toEqual({ ok: true, position: 1 });
    db.delete(eventRegistrations).where(eq(eventRegistrations.userId, holder.id)).run();
    expect(offerFreedSeats(later(1000))).toBe(1);
    expect(registerForEvent({ ...registration, userId: other.id, email: other.email }, later(2000))).toEqual({
      ok: false,
      reason: "full",
    });
    expect(registerForEvent({ ...registration, userId: waiting.id, email: waiting.email }, later(3000)).ok).toBe(true);
    expect(db.select({ status: waitlist.status }).from(waitlist).where(eq(waitlist.userId, waiting.id)).get()).toEqual({
      status: "taken",
    });
  });
});
