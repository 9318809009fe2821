import { z } from "zod";

// What a password must be when someone sets one (NIST SP 800-63B rev. 4 for a
// password that is the only factor): long, not only spaces, no composition
// rules. The common-password check needs the dictionaries, so it runs on the
// server only (`newPasswordProblem` in app/services/accounts/passwords.server.ts).

export const PASSWORD_MIN_LENGTH = 15;
/** Well above the 64 NIST asks verifiers to allow; a bound on what hashing and checking cost. */
export const PASSWORD_MAX_LENGTH = 256;

export const PASSWORD_MESSAGES = {
  required: "Password is required",
  tooShort: `Password must be at least ${PASSWORD_MIN_LENGTH} characters. A passphrase of a few words is easiest.`,
  tooLong: `Password must be at most ${PASSWORD_MAX_LENGTH} characters`,
  onlySpaces: "Password cannot be only spaces",
} as const;

export const PASSWORD_HINT = `Use a passphrase: at least ${PASSWORD_MIN_LENGTH} characters, such as a few unrelated words. Spaces are fine; no symbols or numbers needed.`;

/** Characters as NIST counts them: one per Unicode code point (an emoji is one, not two). */
export const passwordLength = (password: string) => [...password].length;

/** A password being set: sign-up, an admin account. */
export const newPasswordField = () =>
  z
    .string({ required_error: PASSWORD_MESSAGES.required })
    .max(PASSWORD_MAX_LENGTH, PASSWORD_MESSAGES.tooLong)
    .refine((password) => password.trim() !== "", PASSWORD_MESSAGES.onlySpaces)
    .refine((password) => passwordLength(password) >= PASSWORD_MIN_LENGTH, PASSWORD_MESSAGES.tooShort);

/** A password being checked at sign-in: any that could have been set, older shorter ones included. */
export const currentPasswordField = () =>
  z.string({ required_error: PASSWORD_MESSAGES.required }).max(PASSWORD_MAX_LENGTH, PASSWORD_MESSAGES.tooLong);
