import { describe, expect, it } from "vitest";
import { db } from "~/utils/db.server";
import { outboxMessages, users, userTokens } from "../../../db/schema";
import { and, eq } from "drizzle-orm";
import { INVALID_CREDENTIALS_MESSAGE, registerStudent, signInWithPassword } from "./student-sign-in.server";
import { ACCOUNT_CREATION_LIMITS } from "../throttle/account-creation.server";
import { ACCOUNT_WAIT_AFTER } from "../throttle/sign-in.server";
import { writeQueuedMail } from "../mail/writer.server";

const PASSWORD = "correct horse battery";
const ORIGIN = "https://institute.example";

function loginRequest(email: string, password: string, cookie?: string) {
  const headers = cookie ? { Cookie: cookie } : undefined;
  return new Request("http://localhost/login", { method: "POST", body: new URLSearchParams({ email, password }), headers });
}

/** `name=value` of a Set-Cookie header, as the browser sends it back. */
const cookiePair = (setCookie: string) => setCookie.slice(0, setCookie.indexOf(";"));

let nextAddress = 0;
const freshAddress = () => `10.0.0.${++nextAddress}`;
const freshEmail = () => `student-${crypto.randomUUID()}@example.test`;

async function register(email: string, address = freshAddress()) {
  const outcome = await registerStudent(
    { firstName: "Asha", lastName: "Rao", email, password: PASSWORD, adult: true, consent: true },
    address,
  );
  if (!outcome.ok) throw new Error(outcome.message);
  const user = db.select({ id: users.id, email: users.email }).from(users).where(eq(users.email, email.toLowerCase())).get();
  if (!user) throw new Error("no account");
  return user;
}

