import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/utils/db.server";
import { outboxMessages, users } from "../../../db/schema";
import type { OutboxDraft } from "../site/outbox.server";
import { confirmEmailAddress, createPasswordAccount, getAccountOverview, sendEmailConfirmation, type SignUpMail } from "./user.server";

/** Mail that records what it was asked to write. */
function recordingMail() {
  const tokens: string[] = [];
  const message = (kind: string, to: string): OutboxDraft => ({
    kind,
    to,
    subject: kind,
    text: kind,
    html: null,
    messageId: `<${crypto.randomUUID()}@t>`,
  });
  const mail: SignUpMail = {
    toNewAccount: (account, token) => {
      tokens.push(token);
      return message("verify-email", account.email);
    },
    toExistingAccount: (owner) => message("account-exists", owner.email),
  };
  const welcome = (account: { email: string }) => message("welcome", account.email);
  return { mail, tokens, welcome };
}

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
    const { mail, tokens, welcome } = recordingMail();
    expect(createPasswordAccount(input(email), mail)).toBe("created");
    const user = db.select().from(users).where(eq(users.email, email)).get();
    expect(user?.emailVerifiedAt).toBeNull();
    expect(kinds(email)).toEqual(["verify-email"]);

    const confirmedAt = new Date("2026-05-02T08:00:00Z");
    expect(confirmEmailAddress(tokens[0] ?? "", welcome, confirmedAt)).toEqual({ ok: true, userId: user?.id, email });
    expect(getAccountOverview(user?.id ?? "")).toMatchObject({ emailVerifiedAt: confirmedAt, hasPassword: true });
    expect(confirmEmailAddress(tokens[0] ?? "", welcome)).toEqual({ ok: false, state: "used" });
    expect(kinds(email)).toEqual(["verify-email", "welcome"]);
  });

  it("a sign-up with a taken email changes nothing and writes to the owner", () => {
    const email = `taken-${crypto.randomUUID().slice(0, 8)}@example.test`;
    const { mail } = recordingMail();
    createPasswordAccount(input(email), mail);
    const before = db.select().from(users).where(eq(users.email, email)).get();
    expect(createPasswordAccount({ ...input(email.toUpperCase()), firstName: "Other", passwordHash: "hash-2" }, mail)).toBe("exists");
    expect(db.select().from(users).where(eq(users.email, email)).all()).toEqual([before]);
    expect(kinds(email)).toEqual(["verify-email", "account-exists"]);
  });

  it("a new link on request, at most one a minute, never for a confirmed address", () => {
    const email = `again-${crypto.randomUUID().slice(0, 8)}@example.test`;
    const { mail, tokens, welcome } = recordingMail();
    const signedUpAt = new Date("2026-05-01T10:00:00Z");
    createPasswordAccount(input(email), mail, signedUpAt);
    const userId = db.select({ id: users.id }).from(users).where(eq(users.email, email)).get()?.id ?? "";

    expect(sendEmailConfirmation(userId, mail.toNewAccount, new Date(signedUpAt.getTime() + 30_000))).toBe("just-sent");
    expect(sendEmailConfirmation(userId, mail.toNewAccount, new Date(signedUpAt.getTime() + 61_000))).toBe("sent");
    expect(tokens).toHaveLength(2);
    // Both links work; the newer one confirms.
    expect(confirmEmailAddress(tokens[1] ?? "", welcome, new Date(signedUpAt.getTime() + 120_000)).ok).toBe(true);
    expect(sendEmailConfirmation(userId, mail.toNewAccount, new Date(signedUpAt.getTime() + 300_000))).toBe("already-confirmed");
    // The older link still confirms, but the welcome went once.
    expect(confirmEmailAddress(tokens[0] ?? "", welcome, new Date(signedUpAt.getTime() + 360_000)).ok).toBe(true);
    expect(kinds(email)).toEqual(["verify-email", "verify-email", "welcome"]);
  });
});
