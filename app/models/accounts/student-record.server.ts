import { and, desc, eq, notInArray } from "drizzle-orm";
import { courses, eventRegistrations, events, orders, outboxMessages, users } from "../../../db/schema";
import { subjectShown } from "../site/outbox.server";
import { db } from "~/utils/db.server";
import { mailOfAccount, type AccountAddress } from "./address-ownership.server";

// What the admin's page for one student shows (/admin/users/:id): the account,
// every order (whatever became of it), their event registrations and the mail
// sent to them. Reads only; the admin's changes are in student-admin.server.ts.

export type StudentAccount = {
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  emailVerifiedAt: Date | null;
  deactivatedAt: Date | null;
  erasedAt: Date | null;
  createdAt: Date;
};

export function findStudentAccount(id: string): StudentAccount | null {
  return (
    db
      .select({
        id: users.id,
        email: users.email,
        firstName: users.firstName,
        lastName: users.lastName,
        emailVerifiedAt: users.emailVerifiedAt,
        deactivatedAt: users.deactivatedAt,
        erasedAt: users.erasedAt,
        createdAt: users.createdAt,
      })
      .from(users)
      .where(eq(users.id, id))
      .get() ?? null
  );
}

/** The events the student registered for, newest registration first. */
export function listStudentRegistrations(userId: string) {
  return db
    .select({
      id: eventRegistrations.id,
      eventId: eventRegistrations.eventId,
      eventTitle: events.title,
      eventDate: events.eventDate,
      registeredAt: eventRegistrations.registeredAt,
    })
    .from(eventRegistrations)
    .leftJoin(events, eq(events.id, eventRegistrations.eventId))
    .where(eq(eventRegistrations.userId, userId))
    .orderBy(desc(eventRegistrations.registeredAt), desc(eventRegistrations.id))
    .all();
}

/** How many of the newest messages the page lists; the Outbox tab has the rest. */
const STUDENT_MESSAGES_SHOWN = 50;

/**
 * Mail sent to the student: rows tied to their account, and rows to their
 * current address written without one (a message queued before the account
 * existed, or by a writer that names only the address) once the account has
 * confirmed that address: until then they may be another person's.
 */
export function listStudentMessages(student: AccountAddress) {
  return db
    .select({
      id: outboxMessages.id,
      subject: subjectShown,
      toAddress: outboxMessages.toAddress,
      state: outboxMessages.state,
      attempts: outboxMessages.attempts,
      createdAt: outboxMessages.createdAt,
    })
    .from(outboxMessages)
    .where(mailOfAccount(student))
    .orderBy(desc(outboxMessages.createdAt), desc(outboxMessages.id))
    .limit(STUDENT_MESSAGES_SHOWN)
    .all();
}

/** Courses an admin may grant: any the student has no paid enrollment in, on sale or not (an old course can still be given). */
export function listGrantableCourses(userId: string) {
  const enrolled = db
    .select({ courseId: orders.courseId })
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.paymentStatus, "completed")));
  return db
    .select({ id: courses.id, title: courses.title, pricePaise: courses.pricePaise })
    .from(courses)
    .where(notInArray(courses.id, enrolled))
    .orderBy(courses.title)
    .all();
}
