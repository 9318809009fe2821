// Buying a course in a batch: the pending order holds the batch's seat, the
// capture seats the student in the same transaction, a late payment gets a
// seat only if one is free, and the order's place of supply is the batch's.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { batchStudents, batches, courses, orders, outboxMessages, users } from "../../../db/schema";
import { db } from "~/utils/db.server";
import { completeOrder, enrollWithoutPayment, markOrderRefunded, type OrderTerms } from "../orders/order.server";
import { SEAT_HOLD_MS } from "../events/event-seat.server";
import { joinWaitlistIn, offerFreeSeatsIn } from "../seats/seats.server";
import { reserveBatchOrder } from "./batch-order.server";
import { RAZORPAY_ORDER } from "../../../tests/support/unit-orders";

// 2026-12-01 12:00 IST.
const NOW = new Date("2026-12-01T06:30:00Z");
const later = (ms: number) => new Date(NOW.getTime() + ms);

let serial = 0;

function student() {
  serial += 1;
  return db
    .insert(users)
    .values({ email: `batch-order${serial}@example.com`, firstName: `Student${serial}`, adultConfirmedAt: NOW })
    .returning()
    .get();
}

function courseWithBatch(batch: Partial<typeof batches.$inferInsert> = {}) {
  serial += 1;
  const course = db
    .insert(courses)
    .values({
      title: `Replays ${serial}`,
      shortDescription: "s",
      description: "d",
      duration: "4 weeks",
      pricePaise: 399_900,
      pacing: "both",
    })
    .returning()
    .get();
  const row = db
    .insert(batches)
    .values({ courseId: course.id, name: "January", startsOn: "2027-01-04", endsOn: "2027-01-29", seats: 1, ...batch })
    .returning()
    .get();
  return { course, batch: row };
}

const termsFor = (
  userId: string,
  courseId: number,
  batchId: number,
  amountPaise = 399_900,
): OrderTerms & { courseId: number; batchId: number } => ({
  userId,
  courseId,
  eventId: null,
  batchId,
  amountPaise,
  couponId: null,
  enrollmentFormId: null,
});

const seated = (batchId: number) => db.select().from(batchStudents).where(eq(batchStudents.batchId, batchId)).all();
const orderRow = (id: number) => db.select().from(orders).where(eq(orders.id, id)).get();

describe("reserveBatchOrder", () => {
  it("holds the last seat for one student; the next is told the batch is full until the hold lapses", () => {
    const { course, batch } = courseWithBatch();
    const [first, second] = [student(), student()];
    const reservation = reserveBatchOrder(termsFor(first.id, course.id, batch.id), RAZORPAY_ORDER, NOW);
    expect(reservation).toMatchObject({ ok: true, order: { courseId: course.id, batchId: batch.id, seatHeldUntil: later(SEAT_HOLD_MS) } });
    expect(reserveBatchOrder(termsFor(second.id, course.id, batch.id), RAZORPAY_ORDER, NOW)).toEqual({ ok: false, reason: "full" });
    // A second press by the first student reuses their order.
    const again = reserveBatchOrder(termsFor(first.id, course.id, batch.id), RAZORPAY_ORDER, later(60_000));
    expect(again.ok && reservation.ok && again.order.id === reservation.order.id).toBe(true);
    expect(reserveBatchOrder(termsFor(second.id, course.id, batch.id), RAZORPAY_ORDER, later(SEAT_HOLD_MS + 1)).ok).toBe(true);
  });

  it("refuses a batch of another course, one called off, and one that has begun (India's calendar)", () => {
    const { course, batch } = courseWithBatch();
    const other = courseWithBatch();
    const buyer = student();
    expect(reserveBatchOrder(termsFor(buyer.id, other.course.id, batch.id), RAZORPAY_ORDER, NOW)).toEqual({
      ok: false,
      reason: "not-found",
    });
    const cancelled = courseWithBatch({ cancelledAt: NOW });
    expect(reserveBatchOrder(termsFor(buyer.id, cancelled.course.id, cancelled.batch.id), RAZORPAY_ORDER, NOW)).toEqual({
      ok: false,
      reason: "closed",
    });
    // 00:00 IST on 5 January: the batch began yesterday.
    expect(reserveBatchOrder(termsFor(buyer.id, course.id, batch.id), RAZORPAY_ORDER, new Date("2027-01-04T18:30:00Z"))).toEqual({
      ok: false,
      reason: "closed",
    });
    // Still 4 January in India at 23:59 IST.
    expect(reserveBatchOrder(termsFor(buyer.id, course.id, batch.id), RAZORPAY_ORDER, new Date("2027-01-04T18:29:00Z")).ok).toBe(true);
  });

  it("a full batch's waitlist: a freed seat offered to the first waiting is kept for them, not for anyone else", () => {
    const { course, batch } = courseWithBatch();
    const [holder, waiting, other] = [student(), student(), student()];
    const place = { kind: "batch" as const, id: batch.id };
    expect(reserveBatchOrder(termsFor(holder.id, course.id, batch.id), RAZORPAY_ORDER, NOW).ok).toBe(true);
    expect(db.transaction((tx) => joinWaitlistIn(tx, place, batch.seats, waiting.id, NOW))).toEqual({ ok: true, position: 1 });
    // The hold lapses; the sweep offers the seat to the first waiting.
    const afterHold = later(SEAT_HOLD_MS + 1);
    const offers = db.transaction((tx) => offerFreeSeatsIn(tx, place, 1, later(SEAT_HOLD_MS + 3_600_000), afterHold));
    expect(offers.map((offer) => offer.userId)).toEqual([waiting.id]);
    expect(reserveBatchOrder(termsFor(other.id, course.id, batch.id), RAZORPAY_ORDER, afterHold)).toEqual({ ok: false, reason: "full" });
    expect(reserveBatchOrder(termsFor(waiting.id, course.id, batch.id), RAZORPAY_ORDER, afterHold).ok).toBe(true);
    // Joining again while waiting or offered is refused.
    expect(db.transaction((tx) => joinWaitlistIn(tx, place, batch.seats, waiting.id, afterHold))).toEqual({
      ok: false,
      reason: "already-waiting",
    });
  });
});

