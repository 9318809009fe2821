import { RateLimiterMemory, RateLimiterRes } from "rate-limiter-flexible";

// A fixed allowance per key per window (rate-limiter-flexible in memory): for
// limits that only ever hold back the one who spends them, so a plain count is
// enough (sign-ups, coupon codes).

export type Taken =
  { ok: true } | { ok: false; waitMs: number; /** The first refusal of this window: worth one audit row. */ firstRefusal: boolean };

export class Allowance {
  private readonly limiter: RateLimiterMemory;

  constructor(
    name: string,
    readonly points: number,
    windowSeconds: number,
  ) {
    this.limiter = new RateLimiterMemory({ keyPrefix: name, points, duration: windowSeconds });
  }

  async take(key: string): Promise<Taken> {
    try {
      await this.limiter.consume(key);
      return { ok: true };
    } catch (error) {
      if (!(error instanceof RateLimiterRes)) throw error;
      return { ok: false, waitMs: error.msBeforeNext, firstRefusal: error.consumedPoints === this.points + 1 };
    }
  }

  /** Gives back one taken point (the attempt did not spend what the allowance guards). */
  async giveBack(key: string) {
    await this.limiter.reward(key);
  }
}
