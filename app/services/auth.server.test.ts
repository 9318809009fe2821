import { describe, expect, it } from "vitest";
import { db } from "~/utils/db.server";
import { outboxMessages, users, userTokens } from "../../db/schema";
import { and, eq } from "drizzle-orm";
import { INVALID_CREDENTIALS_MESSAGE, registerStudent, signInWithPassword } from "./auth.server";
import { FAILURES_PER_ACCOUNT, FAILURES_PER_ADDRESS } from "./login-throttle.server";

const PASSWORD = "correct horse battery";
const ORIGIN = "https://institute.example";

function loginRequest(email: string, password: string) {
  return new Request("http://localhost/login", { method: "POST", body: new URLSearchParams({ email, password }) });
}

let nextAddress = 0;
const freshAddress = () => `10.0.0.${++nextAddress}`;
const freshEmail = () => `student-${crypto.randomUUID()}@example.test`;

async function register(email: string, address = freshAddress()) {
  const outcome = await registerStudent({ firstName: "Asha", lastName: "Rao", email, password: PASSWORD }, address, ORIGIN);
  if (!outcome.ok) throw new Error(outcome.message);
  const user = db.select({ id: users.id }).from(users).where(eq(users.email, email.toLowerCase())).get();
  if (!user) throw new Error("no account");
  return user;
}

const messagesTo = (email: string) =>
  db.select().from(outboxMessages).where(eq(outboxMessages.toAddress, email)).orderBy(outboxMessages.id).all();

describe("sign-up", () => {
  it("stores the email lower-cased and unconfirmed, the password as an argon2id hash, and queues the confirmation link", async () => {
    const email = freshEmail();
    const user = await register(email.toUpperCase());
    const row = db.select().from(users).where(eq(users.id, user.id)).get();
    expect(row?.email).toBe(email);
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(row?.passwordHash).not.toContain(PASSWORD);
    expect(row?.emailVerifiedAt).toBeNull();

    const [message, ...others] = messagesTo(email);
    expect(others).toEqual([]);
    expect(message).toMatchObject({ kind: "verify-email", state: "queued", userId: user.id, subject: "Confirm your email address for TradeMaster Academy" });
    const token = /https:\/\/institute\.example\/verify-email\?token=([\w-]{43})/.exec(message?.textBody ?? "")?.[1];
    expect(token).toBeDefined();
    expect(message?.htmlBody).toContain(`href="${ORIGIN}/verify-email?token=${token}"`);
    const stored = db.select().from(userTokens).where(and(eq(userTokens.userId, user.id), eq(userTokens.purpose, "verify-email"))).all();
    expect(stored).toHaveLength(1);
    // Only a digest of the link is kept.
    expect(stored[0]?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored[0]?.tokenHash).not.toContain(token ?? "");
  });

  it("answers a taken email exactly as a new one, changes nothing, and tells the owner instead", async () => {
    const email = freshEmail();
    const owner = await register(email);
    const before = db.select().from(users).where(eq(users.id, owner.id)).get();
    const again = await registerStudent(
      { firstName: "Mallory", lastName: "Other", email: email.toUpperCase(), password: "another long password" },
      freshAddress(),
      ORIGIN,
    );
    expect(again).toEqual({ ok: true });
    expect(db.select().from(users).where(eq(users.email, email)).all()).toEqual([before]);
    const reminder = messagesTo(email)[1];
    expect(reminder).toMatchObject({ kind: "account-exists", userId: owner.id, subject: "You already have a TradeMaster Academy account" });
    // Addressed by the owner's name, never the one typed in the second sign-up.
    expect(reminder?.textBody).toMatch(/^Hello Asha,/);
    expect(reminder?.textBody).not.toContain("Mallory");
    expect(reminder?.textBody).toContain(`${ORIGIN}/login`);
    expect(db.select().from(userTokens).where(eq(userTokens.userId, owner.id)).all()).toHaveLength(1);
  });
});

// Every attempt runs argon2 (unknown accounts too, so timing tells nothing):
// fifty of them outlast vitest's 5 s default on a busy 2-core machine.
describe("password sign-in", { timeout: 60_000 }, () => {
  it("accepts the right password, any email case", async () => {
    const email = freshEmail();
    const user = await register(email);
    const outcome = await signInWithPassword(loginRequest(email.toUpperCase(), PASSWORD), freshAddress());
    expect(outcome).toEqual({ ok: true, userId: user.id });
  });

  it("says the same for a wrong password and an unknown email", async () => {
    const email = freshEmail();
    await register(email);
    const wrong = await signInWithPassword(loginRequest(email, "not the password"), freshAddress());
    const unknown = await signInWithPassword(loginRequest(freshEmail(), PASSWORD), freshAddress());
    expect(wrong).toEqual({ ok: false, status: 401, message: INVALID_CREDENTIALS_MESSAGE });
    expect(unknown).toEqual(wrong);
  });

  it("locks an account after repeated failures, even with the right password, from any address", async () => {
    const email = freshEmail();
    await register(email);
    for (let i = 0; i < FAILURES_PER_ACCOUNT; i++) {
      expect((await signInWithPassword(loginRequest(email, `wrong ${i}`), freshAddress())).ok).toBe(false);
    }
    const locked = await signInWithPassword(loginRequest(email, PASSWORD), freshAddress());
    expect(locked).toMatchObject({ ok: false, status: 429 });
    if (!locked.ok) expect(locked.message).toMatch(/^Too many sign-in attempts\. Please wait 15 minutes and try again\.$/);
  });

  it("clears an account's failures after a successful sign-in", async () => {
    const email = freshEmail();
    await register(email);
    const address = freshAddress();
    for (let i = 0; i < FAILURES_PER_ACCOUNT - 1; i++) await signInWithPassword(loginRequest(email, "wrong"), address);
    expect((await signInWithPassword(loginRequest(email, PASSWORD), address)).ok).toBe(true);
    for (let i = 0; i < FAILURES_PER_ACCOUNT - 1; i++) await signInWithPassword(loginRequest(email, "wrong"), address);
    expect((await signInWithPassword(loginRequest(email, PASSWORD), address)).ok).toBe(true);
  });

  it("throttles one address trying many accounts", async () => {
    const address = freshAddress();
    for (let i = 0; i < FAILURES_PER_ADDRESS; i++) await signInWithPassword(loginRequest(freshEmail(), "x"), address);
    const email = freshEmail();
    await register(email);
    expect(await signInWithPassword(loginRequest(email, PASSWORD), address)).toMatchObject({ ok: false, status: 429 });
    expect((await signInWithPassword(loginRequest(email, PASSWORD), freshAddress())).ok).toBe(true);
  });
});
