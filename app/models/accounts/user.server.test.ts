import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/utils/db.server";
import { outboxMessages, users } from "../../../db/schema";
import { queuedPayloads } from "../../../tests/support/unit-mail";
import { confirmEmailAddress, createPasswordAccount, getAccountOverview, sendEmailConfirmation } from "./user.server";

/** The single-use tokens the confirmation mails to `email` carry, oldest first. */
const tokens = (email: string) => queuedPayloads(email, "verify-email").map((payload) => payload.token);

const input = (email: string) => ({ email, firstName: "Asha", lastName: "Rao", passwordHash: "hash-1" });
const kinds = (email: string) =>
  db
    .select({ kind: outboxMessages.kind })
    .from(outboxMessages)
    .where(eq(outboxMessages.toAddress, email))
    .all()
    .map((row) => row.kind);

describe("password accounts and their email", () => {
  it("a sign-up makes an unconfirmed account whose link confirms it once", () => {
    const email = `new-${crypto.randomUUID().slice(0, 8)}@example.test`;
    expect(createPasswordAccount(input(email))).toBe("created");
    const user = db.select().from(users).where(eq(users.email, email)).get();
    expect(user?.emailVerifiedAt).toBeNull();
    expect(kinds(email)).toEqual(["verify-email"]);

    const confirmedAt = new Date("2026-05-02T08:00:00Z");
    const [token] = tokens(email);
    expect(confirmEmailAddress(token ?? "", confirmedAt)).toEqual({ ok: true, userId: user?.id, email });
    expect(getAccountOverview(user?.id ?? "")).toMatchObject({ emailVerifiedAt: confirmedAt, hasPassword: true });
    expect(confirmEmailAddress(token ?? "")).toEqual({ ok: false, state: "used" });
    expect(kinds(email)).toEqual(["verify-email", "welcome"]);
  });

  it("a sign-up with a taken email changes nothing and writes to the owner", () => {
    const email = `taken-${crypto.randomUUID().slice(0, 8)}@example.test`;
    createPasswordAccount(input(email));
    const before = db.select().from(users).where(eq(users.email, email)).get();
    expect(createPasswordAccount({ ...input(email.toUpperCase()), firstName: "Other", passwordHash: "hash-2" })).toBe("exists");
    expect(db.select().from(users).where(eq(users.email, email)).all()).toEqual([before]);
    expect(kinds(email)).toEqual(["verify-email", "account-exists"]);
  });

  it("a new link on request, at most one a minute, never for a confirmed address", () => {
    const email = `again-${crypto.randomUUID().slice(0, 8)}@example.test`;
    const signedUpAt = new Date("2026-05-01T10:00:00Z");
    createPasswordAccount(input(email), signedUpAt);
    const userId = db.select({ id: users.id }).from(users).where(eq(users.email, email)).get()?.id ?? "";

    expect(sendEmailConfirmation(userId, new Date(signedUpAt.getTime() + 30_000))).toBe("just-sent");
    expect(sendEmailConfirmation(userId, new Date(signedUpAt.getTime() + 61_000))).toBe("sent");
    expect(tokens(email)).toHaveLength(2);
    // Both links work; the newer one confirms.
    expect(confirmEmailAddress(tokens(email)[1] ?? "", new Date(signedUpAt.getTime() + 120_000)).ok).toBe(true);
    expect(sendEmailConfirmation(userId, new Date(signedUpAt.getTime() + 300_000))).toBe("already-confirmed");
    // The older link still confirms, but the welcome went once.
    expect(confirmEmailAddress(tokens(email)[0] ?? "", new Date(signedUpAt.getTime() + 360_000)).ok).toBe(true);
    expect(kinds(email)).toEqual(["verify-email", "verify-email", "welcome"]);
  });
});
