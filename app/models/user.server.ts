import { desc, eq, sql } from "drizzle-orm";
import { enrollmentForms, enrollments, eventRegistrations, users } from "../../db/schema";
import { db } from "~/utils/db.server";
import { containsText, countRows, paginate, type ListPage, type ListRequest } from "./paging.server";

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

export function getUserById(id: string): PublicUser | null {
  return db.select(publicColumns).from(users).where(eq(users.id, id)).get() ?? null;
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

export type NewPasswordUser = { email: string; firstName: string; lastName: string; passwordHash: string };

/** A new email + password account, or null when the email already has one. */
export function createPasswordUser(input: NewPasswordUser): PublicUser | null {
  return (
    db
      .insert(users)
      .values({ ...input, email: normaliseEmail(input.email) })
      .onConflictDoNothing({ target: users.email })
      .returning(publicColumns)
      .get() ?? null
  );
}

/** What the account page shows about how a student signs in. */
export type AccountOverview = PublicUser & { hasPassword: boolean; emailVerifiedAt: Date | null };

export function getAccountOverview(id: string): AccountOverview | null {
  const row = db
    .select({ ...publicColumns, passwordHash: users.passwordHash, emailVerifiedAt: users.emailVerifiedAt })
    .from(users)
    .where(eq(users.id, id))
    .get();
  if (!row) return null;
  const { passwordHash, ...overview } = row;
  return { ...overview, hasPassword: passwordHash !== null };
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

/** The columns the admin sees of an account (the table and the export). */
export const adminUserColumns = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  isAdmin: users.isAdmin,
  createdAt: users.createdAt,
};

/**
 * Email or name contains the search. "First Last" holds either name and
 * both together, so one LIKE on it covers first name, last name and the two.
 */
const userSearch = (q: string | null | undefined) =>
  containsText(q, [users.email, sql`coalesce(${users.firstName}, '') || ' ' || coalesce(${users.lastName}, '')`]);

/** Every account, newest first (users_created_at_idx), a page at a time. */
export function listUsersForAdmin(request: ListRequest = {}): ListPage<AdminUserRow> {
  const where = userSearch(request.q);
  return paginate(
    request,
    () => db.select({ count: countRows }).from(users).where(where).get()?.count ?? 0,
    (limit, offset) =>
      db
        .select(adminUserColumns)
        .from(users)
        .where(where)
        .orderBy(desc(users.createdAt), desc(users.id))
        .limit(limit)
        .offset(offset)
        .all(),
  );
}

export type UserTableCounts = { users: number; registrations: number; enrollments: number; enrollmentForms: number };

/** How many rows each of the Users tab's four tables has (its sub-navigation). */
export function countUserTables(): UserTableCounts {
  const count = (table: typeof users | typeof eventRegistrations | typeof enrollments | typeof enrollmentForms) =>
    db.select({ count: countRows }).from(table).get()?.count ?? 0;
  return {
    users: count(users),
    registrations: count(eventRegistrations),
    enrollments: count(enrollments),
    enrollmentForms: count(enrollmentForms),
  };
}
