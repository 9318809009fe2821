import { describe, expect, it } from "vitest";
import { db } from "~/utils/db.server";
import { users } from "../../db/schema";
import { eq } from "drizzle-orm";
import { EMAIL_TAKEN_MESSAGE, INVALID_CREDENTIALS_MESSAGE, registerStudent, signInWithPassword } from "./auth.server";
import { FAILURES_PER_ACCOUNT, FAILURES_PER_ADDRESS } from "./login-throttle.server";

const PASSWORD = "correct horse battery";

function loginRequest(email: string, password: string) {
  return new Request("http://localhost/login", { method: "POST", body: new URLSearchParams({ email, password }) });
}

let nextAddress = 0;
const freshAddress = () => `10.0.0.${++nextAddress}`;
const freshEmail = () => `student-${crypto.randomUUID()}@example.test`;

async function register(email: string, address = freshAddress()) {
  const outcome = await registerStudent({ firstName: "Asha", lastName: "Rao", email, password: PASSWORD }, address);
  if (!outcome.ok) throw new Error(outcome.message);
  return outcome.user;
}

describe("sign-up", () => {
  it("stores the email lower-cased and the password as an argon2id hash", async () => {
    const email = freshEmail();
    const user = await register(email.toUpperCase());
    const row = db.select().from(users).where(eq(users.id, user.id)).get();
    expect(row?.email).toBe(email);
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(row?.passwordHash).not.toContain(PASSWORD);
  });

  it("refuses a second account for the same email, whatever its case", async () => {
    const email = freshEmail();
    await register(email);
    const again = await registerStudent(
      { firstName: "B", lastName: "C", email: email.toUpperCase(), password: "another password" },
      freshAddress(),
    );
    expect(again).toEqual({ ok: false, status: 409, message: EMAIL_TAKEN_MESSAGE });
    expect(db.select().from(users).where(eq(users.email, email)).all()).toHaveLength(1);
  });
});

describe("sign-up's password policy", () => {
  it("refuses a common password beside the password field, saying why, and stores nothing", async () => {
    const email = freshEmail();
    const outcome = await registerStudent({ firstName: "Asha", lastName: "Rao", email, password: "1qaz2wsx3edc4rfv" }, freshAddress());
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
      { firstName: "Ravi", lastName: "Chandrankumar", email: freshEmail(), password: "ravichandrankumar" },
      freshAddress(),
    );
    expect(outcome).toMatchObject({ ok: false, status: 400, field: "password", message: expect.stringMatching(/should not contain your name/) });
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
