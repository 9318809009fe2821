// A course's batches and their timetables: saving them, the seats left, who
// may set a batch's price, and the calendar sequence a change raises.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { batchStudents, courses, mentors, orders, users } from "../../../db/schema";
import { db } from "~/utils/db.server";
import { batchSeatsTaken, deleteBatch, findBatch, listBatchesForAdmin, saveBatch, upcomingBatches, type BatchInput } from "./batch.server";
import { cancelBatchSession, listBatchSessions, saveBatchSession, type BatchSessionInput } from "./batch-session.server";

// 2026-12-01 12:00 IST.
const NOW = new Date("2026-12-01T06:30:00Z");
const MINUTE = 60_000;

let serial = 0;

function course(pricePaise = 1_999_900) {
  serial += 1;
  return db
    .insert(courses)
    .values({ title: `Batch course ${serial}`, shortDescription: "s", description: "d", duration: "8 weeks", pricePaise })
    .returning()
    .get();
}

function student() {
  serial += 1;
  return db
    .insert(users)
    .values({ email: `batch${serial}@example.com`, firstName: `Student${serial}`, adultConfirmedAt: NOW })
    .returning()
    .get();
}

const online = (overrides: Partial<BatchInput> = {}): BatchInput => ({
  name: "January evenings",
  startsOn: "2027-01-04",
  endsOn: "2027-02-26",
  delivery: { deliveryMode: "online", venueStateCode: null },
  venue: null,
  seats: 3,
  pricePaise: null,
  leadMentorId: null,
  ...overrides,
});

function seat(batchId: number, courseId: number) {
  const { id: userId } = student();
  db.insert(batchStudents).values({ batchId, courseId, userId, joinedAt: NOW }).run();
  return userId;
}

describe("saveBatch", () => {
  it("adds a batch to a course; a venue batch keeps its address, an online one never has one", () => {
    const { id: courseId } = course();
    const saved = saveBatch("admin", courseId, online({ venue: "ignored for online" }), undefined, NOW);
    expect(saved).toMatchObject({ ok: true, batch: { courseId, name: "January evenings", deliveryMode: "online", venue: null, seats: 3 } });
    const inPerson = saveBatch(
      "admin",
      courseId,
      online({ name: "Pune weekends", delivery: { deliveryMode: "venue", venueStateCode: "27" }, venue: "14 Market Road, Pune" }),
      undefined,
      NOW,
    );
    expect(inPerson).toMatchObject({ ok: true, batch: { deliveryMode: "venue", venueStateCode: "27", venue: "14 Market Road, Pune" } });
    expect(listBatchesForAdmin(courseId).map((batch) => batch.name)).toEqual(["Pune weekends", "January evenings"]);
  });

  it("refuses seats below those taken, counting students and pending orders inside their hold", () => {
    const { id: courseId } = course();
    const saved = saveBatch("admin", courseId, online({ seats: 5 }), undefined, NOW);
    if (!saved.ok) throw new Error("not saved");
    const batchId = saved.batch.id;
    seat(batchId, courseId);
    seat(batchId, courseId);
    const holder = student();
    db.insert(orders)
      .values({
        userId: holder.id,
        courseId,
        batchId,
        amountPaise: 1_999_900,
        paymentStatus: "pending",
        seatHeldUntil: new Date(NOW.getTime() + 15 * MINUTE),
      })
      .run();
    const lapsed = student();
    db.insert(orders)
      .values({
        userId: lapsed.id,
        courseId,
        batchId,
        amountPaise: 1_999_900,
        paymentStatus: "pending",
        seatHeldUntil: new Date(NOW.getTime() - MINUTE),
      })
      .run();
    expect(batchSeatsTaken(db, batchId, NOW)).toBe(3);
    expect(saveBatch("admin", courseId, online({ seats: 2 }), batchId, NOW)).toEqual({ ok: false, reason: "below-taken", taken: 3 });
    expect(findBatch(courseId, batchId)?.seats).toBe(5);
    expect(saveBatch("admin", courseId, online({ seats: 3 }), batchId, NOW)).toMatchObject({ ok: true, batch: { seats: 3 } });
    // Once the hold lapses, its seat is free again.
    expect(batchSeatsTaken(db, batchId, new Date(NOW.getTime() + 16 * MINUTE))).toBe(2);
  });

  it("gives the price to admins: a content manager may keep it, never set it", () => {
    const { id: courseId } = course();
    expect(saveBatch("content_manager", courseId, online({ pricePaise: 999_900 }), undefined, NOW)).toEqual({
      ok: false,
      reason: "pricing-is-admins",
    });
    const saved = saveBatch("admin", courseId, online({ pricePaise: 999_900 }), undefined, NOW);
    if (!saved.ok) throw new Error("not saved");
    const edited = saveBatch("content_manager", courseId, online({ name: "Renamed", pricePaise: undefined }), saved.batch.id, NOW);
    expect(edited).toMatchObject({ ok: true, batch: { name: "Renamed", pricePaise: 999_900 } });
    expect(saveBatch("content_manager", courseId, online({ pricePaise: null }), saved.batch.id, NOW)).toEqual({
      ok: false,
      reason: "pricing-is-admins",
    });
  });

  it("finds nothing of another course, an unknown mentor, or a malformed id", () => {
    const { id: courseId } = course();
    const { id: otherCourseId } = course();
    const saved = saveBatch("admin", courseId, online(), undefined, NOW);
    if (!saved.ok) throw new Error("not saved");
    expect(findBatch(otherCourseId, saved.batch.id)).toBeNull();
    expect(findBatch(courseId, "1e3")).toBeNull();
    expect(saveBatch("admin", otherCourseId, online(), saved.batch.id, NOW)).toEqual({ ok: false, reason: "not-found" });
    expect(saveBatch("admin", courseId, online({ leadMentorId: 999_999 }), undefined, NOW)).toEqual({
      ok: false,
      reason: "unknown-mentor",
    });
  });
});

