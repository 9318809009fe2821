import { beforeAll, describe, expect, test } from "vitest";
import { courses, enrollmentForms, orders, eventRegistrations, events, users } from "../../../db/schema";
import { db } from "~/utils/db.server";
import {
  readEnrollmentFormsForExport,
  readEnrollmentsForExport,
  readRegistrationsForExport,
  readUsersForExport,
} from "./admin-export.server";

async function all<T>(rows: AsyncIterable<T>): Promise<T[]> {
  const collected: T[] = [];
  for await (const row of rows) collected.push(row);
  return collected;
}

beforeAll(() => {
  // Uuids out of sign-up order: the export still follows insertion (rowid) order.
  db.insert(users)
    .values(
      ["u-c", "u-a", "u-e", "u-b", "u-d"].map((id, index) => ({
        id,
        email: `${id}@example.com`,
        firstName: id,
        passwordHash: "secret-hash",
        isAdmin: index === 0,
      })),
    )
    .run();
  db.insert(courses).values({ id: 3, title: "Swing Trading", shortDescription: "s", description: "d", duration: "2 weeks" }).run();
  db.insert(events)
    .values({ id: 9, title: "Budget Day Live", description: "d", eventDate: new Date("2027-02-01T05:30:00Z") })
    .run();
  db.insert(eventRegistrations)
    .values(
      ["u-a", "u-b", "u-c"].map((userId) => ({ userId, eventId: 9, name: userId, email: `${userId}@example.com`, phone: "9876543210" })),
    )
    .run();
  db.insert(orders)
    .values([
      {
        userId: "u-a",
        courseId: 3,
        amountPaise: 99900,
        paymentStatus: "completed" as const,
        provider: "stripe" as const,
        providerPaymentId: "pi_a",
      },
      { userId: "u-b", courseId: 3, amountPaise: 0 },
    ])
    .run();
  const form = { name: "N", whatsappNumber: "1", state: "S", city: "C", experienceLevel: "beginner", sourceOfLead: "Web" };
  db.insert(enrollmentForms)
    .values([
      { ...form, courseOrEventType: "course" as const, courseOrEventId: 3 },
      { ...form, courseOrEventType: "event" as const, courseOrEventId: 9 },
      // The same number as the course, but an event: it must not take the course's title.
      { ...form, courseOrEventType: "event" as const, courseOrEventId: 3 },
    ])
    .run();
});

describe("export readers", () => {
  test("users: every row across batch boundaries, in sign-up order, without the password hash", async () => {
    for (const batchSize of [1, 2, 5, 1000]) {
      const rows = await all(readUsersForExport(batchSize));
      expect(rows.map((row) => row.id)).toEqual(["u-c", "u-a", "u-e", "u-b", "u-d"]);
    }
    const [first] = await all(readUsersForExport());
    expect(Object.keys(first ?? {}).sort()).toEqual(["createdAt", "email", "firstName", "id", "isAdmin", "lastName", "rowid"]);
    expect(first).toMatchObject({ email: "u-c@example.com", isAdmin: true, createdAt: expect.any(Date) });
  });

  test("registrations carry the event's title and date", async () => {
    const rows = await all(readRegistrationsForExport(2));
    expect(rows.map((row) => [row.name, row.eventTitle])).toEqual([
      ["u-a", "Budget Day Live"],
      ["u-b", "Budget Day Live"],
      ["u-c", "Budget Day Live"],
    ]);
    expect(rows[0]?.eventDate).toEqual(new Date("2027-02-01T05:30:00Z"));
  });

  test("enrollments carry the student and the course", async () => {
    const rows = await all(readEnrollmentsForExport(1));
    expect(rows).toEqual([
      expect.objectContaining({
        studentEmail: "u-a@example.com",
        studentFirstName: "u-a",
        courseTitle: "Swing Trading",
        amountPaise: 99900,
        paymentStatus: "completed",
        paymentIntentId: "pi_a",
      }),
      expect.objectContaining({
        studentEmail: "u-b@example.com",
        courseTitle: "Swing Trading",
        amountPaise: 0,
        paymentStatus: "pending",
        paymentIntentId: null,
      }),
    ]);
  });

  test("enrollment forms carry the title of the course or event they name", async () => {
    const rows = await all(readEnrollmentFormsForExport(2));
    expect(rows.map((row) => [row.courseOrEventType, row.courseOrEventId, row.courseOrEventTitle])).toEqual([
      ["course", 3, "Swing Trading"],
      ["event", 9, "Budget Day Live"],
      ["event", 3, null],
    ]);
  });

  test("the connection is free between batches", async () => {
    const reader = readUsersForExport(2)[Symbol.asyncIterator]();
    await reader.next();
    // Mid-export, other work on the same connection goes ahead.
    db.insert(users).values({ id: "u-late", email: "late@example.com" }).run();
    const rest: string[] = [];
    for (let next = await reader.next(); !next.done; next = await reader.next()) rest.push(next.value.id);
    expect(rest).toEqual(["u-a", "u-e", "u-b", "u-d", "u-late"]);
    db.$client.prepare("delete from users where id = 'u-late'").run();
  });
});
