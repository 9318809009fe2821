import { describe, expect, test } from "vitest";
import { courses, orders, events, testimonials, users } from "../../../db/schema";
import { type PaymentStatus } from "../../../db/enums";
import { eq, sql } from "drizzle-orm";
import { db } from "~/utils/db.server";
import { lastIndiaMonths } from "~/utils/dates";
import { adminStats, monthlyAdmissions } from "./admin-stats.server";

// The Dashboard's and the Analytics tab's figures: paid (completed) admissions
// only, revenue as the sum of what was paid, months counted in India time.

let students = 0;
/** A student of their own per enrollment: a student pays for a course once. */
const newStudent = () =>
  db
    .insert(users)
    .values({ email: `stats-${++students}@example.com` })
    .returning({ id: users.id })
    .get().id;

function makeCourse(title: string, isActive = true): number {
  return db
    .insert(courses)
    .values({ title, shortDescription: "Short", description: "Long", duration: "4 weeks", isActive })
    .returning({ id: courses.id })
    .get().id;
}

function enroll(courseId: number, at: string, amountPaise: number, paymentStatus: PaymentStatus = "completed") {
  db.insert(orders)
    .values({ userId: newStudent(), courseId, enrolledAt: new Date(at), amountPaise, paymentStatus })
    .run();
}

const monthOf = (figures: ReturnType<typeof monthlyAdmissions>, month: string) => figures.find((figure) => figure.month === month);

describe("monthlyAdmissions", () => {
  test("months in India time, completed only, revenue summed, empty months zero, nothing outside the range", () => {
    const course = makeCourse("Monthly Figures");
    const other = makeCourse("Other Course", false);
    // 20:00 UTC on 31 October is 01:30 on 1 November in India.
    enroll(course, "2026-10-31T20:00:00Z", 499_900);
    // 18:29:59.999 UTC is the last instant of 31 October in India; 18:30 is November.
    enroll(course, "2026-10-31T18:29:59.999Z", 100_050);
    enroll(other, "2026-10-31T18:30:00.000Z", 250_000);
    // Not paid: never counted.
    enroll(course, "2026-11-02T10:00:00Z", 999_900, "pending");
    enroll(course, "2026-11-03T10:00:00Z", 999_900, "failed");
    enroll(course, "2026-11-04T10:00:00Z", 999_900, "refunded");
    // The first India day of the range counts; the day before it and the month after "now" do not.
    enroll(course, "2025-11-30T18:30:00Z", 1_000);
    enroll(course, "2025-11-30T18:29:59Z", 7_000);
    enroll(course, "2026-11-30T18:30:00Z", 7_000);

    const figures = monthlyAdmissions({ now: new Date("2026-11-15T06:00:00Z") });
    expect(figures.map((figure) => figure.month)).toEqual(lastIndiaMonths(new Date("2026-11-15T06:00:00Z"), 12).map((month) => month.key));
    expect(monthOf(figures, "2026-11")).toEqual({ month: "2026-11", admissions: 2, revenuePaise: 749_900 });
    expect(monthOf(figures, "2026-10")).toEqual({ month: "2026-10", admissions: 1, revenuePaise: 100_050 });
    expect(monthOf(figures, "2025-12")).toEqual({ month: "2025-12", admissions: 1, revenuePaise: 1_000 });
    const empty = figures.filter((figure) => !["2025-12", "2026-10", "2026-11"].includes(figure.month));
    expect(empty).toHaveLength(9);
    for (const figure of empty) expect(figure).toEqual({ month: figure.month, admissions: 0, revenuePaise: 0 });

    // Another length and another "now": the figures move with it.
    const later = monthlyAdmissions({ months: 2, now: new Date("2026-12-01T00:00:00Z") });
    expect(later).toEqual([
      { month: "2026-11", admissions: 2, revenuePaise: 749_900 },
      { month: "2026-12", admissions: 1, revenuePaise: 7_000 },
    ]);
  });
});

