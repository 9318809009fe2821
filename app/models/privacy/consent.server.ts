import { and, desc, eq, or, type SQL } from "drizzle-orm";
import { consentRecords } from "../../../db/schema";
import type { ConsentDecision } from "../../../db/enums";
import { db, type Transaction } from "~/utils/db.server";

/** Whose consent: a signed-in person's account, the browser's random visitor id, or both. */
export type ConsentSubject = { userId?: string | null; visitorId?: string | null };

export type ConsentEntry = ConsentSubject & {
  /** What it is for, e.g. "analytics", "account", "contact-reply". */
  purpose: string;
  decision: ConsentDecision;
  /** Where it was given or withdrawn: "banner", "privacy-page", "signup", "contact"… */
  source: string;
};

/**
 * Writes one consent or withdrawal. Records are never updated: the newest one
 * is the current state, and the older ones are the proof of what was said when.
 * `tx` puts the record in the transaction that stores the data it guards.
 */
export function recordConsent(entry: ConsentEntry, tx: Transaction | typeof db = db, now = new Date()): number {
  if (!entry.userId && !entry.visitorId) throw new Error("A consent record needs a user or a visitor id");
  return tx
    .insert(consentRecords)
    .values({
      userId: entry.userId ?? null,
      visitorId: entry.visitorId ?? null,
      purpose: entry.purpose,
      decision: entry.decision,
      source: entry.source,
      createdAt: now,
    })
    .returning({ id: consentRecords.id })
    .get().id;
}

function subjectCondition({ userId, visitorId }: ConsentSubject): SQL | undefined {
  const conditions = [
    userId ? eq(consentRecords.userId, userId) : undefined,
    visitorId ? eq(consentRecords.visitorId, visitorId) : undefined,
  ];
  const present = conditions.filter((condition): condition is SQL => condition !== undefined);
  return present.length ? or(...present) : undefined;
}

/** The newest decision for `purpose` by this account or browser, or null when none was made. */
export function currentConsent(subject: ConsentSubject, purpose: string): ConsentDecision | null {
  const who = subjectCondition(subject);
  if (!who) return null;
  const newest = db
    .select({ decision: consentRecords.decision })
    .from(consentRecords)
    .where(and(who, eq(consentRecords.purpose, purpose)))
    .orderBy(desc(consentRecords.createdAt), desc(consentRecords.id))
    .limit(1)
    .get();
  return newest?.decision ?? null;
}

export type ConsentHistoryEntry = { purpose: string; decision: ConsentDecision; source: string; createdAt: Date };

/** Every consent and withdrawal an account made, oldest first (for the person's own data download). */
export function consentHistoryOf(userId: string): ConsentHistoryEntry[] {
  return db
    .select({
      purpose: consentRecords.purpose,
      decision: consentRecords.decision,
      source: consentRecords.source,
      createdAt: consentRecords.createdAt,
    })
    .from(consentRecords)
    .where(eq(consentRecords.userId, userId))
    .orderBy(consentRecords.createdAt, consentRecords.id)
    .all();
}
