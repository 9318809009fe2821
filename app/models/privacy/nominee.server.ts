import { eq } from "drizzle-orm";
import { nominees } from "../../../db/schema";
import type { NomineeInput } from "~/schemas/nominee";
import { db } from "~/utils/db.server";

// A student's nominee (DPDP Act s.14): one per account; naming another
// replaces the first. Erasing the account deletes it (personal-data model).

export type Nominee = NomineeInput & { updatedAt: Date };

export function findNominee(userId: string): Nominee | null {
  return (
    db
      .select({ name: nominees.name, relation: nominees.relation, contact: nominees.contact, updatedAt: nominees.updatedAt })
      .from(nominees)
      .where(eq(nominees.userId, userId))
      .get() ?? null
  );
}

export function saveNominee(userId: string, input: NomineeInput, now = new Date()): void {
  db.insert(nominees)
    .values({ userId, ...input, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({ target: nominees.userId, set: { ...input, updatedAt: now } })
    .run();
}

/** True when there was a nominee to remove. */
export function removeNominee(userId: string): boolean {
  return db.delete(nominees).where(eq(nominees.userId, userId)).run().changes > 0;
}
