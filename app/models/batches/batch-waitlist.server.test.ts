// A full batch's waitlist: joining it, the sweep that offers a freed seat to
// the first waiting (never kept past the batch's first day), the offer's mail
// with its link to checkout, and the refund mail when a late payment finds the
// batch full.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { batchStudents, batches, courses, orders, users } from "../../../db/schema";
import { db } from "~/utils/db.server";
import { markOrderRefunded } from "../orders/order.server";
import { WAITLIST_OFFER_MS } from "../events/event-seat.server";
import { batchWaitlistPlaces, joinBatchWaitlist, offerFreedBatchSeats } from "./batch-waitlist.server";
import { writtenMail } from "../../../tests/support/unit-mail";

// 2026-12-01 12:00 IST.
const NOW = new Date("2026-12-01T06:30:00Z");

let serial = 0;

function student() {
  serial += 1;
  return db
    .insert(users)
    .values({ email: `batch-wait${serial}@example.com`, firstName: `Student${serial}`, adultConfirmedAt: NOW })
    .returning()
    .get();
}

function fullBatch(startsOn = "2027-01-04") {
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
  const batch = db
    .insert(batches)
    .values({ courseId: course.id, name: `Evening batch ${serial}`, startsOn, endsOn: "2027-01-29", seats: 1 })
    .returning()
    .get();
  const seated = student();
  db.insert(batchStudents).values({ batchId: batch.id, courseId: course.id, userId: seated.id, joinedAt: NOW }).run();
  return { course, batch, seated };
}

describe("joinBatchWaitlist", () => {
  it("queues students for a full batch in order; refuses a seated student, one already waiting, and a batch with a seat free", () => {
    const { course, batch, seated } = fullBatch();
    const [first, second] = [student(), student()];
    expect(joinBatchWaitlist(course.id, batch.id, first.id, NOW)).toEqual({ ok: true, position: 1 });
    expect(joinBatchWaitlist(course.id, batch.id, second.id, NOW)).toEqual({ ok: true, position: 2 });
    expect(joinBatchWaitlist(course.id, batch.id, first.id, NOW)).toEqual({ ok: false, reason: "already-waiting" });
    expect(joinBatchWaitlist(course.id, batch.id, seated.id, NOW)).toEqual({ ok: false, reason: "seated" });
    expect(batchWaitlistPlaces([batch.id], second.id, NOW).get(batch.id)).toEqual({ status: "waiting", position: 2 });

    db.delete(batchStudents).where(eq(batchStudents.userId, seated.id)).run();
    expect(joinBatchWaitlist(course.id, batch.id, student().id, NOW)).toEqual({ ok: false, reason: "seats-free" });
    expect(joinBatchWaitlist(course.id + 1_000_000, batch.id, student().id, NOW)).toEqual({ ok: false, reason: "not-found" });
  });
});

describe("the sweep", () => {
  it("offers a freed seat to the first waiting with a mail linking to checkout with the batch; the next waits on", () => {
    // Other tests' batches are swept first, so the counts below are this batch's.
    offerFreedBatchSeats(NOW);
    const { course, batch, seated } = fullBatch();
    const [first, second] = [student(), student()];
    joinBatchWaitlist(course.id, batch.id, first.id, NOW);
    joinBatchWaitlist(course.id, batch.id, second.id, NOW);
    expect(offerFreedBatchSeats(NOW)).toBe(0);

    db.delete(batchStudents).where(eq(batchStudents.userId, seated.id)).run();
    expect(offerFreedBatchSeats(NOW)).toBe(1);
    expect(batchWaitlistPlaces([batch.id], first.id, NOW).get(batch.id)).toEqual({
      status: "offered",
      expiresAt: new Date(NOW.getTime() + WAITLIST_OFFER_MS),
    });
    expect(batchWaitlistPlaces([batch.id], second.id, NOW).get(batch.id)).toEqual({ status: "waiting", position: 1 });
    const [mail] = writtenMail(first.email, "batch-waitlist-offer");
    expect(mail?.subject).toBe(`A seat is free for you: ${course.title}, ${batch.name}`);
    expect(mail?.text).toContain(`/checkout?courseId=${course.id}&batch=${batch.id}`);
    expect(mail?.text).toContain("Jan 4, 2027 to Jan 29, 2027");
    expect(writtenMail(second.email)).toEqual([]);
    // The seat is kept: a second sweep offers nothing more.
    expect(offerFreedBatchSeats(NOW)).toBe(0);
  });

  it("keeps an offer no later than the batch's first day, and offers nothing for a batch that has begun", () => {
    // At 18:00 IST on 1 December an offer would last until 06:00 IST on the 2nd; the batch begins that day, so it ends at midnight IST.
    const evening = new Date("2026-12-01T12:30:00Z");
    const soon = fullBatch("2026-12-02");
    const begun = fullBatch("2026-11-30");
    for (const { course, batch, seated } of [soon, begun]) {
      joinBatchWaitlist(course.id, batch.id, student().id, new Date("2026-11-29T06:30:00Z"));
      db.delete(batchStudents).where(eq(batchStudents.userId, seated.id)).run();
    }
    offerFreedBatchSeats(evening);
    const places = db.$client
      .prepare("SELECT batch_id AS batchId, status, offer_expires_at AS expiresAt FROM waitlist WHERE batch_id IN (?, ?) ORDER BY batch_id")
      .all(soon.batch.id, begun.batch.id);
    expect(places).toEqual([
      { batchId: soon.batch.id, status: "offered", expiresAt: Date.parse("2026-12-01T18:30:00Z") },
      { batchId: begun.batch.id, status: "waiting", expiresAt: null },
    ]);
  });
});

describe("a late payment refunded because the batch filled", () => {
  it("tells the student by mail, naming the course and batch, with the way back to the course's batches", () => {
    const { course, batch } = fullBatch();
    const late = student();
    const order = db
      .insert(orders)
      .values({ userId: late.id, courseId: course.id, batchId: batch.id, amountPaise: 399_900, paymentStatus: "pending" })
      .returning()
      .get();
    markOrderRefunded(order, "pay_late", "batch full", { seatGone: true });
    const [mail] = writtenMail(late.email, "batch-seat-gone");
    expect(mail?.subject).toBe(`Refund: ${batch.name} filled up before your payment arrived`);
    expect(mail?.text).toContain(`Your payment of ₹3,999 for ${course.title} (${batch.name})`);
    expect(mail?.text).toContain(`/courses/${course.id}#batches`);
    expect(writtenMail(late.email, "event-seat-gone")).toEqual([]);
  });
});
