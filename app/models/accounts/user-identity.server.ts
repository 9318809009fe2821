import { and, eq } from "drizzle-orm";
import { userIdentities, users } from "../../../db/schema";
import { db, type Transaction } from "~/utils/db.server";
import { normaliseEmail, publicColumns, type PublicUser } from "./user.server";

// Sign-in providers' accounts linked to ours (docs/decisions/0011-accounts-and-sign-in.md).
// A provider account is known by its issuer and subject (`sub`), never by its
// email: an email only links when both sides have proven it.

/** What a provider told us about the person who just signed in there. */
export type ProviderIdentity = {
  /** The issuer (or the authorization endpoint's origin for plain OAuth2). */
  provider: string;
  /** The provider's stable id for its account: OpenID `sub`, or OAuth2 `id`. */
  subject: string;
  email: string;
  emailVerified: boolean;
  firstName: string | null;
  lastName: string | null;
  profileImageUrl: string | null;
};

export type ProviderSignIn =
  | { ok: true; user: PublicUser; created: boolean }
  /**
   * unverified-email: the provider does not vouch for the address, so it can neither make nor join an account.
   * link-from-account: an account here has the address but has not proven it; its owner links from /account.
   */
  | { ok: false; reason: "unverified-email" | "link-from-account" };

function identityOwner(tx: Transaction, identity: Pick<ProviderIdentity, "provider" | "subject">) {
  return (
    tx
      .select({ userId: userIdentities.userId })
      .from(userIdentities)
      .where(and(eq(userIdentities.provider, identity.provider), eq(userIdentities.subject, identity.subject)))
      .get()?.userId ?? null
  );
}

/**
 * Signs in through a provider account: the linked account when there is one;
 * else a new account (email verified, since the provider vouches for it);
 * else the account with that email, only when the provider vouches for the
 * address and the account has proven it too. One transaction, so two
 * callbacks at once cannot link one provider account twice.
 */
export function signInWithProviderIdentity(identity: ProviderIdentity, now = new Date()): ProviderSignIn {
  return db.transaction(
    (tx): ProviderSignIn => {
      const linkedTo = identityOwner(tx, identity);
      if (linkedTo) {
        const user = tx.select(publicColumns).from(users).where(eq(users.id, linkedTo)).get();
        if (!user) throw new Error("A linked identity points at no account.");
        return { ok: true, user: fillMissingPicture(tx, user, identity.profileImageUrl), created: false };
      }
      if (!identity.emailVerified) return { ok: false, reason: "unverified-email" };
      const email = normaliseEmail(identity.email);
      const existing = tx
        .select({ ...publicColumns, emailVerifiedAt: users.emailVerifiedAt })
        .from(users)
        .where(eq(users.email, email))
        .get();
      if (existing && !existing.emailVerifiedAt) return { ok: false, reason: "link-from-account" };
      const user = existing
        ? fillMissingPicture(tx, existing, identity.profileImageUrl)
        : tx
            .insert(users)
            .values({
              email,
              firstName: identity.firstName,
              lastName: identity.lastName,
              profileImageUrl: identity.profileImageUrl,
              emailVerifiedAt: now,
            })
            .returning(publicColumns)
            .get();
      insertIdentity(tx, user.id, identity);
      return { ok: true, user, created: !existing };
    },
    { behavior: "immediate" },
  );
}

export type IdentityLink = "linked" | "already-linked" | "linked-elsewhere";

/**
 * Connects a provider account to a signed-in student (who proved their
 * password or an earlier sign-in). Refused when the provider account already
 * belongs to someone else. When the provider vouches for the student's own
 * address, that address counts as proven.
 */
export function linkProviderIdentity(userId: string, identity: ProviderIdentity, now = new Date()): IdentityLink {
  return db.transaction(
    (tx): IdentityLink => {
      const owner = identityOwner(tx, identity);
      if (owner) return owner === userId ? "already-linked" : "linked-elsewhere";
      insertIdentity(tx, userId, identity);
      const account = tx
        .select({ email: users.email, emailVerifiedAt: users.emailVerifiedAt })
        .from(users)
        .where(eq(users.id, userId))
        .get();
      if (identity.emailVerified && account && !account.emailVerifiedAt && account.email === normaliseEmail(identity.email))
        tx.update(users).set({ emailVerifiedAt: now }).where(eq(users.id, userId)).run();
      return "linked";
    },
    { behavior: "immediate" },
  );
}

export type LinkedIdentity = { provider: string; email: string | null; linkedAt: Date };

export function listLinkedIdentities(userId: string): LinkedIdentity[] {
  return db
    .select({ provider: userIdentities.provider, email: userIdentities.email, linkedAt: userIdentities.createdAt })
    .from(userIdentities)
    .where(eq(userIdentities.userId, userId))
    .orderBy(userIdentities.createdAt)
    .all();
}

function insertIdentity(tx: Transaction, userId: string, identity: ProviderIdentity) {
  tx.insert(userIdentities)
    .values({ userId, provider: identity.provider, subject: identity.subject, email: normaliseEmail(identity.email) })
    .run();
}

function toPublicUser(user: PublicUser): PublicUser {
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    profileImageUrl: user.profileImageUrl,
    isAdmin: user.isAdmin,
  };
}

/** Fills in a picture the account lacked; never overwrites what the student chose. */
function fillMissingPicture(tx: Transaction, user: PublicUser, picture: string | null): PublicUser {
  if (user.profileImageUrl || !picture) return toPublicUser(user);
  tx.update(users).set({ profileImageUrl: picture }).where(eq(users.id, user.id)).run();
  return toPublicUser({ ...user, profileImageUrl: picture });
}
