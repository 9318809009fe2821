import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/utils/db.server";
import { outboxMessages, sessions, users } from "../../../db/schema";
import { queuedPayloads } from "../../../tests/support/unit-mail";
import { requestPasswordReset, resetPassword } from "./password-reset.server";
import { insertSession } from "./session.server";

const HOUR = 60 * 60 * 1000;

function account(overrides: Partial<typeof users.$inferInsert> = {}) {
  const email = `r-${crypto.randomUUID().slice(0, 8)}@example.test`;
  return db
    .insert(users)
    .values({ email, firstName: "Asha", passwordHash: "old-hash", ...overrides })
    .returning({ id: users.id, email: users.email })
    .get();
}

/** The tokens the reset links mailed to `email` carry, oldest first. */
const tokensTo = (email: string) => queuedPayloads(email, "reset-password").map((payload) => payload.token);

const stored = (id: string) => db.select().from(users).where(eq(users.id, id)).get();
const mailTo = (email: string) => db.select().from(outboxMessages).where(eq(outboxMessages.toAddress, email)).all();
const sessionIds = (userId: string) =>
  db
    .select({ sid: sessions.sid, sess: sessions.sess })
    .from(sessions)
    .all()
    .filter((row) => row.sess.userId === userId)
    .map((row) => row.sid);

describe("password reset links", () => {
  it("go only to an existing, active account, found without regard to case", () => {
    const known = account();
    expect(requestPasswordReset(known.email.toUpperCase())).toBe("sent");
    expect(mailTo(known.email)).toHaveLength(1);
    expect(mailTo(known.email)[0]?.userId).toBe(known.id);

    const nobody = `nobody-${crypto.randomUUID()}@example.test`;
    expect(requestPasswordReset(nobody)).toBe("no-account");
    const gone = account({ deactivatedAt: new Date() });
    expect(requestPasswordReset(gone.email)).toBe("no-account");
    expect([tokensTo(known.email), mailTo(nobody), mailTo(gone.email)].map((mails) => mails.length)).toEqual([1, 0, 0]);
  });

  it("set the password once, prove the address, end every session and every other link", () => {
    const student = account();
    const other = account();
    const issuedAt = new Date("2026-05-01T10:00:00Z");
    requestPasswordReset(student.email, issuedAt);
    requestPasswordReset(student.email, issuedAt);
    insertSession("reset-a", { userId: student.id }, new Date(Date.now() + HOUR));
    insertSession("reset-b", { userId: student.id }, new Date(Date.now() + HOUR));
    insertSession("reset-other", { userId: other.id }, new Date(Date.now() + HOUR));

    const resetAt = new Date(issuedAt.getTime() + HOUR - 1000);
    const [first, second] = tokensTo(student.email);
    expect(resetPassword(first ?? "", "new-hash", resetAt)).toEqual({ ok: true, userId: student.id, email: student.email });
    expect(stored(student.id)).toMatchObject({ passwordHash: "new-hash", emailVerifiedAt: resetAt });
    expect(sessionIds(student.id)).toEqual([]);
    expect(sessionIds(other.id)).toEqual(["reset-other"]);

    expect(resetPassword(first ?? "", "again", resetAt)).toEqual({ ok: false, state: "used" });
    // The second link of the same request burst is retired by the reset.
    expect(resetPassword(second ?? "", "again", resetAt)).toEqual({ ok: false, state: "used" });
    expect(stored(student.id)?.passwordHash).toBe("new-hash");
    expect(stored(other.id)?.passwordHash).toBe("old-hash");
  });

  it("refuse an expired, forged or deactivated account's link and change nothing", () => {
    const student = account();
    const issuedAt = new Date("2026-05-01T10:00:00Z");
    requestPasswordReset(student.email, issuedAt);
    expect(resetPassword(tokensTo(student.email)[0] ?? "", "x", new Date(issuedAt.getTime() + HOUR))).toEqual({
      ok: false,
      state: "expired",
    });
    expect(resetPassword("forged-token", "x")).toEqual({ ok: false, state: "invalid" });

    const later = account();
    requestPasswordReset(later.email);
    db.update(users).set({ deactivatedAt: new Date() }).where(eq(users.id, later.id)).run();
    expect(resetPassword(tokensTo(later.email)[0] ?? "", "x")).toEqual({ ok: false, state: "invalid" });
    expect(stored(student.id)).toMatchObject({ passwordHash: "old-hash", emailVerifiedAt: null });
    expect(stored(later.id)?.passwordHash).toBe("old-hash");
  });

  it("keep an address proven earlier as it was", () => {
    const provenAt = new Date("2026-01-01T00:00:00Z");
    const student = account({ emailVerifiedAt: provenAt, passwordHash: null });
    requestPasswordReset(student.email);
    expect(resetPassword(tokensTo(student.email)[0] ?? "", "first-hash").ok).toBe(true);
    expect(stored(student.id)).toMatchObject({ passwordHash: "first-hash", emailVerifiedAt: provenAt });
  });
});
