import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/utils/db.server";
import { userIdentities, users } from "../../../db/schema";
import { findUserCredentials } from "./user.server";
import { linkProviderIdentity, listLinkedIdentities, signInWithProviderIdentity, type ProviderIdentity } from "./user-identity.server";

const PROVIDER = "https://id.example.test";

function identity(overrides: Partial<ProviderIdentity> = {}): ProviderIdentity {
  const tag = crypto.randomUUID().slice(0, 8);
  return {
    provider: PROVIDER,
    subject: `sub-${tag}`,
    email: `person-${tag}@example.test`,
    emailVerified: true,
    firstName: "New",
    lastName: "Student",
    profileImageUrl: null,
    ...overrides,
  };
}

function passwordAccount(email: string, verified: boolean) {
  return db
    .insert(users)
    .values({ email, firstName: "Asha", lastName: "Rao", passwordHash: "h", emailVerifiedAt: verified ? new Date() : null })
    .returning({ id: users.id, email: users.email })
    .get();
}

const identityRows = (subject: string) => db.select().from(userIdentities).where(eq(userIdentities.subject, subject)).all();

describe("signing in with a provider account", () => {
  it("creates a verified account without a password and the identity, then finds it by the identity", () => {
    const person = identity({ email: "New.Student@Example.test" });
    const first = signInWithProviderIdentity(person);
    expect(first).toMatchObject({ ok: true, created: true, user: { email: "new.student@example.test", firstName: "New" } });
    expect(findUserCredentials("new.student@example.test")?.passwordHash).toBeNull();
    const row = db.select({ verified: users.emailVerifiedAt }).from(users).where(eq(users.email, "new.student@example.test")).get();
    expect(row?.verified).toBeInstanceOf(Date);
    expect(identityRows(person.subject)).toHaveLength(1);

    // The provider's email may change; the identity still finds the account.
    const again = signInWithProviderIdentity({ ...person, email: "renamed@example.test", emailVerified: false });
    expect(again).toMatchObject({ ok: true, created: false, user: { id: first.ok ? first.user.id : "" } });
  });

  it("never joins a password account whose email is not proven here, and stores nothing", () => {
    const account = passwordAccount(`asha-${crypto.randomUUID().slice(0, 8)}@example.test`, false);
    const person = identity({ email: account.email.toUpperCase() });
    expect(signInWithProviderIdentity(person)).toEqual({ ok: false, reason: "link-from-account" });
    expect(identityRows(person.subject)).toEqual([]);
    expect(findUserCredentials(account.email)?.passwordHash).toBe("h");
  });

  it("never uses an email the provider does not vouch for, whether or not an account has it", () => {
    const account = passwordAccount(`ravi-${crypto.randomUUID().slice(0, 8)}@example.test`, true);
    const claimed = identity({ email: account.email, emailVerified: false });
    expect(signInWithProviderIdentity(claimed)).toEqual({ ok: false, reason: "unverified-email" });
    const unknown = identity({ emailVerified: false });
    expect(signInWithProviderIdentity(unknown)).toEqual({ ok: false, reason: "unverified-email" });
    expect(db.select().from(users).where(eq(users.email, unknown.email)).all()).toEqual([]);
    expect([...identityRows(claimed.subject), ...identityRows(unknown.subject)]).toEqual([]);
  });

  it("links to an account whose email both sides have proven, keeping its names", () => {
    const account = passwordAccount(`meera-${crypto.randomUUID().slice(0, 8)}@example.test`, true);
    const person = identity({ email: account.email, firstName: "M.", profileImageUrl: "https://example.test/m.png" });
    expect(signInWithProviderIdentity(person)).toMatchObject({
      ok: true,
      created: false,
      user: { id: account.id, firstName: "Asha", profileImageUrl: "https://example.test/m.png" },
    });
    expect(identityRows(person.subject)).toMatchObject([{ userId: account.id }]);
  });
});

describe("connecting a provider account from the account page", () => {
  it("links it to the signed-in student, once, and proves a matching email", () => {
    const account = passwordAccount(`link-${crypto.randomUUID().slice(0, 8)}@example.test`, false);
    const person = identity({ email: account.email });
    expect(linkProviderIdentity(account.id, person)).toBe("linked");
    expect(linkProviderIdentity(account.id, person)).toBe("already-linked");
    expect(listLinkedIdentities(account.id)).toMatchObject([{ provider: PROVIDER, email: account.email }]);
    const row = db.select({ verified: users.emailVerifiedAt }).from(users).where(eq(users.id, account.id)).get();
    expect(row?.verified).toBeInstanceOf(Date);
    // From now on the provider signs in to this account.
    expect(signInWithProviderIdentity(person)).toMatchObject({ ok: true, user: { id: account.id } });
  });

  it("refuses a provider account that already belongs to someone else", () => {
    const owner = passwordAccount(`owner-${crypto.randomUUID().slice(0, 8)}@example.test`, false);
    const other = passwordAccount(`other-${crypto.randomUUID().slice(0, 8)}@example.test`, false);
    const person = identity();
    expect(linkProviderIdentity(owner.id, person)).toBe("linked");
    expect(linkProviderIdentity(other.id, person)).toBe("linked-elsewhere");
    expect(identityRows(person.subject)).toMatchObject([{ userId: owner.id }]);
  });

  it("leaves the email unproven when the provider's address is another one", () => {
    const account = passwordAccount(`plain-${crypto.randomUUID().slice(0, 8)}@example.test`, false);
    expect(linkProviderIdentity(account.id, identity())).toBe("linked");
    const row = db.select({ verified: users.emailVerifiedAt }).from(users).where(eq(users.id, account.id)).get();
    expect(row?.verified).toBeNull();
  });
});