describe("deleteBatch", () => {
  it("deletes a batch nobody joined; refuses one with a student or an order", () => {
    const { id: courseId } = course();
    const empty = saveBatch("admin", courseId, online(), undefined, NOW);
    const taken = saveBatch("admin", courseId, online({ name: "Taken" }), undefined, NOW);
    if (!empty.ok || !taken.ok) throw new Error("not saved");
    seat(taken.batch.id, courseId);
    expect(deleteBatch(courseId, taken.batch.id)).toEqual({ ok: false, reason: "has-students" });
    expect(deleteBatch(courseId, empty.batch.id)).toEqual({ ok: true, name: "January evenings" });
    expect(findBatch(courseId, empty.batch.id)).toBeNull();
  });
});

describe("upcomingBatches", () => {
  it("lists batches starting today or later in India, soonest first, with seats left and the price each costs", () => {
    const { id: courseId } = course(1_500_000);
    saveBatch("admin", courseId, online({ name: "Started", startsOn: "2026-11-30" }), undefined, NOW);
    saveBatch("admin", courseId, online({ name: "Later", startsOn: "2027-02-01", endsOn: "2027-03-01", seats: null }), undefined, NOW);
    const today = saveBatch(
      "admin",
      courseId,
      online({ name: "Today", startsOn: "2026-12-01", seats: 2, pricePaise: 900_000 }),
      undefined,
      NOW,
    );
    if (!today.ok) throw new Error("not saved");
    seat(today.batch.id, courseId);
    expect(upcomingBatches(courseId, NOW).map(({ name, seatsLeft, pricePaise }) => ({ name, seatsLeft, pricePaise }))).toEqual([
      { name: "Today", seatsLeft: 1, pricePaise: 900_000 },
      { name: "Later", seatsLeft: null, pricePaise: 1_500_000 },
    ]);
    // 23:59 IST on 1 Dec is still "today"; 00:00 IST on 2 Dec is not.
    expect(upcomingBatches(courseId, new Date("2026-12-01T18:29:00Z")).map((batch) => batch.name)).toEqual(["Today", "Later"]);
    expect(upcomingBatches(courseId, new Date("2026-12-01T18:30:00Z")).map((batch) => batch.name)).toEqual(["Later"]);
  });
});

