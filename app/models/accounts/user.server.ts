import { and, desc, eq, isNull, sql } from "drizzle-orm";
import { enrollmentForms, orders, eventRegistrations, users } from "../../../db/schema";
import { db, type Transaction } from "~/utils/db.server";
import { FORM_CONSENT } from "~/schemas/consent";
import { recordConsent } from "../privacy/consent.server";
import { queueMail, queueOncePerAccount } from "../site/outbox.server";
import { issuedSince, issueUserToken, redeemUserToken, type Redemption } from "./user-token.server";
import { countRows, matchesSearch, paginateThenJoin, type ListPage, type ListRequest } from "../site/paging.server";

export type PublicUser = {
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  profileImageUrl: string | null;
  isAdmin: boolean;
};

export const publicColumns = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  profileImageUrl: users.profileImageUrl,
  isAdmin: users.isAdmin,
};

/** Emails are compared without case and stored lower-cased. */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

// Every signed-in check asks this, so a deactivated student's old cookie opens nothing; prepared
// once rather than built and compiled on each request.
let activeUserByIdQuery: ReturnType<typeof prepareActiveUserById> | undefined;
const prepareActiveUserById = () =>
  db
    .select(publicColumns)
    .from(users)
    .where(and(eq(users.id, sql.placeholder("id")), isNull(users.deactivatedAt), isNull(users.erasedAt)))
    .prepare();

/** The student while their account is active; null for a deactivated, erased or unknown one. */
export function getActiveUserById(id: string): PublicUser | null {
  activeUserByIdQuery ??= prepareActiveUserById();
  return activeUserByIdQuery.get({ id }) ?? null;
}

export function findUserCredentials(email: string): { id: string; passwordHash: string | null } | null {
  return (
    db
      .select({ id: users.id, passwordHash: users.passwordHash })
      .from(users)
      .where(eq(users.email, normaliseEmail(email)))
      .get() ?? null
  );
}

/**
 * The account's first name for a greeting, only once its address is confirmed:
 * before that, whoever signed up typed it, and a mail must not carry a
 * stranger's words to someone else's mailbox.
 */
export const nameIfConfirmed = sql<string | null>`case when ${users.emailVerifiedAt} is not null then ${users.firstName} end`;

export type NewPasswordUser = { email: string; firstName: string; lastName: string; passwordHash: string };

/**
 * A sign-up, answered alike whether or not the email is taken: a new account
 * (email unconfirmed) with its confirmation message, or, for a taken email, a
 * message to its owner, queued in the same transaction. An existing account is never changed. Sign-up is the
 * only door for a password account and takes one only from someone who ticked
 * the account's consent and "I am 18 or older": both are recorded with it.
 */
export function createPasswordAccount(input: NewPasswordUser, now = new Date()): "created" | "exists" {
  const email = normaliseEmail(input.email);
  return db.transaction(
    (tx) => {
      const created = tx
        .insert(users)
        .values({ ...input, email, adultConfirmedAt: now, createdAt: now, updatedAt: now })
        .onConflictDoNothing({ target: users.email })
        .returning({ id: users.id, email: users.email, firstName: users.firstName })
        .get();
      if (created) {
        recordConsent({ userId: created.id, purpose: FORM_CONSENT.account.purpose, decision: "granted", source: "signup" }, tx, now);
        const token = issueUserToken(tx, { userId: created.id, purpose: "verify-email", email, now });
        queueMail(tx, { to: created.email, userId: created.id, payload: { kind: "verify-email", token } }, now);
        return "created";
      }
      const owner = tx
        .select({ id: users.id, email: users.email, firstName: nameIfConfirmed })
        .from(users)
        .where(eq(users.email, email))
        .get();
      if (!owner) throw new Error("The account holding this email vanished within the transaction.");
      queueMail(tx, { to: owner.email, userId: owner.id, payload: { kind: "account-exists", firstName: owner.firstName } }, now);
      return "exists";
    },
    { behavior: "immediate" },
  );
}

/** How long a student waits between two confirmation messages they ask for. */
const CONFIRMATION_RESEND_MS = 60_000;

/**
 * A fresh confirmation link for a student whose email is not confirmed yet
 * (the account page's "Send a new link"), at most one a minute.
 */
export function sendEmailConfirmation(userId: string, now = new Date()): EmailConfirmationSent {
  return db.transaction((tx) => queueEmailConfirmation(tx, userId, now), { behavior: "immediate" });
}

export type EmailConfirmationSent = "sent" | "already-confirmed" | "just-sent";

