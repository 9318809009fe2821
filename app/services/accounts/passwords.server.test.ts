import argon2 from "argon2";
import { describe, expect, it } from "vitest";
import { PASSWORD_MESSAGES } from "~/schemas/password";
import { DEFAULT_INSTITUTE } from "../../utils/institute";
import { hashNewPassword, newPasswordProblem, verifyPassword, type PasswordContext } from "./passwords.server";

const ADVICE = "Try a passphrase of a few unrelated words.";
/** Nobody in particular, on the seeded site. */
const SITE: PasswordContext = { siteName: DEFAULT_INSTITUTE.name };
const RAVI: PasswordContext = { email: "ravi.chandran@example.test", names: ["Ravi", "Chandran"], siteName: DEFAULT_INSTITUTE.name };
const OWN_WORDS = `A password should not contain your name, your email or the site's name. ${ADVICE}`;

describe("the policy for a new password", () => {
  it("accepts passphrases of ordinary words: no symbols, digits or capitals asked for", async () => {
    for (const passphrase of ["correct horse battery", "market opens at nine", "chai before the closing bell", "Nifty50 trading course"])
      expect(await newPasswordProblem(passphrase, SITE), passphrase).toBeNull();
  });

  it("needs 15 characters, counted as people count them (an emoji is one)", async () => {
    expect(await newPasswordProblem("sunny monsoon", SITE)).toBe(PASSWORD_MESSAGES.tooShort);
    expect(await newPasswordProblem("🙂".repeat(14), SITE)).toBe(PASSWORD_MESSAGES.tooShort);
    expect(await newPasswordProblem("ab cd ef gh ij k", SITE)).not.toBe(PASSWORD_MESSAGES.tooShort);
  });

  it("refuses only spaces, and more than 256 characters", async () => {
    expect(await newPasswordProblem(" ".repeat(20), SITE)).toBe(PASSWORD_MESSAGES.onlySpaces);
    expect(await newPasswordProblem("\t \n".repeat(8), SITE)).toBe(PASSWORD_MESSAGES.onlySpaces);
    const words = "quiet river lamp tiger ";
    expect(await newPasswordProblem(words.repeat(12).slice(0, 257), SITE)).toBe(PASSWORD_MESSAGES.tooLong);
    expect(await newPasswordProblem(`orange kettle violin ${"x".repeat(235)}`, SITE)).toBeNull();
  });

  it("refuses common and breached passwords of any length, saying why", async () => {
    expect(await newPasswordProblem("1qaz2wsx3edc4rfv", SITE)).toBe(`This is a commonly used password. ${ADVICE}`);
    expect(await newPasswordProblem("qwertyuiop12345", SITE)).toBe(`This is too similar to a commonly used password. ${ADVICE}`);
    expect(await newPasswordProblem("passwordpassword", SITE)).toBe(`Repeated patterns like "abcabcabc" are easy to guess. ${ADVICE}`);
    expect(await newPasswordProblem("1234567890123456", SITE)).toMatch(new RegExp(`${ADVICE}$`));
  });

  it("counts the person's own names and the site's name as guessable", async () => {
    expect(await newPasswordProblem("trademasteracademy", SITE)).toBe(
      `A password should not contain your name, your email or the site's name. ${ADVICE}`,
    );
    expect(
      await newPasswordProblem("ravichandrankumar", {
        email: "ravi.chandran@example.test",
        names: ["Ravi", "Chandrankumar"],
        siteName: SITE.siteName,
      }),
    ).toMatch(/should not contain your name/);
    expect(await newPasswordProblem("ravichandrankumar", SITE)).toBeNull();
  });
});

describe("a password built from the person's own details or the site's name", () => {
  it("is refused however it is dressed up: the email, its name part, the names, the site's name, with years and symbols", async () => {
    for (const password of [
      "ravi.chandran@example.test",
      "ravichandran@example.test",
      "Ravi Chandran Ravi Chandran",
      "Chandran Ravi Chandran 1987",
      "Ravi Chandran 2026!!",
      "TradeMaster Academy 2026",
    ])
      expect(await newPasswordProblem(password, RAVI), password).toBe(OWN_WORDS);
  });

  it("a site renamed in its settings is the name that counts", async () => {
    expect(await newPasswordProblem("Sahyadri Market School 2026", { siteName: "Sahyadri Market School" })).toBe(OWN_WORDS);
    expect(await newPasswordProblem("Sahyadri Market School 2026", SITE)).toBeNull();
  });

  it("is taken when enough stands beside the name: a passphrase that mentions it, a short name inside other words", async () => {
    expect(await newPasswordProblem("ravi likes monsoon kites by the harbour", RAVI)).toBeNull();
    expect(await newPasswordProblem("program ramp tramway", { names: ["Ram", "Iyer"], siteName: SITE.siteName })).toBeNull();
  });
});

describe("hashing a new password", () => {
  it("hashes with argon2id only a password that passes", async () => {
    const accepted = await hashNewPassword("correct horse battery", SITE);
    expect(accepted.ok && accepted.hash).toMatch(/^\$argon2id\$/);
    expect(await hashNewPassword("trading123", SITE)).toEqual({ ok: false, message: PASSWORD_MESSAGES.tooShort });
  });

  it("an older, shorter password still signs in until it is changed", async () => {
    const old = await argon2.hash("trading123", { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2 });
    expect(await verifyPassword(old, "trading123")).toBe(true);
    expect(await verifyPassword(old, "trading124")).toBe(false);
  });
});
