// A seeded pseudo-random source for the scale seed: the same seed gives the
// same rows on every machine and every run. Each part of the seed draws from
// its own stream (named), so changing how one table is made leaves the others'
// rows as they were.

const SEED = 0x5ca1ab1e;

/** FNV-1a of the stream's name mixed with the fixed seed. */
function streamSeed(name: string): number {
  let hash = 0x811c9dc5 ^ SEED;
  for (let i = 0; i < name.length; i++) {
    hash ^= name.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

export type Random = {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [min, max], both included. */
  int(min: number, max: number): number;
  /** A float in [min, max). */
  between(min: number, max: number): number;
  chance(probability: number): boolean;
  pick<T>(items: readonly T[]): T;
  /** An exponentially distributed value with this mean. */
  exponential(mean: number): number;
  /** `length` characters of `alphabet`. */
  chars(alphabet: string, length: number): string;
  /** A version-4 UUID, as crypto.randomUUID() writes one. */
  uuid(): string;
  /** Shuffles in place (Fisher–Yates) and returns the array. */
  shuffle<T>(items: T[]): T[];
  /** `count` distinct indexes below `size`, in increasing order. */
  sample(size: number, count: number): number[];
};

export function createRandom(stream: string): Random {
  // mulberry32: small, fast and good enough for test data.
  let state = streamSeed(stream);
  const next = () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const hex = (value: number, digits: number) => value.toString(16).padStart(digits, "0");
  const random: Random = {
    next,
    int,
    between: (min, max) => min + next() * (max - min),
    chance: (probability) => next() < probability,
    pick: <T>(items: readonly T[]) => items[Math.floor(next() * items.length)] as T,
    exponential: (mean) => -Math.log(1 - next()) * mean,
    chars(alphabet, length) {
      let out = "";
      for (let i = 0; i < length; i++) out += alphabet[Math.floor(next() * alphabet.length)];
      return out;
    },
    uuid() {
      const word = () => Math.floor(next() * 0x100000000);
      const a = word();
      const b = word();
      const c = word();
      const d = word();
      return (
        `${hex(a, 8)}-${hex(b >>> 16, 4)}-${hex(((b & 0x0fff) | 0x4000) >>> 0, 4)}-` +
        `${hex(((c >>> 16) & 0x3fff) | 0x8000, 4)}-${hex(c & 0xffff, 4)}${hex(d, 8)}`
      );
    },
    shuffle<T>(items: T[]) {
      for (let i = items.length - 1; i > 0; i--) {
        const j = Math.floor(next() * (i + 1));
        const swap = items[i] as T;
        items[i] = items[j] as T;
        items[j] = swap;
      }
      return items;
    },
    sample(size, count) {
      if (count >= size) return Array.from({ length: size }, (_, i) => i);
      // Floyd's algorithm: exactly `count` draws, whatever the size.
      const chosen = new Set<number>();
      for (let j = size - count; j < size; j++) {
        const t = int(0, j);
        chosen.add(chosen.has(t) ? j : t);
      }
      return [...chosen].sort((x, y) => x - y);
    },
  };
  return random;
}

/** Picks one of `entries` with probability proportional to its weight; the table is built once. */
export function weightedPicker<T>(entries: readonly (readonly [T, number])[]): (random: Random) => T {
  const total = entries.reduce((sum, [, weight]) => sum + weight, 0);
  const cumulative: number[] = [];
  let running = 0;
  for (const [, weight] of entries) cumulative.push((running += weight / total));
  return (random) => {
    const draw = random.next();
    for (let i = 0; i < cumulative.length; i++) if (draw < (cumulative[i] as number)) return (entries[i] as readonly [T, number])[0];
    return (entries[entries.length - 1] as readonly [T, number])[0];
  };
}

const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/** A provider-style id: random characters with a counter folded in, so two ids never collide. */
export function providerId(random: Random, prefix: string, counter: number, length: number): string {
  let encoded = "";
  for (let rest = counter; encoded.length < 5; rest = Math.floor(rest / 62)) encoded = BASE62[rest % 62] + encoded;
  return `${prefix}${random.chars(BASE62, length - 5)}${encoded}`;
}