/** sendEmailConfirmation's work inside the caller's transaction (an admin's resend writes its audit row with it). */
export function queueEmailConfirmation(tx: Transaction, userId: string, now = new Date()): EmailConfirmationSent {
  const account = tx
    .select({ email: users.email, firstName: users.firstName, verifiedAt: users.emailVerifiedAt })
    .from(users)
    .where(eq(users.id, userId))
    .get();
  if (!account) throw new Error("No account to confirm.");
  if (account.verifiedAt) return "already-confirmed";
  if (issuedSince(tx, userId, "verify-email", new Date(now.getTime() - CONFIRMATION_RESEND_MS))) return "just-sent";
  const token = issueUserToken(tx, { userId, purpose: "verify-email", email: account.email, now });
  queueMail(tx, { to: account.email, userId, payload: { kind: "verify-email", token } }, now);
  return "sent";
}

/**
 * Uses a confirmation link: the address it went to is proven, and the account
 * gets its welcome message (once, however often it confirms). One use; the
 * student is then signed in.
 */
export function confirmEmailAddress(token: string, now = new Date()): Redemption {
  return db.transaction(
    (tx) => {
      const redeemed = redeemUserToken(tx, "verify-email", token, now);
      if (!redeemed.ok) return redeemed;
      const account = tx
        .update(users)
        .set({ emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, ${now.getTime()})`, updatedAt: now })
        .where(eq(users.id, redeemed.userId))
        .returning({ email: users.email, firstName: users.firstName })
        .get();
      if (account)
        queueOncePerAccount(
          tx,
          { to: account.email, userId: redeemed.userId, payload: { kind: "welcome", firstName: account.firstName } },
          now,
        );
      return redeemed;
    },
    { behavior: "immediate" },
  );
}

/** What the account page shows about how a student signs in. */
export type AccountOverview = PublicUser & { hasPassword: boolean; emailVerifiedAt: Date | null; adultConfirmedAt: Date | null };

export function getAccountOverview(id: string): AccountOverview | null {
  const row = db
    .select({
      ...publicColumns,
      passwordHash: users.passwordHash,
      emailVerifiedAt: users.emailVerifiedAt,
      adultConfirmedAt: users.adultConfirmedAt,
    })
    .from(users)
    .where(eq(users.id, id))
    .get();
  if (!row) return null;
  const { passwordHash, ...overview } = row;
  return { ...overview, hasPassword: passwordHash !== null };
}

/**
 * Whether the account's holder said they are 18 or older: until then no analytics load for them, and
 * they can neither buy nor register (pass the transaction that stores the order or registration).
 */
export function hasConfirmedAdult(id: string, database: Pick<typeof db, "select"> = db): boolean {
  return database.select({ at: users.adultConfirmedAt }).from(users).where(eq(users.id, id)).get()?.at != null;
}

/** Records the holder's own statement that they are 18 or older; a second one keeps the first time. */
export function confirmAdult(id: string, now = new Date()): void {
  db.update(users)
    .set({ adultConfirmedAt: now })
    .where(and(eq(users.id, id), isNull(users.adultConfirmedAt)))
    .run();
}

// ---- Admin (Users tab: All Users, and GET /api/admin/users) ----

/** A row of the admin's users table. Never the password hash. */
export type AdminUserRow = {
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  isAdmin: boolean;
  createdAt: Date;
};

/** A row of the admin's All Users table: erased accounts read as such. */
export type ListedUserRow = AdminUserRow & {
  /** Set when the student deleted their account (only the orders the law keeps remain). */
  erasedAt: Date | null;
};

/** The columns the admin sees of an account (the table and the export). */
export const adminUserColumns = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  isAdmin: users.isAdmin,
  createdAt: users.createdAt,
};

/** Every word of the search is in the email, the first name or the last name. */
export const userSearch = (q: string | null | undefined) =>
  matchesSearch(q, { table: users, index: "users_search", columns: [users.email, users.firstName, users.lastName] });

/** Every account, newest first (users_created_at_idx), a page at a time. */
export function listUsersForAdmin(request: ListRequest = {}): ListPage<ListedUserRow> {
  return paginateThenJoin(request, { table: users, time: users.createdAt, id: users.id, where: userSearch(request.q) }, (onPage) =>
    db
      .select({ ...adminUserColumns, erasedAt: users.erasedAt })
      .from(users)
      .where(onPage)
      .orderBy(desc(users.createdAt), desc(users.id))
      .all(),
  );
}

export type UserTableCounts = { users: number; registrations: number; enrollments: number; enrollmentForms: number };

/** How many rows each of the Users tab's four tables has (its sub-navigation). */
export function countUserTables(): UserTableCounts {
  const count = (table: typeof users | typeof eventRegistrations | typeof orders | typeof enrollmentForms) =>
    db.select({ count: countRows }).from(table).get()?.count ?? 0;
  return {
    users: count(users),
    registrations: count(eventRegistrations),
    enrollments: count(orders),
    enrollmentForms: count(enrollmentForms),
  };
}
