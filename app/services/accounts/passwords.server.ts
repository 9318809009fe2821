import argon2 from "argon2";
import type { ZxcvbnFactory } from "@zxcvbn-ts/core";
import { newPasswordField } from "~/schemas/password";
import { timesSeenInBreaches } from "./breached-passwords.server";

// OWASP's argon2id baseline: 19 MiB, 2 passes, 1 lane (about 30 ms here).
const HASH_OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, HASH_OPTIONS);
}

// ---- The policy every new password passes (students and admins alike) ----

/**
 * zxcvbn's estimate below 10^8 guesses (score 0–2) is refused: the common and
 * breached passwords it knows, and the repeats, sequences, keyboard rows and
 * dates it recognises, whatever their length. A password that passes is then
 * looked up among breached ones (breached-passwords.server.ts).
 */
const LOWEST_ACCEPTED_SCORE = 3;
/** The estimate's cost grows with length (about 80 ms at 64 characters); what follows cannot make a guessable start safe. */
const CHECKED_CHARACTERS = 64;

// zxcvbn's warnings are translation keys; these are its English texts, put for this form.
const WARNINGS: Record<string, string> = {
  straightRow: "Straight rows of keys on a keyboard are easy to guess.",
  keyPattern: "Short keyboard patterns are easy to guess.",
  simpleRepeat: 'Repeated characters like "aaa" are easy to guess.',
  extendedRepeat: 'Repeated patterns like "abcabcabc" are easy to guess.',
  sequences: 'Common sequences like "abc" or "1234" are easy to guess.',
  recentYears: "Recent years are easy to guess.",
  dates: "Dates are easy to guess.",
  topTen: "This is one of the most used passwords.",
  topHundred: "This is a very frequently used password.",
  common: "This is a commonly used password.",
  similarToCommon: "This is too similar to a commonly used password.",
  wordByItself: "A single word is easy to guess.",
  namesByThemselves: "Names on their own are easy to guess.",
  commonNames: "Common names are easy to guess.",
  userInputs: "A password should not contain your name, your email or the site's name.",
  pwned: "This password has appeared in a data breach, so it is among the first that attackers try.",
};
const GUESSABLE = "This password is too easy to guess.";
const ADVICE = "Try a passphrase of a few unrelated words.";

let estimator: Promise<ZxcvbnFactory> | undefined;

/** The dictionaries (about 50,000 common passwords) load on the first check, never into the browser. */
function passwordEstimator(): Promise<ZxcvbnFactory> {
  estimator ??= Promise.all([import("@zxcvbn-ts/core"), import("@zxcvbn-ts/language-common")]).then(
    ([{ ZxcvbnFactory }, common]) => new ZxcvbnFactory({ dictionary: common.dictionary, graphs: common.adjacencyGraphs }),
  );
  return estimator;
}

/** Who the password is for and where: a password built from these is as guessable as a common one. */
export type PasswordContext = {
  /** The account's email address; its name part and that name's words count too. */
  email?: string | null;
  /** First and last name, an Admin ID. */
  names?: readonly (string | null | undefined)[];
  /** The institute's name as the site shows it (site settings). */
  siteName: string;
};

/** Everything in the context a password may not be built from, longest first, each at least 3 characters. */
function contextWords({ email, names = [], siteName }: PasswordContext): string[] {
  const address = (email ?? "").trim().toLowerCase();
  const [local = "", domain = ""] = address.split("@");
  // The address, its domain whole (its words, gmail or com, are nobody's), and its name part word by word.
  const phrases = [local, ...names, siteName].map((phrase) => (phrase ?? "").trim().toLowerCase());
  const words = [address, domain, ...phrases.flatMap((phrase) => [phrase, phrase.replace(/[\s._+-]+/g, ""), ...phrase.split(/[\s._+-]+/)])];
  return [...new Set(words)].filter((word) => word.length >= 3).sort((a, b) => b.length - a.length);
}

const escapeForRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * The password with every context word taken out (any case), and the spaces, dots, dashes and
 * underscores that joined them: what is left has to be strong on its own. A three-letter word (Ram,
 * Anu) goes only where it stands alone, so "program" keeps its letters.
 */
function withoutContextWords(password: string, words: string[]): string {
  const rest = words.reduce((text, word) => {
    const pattern = escapeForRegExp(word);
    return text.replace(new RegExp(word.length > 3 ? pattern : `(?<![\\p{L}\\p{N}])${pattern}(?![\\p{L}\\p{N}])`, "giu"), " ");
  }, password);
  return rest === password ? password : rest.replace(/[\s._-]+/g, "");
}

/**
 * Why this password may not be set, or null when it may. zxcvbn counts the
 * context's words as guessable, but it also credits whatever surrounds them
 * (an email's domain, a year, the spaces), so "ravi.chandran@example.test"
 * scored as strong for Ravi Chandran. So what is left once the context's
 * words are taken out must pass the same bar on its own.
 */
export async function newPasswordProblem(password: string, context: PasswordContext): Promise<string | null> {
  const shape = newPasswordField().safeParse(password);
  if (!shape.success) return shape.error.issues[0]?.message ?? GUESSABLE;
  const words = contextWords(context);
  const estimator = await passwordEstimator();
  const checked = password.slice(0, CHECKED_CHARACTERS);
  const estimate = estimator.check(checked, words);
  if (estimate.score < LOWEST_ACCEPTED_SCORE) {
    const warning = estimate.feedback.warning ? WARNINGS[estimate.feedback.warning] : undefined;
    return `${warning ?? GUESSABLE} ${ADVICE}`;
  }
  const rest = withoutContextWords(checked, words);
  if (rest !== checked && estimator.check(rest, words).score < LOWEST_ACCEPTED_SCORE) return `${WARNINGS.userInputs} ${ADVICE}`;
  // Last, and only for a password the local checks let through: a famous passphrase
  // ("correct horse battery staple") is long and unusual enough to fool an estimate.
  if (await timesSeenInBreaches(password)) return `${WARNINGS.pwned} ${ADVICE}`;
  return null;
}

export type NewPasswordHash = { ok: true; hash: string } | { ok: false; message: string };

/** The only way to hash a password being set: it must pass the policy first. */
export async function hashNewPassword(password: string, context: PasswordContext): Promise<NewPasswordHash> {
  const problem = await newPasswordProblem(password, context);
  if (problem) return { ok: false, message: problem };
  return { ok: true, hash: await hashPassword(password) };
}

// ---- Checking a password at sign-in (any length it was set with) ----

let decoyHash: Promise<string> | undefined;

/**
 * Checks a password against a stored hash. Without a hash (unknown email, or an
 * OAuth-only account) it still spends the same time on a decoy, so response
 * times do not tell which emails have accounts.
 */
export async function verifyPassword(hash: string | null, password: string): Promise<boolean> {
  if (!hash) {
    decoyHash ??= hashPassword("decoy password that never matches");
    await argon2.verify(await decoyHash, password);
    return false;
  }
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}
