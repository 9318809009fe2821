import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt } from "drizzle-orm";
import { users, userTokens } from "../../../db/schema";
import { type UserTokenPurpose } from "../../../db/enums";
import { db, type Transaction } from "~/utils/db.server";

// Single-use links mailed to a student (confirm an email, reset a password,
// confirm a new address before it replaces the old one). The link carries 256 random bits; only their SHA-256 is stored,
// so a copy of the database opens nobody's account. A fast hash is enough:
// the token is random, not a password anyone could guess.

export const TOKEN_LIFETIME_MS: Record<UserTokenPurpose, number> = {
  "verify-email": 24 * 60 * 60 * 1000,
  "reset-password": 60 * 60 * 1000,
  "change-email": 24 * 60 * 60 * 1000,
};

function digest(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** A new link's token for the student at `email`; the caller mails it in the same transaction. */
export function issueUserToken(
  tx: Transaction,
  { userId, purpose, email, now = new Date() }: { userId: string; purpose: UserTokenPurpose; email: string; now?: Date },
): string {
  const token = randomBytes(32).toString("base64url");
  tx.insert(userTokens)
    .values({
      userId,
      purpose,
      email,
      tokenHash: digest(token),
      expiresAt: new Date(now.getTime() + TOKEN_LIFETIME_MS[purpose]),
      createdAt: now,
    })
    .run();
  return token;
}

/** valid, or why not: expired, already used, or never ours (forged, mistyped, or sent to an address the account no longer has). */
export type TokenState = "valid" | "expired" | "used" | "invalid";

type TokenRow = {
  id: number;
  userId: string;
  purpose: UserTokenPurpose;
  email: string;
  expiresAt: Date;
  usedAt: Date | null;
  accountEmail: string;
};

function findToken(tx: Pick<Transaction, "select">, purpose: UserTokenPurpose, token: string): TokenRow | undefined {
  return tx
    .select({
      id: userTokens.id,
      userId: userTokens.userId,
      purpose: userTokens.purpose,
      email: userTokens.email,
      expiresAt: userTokens.expiresAt,
      usedAt: userTokens.usedAt,
      accountEmail: users.email,
    })
    .from(userTokens)
    .innerJoin(users, eq(users.id, userTokens.userId))
    .where(and(eq(userTokens.tokenHash, digest(token)), eq(userTokens.purpose, purpose)))
    .get();
}

function stateOf(row: TokenRow | undefined, now: Date): TokenState {
  if (!row) return "invalid";
  // An email change's link went to the new address, which the account takes only when the link is used.
  if (row.purpose === "change-email" ? row.email === row.accountEmail && !row.usedAt : row.email !== row.accountEmail) return "invalid";
  if (row.usedAt) return "used";
  return row.expiresAt.getTime() <= now.getTime() ? "expired" : "valid";
}

/** What a link would do, without using it (the page a GET shows). */
export function checkUserToken(purpose: UserTokenPurpose, token: string, now = new Date()): { state: TokenState; email: string | null } {
  const row = findToken(db, purpose, token);
  const state = stateOf(row, now);
  return { state, email: state === "valid" ? (row?.email ?? null) : null };
}

export type Redemption = { ok: true; userId: string; email: string } | { ok: false; state: Exclude<TokenState, "valid"> };

/**
 * Uses a link once, inside the caller's transaction (which then does what the
 * link is for). A second use, an expired or a forged token changes nothing.
 */
export function redeemUserToken(tx: Transaction, purpose: UserTokenPurpose, token: string, now = new Date()): Redemption {
  const row = findToken(tx, purpose, token);
  const state = stateOf(row, now);
  if (state !== "valid" || !row) return { ok: false, state: state === "valid" ? "invalid" : state };
  tx.update(userTokens).set({ usedAt: now }).where(eq(userTokens.id, row.id)).run();
  return { ok: true, userId: row.userId, email: row.email };
}

/** Whether a link of this kind went to the student after `since` (so a resend can wait). */
export function issuedSince(tx: Transaction, userId: string, purpose: UserTokenPurpose, since: Date): boolean {
  return (
    tx
      .select({ id: userTokens.id })
      .from(userTokens)
      .where(and(eq(userTokens.userId, userId), eq(userTokens.purpose, purpose), gt(userTokens.createdAt, since)))
      .get() !== undefined
  );
}
