import { and, desc, eq, gt, inArray, isNotNull, isNull, notInArray } from "drizzle-orm";
import {
  consentRecords,
  contactMessages,
  enrollmentForms,
  orders,
  eventRegistrations,
  events,
  newsletterSubscribers,
  users,
} from "../../../db/schema";
import { db, type Transaction } from "~/utils/db.server";
import { recordConsent } from "./consent.server";

// Withdrawing one purpose's consent from the privacy page, one click as giving
// it took one tick (DPDP Act s.6(4)). The withdrawal is recorded and what the
// purpose was for stops in the same transaction (s.6(6)); data a law keeps
// (tax records, CGST s.36) stays, and the page says so.

/** The purposes a student can withdraw on their privacy page; the account itself is withdrawn by deleting it. */
const WITHDRAWABLE_PURPOSES = [
  "analytics",
  "newsletter",
  "enrolment-callback",
  "event-registration",
  "contact-reply",
  "order-billing",
] as const;
export type WithdrawablePurpose = (typeof WITHDRAWABLE_PURPOSES)[number];

export const isWithdrawablePurpose = (value: unknown): value is WithdrawablePurpose =>
  typeof value === "string" && (WITHDRAWABLE_PURPOSES as readonly string[]).includes(value);

export type StandingConsent = { purpose: string; grantedAt: Date };

/** The account's purposes whose newest record is a consent (not withdrawn), with when it was given. */
export function standingConsentsOf(userId: string): StandingConsent[] {
  const rows = db
    .select({ purpose: consentRecords.purpose, decision: consentRecords.decision, createdAt: consentRecords.createdAt })
    .from(consentRecords)
    .where(eq(consentRecords.userId, userId))
    .orderBy(desc(consentRecords.createdAt), desc(consentRecords.id))
    .all();
  const seen = new Set<string>();
  const standing: StandingConsent[] = [];
  for (const row of rows) {
    if (seen.has(row.purpose)) continue;
    seen.add(row.purpose);
    if (row.decision === "granted") standing.push({ purpose: row.purpose, grantedAt: row.createdAt });
  }
  return standing;
}

/**
 * When the account's confirmed address confirmed its newsletter subscription; null when it is not
 * on the list. The newsletter's consent is its double opt-in (decision 0044), not a consent record.
 */
export function newsletterConfirmedAt(userId: string, database: Pick<typeof db, "select"> = db): Date | null {
  const row = database
    .select({ confirmedAt: newsletterSubscribers.confirmedAt })
    .from(users)
    .innerJoin(newsletterSubscribers, eq(newsletterSubscribers.email, users.email))
    .where(and(eq(users.id, userId), isNotNull(users.emailVerifiedAt)))
    .get();
  return row?.confirmedAt ?? null;
}

export type Withdrawal = { ok: true; stopped: number } | { ok: false; message: string };

/**
 * Records the withdrawal of `purpose` for the account (and this browser, for
 * analytics) and stops its processing: leads without an order are deleted,
 * seats at free events still to come are given up, messages under the
 * account's confirmed address are deleted. `stopped` counts the rows removed.
 */
export function withdrawConsent(
  subject: { userId: string; visitorId: string | null },
  purpose: WithdrawablePurpose,
  now = new Date(),
): Withdrawal {
  return db.transaction(
    (tx): Withdrawal => {
      const newest = tx
        .select({ decision: consentRecords.decision })
        .from(consentRecords)
        .where(and(eq(consentRecords.userId, subject.userId), eq(consentRecords.purpose, purpose)))
        .orderBy(desc(consentRecords.createdAt), desc(consentRecords.id))
        .limit(1)
        .get();
      // Analytics is chosen per browser too: a withdrawal is recorded even when this account never said yes itself.
      const standing = purpose === "newsletter" ? newsletterConfirmedAt(subject.userId, tx) !== null : newest?.decision === "granted";
      if (purpose !== "analytics" && !standing)
        return { ok: false, message: "There is no consent for this purpose to withdraw: it was never given, or is already withdrawn." };
      recordConsent(
        {
          userId: subject.userId,
          visitorId: purpose === "analytics" ? subject.visitorId : null,
          purpose,
          decision: "withdrawn",
          source: "privacy-page",
        },
        tx,
        now,
      );
      return { ok: true, stopped: stopProcessing(tx, subject.userId, purpose, now) };
    },
    { behavior: "immediate" },
  );
}

function stopProcessing(tx: Transaction, userId: string, purpose: WithdrawablePurpose, now: Date): number {
  switch (purpose) {
    case "enrolment-callback": {
      // A lead behind an order is a tax record's place of supply (decision 0027): only call-back leads go.
      const behindOrders = tx.select({ id: orders.enrollmentFormId }).from(orders).where(isNotNull(orders.enrollmentFormId));
      return tx
        .delete(enrollmentForms)
        .where(and(eq(enrollmentForms.userId, userId), notInArray(enrollmentForms.id, behindOrders)))
        .run().changes;
    }
    case "event-registration": {
      // A paid seat is a contract already performed in part; it is cancelled through the refund policy, not here.
      const upcoming = tx.select({ id: events.id }).from(events).where(gt(events.eventDate, now));
      return tx
        .delete(eventRegistrations)
        .where(
          and(eq(eventRegistrations.userId, userId), isNull(eventRegistrations.orderId), inArray(eventRegistrations.eventId, upcoming)),
        )
        .run().changes;
    }
    case "newsletter": {
      const account = tx.select({ email: users.email }).from(users).where(eq(users.id, userId)).get();
      // Unsubscribing deletes the row, as the link in each newsletter does.
      return account ? tx.delete(newsletterSubscribers).where(eq(newsletterSubscribers.email, account.email)).run().changes : 0;
    }
    case "contact-reply": {
      const account = tx.select({ email: users.email, verifiedAt: users.emailVerifiedAt }).from(users).where(eq(users.id, userId)).get();
      // Under an unconfirmed address the messages may be another person's (decision 0042).
      if (!account?.verifiedAt) return 0;
      return tx.delete(contactMessages).where(eq(contactMessages.email, account.email)).run().changes;
    }
    case "analytics": // The browser's cookie stops the tag; the route sets it.
    case "order-billing": // Billing details on orders are tax records the law keeps (CGST s.36).
      return 0;
  }
}
