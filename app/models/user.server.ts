import { eq } from "drizzle-orm";
import { users } from "../../db/schema";
import { db } from "~/utils/db.server";

export type PublicUser = {
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  profileImageUrl: string | null;
  isAdmin: boolean;
};

const publicColumns = {
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

export type OAuthProfile = {
  email: string;
  firstName: string | null;
  lastName: string | null;
  profileImageUrl: string | null;
};

/** The account with this email, created from the provider's profile when new. */
export function findOrCreateOAuthUser(profile: OAuthProfile): PublicUser {
  const email = normaliseEmail(profile.email);
  db.insert(users).values({ ...profile, email }).onConflictDoNothing({ target: users.email }).run();
  const user = db.select(publicColumns).from(users).where(eq(users.email, email)).get();
  if (!user) throw new Error("The OAuth user row vanished right after it was written.");
  // Fill in what the account lacked; never overwrite what the student chose.
  if (!user.profileImageUrl && profile.profileImageUrl) {
    db.update(users).set({ profileImageUrl: profile.profileImageUrl }).where(eq(users.id, user.id)).run();
    return { ...user, profileImageUrl: profile.profileImageUrl };
  }
  return user;
}
