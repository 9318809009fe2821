import { subYears } from "date-fns";
import { and, eq, lt, or } from "drizzle-orm";
import { consentRecords } from "../../../db/schema";
import type { db } from "~/utils/db.server";

// How long consent records stay. They are the proof that a consent was given
// (DPDP Act s.6(10) puts that burden on us), so a standing consent keeps all
// of its records. Once withdrawn, a claim about what was processed under it
// can still come for the limitation period: three years (Limitation Act 1963,
// the residuary article 113). After that the whole chain for that purpose and
// person goes.

const CONSENT_KEPT_AFTER_WITHDRAWAL_YEARS = 3;

type Reader = Pick<typeof db, "select">;

/**
 * The ids of consent records due for deletion at `now`: for each withdrawal
 * older than the limitation period that is still the newest decision of its
 * person (account or browser) for its purpose, that record and every earlier
 * one of the same person and purpose.
 */
export function consentRecordsDue(database: Reader, now: Date): number[] {
  const cutoff = subYears(now, CONSENT_KEPT_AFTER_WITHDRAWAL_YEARS);
  const oldWithdrawals = database
    .select()
    .from(consentRecords)
    .where(and(eq(consentRecords.decision, "withdrawn"), lt(consentRecords.createdAt, cutoff)))
    .all();
  const due = new Set<number>();
  for (const withdrawal of oldWithdrawals) {
    const samePerson = or(
      withdrawal.userId ? eq(consentRecords.userId, withdrawal.userId) : undefined,
      withdrawal.visitorId ? eq(consentRecords.visitorId, withdrawal.visitorId) : undefined,
    );
    const chain = database
      .select({ id: consentRecords.id, createdAt: consentRecords.createdAt })
      .from(consentRecords)
      .where(and(samePerson, eq(consentRecords.purpose, withdrawal.purpose)))
      .all();
    const later = (record: { id: number; createdAt: Date }) =>
      record.createdAt.getTime() > withdrawal.createdAt.getTime() ||
      (record.createdAt.getTime() === withdrawal.createdAt.getTime() && record.id > withdrawal.id);
    if (chain.some(later)) continue;
    for (const record of chain) due.add(record.id);
  }
  return [...due].sort((a, b) => a - b);
}
