import { and, eq, inArray, isNull, notInArray, or, sql } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import {
  auditLog,
  certificates,
  contactMessages,
  courseReviews,
  enrollmentForms,
  orders,
  eventRegistrations,
  batchStudents,
  calendarFeeds,
  sessionReminders,
  waitlist,
  lessonUnlocks,
  sessionAttendance,
  lessonProgress,
  newsletterSubscribers,
  outboxMessages,
  quizAttempts,
  sessions,
  testimonials,
  userIdentities,
  nominees,
  users,
  userTokens,
} from "../../../db/schema";
import { leftUnderConfirmedAddress, mailOfAccount } from "../accounts/address-ownership.server";
import { consentHistoryOf } from "./consent.server";
import { revokeSharedFilesMadeSince, type SharedFileRow } from "../content/shared-file.server";
import { hideSingleUseLinks } from "~/utils/single-use-links";
import { discardAccountPdfs } from "../site/stored-pdf.server";
import { contentsRemoved, subjectShown } from "../site/outbox.server";
import { sessionsOfStudent } from "~/models/accounts/session.server";
import { db, type Transaction } from "~/utils/db.server";
import { formatIsoDateInIndia } from "~/utils/dates";

// A student's own data (docs/decisions/0027-personal-data.md): everything held
// about them as one file, and the erasure of everything the law does not make
// us keep. Orders (the records behind tax invoices) stay, unchanged.

/** Said in the file itself, so the student knows what is left out and why. */
const EXPORT_OMISSIONS =
  "Left out on purpose: your password hash, the hashes of links we mailed you, the single-use part (token) of those links in the mail we sent you, your session ids, and the address of your calendar feed. They are secrets that let someone act as you or read your timetable; none of them says anything about you.";

/** How admins see an erased account in place of a name. */
export const DELETED_ACCOUNT = "Deleted account";

/** The placeholder that takes an erased account's email: not an address, unique, so the real one can sign up again. */
export const erasedEmail = (userId: string) => `erased-account:${userId}`;

const userColumns = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  phone: users.phone,
  profileImageUrl: users.profileImageUrl,
  emailVerifiedAt: users.emailVerifiedAt,
  hasPassword: sql<boolean>`${users.passwordHash} is not null`.mapWith(Boolean),
  stripeCustomerId: users.stripeCustomerId,
  createdAt: users.createdAt,
  updatedAt: users.updatedAt,
};

const auditAboutStudent = (userId: string) =>
  or(
    and(eq(auditLog.entityType, "user"), eq(auditLog.entityId, userId)),
    and(eq(auditLog.actorType, "user"), eq(auditLog.actorId, userId)),
  );

