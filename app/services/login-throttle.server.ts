import { RateLimiterMemory, type RateLimiterRes } from "rate-limiter-flexible";

// Counters live in this one process's memory: the site runs as one process on
// one SQLite file, and a restart forgetting a few failures is harmless.
const WINDOW_SECONDS = 15 * 60;
export const FAILURES_PER_ACCOUNT = 5;
export const FAILURES_PER_ADDRESS = 50;

const perAccount = new RateLimiterMemory({
  keyPrefix: "account",
  points: FAILURES_PER_ACCOUNT,
  duration: WINDOW_SECONDS,
  blockDuration: WINDOW_SECONDS,
});
const perAddress = new RateLimiterMemory({
  keyPrefix: "address",
  points: FAILURES_PER_ADDRESS,
  duration: WINDOW_SECONDS,
  blockDuration: WINDOW_SECONDS,
});

function waitFrom(result: RateLimiterRes | null, limit: number): number {
  if (!result || result.consumedPoints < limit) return 0;
  return result.msBeforeNext;
}

/** Milliseconds until this address may try this account again; 0 when it may now. */
export async function signInWaitMs(address: string, accountKey: string): Promise<number> {
  const [account, addressResult] = await Promise.all([perAccount.get(accountKey), perAddress.get(address)]);
  return Math.max(waitFrom(account, FAILURES_PER_ACCOUNT), waitFrom(addressResult, FAILURES_PER_ADDRESS));
}

export async function recordFailedSignIn(address: string, accountKey: string) {
  // consume() rejects once the limit is passed; the block it sets is what we want.
  await Promise.allSettled([perAccount.consume(accountKey), perAddress.consume(address)]);
}

/** Failed sign-ups (an email already taken) count against the address only. */
export async function recordFailedSignUp(address: string) {
  await perAddress.consume(address).catch(() => undefined);
}

export async function clearFailedSignIns(accountKey: string) {
  await perAccount.delete(accountKey);
}

export function tooManyAttemptsMessage(waitMs: number): string {
  const minutes = Math.max(1, Math.ceil(waitMs / 60_000));
  return `Too many sign-in attempts. Please wait ${minutes} minute${minutes === 1 ? "" : "s"} and try again.`;
}
