import { and, eq, isNull, sql } from "drizzle-orm";
import { sessions, users, userTokens } from "../../../db/schema";
import { sessionsOfStudent } from "~/models/accounts/session.server";
import { db, type Transaction } from "~/utils/db.server";
import { nameIfConfirmed, normaliseEmail } from "./user.server";
import { queueMail } from "../site/outbox.server";
import { issueUserToken, redeemUserToken, type Redemption } from "./user-token.server";

// Forgotten passwords: a single-use link by mail, and the reset it allows.
// Whether an address has an account is told only to its mailbox
// (docs/decisions/0011-accounts-and-sign-in.md).

/**
 * Queues a reset link for the active account at `email`, if there is one.
 * The caller answers the same either way.
 */
export function requestPasswordReset(email: string, now = new Date()): "sent" | "no-account" {
  const address = normaliseEmail(email);
  return db.transaction(
    (tx) => {
      const account = tx
        .select({ id: users.id, email: users.email, firstName: nameIfConfirmed })
        .from(users)
        .where(and(eq(users.email, address), isNull(users.deactivatedAt)))
        .get();
      if (!account) return "no-account";
      const token = issueUserToken(tx, { userId: account.id, purpose: "reset-password", email: account.email, now });
      queueMail(
        tx,
        { to: account.email, userId: account.id, payload: { kind: "reset-password", firstName: account.firstName, token } },
        now,
      );
      return "sent";
    },
    { behavior: "immediate" },
  );
}

/** Ends every session of the student (all browsers, all devices). */
function endStudentSessions(tx: Transaction, userId: string): number {
  return tx.delete(sessions).where(sessionsOfStudent(userId)).run().changes;
}

/**
 * Uses a reset link and sets the new password in one transaction: the link's
 * address is proven (the mail reached it), every other reset link of the
 * student stops working and every session of theirs ends. A used, expired or
 * forged link, or one for a deactivated account, changes nothing.
 */
export function resetPassword(token: string, passwordHash: string, now = new Date()): Redemption {
  try {
    return setPasswordByLink(token, passwordHash, now);
  } catch (error) {
    if (error instanceof DeactivatedAccount) return { ok: false, state: "invalid" };
    throw error;
  }
}

/** Thrown inside the transaction so that the link stays as it was. */
class DeactivatedAccount extends Error {}

function setPasswordByLink(token: string, passwordHash: string, now: Date): Redemption {
  return db.transaction(
    (tx) => {
      const redeemed = redeemUserToken(tx, "reset-password", token, now);
      if (!redeemed.ok) return redeemed;
      const changed = tx
        .update(users)
        .set({ passwordHash, emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, ${now.getTime()})`, updatedAt: now })
        .where(and(eq(users.id, redeemed.userId), isNull(users.deactivatedAt)))
        .run().changes;
      if (changed !== 1) throw new DeactivatedAccount();
      tx.update(userTokens)
        .set({ usedAt: now })
        .where(and(eq(userTokens.userId, redeemed.userId), eq(userTokens.purpose, "reset-password"), isNull(userTokens.usedAt)))
        .run();
      endStudentSessions(tx, redeemed.userId);
      return redeemed;
    },
    { behavior: "immediate" },
  );
}
