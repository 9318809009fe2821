import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { contactMessages, enrollmentForms, events, lessons, orders, outboxMessages } from "../../../db/schema";
import { db } from "~/utils/db.server";
import { startOfIndiaToday, startOfIndiaWeek } from "~/utils/dates";
import { paidCourseOrder } from "../../../tests/support/unit-orders";
import { nextSessions, orderTally, waitingCounts } from "./admin-glance.server";

// A Wednesday afternoon in India, years after anything else in the test database.
const NOW = new Date("2031-01-15T09:00:00Z");
const HOUR = 60 * 60 * 1000;

function orderAt(enrolledAt: Date, changes: Partial<typeof orders.$inferInsert> = {}) {
  const order = paidCourseOrder({ pricePaise: 100_000 });
  db.update(orders)
    .set({ enrolledAt, ...changes })
    .where(eq(orders.id, order.orderId))
    .run();
  return order;
}

describe("the dashboard at a glance", () => {
  it("counts today's and this week's paid orders by India's calendar, less refunds", () => {
    orderAt(new Date(NOW.getTime() - HOUR));
    orderAt(new Date(NOW.getTime() - 2 * HOUR), { refundedPaise: 40_000 });
    // Tuesday in India: this week, not today.
    orderAt(new Date("2031-01-14T06:00:00Z"));
    // Just before Monday's midnight in India (Sunday 18:29 UTC): last week.
    orderAt(new Date("2031-01-12T18:29:00Z"));
    orderAt(new Date(NOW.getTime() - HOUR), { paymentStatus: "pending" });

    expect(orderTally(startOfIndiaToday(NOW), NOW)).toEqual({ orders: 2, revenuePaise: 160_000 });
    expect(orderTally(startOfIndiaWeek(NOW), NOW)).toEqual({ orders: 3, revenuePaise: 260_000 });
  });

  it("counts what waits: this week's enrollment forms, unread messages, failed mail, open disputes", () => {
    const before = waitingCounts(startOfIndiaWeek(NOW));
    const form = {
      name: "Asha",
      whatsappNumber: "919876543210",
      state: "MH",
      city: "Pune",
      experienceLevel: "beginner",
      courseOrEventId: 1,
    };
    db.insert(enrollmentForms)
      .values([
        { ...form, courseOrEventType: "course", sourceOfLead: "instagram", createdAt: new Date(NOW.getTime() - HOUR) },
        { ...form, courseOrEventType: "course", sourceOfLead: "instagram", createdAt: new Date("2031-01-01T00:00:00Z") },
      ])
      .run();
    db.insert(contactMessages)
      .values([
        { name: "Ravi", email: "ravi@example.test", subject: "Batch", message: "When?" },
        { name: "Ravi", email: "ravi@example.test", subject: "Batch", message: "Read", isRead: true },
      ])
      .run();
    db.insert(outboxMessages)
      .values({
        kind: "contact-acknowledgement",
        toAddress: "ravi@example.test",
        messageId: "<glance@example.test>",
        subject: "s",
        textBody: "t",
        state: "failed",
      })
      .run();
    orderAt(new Date(NOW.getTime() - HOUR), { disputeStatus: "open" });
    orderAt(new Date(NOW.getTime() - HOUR), { disputeStatus: "won" });

    expect(waitingCounts(startOfIndiaWeek(NOW))).toEqual({
      newLeads: before.newLeads + 1,
      unreadMessages: before.unreadMessages + 1,
      failedMails: before.failedMails + 1,
      openDisputes: before.openDisputes + 1,
    });
  });

  it("lists the next events with their seats and the next live lessons, soonest first", () => {
    const { courseId, courseTitle } = paidCourseOrder();
    const event = db
      .insert(events)
      .values({
        title: "Risk workshop",
        description: "d",
        eventType: "workshop",
        eventDate: new Date(NOW.getTime() + 48 * HOUR),
        maxParticipants: 30,
      })
      .returning({ id: events.id })
      .get();
    db.$client
      .prepare("INSERT INTO event_registrations (event_id, name, email, phone) VALUES (?, 'Ravi', 'ravi.seat@example.test', '9876543210')")
      .run(event.id);
    db.insert(events)
      .values({ title: "Withdrawn", description: "d", eventType: "webinar", eventDate: new Date(NOW.getTime() + HOUR), isActive: false })
      .run();
    const sectionId = db.$client.prepare("INSERT INTO course_sections (course_id, title, position) VALUES (?, 'One', 1)").run(courseId)
      .lastInsertRowid as number;
    const live = db
      .insert(lessons)
      .values({ courseId, sectionId, position: 1, title: "Live Q&A", type: "live", liveStartsAt: new Date(NOW.getTime() + 24 * HOUR) })
      .returning({ id: lessons.id })
      .get();
    db.insert(lessons)
      .values({ courseId, sectionId, position: 2, title: "Past live", type: "live", liveStartsAt: new Date(NOW.getTime() - HOUR) })
      .run();

    expect(
      nextSessions(NOW, 4).map(({ kind, id, title, courseTitle: course, seatsTaken, seatLimit }) => ({
        kind,
        id,
        title,
        course,
        seatsTaken,
        seatLimit,
      })),
    ).toEqual([
      { kind: "live-lesson", id: live.id, title: "Live Q&A", course: courseTitle, seatsTaken: null, seatLimit: null },
      { kind: "event", id: event.id, title: "Risk workshop", course: null, seatsTaken: 1, seatLimit: 30 },
    ]);
  });
});
