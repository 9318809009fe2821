import argon2 from "argon2";
import { describe, expect, it } from "vitest";
import { PASSWORD_MESSAGES } from "~/schemas/password";
import { hashNewPassword, newPasswordProblem, verifyPassword } from "./password.server";

const ADVICE = "Try a passphrase of a few unrelated words.";

describe("the policy for a new password", () => {
  it("accepts passphrases of ordinary words: no symbols, digits or capitals asked for", async () => {
    for (const passphrase of ["correct horse battery", "market opens at nine", "chai before the closing bell", "Nifty50 trading course"])
      expect(await newPasswordProblem(passphrase), passphrase).toBeNull();
  });

  it("needs 15 characters, counted as people count them (an emoji is one)", async () => {
    expect(await newPasswordProblem("sunny monsoon")).toBe(PASSWORD_MESSAGES.tooShort);
    expect(await newPasswordProblem("🙂".repeat(14))).toBe(PASSWORD_MESSAGES.tooShort);
    expect(await newPasswordProblem("ab cd ef gh ij k")).not.toBe(PASSWORD_MESSAGES.tooShort);
  });

  it("refuses only spaces, and more than 256 characters", async () => {
    expect(await newPasswordProblem(" ".repeat(20))).toBe(PASSWORD_MESSAGES.onlySpaces);
    expect(await newPasswordProblem("\t \n".repeat(8))).toBe(PASSWORD_MESSAGES.onlySpaces);
    const words = "quiet river lamp tiger ";
    expect(await newPasswordProblem(words.repeat(12).slice(0, 257))).toBe(PASSWORD_MESSAGES.tooLong);
    expect(await newPasswordProblem(`orange kettle violin ${"x".repeat(235)}`)).toBeNull();
  });

  it("refuses common and breached passwords of any length, saying why", async () => {
    expect(await newPasswordProblem("1qaz2wsx3edc4rfv")).toBe(`This is a commonly used password. ${ADVICE}`);
    expect(await newPasswordProblem("qwertyuiop12345")).toBe(`This is too similar to a commonly used password. ${ADVICE}`);
    expect(await newPasswordProblem("passwordpassword")).toBe(`Repeated patterns like "abcabcabc" are easy to guess. ${ADVICE}`);
    expect(await newPasswordProblem("1234567890123456")).toMatch(new RegExp(`${ADVICE}$`));
  });

  it("counts the person's own names and the site's name as guessable", async () => {
    expect(await newPasswordProblem("trademasteracademy")).toBe(
      `A password should not contain your name, your email or the site's name. ${ADVICE}`,
    );
    expect(await newPasswordProblem("ravichandrankumar", ["ravi.chandran@example.test", "Ravi", "Chandrankumar"])).toMatch(
      /should not contain your name/,
    );
    expect(await newPasswordProblem("ravichandrankumar")).toBeNull();
  });
});

describe("hashing a new password", () => {
  it("hashes with argon2id only a password that passes", async () => {
    const accepted = await hashNewPassword("correct horse battery");
    expect(accepted.ok && accepted.hash).toMatch(/^\$argon2id\$/);
    expect(await hashNewPassword("trading123")).toEqual({ ok: false, message: PASSWORD_MESSAGES.tooShort });
  });

  it("an older, shorter password still signs in until it is changed", async () => {
    const old = await argon2.hash("trading123", { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2 });
    expect(await verifyPassword(old, "trading123")).toBe(true);
    expect(await verifyPassword(old, "trading124")).toBe(false);
  });
});
