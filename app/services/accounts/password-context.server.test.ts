import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { users } from "../../../db/schema";
import { saveSettings } from "~/models/site/site-settings.server";
import { issueUserToken } from "~/models/accounts/user-token.server";
import { db } from "~/utils/db.server";
import { DEFAULT_INSTITUTE } from "~/utils/institute";
import { changeOwnPassword } from "./account-password.server";
import { createAdminAccount, ensureFirstAdmin } from "./admin-sign-in.server";
import { chooseNewPassword } from "./password-reset.server";
import { registerStudent } from "./student-sign-in.server";

// Every door that sets a password refuses one built from the account's own
// email, names or Admin ID, or from the institute's name as the site shows it.

const OWN_WORDS = /should not contain your name, your email or the site's name/;
let nextAddress = 0;
const freshAddress = () => `10.1.0.${++nextAddress}`;
const ravi = () => ({ firstName: "Ravi", lastName: "Chandran", email: `ravi.chandran.${crypto.randomUUID().slice(0, 8)}@example.test` });

afterEach(() => saveSettings("institute", DEFAULT_INSTITUTE, { adminId: "test" }));

describe("sign-up", () => {
  const signUp = (person: ReturnType<typeof ravi>, password: string) =>
    registerStudent({ ...person, password, adult: true, consent: true }, freshAddress());

  it("refuses the email itself, the names repeated, and the institute's name with a year; takes a passphrase", async () => {
    const person = ravi();
    for (const password of [person.email, "Ravi Chandran Ravi Chandran", "ravichandran@example.test", "TradeMaster Academy 2026"]) {
      const outcome = await signUp(person, password);
      expect(outcome, password).toMatchObject({ ok: false, status: 400, field: "password", message: expect.stringMatching(OWN_WORDS) });
    }
    expect(db.select().from(users).where(eq(users.email, person.email)).all()).toEqual([]);
    expect(await signUp(person, "monsoon kite over the harbour")).toMatchObject({ ok: true });
  });

  it("reads the institute's name from the site settings", async () => {
    saveSettings("institute", { ...DEFAULT_INSTITUTE, name: "Sahyadri Market School" }, { adminId: "test" });
    expect(await signUp(ravi(), "Sahyadri Market School 2026")).toMatchObject({ ok: false, message: expect.stringMatching(OWN_WORDS) });
  });
});

/** A student who signed in through a provider: the first password needs no current one. */
function providerStudent() {
  const person = ravi();
  const row = db
    .insert(users)
    .values({ ...person, emailVerifiedAt: new Date() })
    .returning({ id: users.id })
    .get();
  return { id: row.id, ...person };
}

describe("changing the password on /account", () => {
  it("refuses the account's email and names; takes a passphrase", async () => {
    const student = providerStudent();
    const change = (newPassword: string) =>
      changeOwnPassword({
        user: student,
        currentPassword: undefined,
        client: freshAddress(),
        cookieHeader: null,
        sessionId: "sid",
        newPassword,
      });
    for (const password of [student.email, "Chandran Ravi 123456"])
      expect(await change(password), password).toMatchObject({
        ok: false,
        field: "newPassword",
        message: expect.stringMatching(OWN_WORDS),
      });
    expect(await change("monsoon kite over the harbour")).toMatchObject({ ok: true });
  });
});

describe("a password reset link", () => {
  it("refuses the address the link went to and the student's names", async () => {
    const student = providerStudent();
    const token = db.transaction((tx) => issueUserToken(tx, { userId: student.id, purpose: "reset-password", email: student.email }));
    for (const password of [student.email, "Ravi Chandran 2026!!"])
      expect(await chooseNewPassword(token, password), password).toEqual({ ok: false, passwordProblem: expect.stringMatching(OWN_WORDS) });
    expect(db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, student.id)).get()?.hash).toBeNull();
    expect(await chooseNewPassword(token, "monsoon kite over the harbour")).toMatchObject({ ok: true });
  });
});

describe("an admin's password", () => {
  it("admin:create refuses one made of the Admin ID or the institute's name", async () => {
    await expect(
      createAdminAccount({ adminId: "reliability-admin", password: "reliability-admin-password-1", role: "admin" }),
    ).rejects.toThrow(OWN_WORDS);
    await expect(createAdminAccount({ adminId: "desk", password: "TradeMaster Academy admin 1", role: "admin" })).rejects.toThrow(
      OWN_WORDS,
    );
  });

  it("ADMIN_PASSWORD at start-up is held to the same rule", async () => {
    await expect(ensureFirstAdmin({ ADMIN_ID: "owner-desk", ADMIN_PASSWORD: "owner-desk-owner-desk" })).rejects.toThrow(OWN_WORDS);
  });
});
