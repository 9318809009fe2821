// Sequential page timings, a request to the demo site and one to the scale
// site in turn, so that whatever else the host does lands on both alike.
import { timedRequest } from "./http";

export const WARMUPS = 2;
export const SAMPLES = Number(process.env.BENCH_SCALE_SAMPLES ?? 20);

export interface Target {
  url: string;
  cookie?: string;
}

export type Timing = { ok: true; medianMs: number; p90Ms: number } | { ok: false; reason: string };

/** What a browser sends for a page (the cookie aside): the server picks compression and the page by these. */
const BROWSER_HEADERS = {
  accept: "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8",
  "accept-encoding": "gzip",
  "accept-language": "en-IN,en;q=0.9",
};

export function percentile(values: number[], fraction: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(fraction * sorted.length) - 1))] ?? NaN;
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] as number) : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

class Series {
  readonly times: number[] = [];
  failure: string | null = null;

  constructor(readonly target: Target) {}

  /** One request; a non-200 answer ends the series as a failure (never a time). */
  async request(timed: boolean): Promise<void> {
    if (this.failure) return;
    try {
      const response = await timedRequest(this.target.url, {
        headers: { ...BROWSER_HEADERS, ...(this.target.cookie ? { cookie: this.target.cookie } : {}) },
        timeoutMs: 60_000,
      });
      if (response.status !== 200) {
        const where = response.headers.location ? ` to ${String(response.headers.location)}` : "";
        this.failure = `${response.status}${where}`;
      } else if (timed) this.times.push(response.ms);
    } catch (error) {
      this.failure = error instanceof Error ? error.message : String(error);
    }
  }

  result(): Timing {
    if (this.failure) return { ok: false, reason: this.failure };
    return { ok: true, medianMs: median(this.times), p90Ms: percentile(this.times, 0.9) };
  }
}

/** WARMUPS untimed requests to each, then SAMPLES timed ones, alternating between the two sites. */
export async function timePair(demo: Target | null, scale: Target | null): Promise<{ demo: Timing | null; scale: Timing | null }> {
  const series = [demo, scale].map((target) => (target ? new Series(target) : null));
  for (let i = 0; i < WARMUPS + SAMPLES; i++) for (const one of series) await one?.request(i >= WARMUPS);
  const [demoSeries, scaleSeries] = series;
  return { demo: demoSeries?.result() ?? null, scale: scaleSeries?.result() ?? null };
}