describe("adminStats", () => {
  test("totals and per-course figures count completed enrollments only; average rating of testimonials", () => {
    const before = adminStats();
    const paid = makeCourse("Paid Course");
    const unpaid = makeCourse("Unpaid Course", false);
    enroll(paid, "2026-01-10T10:00:00Z", 499_950);
    enroll(paid, "2026-02-10T10:00:00Z", 100_000);
    enroll(paid, "2026-02-11T10:00:00Z", 300_000, "pending");
    enroll(unpaid, "2026-02-12T10:00:00Z", 300_000, "failed");
    // A paid seat at an event is an order too, but no course enrollment.
    const eventId = db
      .insert(events)
      .values({ title: "Paid Workshop", description: "d", eventDate: new Date("2026-03-01T10:00:00Z"), pricePaise: 49_900 })
      .returning({ id: events.id })
      .get().id;
    db.insert(orders)
      .values({
        userId: newStudent(),
        eventId,
        enrolledAt: new Date("2026-02-13T10:00:00Z"),
        amountPaise: 49_900,
        paymentStatus: "completed",
      })
      .run();
    db.insert(testimonials)
      .values([
        { name: "A", content: "Good", rating: 5 },
        { name: "B", content: "Fine", rating: 4 },
      ])
      .run();

    const stats = adminStats();
    expect(stats.totalEnrollments - before.totalEnrollments).toBe(2);
    expect(stats.totalRevenuePaise - before.totalRevenuePaise).toBe(599_950);
    expect(stats.courseAnalytics.find((course) => course.id === paid)).toEqual({
      id: paid,
      title: "Paid Course",
      isActive: true,
      enrollmentCount: 2,
      revenuePaise: 599_950,
    });
    expect(stats.courseAnalytics.find((course) => course.id === unpaid)).toEqual({
      id: unpaid,
      title: "Unpaid Course",
      isActive: false,
      enrollmentCount: 0,
      revenuePaise: 0,
    });
    expect(stats.averageRating).toBeGreaterThan(0);
    expect(adminStats(1).courseAnalytics).toHaveLength(1);
  });
});

describe("course_sales and the students tally, kept by triggers", () => {
  // A seeded sequence of what happens to orders (payments, refunds, a changed
  // amount or date, deletions, a second course for a student), after which the
  // kept figures must equal the figures counted from the orders themselves.
  test("agree with the orders after any mix of inserts, updates and deletes", () => {
    const courseIds = [makeCourse("Tally One"), makeCourse("Tally Two"), makeCourse("Tally Three")];
    const eventId = db
      .insert(events)
      .values({ title: "Tally Event", description: "d", eventDate: new Date("2026-12-01T10:00:00Z"), eventType: "webinar" })
      .returning({ id: events.id })
      .get().id;
    const studentIds = Array.from({ length: 12 }, newStudent);
    const statuses: PaymentStatus[] = ["pending", "completed", "failed", "refunded", "charged_back", "revoked"];
    let seed = 7;
    const next = (n: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return Math.floor(seed / 65_536) % n;
    };
    const orderIds: number[] = [];
    for (let step = 0; step < 600; step++) {
      const action = next(10);
      if (action < 4 || orderIds.length === 0) {
        const isEvent = next(5) === 0;
        const row = {
          userId: studentIds[next(studentIds.length)]!,
          courseId: isEvent ? null : courseIds[next(courseIds.length)]!,
          eventId: isEvent ? eventId : null,
          enrolledAt: new Date(Date.UTC(2025, next(24), 1 + next(28), next(24), next(60))),
          amountPaise: next(500_000),
          paymentStatus: statuses[next(2)]!,
        };
        // A student holds one paid place per course or event: a second is refused, as at checkout.
        try {
          orderIds.push(db.insert(orders).values(row).returning({ id: orders.id }).get().id);
        } catch {
          continue;
        }
      } else if (action < 9) {
        const id = orderIds[next(orderIds.length)]!;
        const change = [
          { paymentStatus: statuses[next(statuses.length)]! },
          { amountPaise: next(500_000) },
          { enrolledAt: new Date(Date.UTC(2025, next(24), 1 + next(28))) },
          { userId: studentIds[next(studentIds.length)]! },
        ][next(4)]!;
        try {
          db.update(orders).set(change).where(eq(orders.id, id)).run();
        } catch {
          continue;
        }
      } else {
        const [id] = orderIds.splice(next(orderIds.length), 1);
        db.delete(orders).where(eq(orders.id, id!)).run();
      }
    }
    const kept = db.all<{ course_id: number; india_month: string; enrolments: number; revenue_paise: number }>(
      sql`select course_id, india_month, enrolments, revenue_paise from course_sales where enrolments <> 0 or revenue_paise <> 0 order by 1, 2`,
    );
    const counted = db.all<{ course_id: number; india_month: string; enrolments: number; revenue_paise: number }>(
      sql`select course_id, strftime('%Y-%m', enrolled_at / 1000, 'unixepoch', '+330 minutes') as india_month, count(*) as enrolments,
        sum(amount_paise) as revenue_paise from orders where course_id is not null and payment_status = 'completed' group by 1, 2 order by 1, 2`,
    );
    expect(counted.length).toBeGreaterThan(5);
    expect(kept).toEqual(counted);
    const tally = db.get<{ value: number }>(sql`select value from site_tallies where name = 'students_with_courses'`);
    const students = db.get<{ n: number }>(
      sql`select count(distinct user_id) as n from orders where course_id is not null and payment_status = 'completed'`,
    );
    expect(tally?.value).toBe(students?.n);
  });
});