/** Every row held about the student, grouped by table; null for an unknown or erased account. */
export function exportPersonalData(userId: string, now = new Date()) {
  const account = db
    .select(userColumns)
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.erasedAt)))
    .get();
  if (!account) return null;
  const leftUnderAddress = (column: SQLiteColumn) => leftUnderConfirmedAddress(column, account);
  const byUser = <T extends { userId: unknown }>(table: T) => eq(table.userId as typeof users.id, userId);
  return {
    exportedAt: now.toISOString(),
    omitted: EXPORT_OMISSIONS,
    account,
    signInProviders: db
      .select({
        provider: userIdentities.provider,
        subject: userIdentities.subject,
        email: userIdentities.email,
        linkedAt: userIdentities.createdAt,
      })
      .from(userIdentities)
      .where(byUser(userIdentities))
      .all(),
    mailedLinks: db
      .select({
        purpose: userTokens.purpose,
        email: userTokens.email,
        expiresAt: userTokens.expiresAt,
        usedAt: userTokens.usedAt,
        createdAt: userTokens.createdAt,
      })
      .from(userTokens)
      .where(byUser(userTokens))
      .all(),
    sessions: db.select({ expiresAt: sessions.expire }).from(sessions).where(sessionsOfStudent(userId)).all(),
    orders: db.select().from(orders).where(byUser(orders)).all(),
    enrollmentForms: db.select().from(enrollmentForms).where(byUser(enrollmentForms)).all(),
    eventRegistrations: db.select().from(eventRegistrations).where(byUser(eventRegistrations)).all(),
    waitlistPlaces: db.select().from(waitlist).where(byUser(waitlist)).all(),
    batchSeats: db.select().from(batchStudents).where(byUser(batchStudents)).all(),
    // When they pressed Join at each live class, and whether their mentor marked them present.
    classAttendance: db.select().from(sessionAttendance).where(byUser(sessionAttendance)).all(),
    lessonsOpenedEarly: db.select().from(lessonUnlocks).where(byUser(lessonUnlocks)).all(),
    // That the feed exists and since when; its address is a key to the timetable, like a session id, and stays out.
    calendarFeed: db.select({ createdAt: calendarFeeds.createdAt }).from(calendarFeeds).where(byUser(calendarFeeds)).get() ?? null,
    sessionReminders: db
      .select({
        sessionId: sessionReminders.sessionId,
        kind: sessionReminders.kind,
        startsAt: sessionReminders.startsAt,
        queuedAt: sessionReminders.queuedAt,
      })
      .from(sessionReminders)
      .where(byUser(sessionReminders))
      .all(),
    lessonProgress: db.select().from(lessonProgress).where(byUser(lessonProgress)).all(),
    quizAttempts: db.select().from(quizAttempts).where(byUser(quizAttempts)).all(),
    certificates: db.select().from(certificates).where(byUser(certificates)).all(),
    courseReviews: db.select().from(courseReviews).where(byUser(courseReviews)).all(),
    contactMessages: db.select().from(contactMessages).where(leftUnderAddress(contactMessages.email)).all(),
    newsletterSubscriptions: db
      .select({
        email: newsletterSubscribers.email,
        confirmedAt: newsletterSubscribers.confirmedAt,
        createdAt: newsletterSubscribers.createdAt,
      })
      .from(newsletterSubscribers)
      .where(leftUnderAddress(newsletterSubscribers.email))
      .all(),
    consents: consentHistoryOf(userId),
    nominee:
      db
        .select({ name: nominees.name, relation: nominees.relation, contact: nominees.contact, updatedAt: nominees.updatedAt })
        .from(nominees)
        .where(byUser(nominees))
        .get() ?? null,
    messagesToYou: db
      .select({
        kind: outboxMessages.kind,
        toAddress: outboxMessages.toAddress,
        subject: subjectShown,
        textBody: outboxMessages.textBody,
        attachments: sql<
          string[]
        >`(select json_group_array(json_extract(value, '$.filename')) from json_each(${outboxMessages.attachments}))`.mapWith(
          (value: string) => JSON.parse(value) as string[],
        ),
        state: outboxMessages.state,
        createdAt: outboxMessages.createdAt,
        sentAt: outboxMessages.sentAt,
      })
      .from(outboxMessages)
      .where(mailOfAccount(account))
      .all()
      .map((message) => ({
        ...message,
        textBody: message.textBody === null ? null : hideSingleUseLinks(message.textBody),
        // Past the months Settings → Retention keeps it, a sent mail's text and attachments are removed; the entry stays.
        contentsRemoved: contentsRemoved(message),
      })),
    activityLog: db
      .select({ action: auditLog.action, by: auditLog.actorType, details: auditLog.details, at: auditLog.createdAt })
      .from(auditLog)
      .where(auditAboutStudent(userId))
      .all(),
  };
}

/** The India calendar day until which an order made at `orderedAt` is kept (see keptOrdersUntil). */
export function orderKeptUntil(orderedAt: Date): string {
  const [year, month] = formatIsoDateInIndia(orderedAt).split("-").map(Number) as [number, number];
  // The financial year ends on 31 March; its annual return is due on 31 December after it
  // (CGST s.44, rule 80), and s.36 counts the 72 months from that due date.
  const financialYearEnd = month >= 4 ? year + 1 : year;
  return `${financialYearEnd + 6}-12-31`;
}

/** The day until which the latest of these orders is kept; null when there are none. */
const lastKeptDay = (orders: { enrolledAt: Date }[]) =>
  orders
    .map((order) => orderKeptUntil(order.enrolledAt))
    .sort()
    .at(-1) ?? null;

/** What an erasure of this account would keep: how many orders, and until when. */
export function retainedAfterErasure(userId: string): { orders: number; keptUntil: string | null } {
  const kept = db.select({ enrolledAt: orders.enrolledAt }).from(orders).where(eq(orders.userId, userId)).all();
  return { orders: kept.length, keptUntil: lastKeptDay(kept) };
}

export type Erasure =
  | {
      ok: true;
      keptOrders: number;
      keptUntil: string | null;
      /** Stored exports that may hold the person: their links are revoked; the caller removes their files. */
      revokedExports: SharedFileRow[];
    }
  | { ok: false; reason: "not-found" };

/**
 * Erases the account in one transaction: every row the law does not require
 * goes; the orders stay intact (with the account row as their owner, its
 * personal fields blanked) and so do the enrollment forms behind them, holding
 * only the buyer's state (the place of supply on a tax invoice).
 */
