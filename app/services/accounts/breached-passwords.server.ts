import { pwnedPassword } from "hibp";
import { getEnv } from "~/utils/env.server";

// Have I Been Pwned's Pwned Passwords: about a billion passwords seen in
// breaches, far more than any list a package can ship. Only the first five
// characters of the password's SHA-1 leave this server (the range API's
// k-anonymity), padded so the answer's size tells nothing either.

/** A slow answer must not hold up a sign-up for long; the local checks have already run. */
const TIMEOUT_MS = 2_000;
/** How long after a failed lookup the service is left alone, so an unreachable one costs a sign-up nothing. */
const QUIET_AFTER_FAILURE_MS = 60_000;

let quietUntil = 0;

/**
 * How many times the password appears in Pwned Passwords; null when the check
 * is off or the service could not be asked (a new password is then judged by
 * the local checks alone, rather than nobody being able to sign up).
 */
export async function timesSeenInBreaches(
  password: string,
  baseUrl = getEnv().PWNED_PASSWORDS_URL,
  now = Date.now(),
): Promise<number | null> {
  if (baseUrl === "off" || now < quietUntil) return null;
  try {
    return await pwnedPassword(password, { baseUrl, timeoutMs: TIMEOUT_MS, addPadding: true });
  } catch (error) {
    quietUntil = now + QUIET_AFTER_FAILURE_MS;
    console.warn(
      `Could not ask Pwned Passwords at ${baseUrl} (${error instanceof Error ? error.message : String(error)}): new passwords are checked locally only for the next minute.`,
    );
    return null;
  }
}
