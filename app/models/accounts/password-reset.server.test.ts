import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/utils/db.server";
import { outboxMessages, sessions, users } from "../../../db/schema";
import type { OutboxDraft } from "../site/outbox.server";
import { requestPasswordReset, resetPassword, type PasswordResetMail } from "./password-reset.server";
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

/** Mail that keeps the tokens it was asked to send. */
function recordingMail() {
  const tokens: string[] = [];
  const mail: PasswordResetMail = (to, token): OutboxDraft => {
    tokens.push(token);
    return { kind: "reset-password", to: to.email, subject: "Reset", text: token, html: null, messageId: `<${crypto.randomUUID()}@t>` };
  };
  return { mail, tokens };
}

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
    const { mail, tokens } = recordingMail();
    const known = account();
    expect(requestPasswordReset(known.email.toUpperCase(), mail)).toBe("sent");
    expect(mailTo(known.email)).toHaveLength(1);
    expect(mailTo(known.email)[0]?.userId).toBe(known.id);

    expect(requestPasswordReset(`nobody-${crypto.randomUUID()}@example.test`, mail)).toBe("no-account");
    const gone = account({ deactivatedAt: new Date() });
    expect(requestPasswordReset(gone.email, mail)).toBe("no-account");
    expect(tokens).toHaveLength(1);
  });

  it("set the password once, prove the address, end every session and every other link", () => {
    const { mail, tokens } = recordingMail();
    const student = account();
    const other = account();
    const issuedAt = new Date("2026-05-01T10:00:00Z");
    requestPasswordReset(student.email, mail, issuedAt);
    requestPasswordReset(student.email, mail, issuedAt);
    insertSession("reset-a", { userId: student.id }, new Date(Date.now() + HOUR));
    insertSession("reset-b", { userId: student.id }, new Date(Date.now() + HOUR));
    insertSession("reset-other", { userId: other.id }, new Date(Date.now() + HOUR));

    const resetAt = new Date(issuedAt.getTime() + HOUR - 1000);
    expect(resetPassword(tokens[0] ?? "", "new-hash", resetAt)).toEqual({ ok: true, userId: student.id, email: student.email });
    expect(stored(student.id)).toMatchObject({ passwordHash: "new-hash", emailVerifiedAt: resetAt });
    expect(sessionIds(student.id)).toEqual([]);
    expect(sessionIds(other.id)).toEqual(["reset-other"]);

    expect(resetPassword(tokens[0] ?? "", "again", resetAt)).toEqual({ ok: false, state: "used" });
    // The second link of the same request burst is retired by the reset.
    expect(resetPassword(tokens[1] ?? "", "again", resetAt)).toEqual({ ok: false, state: "used" });
    expect(stored(student.id)?.passwordHash).toBe("new-hash");
    expect(stored(other.id)?.passwordHash).toBe("old-hash");
  });

  it("refuse an expired, forged or deactivated account's link and change nothing", () => {
    const { mail, tokens } = recordingMail();
    const student = account();
    const issuedAt = new Date("2026-05-01T10:00:00Z");
    requestPasswordReset(student.email, mail, issuedAt);
    expect(resetPassword(tokens[0] ?? "", "x", new Date(issuedAt.getTime() + HOUR))).toEqual({ ok: false, state: "expired" });
    expect(resetPassword("forged-token", "x")).toEqual({ ok: false, state: "invalid" });

    const later = account();
    requestPasswordReset(later.email, mail);
    db.update(users).set({ deactivatedAt: new Date() }).where(eq(users.id, later.id)).run();
    expect(resetPassword(tokens[1] ?? "", "x")).toEqual({ ok: false, state: "invalid" });
    expect(stored(student.id)).toMatchObject({ passwordHash: "old-hash", emailVerifiedAt: null });
    expect(stored(later.id)?.passwordHash).toBe("old-hash");
  });

  it("keep an address proven earlier as it was", () => {
    const { mail, tokens } = recordingMail();
    const provenAt = new Date("2026-01-01T00:00:00Z");
    const student = account({ emailVerifiedAt: provenAt, passwordHash: null });
    requestPasswordReset(student.email, mail);
    expect(resetPassword(tokens[0] ?? "", "first-hash").ok).toBe(true);
    expect(stored(student.id)).toMatchObject({ passwordHash: "first-hash", emailVerifiedAt: provenAt });
  });
});