/** The messages to `email`, written as the site writes them after the request that queued them. */
const messagesTo = (email: string) => {
  writeQueuedMail();
  return db.select().from(outboxMessages).where(eq(outboxMessages.toAddress, email)).orderBy(outboxMessages.id).all();
};

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
    expect(message).toMatchObject({
      kind: "verify-email",
      state: "queued",
      userId: user.id,
      subject: "Confirm your email address for TradeMaster Academy",
    });
    // The address is not confirmed yet: the name typed at sign-up is not repeated to it.
    expect(message?.textBody).toMatch(/^Hello,\n/);
    expect(message?.textBody).not.toContain("Asha");
    const token = /https:\/\/institute\.example\/verify-email\?token=([\w-]{43})/.exec(message?.textBody ?? "")?.[1];
    expect(token).toBeDefined();
    expect(message?.htmlBody).toContain(`href="${ORIGIN}/verify-email?token=${token}"`);
    const stored = db
      .select()
      .from(userTokens)
      .where(and(eq(userTokens.userId, user.id), eq(userTokens.purpose, "verify-email")))
      .all();
    expect(stored).toHaveLength(1);
    // Only a digest of the link is kept.
    expect(stored[0]?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored[0]?.tokenHash).not.toContain(token ?? "");
  });

  it("answers a taken email exactly as a new one, changes nothing, and tells the owner instead", async () => {
    const email = freshEmail();
    const owner = await register(email);
    // The owner confirmed the address, so the reminder may greet them by the name they gave.
    db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, owner.id)).run();
    const before = db.select().from(users).where(eq(users.id, owner.id)).get();
    const again = await registerStudent(
      {
        firstName: "Mallory",
        lastName: "Other",
        email: email.toUpperCase(),
        password: "another long password",
        adult: true,
        consent: true,
      },
      freshAddress(),
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

describe("sign-up's password policy", () => {
  it("refuses a common password beside the password field, saying why, and stores nothing", async () => {
    const email = freshEmail();
    const outcome = await registerStudent(
      { firstName: "Asha", lastName: "Rao", email, password: "1qaz2wsx3edc4rfv", adult: true, consent: true },
      freshAddress(),
    );
    expect(outcome).toEqual({
      ok: false,
      status: 400,
      field: "password",
      message: "This is a commonly used password. Try a passphrase of a few unrelated words.",
    });
    expect(db.select().from(users).where(eq(users.email, email)).all()).toHaveLength(0);
  });

  it("refuses a password made of the student's own name", async () => {
    const outcome = await registerStudent(
      { firstName: "Ravi", lastName: "Chandrankumar", email: freshEmail(), password: "ravichandrankumar", adult: true, consent: true },
      freshAddress(),
    );
    expect(outcome).toMatchObject({
      ok: false,
      status: 400,
      field: "password",
      message: expect.stringMatching(/should not contain your name/),
    });
  });
});

// Every attempt runs argon2 (unknown accounts too, so timing tells nothing):
// fifty of them outlast vitest's 5 s default on a busy 2-core machine.
describe("password sign-in", { timeout: 60_000 }, () => {
  it("accepts the right password, any email case", async () => {
    const email = freshEmail();
    const user = await register(email);
    const outcome = await signInWithPassword(loginRequest(email.toUpperCase(), PASSWORD), freshAddress());
    expect(outcome).toMatchObject({
      ok: true,
      userId: user.id,
      knownDeviceCookie: expect.stringMatching(/^__known_device=.+; .*HttpOnly/),
    });
  });

  it("says the same for a wrong password and an unknown email", async () => {
    const email = freshEmail();
    await register(email);
    const wrong = await signInWithPassword(loginRequest(email, "not the password"), freshAddress());
    const unknown = await signInWithPassword(loginRequest(freshEmail(), PASSWORD), freshAddress());
    expect(wrong).toEqual({ ok: false, status: 401, message: INVALID_CREDENTIALS_MESSAGE });
    expect(unknown).toEqual(wrong);
  });

  it("an attacker's failures slow the attacker's address only: the owner signs in from another", async () => {
    const email = freshEmail();
    const user = await register(email);
    const attacker = freshAddress();
    const answers = [];
    for (let i = 0; i < 8; i++) answers.push(await signInWithPassword(loginRequest(email, `wrong ${i}`), attacker));
    expect(answers.slice(0, 5).map((answer) => answer.ok || answer.status)).toEqual([401, 401, 401, 401, 401]);
    expect(answers.slice(5)).toEqual(
      [2, 4, 8].map((seconds) => ({
        ok: false,
        status: 429,
        retryAfterSeconds: seconds,
        message: `Too many sign-in attempts. Please wait ${seconds} seconds and try again.`,
      })),
    );
    expect(await signInWithPassword(loginRequest(email, PASSWORD), attacker)).toMatchObject({ ok: false, status: 429 });
    expect(await signInWithPassword(loginRequest(email, PASSWORD), freshAddress())).toMatchObject({ ok: true, userId: user.id });
  });

  it("clears an address's failures on an account after a successful sign-in", async () => {
    const email = freshEmail();
    await register(email);
    const address = freshAddress();
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < 4; i++) await signInWithPassword(loginRequest(email, "wrong"), address);
      expect((await signInWithPassword(loginRequest(email, PASSWORD), address)).ok).toBe(true);
    }
  });

  it("while many addresses guess one account, a browser that signed in to it before still gets in", async () => {
    const email = freshEmail();
    const user = await register(email);
    const earlier = await signInWithPassword(loginRequest(email, PASSWORD), freshAddress());
    if (!earlier.ok) throw new Error(earlier.message);
    for (let i = 0; i < ACCOUNT_WAIT_AFTER.failures; i++) await signInWithPassword(loginRequest(email, `guess ${i}`), freshAddress());

    expect(await signInWithPassword(loginRequest(email, PASSWORD), freshAddress())).toMatchObject({ ok: false, status: 429 });
    const known = await signInWithPassword(loginRequest(email, PASSWORD, cookiePair(earlier.knownDeviceCookie)), freshAddress());
    expect(known).toMatchObject({ ok: true, userId: user.id });
    // A cookie for another account, or a forged one, does not count.
    const other = await signInWithPassword(loginRequest(await register(freshEmail()).then((u) => u.email), PASSWORD), freshAddress());
    if (!other.ok) throw new Error(other.message);
    expect(await signInWithPassword(loginRequest(email, PASSWORD, cookiePair(other.knownDeviceCookie)), freshAddress())).toMatchObject({
      status: 429,
    });
    const forged = cookiePair(earlier.knownDeviceCookie).replace(/.$/, (last) => (last === "A" ? "B" : "A"));
    expect(await signInWithPassword(loginRequest(email, PASSWORD, forged), freshAddress())).toMatchObject({ status: 429 });
  });
});

describe("account creation per address", { timeout: 60_000 }, () => {
  it(`allows ${ACCOUNT_CREATION_LIMITS.perClientPerHour} sign-ups an hour from one address, taken emails included, then 429`, async () => {
    const address = freshAddress();
    const taken = freshEmail();
    await register(taken);
    const outcomes = [];
    for (let i = 0; i < ACCOUNT_CREATION_LIMITS.perClientPerHour; i++) {
      const email = i === 0 ? taken : freshEmail();
      outcomes.push(
        await registerStudent({ firstName: "Bot", lastName: "Farm", email, password: PASSWORD, adult: true, consent: true }, address),
      );
    }
    // A taken email is answered like a new one, and counts the same.
    expect(outcomes.filter((outcome) => outcome.ok)).toHaveLength(ACCOUNT_CREATION_LIMITS.perClientPerHour);
    const refused = await registerStudent(
      { firstName: "Bot", lastName: "Farm", email: freshEmail(), password: PASSWORD, adult: true, consent: true },
      address,
    );
    expect(refused).toMatchObject({
      ok: false,
      status: 429,
      message: expect.stringMatching(/^Too many new accounts from your network\. Please wait (60|59) minutes and try again\.$/),
    });
    expect(
      (
        await registerStudent(
          { firstName: "Asha", lastName: "Rao", email: freshEmail(), password: PASSWORD, adult: true, consent: true },
          freshAddress(),
        )
      ).ok,
    ).toBe(true);
  });
});
