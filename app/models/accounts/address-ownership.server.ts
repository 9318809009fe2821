import { and, eq, isNull, or, sql, type SQL } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import { outboxMessages } from "../../../db/schema";

// Which rows kept under an email address are an account's
// (docs/decisions/0042-personal-data-by-confirmed-address.md). A visitor's
// contact message, newsletter sign-up or the mail answering them carries only
// the address typed in. Anyone can sign up with any address, so such a row is
// the account's only once the account has confirmed the address: otherwise
// the download would hand one person's messages to another, and the erasure
// would delete rows that were never the account's.

/** An account as these rules need it. */
export type AccountAddress = { id: string; email: string; emailVerifiedAt: Date | null };

/** Rows left under the account's address: its own once the address is confirmed, none before. */
export const leftUnderConfirmedAddress = (column: SQLiteColumn, account: AccountAddress): SQL =>
  account.emailVerifiedAt === null ? sql`0` : sql`lower(${column}) = ${account.email.toLowerCase()}`;

/**
 * Mail that is the account's: mail tied to it, and mail queued without an
 * account to its confirmed address. Mail tied to another account stays that
 * account's, whatever address it went to.
 */
export const mailOfAccount = (account: AccountAddress): SQL =>
  or(
    eq(outboxMessages.userId, account.id),
    and(isNull(outboxMessages.userId), leftUnderConfirmedAddress(outboxMessages.toAddress, account)),
  )!;
