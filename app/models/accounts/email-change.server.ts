import { and, desc, eq, gt, isNull, ne } from "drizzle-orm";
import { users, userTokens } from "../../../db/schema";
import { db, isUniqueViolation, type Transaction } from "~/utils/db.server";
import { queueMail } from "../site/outbox.server";
import { issuedSince, issueUserToken, redeemUserToken, type Redemption } from "./user-token.server";
import { normaliseEmail } from "./user.server";

// A student moves their account to a new email address. The address changes
// only when the link mailed to it is used, so nobody can move an account to an
// inbox they do not read; the old address is told a change was asked for.

/** How long a student waits between two email change requests (each mails two inboxes). */
const EMAIL_CHANGE_RESEND_MS = 60_000;

export type EmailChangeRequest = "sent" | "same-address" | "just-sent" | "not-found";

/**
 * Asks for a change to `newEmail`. An address another account uses gets the
 * same answer (the page tells nobody which addresses have accounts); only its
 * mailbox learns that nothing will change. A new request retires earlier links.
 */
export function requestEmailChange(userId: string, newEmail: string, now = new Date()): EmailChangeRequest {
  const address = normaliseEmail(newEmail);
  return db.transaction(
    (tx): EmailChangeRequest => {
      const account = tx.select({ email: users.email, firstName: users.firstName }).from(users).where(eq(users.id, userId)).get();
      if (!account) return "not-found";
      if (account.email === address) return "same-address";
      if (issuedSince(tx, userId, "change-email", new Date(now.getTime() - EMAIL_CHANGE_RESEND_MS))) return "just-sent";
      retirePendingChanges(tx, userId, now);
      // A token is stored even for a taken address, though never mailed: the account page then
      // shows the change pending and the next minute's requests wait alike, so neither tells the
      // student which addresses have accounts. Using it would be refused anyway (confirmEmailChange).
      const token = issueUserToken(tx, { userId, purpose: "change-email", email: address, now });
      const taken = tx.select({ id: users.id }).from(users).where(eq(users.email, address)).get();
      const toNew = taken
        ? { kind: "change-email-taken" as const }
        : { kind: "change-email" as const, firstName: account.firstName, token };
      queueMail(tx, { to: address, userId, payload: toNew }, now);
      queueMail(
        tx,
        { to: account.email, userId, payload: { kind: "change-email-notice", firstName: account.firstName, newEmail: address } },
        now,
      );
      return "sent";
    },
    { behavior: "immediate" },
  );
}

function retirePendingChanges(tx: Transaction, userId: string, now: Date) {
  tx.update(userTokens)
    .set({ usedAt: now })
    .where(and(eq(userTokens.userId, userId), eq(userTokens.purpose, "change-email"), isNull(userTokens.usedAt)))
    .run();
}

/** The address a change waits on (the newest unused link that still works), or null. */
export function pendingEmailChange(userId: string, now = new Date()): string | null {
  return (
    db
      .select({ email: userTokens.email })
      .from(userTokens)
      .where(
        and(
          eq(userTokens.userId, userId),
          eq(userTokens.purpose, "change-email"),
          isNull(userTokens.usedAt),
          gt(userTokens.expiresAt, now),
        ),
      )
      .orderBy(desc(userTokens.createdAt), desc(userTokens.id))
      .get()?.email ?? null
  );
}

export type EmailChangeOutcome = Redemption | { ok: false; state: "taken" };

/** Thrown inside the transaction so that the link stays unused and nothing changes. */
class AddressTaken extends Error {}
class Deactivated extends Error {}

/**
 * Uses an email change link: the account takes the address it went to, which
 * counts as confirmed (the link reached it). Refused, with nothing changed,
 * when another account took the address meanwhile (checked here, and the
 * unique index on users.email has the last word) or the account is deactivated.
 */
export function confirmEmailChange(token: string, now = new Date()): EmailChangeOutcome {
  try {
    return db.transaction(
      (tx) => {
        const redeemed = redeemUserToken(tx, "change-email", token, now);
        if (!redeemed.ok) return redeemed;
        const taken = tx
          .select({ id: users.id })
          .from(users)
          .where(and(eq(users.email, redeemed.email), ne(users.id, redeemed.userId)))
          .get();
        if (taken) throw new AddressTaken();
        const changed = tx
          .update(users)
          .set({ email: redeemed.email, emailVerifiedAt: now, updatedAt: now })
          .where(and(eq(users.id, redeemed.userId), isNull(users.deactivatedAt)))
          .run().changes;
        if (changed !== 1) throw new Deactivated();
        return redeemed;
      },
      { behavior: "immediate" },
    );
  } catch (error) {
    if (error instanceof AddressTaken || isUniqueViolation(error)) return { ok: false, state: "taken" };
    if (error instanceof Deactivated) return { ok: false, state: "invalid" };
    throw error;
  }
}
