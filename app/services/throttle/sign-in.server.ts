import { recordSystemAction } from "~/models/site/audit-log.server";
import { knownDeviceFor, rememberDevice } from "./known-device.server";
import { FailureTally, GrowingDelay, type Counted, type GrowingDelayRule } from "./growing-delay.server";
import { throttled, waitSeconds, type Throttled } from "./wait";

// Password guessing is slowed, never turned into a lockout someone else can
// trigger (docs/decisions/0013-throttling.md):
// - one client on one account: 5 failures free, then a wait that doubles with
//   every attempt, refused ones too (1 s, 2 s, 4 s … 15 min);
// - one client on many accounts: 100 failures free, then doubling waits;
// - one account from several clients: after 30 failures within a day, from 2
//   clients or more, every client that has not signed in to it before shares
//   one doubling wait; browsers that have (a known-device cookie) keep their
//   own allowance on the account and are not held by the other limits.
// Counters are forgotten after a day without attempts.
// Every attempt is counted when it starts and given back when it succeeds,
// so parallel requests cannot slip past a limit.

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const DAY = 24 * 60 * MINUTE;

// Forgotten only after a day, so pausing an attack does not buy the free tries back.
export const SIGN_IN_RULES = {
  clientOnAccount: { free: 5, firstWaitMs: SECOND, maxWaitMs: 15 * MINUTE, forgetAfterMs: DAY },
  knownDevice: { free: 5, firstWaitMs: SECOND, maxWaitMs: 15 * MINUTE, forgetAfterMs: DAY },
  client: { free: 100, firstWaitMs: SECOND, maxWaitMs: 15 * MINUTE, forgetAfterMs: DAY },
  account: { free: 1, firstWaitMs: SECOND, maxWaitMs: 15 * MINUTE, forgetAfterMs: DAY },
} satisfies Record<string, GrowingDelayRule>;
/** When an account's shared wait begins: this many failures within a day, from at least this many clients (one client alone never starts it). */
export const ACCOUNT_WAIT_AFTER = { failures: 30, clients: 2 } as const;

export type AccountKind = "student" | "admin";

export type SignInAttempt = {
  kind: AccountKind;
  /** What was typed to name the account: the email (normalised) or the Admin ID. */
  account: string;
  /** The client's address as rate limits key it. */
  client: string;
  /** This browser's known-device id for the account, when it has signed in to it before. */
  knownDevice: string | null;
};

export type SignInGate = { ok: true; finish: (succeeded: boolean) => void } | Throttled;

const tooMany = (wait: string) => `Too many sign-in attempts. Please wait ${wait} and try again.`;

type Rule = keyof typeof SIGN_IN_RULES;

/** One throttle's counters for one kind of account (students and admins never share a count). */
function createSignInThrottle(kind: AccountKind) {
  const clientOnAccount = new GrowingDelay(SIGN_IN_RULES.clientOnAccount);
  const knownDevice = new GrowingDelay(SIGN_IN_RULES.knownDevice);
  const client = new GrowingDelay(SIGN_IN_RULES.client);
  const account = new GrowingDelay(SIGN_IN_RULES.account);
  const accountFailures = new FailureTally(DAY);

  /** One audit row when a wait engages and each time its count doubles: bounded however long an attack runs. */
  function audit(rule: Rule, attempt: SignInAttempt, counted: Counted, extra: Record<string, unknown> = {}) {
    if (!counted.notable) return;
    recordSystemAction({
      actor: "throttle",
      action: kind === "admin" ? "admin_sign_in_throttled" : "sign_in_throttled",
      subject: rule === "client" ? null : { type: kind === "admin" ? "admin_id" : "email", id: attempt.account },
      details: { rule, client: attempt.client, attempts: counted.count, waitSeconds: waitSeconds(counted.waitMs), ...extra },
    });
  }

  function beginAsKnownDevice(attempt: SignInAttempt, device: string, now: number): SignInGate {
    const waiting = knownDevice.waitMs(device, now);
    const counted = knownDevice.count(device, now);
    audit("knownDevice", attempt, counted);
    if (waiting > 0) return throttled(tooMany, counted.waitMs);
    return {
      ok: true,
      finish: (succeeded) => {
        if (succeeded) knownDevice.clear(device);
      },
    };
  }

  function begin(attempt: SignInAttempt, now = Date.now()): SignInGate {
    if (attempt.knownDevice) return beginAsKnownDevice(attempt, attempt.knownDevice, now);
    const pair = `${attempt.client}\n${attempt.account}`;
    const pairWait = clientOnAccount.waitMs(pair, now);
    const wait = Math.max(pairWait, client.waitMs(attempt.client, now), account.waitMs(attempt.account, now));
    if (wait > 0) {
      // Knocking again while told to wait makes this client's wait on this account longer; nobody else's.
      if (pairWait === 0) return throttled(tooMany, wait);
      const again = clientOnAccount.count(pair, now);
      audit("clientOnAccount", attempt, again);
      return throttled(tooMany, Math.max(wait, again.waitMs));
    }
    audit("clientOnAccount", attempt, clientOnAccount.count(pair, now));
    audit("client", attempt, client.count(attempt.client, now));
    const tally = accountFailures.add(attempt.account, attempt.client, now);
    const accountCounted = tally.failures >= ACCOUNT_WAIT_AFTER.failures && tally.clients >= ACCOUNT_WAIT_AFTER.clients;
    if (accountCounted)
      audit("account", attempt, account.count(attempt.account, now), { failures: tally.failures, clients: tally.clients });
    return {
      ok: true,
      finish: (succeeded) => {
        if (!succeeded) return;
        clientOnAccount.clear(pair);
        client.refund(attempt.client, now);
        accountFailures.takeBack(attempt.account, attempt.client, now);
        if (accountCounted) account.refund(attempt.account, now);
      },
    };
  }

  return { begin };
}

const throttles = { student: createSignInThrottle("student"), admin: createSignInThrottle("admin") };

/**
 * Asks whether this sign-in attempt may be checked now. When it may, call
 * `finish` with the outcome once the password has been checked; when not, the
 * answer is a 429 with how long to wait (the connection is never held).
 */
export function beginSignIn(attempt: SignInAttempt, now = Date.now()): SignInGate {
  return throttles[attempt.kind].begin(attempt, now);
}

export type ThrottledSignIn<T> = { ok: true; value: T; knownDeviceCookie: string } | { ok: false; status: 401 } | Throttled;

/**
 * Runs `check` (the password check: the signed-in value, or null when wrong)
 * inside the throttle. A success also answers with the known-device cookie
 * that spares this browser when the account is under attack from elsewhere.
 */
export async function throttledSignIn<T>(
  who: Omit<SignInAttempt, "knownDevice"> & { cookieHeader: string | null },
  check: () => Promise<T | null>,
): Promise<ThrottledSignIn<T>> {
  const deviceAccount = `${who.kind}:${who.account}`;
  const gate = beginSignIn({ ...who, knownDevice: await knownDeviceFor(who.cookieHeader, deviceAccount) });
  if (!gate.ok) return gate;
  let value: T | null = null;
  try {
    value = await check();
  } finally {
    gate.finish(value !== null);
  }
  if (value === null) return { ok: false, status: 401 };
  return { ok: true, value, knownDeviceCookie: await rememberDevice(who.cookieHeader, deviceAccount) };
}
