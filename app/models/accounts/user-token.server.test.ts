import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/utils/db.server";
import { users, userTokens } from "../../../db/schema";
import { checkUserToken, issueUserToken, redeemUserToken, TOKEN_LIFETIME_MS } from "./user-token.server";

const HOUR = 60 * 60 * 1000;

function account() {
  const email = `t-${crypto.randomUUID().slice(0, 8)}@example.test`;
  return db.insert(users).values({ email, passwordHash: "h" }).returning({ id: users.id, email: users.email }).get();
}

function issue(userId: string, email: string, now = new Date()) {
  return db.transaction((tx) => issueUserToken(tx, { userId, purpose: "verify-email", email, now }));
}

const redeem = (token: string, now = new Date()) => db.transaction((tx) => redeemUserToken(tx, "verify-email", token, now));

describe("single-use links", () => {
  it("are 256 random bits, stored only as a SHA-256 digest, valid for 24 hours", () => {
    const { id, email } = account();
    const issuedAt = new Date("2026-05-01T10:00:00Z");
    const token = issue(id, email, issuedAt);
    expect(token).toMatch(/^[\w-]{43}$/);
    expect(issue(id, email, issuedAt)).not.toBe(token);
    const row = db.select().from(userTokens).where(eq(userTokens.userId, id)).all()[0];
    expect(row?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(token);
    expect(row?.expiresAt.getTime()).toBe(issuedAt.getTime() + TOKEN_LIFETIME_MS["verify-email"]);
    expect(TOKEN_LIFETIME_MS["verify-email"]).toBe(24 * HOUR);

    expect(checkUserToken("verify-email", token, new Date(issuedAt.getTime() + 23 * HOUR))).toEqual({ state: "valid", email });
    expect(checkUserToken("verify-email", token, new Date(issuedAt.getTime() + 24 * HOUR))).toEqual({ state: "expired", email: null });
  });

  it("work once: a second use, an expired, a forged or another purpose's token changes nothing", () => {
    const { id, email } = account();
    const token = issue(id, email);
    expect(checkUserToken("reset-password", token).state).toBe("invalid");
    // One character changed (the token ends in "A" one time in 64).
    const forged = `${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`;
    expect(redeem(forged)).toEqual({ ok: false, state: "invalid" });
    expect(redeem("")).toEqual({ ok: false, state: "invalid" });
    expect(redeem(token)).toEqual({ ok: true, userId: id, email });
    expect(redeem(token)).toEqual({ ok: false, state: "used" });
    expect(checkUserToken("verify-email", token).state).toBe("used");

    const late = issue(id, email, new Date(Date.now() - 25 * HOUR));
    expect(redeem(late)).toEqual({ ok: false, state: "expired" });
    expect(
      db
        .select({ usedAt: userTokens.usedAt })
        .from(userTokens)
        .where(eq(userTokens.userId, id))
        .all()
        .filter((row) => row.usedAt),
    ).toHaveLength(1);
  });

  it("die when the account's address is no longer the one the link went to", () => {
    const { id, email } = account();
    const token = issue(id, email);
    db.update(users)
      .set({ email: `changed-${email}` })
      .where(eq(users.id, id))
      .run();
    expect(redeem(token)).toEqual({ ok: false, state: "invalid" });
  });
});
