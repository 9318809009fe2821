// Counters whose wait doubles with every attempt past a free allowance. They
// live in this one process's memory: the site is one process on one SQLite
// file, and a restart forgetting some attempts only gives a few guesses back.
// rate-limiter-flexible counts fixed windows; a wait that grows with each
// attempt, and counting distinct clients, are the rules themselves, so they
// are written here, with the clock passed in for the tests.

export type GrowingDelayRule = {
  /** Attempts allowed before any wait. */
  free: number;
  /** The wait after the last free attempt; each further attempt doubles it. */
  firstWaitMs: number;
  maxWaitMs: number;
  /** A key is forgotten this long after its last counted attempt. */
  forgetAfterMs: number;
};

/** Keys remembered per counter; past it the least recently counted go first, so memory stays bounded. */
const MAX_KEYS = 100_000;

/** The wait an attempt count earns: none before `free`, then doubling from `firstWaitMs` up to `maxWaitMs`. */
export function waitAfter(count: number, rule: GrowingDelayRule): number {
  if (count < rule.free) return 0;
  const doublings = Math.min(count - rule.free, 40);
  return Math.min(rule.maxWaitMs, rule.firstWaitMs * 2 ** doublings);
}

/** Worth a line in the audit log: when the wait first engages, and each time the count doubles after that. */
function isNotableCount(count: number, rule: GrowingDelayRule): boolean {
  if (count < rule.free) return false;
  const ratio = count / Math.max(rule.free, 1);
  return Number.isInteger(ratio) && (ratio & (ratio - 1)) === 0;
}

type Entry = { count: number; waitUntil: number; lastAt: number };

export type Counted = { count: number; waitMs: number; notable: boolean };

/** Insertion-ordered map trimmed from its oldest end: touching a key moves it to the newest end. */
class BoundedMap<V> {
  private readonly entries = new Map<string, V>();
  constructor(private readonly maxKeys = MAX_KEYS) {}

  get(key: string): V | undefined {
    return this.entries.get(key);
  }

  set(key: string, value: V) {
    this.entries.delete(key);
    this.entries.set(key, value);
    if (this.entries.size > this.maxKeys) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
  }

  delete(key: string) {
    this.entries.delete(key);
  }
}

export class GrowingDelay {
  private readonly entries: BoundedMap<Entry>;

  constructor(
    readonly rule: GrowingDelayRule,
    maxKeys = MAX_KEYS,
  ) {
    this.entries = new BoundedMap(maxKeys);
  }

  private live(key: string, now: number): Entry | undefined {
    const entry = this.entries.get(key);
    if (entry && now - entry.lastAt > this.rule.forgetAfterMs) {
      this.entries.delete(key);
      return undefined;
    }
    return entry;
  }

  /** How long this key must still wait; 0 when it may try now. */
  waitMs(key: string, now: number): number {
    return Math.max(0, (this.live(key, now)?.waitUntil ?? 0) - now);
  }

  /** Counts one attempt (before its outcome is known, so parallel attempts cannot slip past) and sets the wait it earns. */
  count(key: string, now: number): Counted {
    const count = (this.live(key, now)?.count ?? 0) + 1;
    const waitMs = waitAfter(count, this.rule);
    this.entries.set(key, { count, waitUntil: now + waitMs, lastAt: now });
    return { count, waitMs, notable: isNotableCount(count, this.rule) };
  }

  /** Takes back one counted attempt that succeeded; any wait already running stays. */
  refund(key: string, now: number) {
    const entry = this.live(key, now);
    if (entry) this.entries.set(key, { ...entry, count: Math.max(0, entry.count - 1) });
  }

  clear(key: string) {
    this.entries.delete(key);
  }
}

/** Distinct clients seen per key within a window (how many places an account is being tried from). */
/** Clients kept per key: enough to tell one from several, bounded however many an attack brings. */
const MAX_CLIENTS_PER_KEY = 1_000;

type Tally = { failures: number; clients: Map<string, number>; lastAt: number };

/** Failures on a key (an account) from any clients: how many, and from how many clients; forgotten after a quiet period. */
export class FailureTally {
  private readonly entries = new BoundedMap<Tally>();

  constructor(private readonly forgetAfterMs: number) {}

  private live(key: string, now: number): Tally {
    const entry = this.entries.get(key);
    if (!entry || now - entry.lastAt > this.forgetAfterMs) return { failures: 0, clients: new Map(), lastAt: now };
    return entry;
  }

  /** Counts one failure from this client; the totals now. */
  add(key: string, client: string, now: number): { failures: number; clients: number } {
    const tally = this.live(key, now);
    tally.clients.delete(client);
    tally.clients.set(client, now);
    const oldest = tally.clients.keys().next();
    if (tally.clients.size > MAX_CLIENTS_PER_KEY && !oldest.done) tally.clients.delete(oldest.value);
    this.entries.set(key, { failures: tally.failures + 1, clients: tally.clients, lastAt: now });
    return { failures: tally.failures + 1, clients: tally.clients.size };
  }

  /** Takes back a failure counted for a client that turned out to be the owner, and forgets that client. */
  takeBack(key: string, client: string, now: number) {
    const tally = this.live(key, now);
    tally.clients.delete(client);
    this.entries.set(key, { ...tally, failures: Math.max(0, tally.failures - 1) });
  }
}