describe("the timetable", () => {
  const session = (overrides: Partial<BatchSessionInput> = {}): BatchSessionInput => ({
    title: "Support and resistance",
    description: "Reading levels on a chart from 2024.",
    startsAt: new Date("2027-01-04T13:30:00Z"),
    durationMinutes: 90,
    mentorId: null,
    joinUrl: "https://us02web.zoom.us/j/123",
    room: null,
    pricesAtLeast30DaysOld: true,
    ...overrides,
  });

  it("raises the sequence on a change a calendar shows, not on one it does not", () => {
    const { id: courseId } = course();
    const saved = saveBatch("admin", courseId, online(), undefined, NOW);
    if (!saved.ok) throw new Error("not saved");
    const batchId = saved.batch.id;
    const added = saveBatchSession(batchId, session(), undefined, NOW);
    if (!added.ok) throw new Error("not added");
    expect(added.session.sequence).toBe(0);
    const described = saveBatchSession(batchId, session({ description: "Levels, again." }), added.session.id, NOW);
    expect(described).toMatchObject({ ok: true, calendarChanged: false, session: { sequence: 0 } });
    const moved = saveBatchSession(batchId, session({ startsAt: new Date("2027-01-05T13:30:00Z") }), added.session.id, NOW);
    expect(moved).toMatchObject({ ok: true, calendarChanged: true, session: { sequence: 1 } });
    expect(cancelBatchSession(batchId, added.session.id, NOW)).toMatchObject({ ok: true, session: { sequence: 2, cancelledAt: NOW } });
    expect(cancelBatchSession(batchId, added.session.id, NOW)).toEqual({ ok: false, reason: "cancelled" });
    expect(saveBatchSession(batchId, session(), added.session.id, NOW)).toEqual({ ok: false, reason: "cancelled" });
  });

  it("lists sessions in time order with their mentor; refuses another batch's session and an unknown mentor", () => {
    const { id: courseId } = course();
    const first = saveBatch("admin", courseId, online(), undefined, NOW);
    const second = saveBatch("admin", courseId, online({ name: "Other" }), undefined, NOW);
    if (!first.ok || !second.ok) throw new Error("not saved");
    const mentor = db.insert(mentors).values({ name: "Anita Desai", title: "Mentor", bio: "b" }).returning().get();
    saveBatchSession(
      first.batch.id,
      session({ title: "Second", startsAt: new Date("2027-01-06T13:30:00Z"), mentorId: mentor.id }),
      undefined,
      NOW,
    );
    const earlier = saveBatchSession(first.batch.id, session({ title: "First" }), undefined, NOW);
    if (!earlier.ok) throw new Error("not added");
    expect(listBatchSessions(first.batch.id).map(({ title, mentorName }) => ({ title, mentorName }))).toEqual([
      { title: "First", mentorName: null },
      { title: "Second", mentorName: "Anita Desai" },
    ]);
    expect(saveBatchSession(second.batch.id, session(), earlier.session.id, NOW)).toEqual({ ok: false, reason: "not-found" });
    expect(cancelBatchSession(second.batch.id, earlier.session.id, NOW)).toEqual({ ok: false, reason: "not-found" });
    expect(saveBatchSession(first.batch.id, session({ mentorId: 999_999 }), undefined, NOW)).toEqual({
      ok: false,
      reason: "unknown-mentor",
    });
    db.delete(mentors).where(eq(mentors.id, mentor.id)).run();
    expect(listBatchSessions(first.batch.id).map((row) => row.mentorName)).toEqual([null, null]);
  });
});