describe("completing an order with a batch", () => {
  it("seats the student with the order, copies the batch's place of supply, and lets the hold go", () => {
    const { course, batch } = courseWithBatch({ deliveryMode: "venue", venueStateCode: "27", venue: "Pune" });
    const buyer = student();
    const reservation = reserveBatchOrder(termsFor(buyer.id, course.id, batch.id), RAZORPAY_ORDER, NOW);
    if (!reservation.ok) throw new Error(reservation.reason);
    expect(orderRow(reservation.order.id)).toMatchObject({ deliveryMode: "venue", venueStateCode: "27" });
    expect(completeOrder(reservation.order.id, "pay_1", { paidAt: later(60_000), now: later(60_000) })).toBe("completed");
    expect(seated(batch.id)).toEqual([expect.objectContaining({ userId: buyer.id, courseId: course.id, orderId: reservation.order.id })]);
    expect(orderRow(reservation.order.id)).toMatchObject({ paymentStatus: "completed", seatHeldUntil: null });
  });

  it("a payment after the hold lapsed gets no seat in a full batch: nothing is written, the payment is to be returned", () => {
    const { course, batch } = courseWithBatch();
    const [late, prompt] = [student(), student()];
    const first = reserveBatchOrder(termsFor(late.id, course.id, batch.id), RAZORPAY_ORDER, NOW);
    const afterHold = later(SEAT_HOLD_MS + 60_000);
    const second = reserveBatchOrder(termsFor(prompt.id, course.id, batch.id), RAZORPAY_ORDER, afterHold);
    if (!first.ok || !second.ok) throw new Error("not reserved");
    expect(completeOrder(second.order.id, "pay_prompt", { paidAt: afterHold, now: afterHold })).toBe("completed");
    expect(completeOrder(first.order.id, "pay_late", { paidAt: afterHold, now: afterHold })).toBe("seat-gone");
    expect(seated(batch.id).map((row) => row.userId)).toEqual([prompt.id]);
    expect(orderRow(first.order.id)?.paymentStatus).toBe("pending");
  });

  it("a payment within its hold, for a batch called off meanwhile, gets no seat; once returned, the student hears the batch was cancelled", () => {
    const { course, batch } = courseWithBatch();
    const buyer = student();
    const reservation = reserveBatchOrder(termsFor(buyer.id, course.id, batch.id), RAZORPAY_ORDER, NOW);
    if (!reservation.ok) throw new Error(reservation.reason);
    db.update(batches)
      .set({ cancelledAt: later(30_000) })
      .where(eq(batches.id, batch.id))
      .run();
    expect(completeOrder(reservation.order.id, "pay_called_off", { paidAt: later(60_000), now: later(60_000) })).toBe("seat-gone");
    expect(seated(batch.id)).toEqual([]);
    markOrderRefunded(reservation.order, "pay_called_off", "batch called off", { seatGone: true });
    const [mail] = db.select().from(outboxMessages).where(eq(outboxMessages.toAddress, buyer.email)).all();
    expect(mail?.payload).toMatchObject({
      kind: "batch-cancelled",
      cancelled: { batchName: "January", money: { kind: "refunded", amountPaise: 399_900, paidPaise: 399_900 } },
    });
  });

  it("a free order (a ₹0 batch) seats the student at once, and only while a seat is free", () => {
    const { course, batch } = courseWithBatch({ pricePaise: 0 });
    const [first, second] = [student(), student()];
    expect(enrollWithoutPayment(termsFor(first.id, course.id, batch.id, 0), { now: NOW })).toBe("completed");
    expect(enrollWithoutPayment(termsFor(second.id, course.id, batch.id, 0), { now: NOW })).toBe("seat-gone");
    expect(seated(batch.id).map((row) => row.userId)).toEqual([first.id]);
    expect(db.select().from(orders).where(eq(orders.userId, second.id)).all()).toEqual([]);
  });
});
