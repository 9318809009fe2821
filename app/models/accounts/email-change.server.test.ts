// Moving an account to a new address: only the link mailed there does it, once,
// and never onto an address another account has.
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { outboxMessages, users, userTokens } from "../../../db/schema";
import { db } from "~/utils/db.server";
import type { PayloadOf } from "../site/outbox-payload";
import { confirmEmailChange, pendingEmailChange, requestEmailChange } from "./email-change.server";

/** The tokens of the links mailed for the student's changes, oldest first (their payloads, as queued). */
const tokensOf = (userId: string) =>
  db
    .select({ payload: outboxMessages.payload })
    .from(outboxMessages)
    .where(and(eq(outboxMessages.userId, userId), eq(outboxMessages.kind, "change-email")))
    .orderBy(outboxMessages.id)
    .all()
    .map((row) => (row.payload as PayloadOf<"change-email"> | null)?.token ?? "");

function makeStudent(verified = false) {
  const tag = crypto.randomUUID().slice(0, 8);
  return db
    .insert(users)
    .values({ email: `old-${tag}@example.test`, firstName: "Asha", passwordHash: "h", emailVerifiedAt: verified ? new Date(0) : null })
    .returning({ id: users.id, email: users.email })
    .get();
}

const accountOf = (id: string) =>
  db.select({ email: users.email, verifiedAt: users.emailVerifiedAt }).from(users).where(eq(users.id, id)).get();
const mailOf = (userId: string) =>
  db
    .select({ kind: outboxMessages.kind, to: outboxMessages.toAddress })
    .from(outboxMessages)
    .where(eq(outboxMessages.userId, userId))
    .all();
const newAddress = () => `new-${crypto.randomUUID().slice(0, 8)}@example.test`;

describe("changing the email address", () => {
  it("mails a link to the new address and a notice to the old one; nothing changes until the link is used, once", () => {
    const student = makeStudent();
    const target = newAddress();
    expect(requestEmailChange(student.id, target.toUpperCase())).toBe("sent");
    expect(mailOf(student.id)).toEqual([
      { kind: "change-email", to: target },
      { kind: "change-email-notice", to: student.email },
    ]);
    expect(accountOf(student.id)).toEqual({ email: student.email, verifiedAt: null });
    expect(pendingEmailChange(student.id)).toBe(target);

    const first = confirmEmailChange(tokensOf(student.id)[0] ?? "");
    expect(first).toEqual({ ok: true, userId: student.id, email: target });
    expect(accountOf(student.id)).toEqual({ email: target, verifiedAt: expect.any(Date) });
    expect(pendingEmailChange(student.id)).toBeNull();
    expect(confirmEmailChange(tokensOf(student.id)[0] ?? "")).toEqual({ ok: false, state: "used" });
    expect(accountOf(student.id)?.email).toBe(target);
  });

  it("is refused, with nothing changed, when another account took the address meanwhile", () => {
    const student = makeStudent(true);
    const target = newAddress();
    requestEmailChange(student.id, target);
    const before = accountOf(student.id);
    db.insert(users).values({ email: target }).run();

    expect(confirmEmailChange(tokensOf(student.id)[0] ?? "")).toEqual({ ok: false, state: "taken" });
    expect(accountOf(student.id)).toEqual(before);
    // The link itself is not used up by the refusal.
    const link = db
      .select({ usedAt: userTokens.usedAt })
      .from(userTokens)
      .where(and(eq(userTokens.userId, student.id), eq(userTokens.purpose, "change-email")))
      .get();
    expect(link?.usedAt).toBeNull();
  });

  it("answers a request for a taken address alike, mailing that address only a note", () => {
    const student = makeStudent();
    const owner = makeStudent();
    expect(requestEmailChange(student.id, owner.email)).toBe("sent");
    expect(tokensOf(student.id)).toEqual([]);
    expect(mailOf(student.id)).toEqual([
      { kind: "change-email-taken", to: owner.email },
      { kind: "change-email-notice", to: student.email },
    ]);
    expect(pendingEmailChange(student.id)).toBe(owner.email);
    expect(accountOf(owner.id)?.email).toBe(owner.email);
  });

  it("waits a minute between requests, refuses the current address, and a newer request retires the older link", () => {
    const student = makeStudent();
    const start = new Date();
    expect(requestEmailChange(student.id, student.email, start)).toBe("same-address");
    expect(requestEmailChange(student.id, newAddress(), start)).toBe("sent");
    expect(requestEmailChange(student.id, newAddress(), new Date(start.getTime() + 30_000))).toBe("just-sent");
    const latest = newAddress();
    expect(requestEmailChange(student.id, latest, new Date(start.getTime() + 61_000))).toBe("sent");
    expect(pendingEmailChange(student.id, new Date(start.getTime() + 62_000))).toBe(latest);
    expect(confirmEmailChange(tokensOf(student.id)[0] ?? "", new Date(start.getTime() + 62_000))).toEqual({ ok: false, state: "used" });
    expect(confirmEmailChange(tokensOf(student.id)[1] ?? "", new Date(start.getTime() + 62_000))).toMatchObject({
      ok: true,
      email: latest,
    });
  });
});