export function eraseAccount(userId: string, now = new Date()): Erasure {
  return db.transaction(
    (tx): Erasure => {
      const account = tx
        .select({ id: users.id, email: users.email, emailVerifiedAt: users.emailVerifiedAt, createdAt: users.createdAt })
        .from(users)
        .where(and(eq(users.id, userId), isNull(users.erasedAt)))
        .get();
      if (!account) return { ok: false, reason: "not-found" };
      const kept = tx
        .select({ enrolledAt: orders.enrolledAt, formId: orders.enrollmentFormId })
        .from(orders)
        .where(eq(orders.userId, userId))
        .all();

      tx.delete(sessions).where(sessionsOfStudent(userId)).run();
      tx.delete(userIdentities).where(eq(userIdentities.userId, userId)).run();
      tx.delete(userTokens).where(eq(userTokens.userId, userId)).run();
      tx.delete(nominees).where(eq(nominees.userId, userId)).run();
      // A registration is erased whatever the event's date: a future event gets its seat back.
      tx.delete(eventRegistrations).where(eq(eventRegistrations.userId, userId)).run();
      // So is a batch seat and a place on any waitlist: the seat goes back to the batch.
      tx.delete(batchStudents).where(eq(batchStudents.userId, userId)).run();
      tx.delete(sessionAttendance).where(eq(sessionAttendance.userId, userId)).run();
      tx.delete(lessonUnlocks).where(eq(lessonUnlocks.userId, userId)).run();
      tx.delete(waitlist).where(eq(waitlist.userId, userId)).run();
      // The feed's address stops answering, and the record of reminders sent goes with the seat.
      tx.delete(calendarFeeds).where(eq(calendarFeeds.userId, userId)).run();
      tx.delete(sessionReminders).where(eq(sessionReminders.userId, userId)).run();
      tx.delete(lessonProgress).where(eq(lessonProgress.userId, userId)).run();
      tx.delete(quizAttempts).where(eq(quizAttempts.userId, userId)).run();
      tx.delete(courseReviews).where(eq(courseReviews.userId, userId)).run();
      // A testimonial stays the institute's text, but no longer points at the person.
      tx.update(testimonials).set({ studentUserId: null }).where(eq(testimonials.studentUserId, userId)).run();
      // Only what is the account's: rows a visitor left under its address count once it confirmed the address.
      tx.delete(contactMessages).where(leftUnderConfirmedAddress(contactMessages.email, account)).run();
      tx.delete(newsletterSubscribers).where(leftUnderConfirmedAddress(newsletterSubscribers.email, account)).run();
      tx.delete(outboxMessages).where(mailOfAccount(account)).run();
      eraseEnrollmentForms(
        tx,
        userId,
        kept.flatMap((order) => (order.formId === null ? [] : [order.formId])),
      );
      // Their stored PDFs go first (certificates and receipts name the student; GST documents' files stay with the documents).
      discardAccountPdfs(tx, userId);
      // The public check at /certificates/:number then finds nothing.
      tx.delete(certificates).where(eq(certificates.userId, userId)).run();
      // Excel files made while the account existed may list the person; their links stop with the erasure.
      const revokedExports = revokeSharedFilesMadeSince(tx, account.createdAt, now);
      tx.update(users)
        .set({
          email: erasedEmail(userId),
          firstName: null,
          lastName: null,
          phone: null,
          profileImageUrl: null,
          passwordHash: null,
          emailVerifiedAt: null,
          erasedAt: now,
          updatedAt: now,
        })
        .where(eq(users.id, userId))
        .run();
      tx.insert(auditLog)
        .values({
          actorType: "user",
          actorId: userId,
          action: "user_erased",
          entityType: "user",
          entityId: userId,
          details: { keptOrders: kept.length },
        })
        .run();

      const keptUntil =
        kept
          .map((order) => orderKeptUntil(order.enrolledAt))
          .sort()
          .at(-1) ?? null;
      return { ok: true, keptOrders: kept.length, keptUntil, revokedExports };
    },
    { behavior: "immediate" },
  );
}

/** Forms behind a kept order keep their link, course and state only; the rest go. */
function eraseEnrollmentForms(tx: Transaction, userId: string, keptFormIds: number[]) {
  tx.delete(enrollmentForms)
    .where(and(eq(enrollmentForms.userId, userId), keptFormIds.length ? notInArray(enrollmentForms.id, keptFormIds) : undefined))
    .run();
  if (!keptFormIds.length) return;
  tx.update(enrollmentForms)
    .set({
      name: "",
      whatsappNumber: "",
      email: null,
      age: null,
      country: null,
      city: "",
      experienceLevel: "",
      sourceOfLead: "",
      broker: null,
      trainingPreference: null,
      // The order keeps its own copy for the tax invoice.
      billing: null,
    })
    .where(inArray(enrollmentForms.id, keptFormIds))
    .run();
}
