// Throughput of server-rendered routes against the same bytes served as
// static files by a plain Express + compression server, in the same run and
// on the same machine, so the ratio says what rendering costs.
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import autocannon from "autocannon";
import type { Result } from "autocannon";
import { freePort, getRaw, waitForOk } from "./http";
import { startServerProcess, TSX } from "./processes";
import { budget, notMeasured } from "./types";
import type { BenchContext, Budget, Measurement, Section } from "./types";

const SSR_RATIO_BUDGET = 0.5;
const RATIO_LIMIT = `SSR ≥ ${SSR_RATIO_BUDGET * 100}% of static`;
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP ?? 1);

interface Target {
  path: string;
  file: string;
}

const TARGETS: Target[] = [
  { path: "/", file: "home.html" },
  { path: "/courses", file: "courses.html" },
  { path: "/api/courses", file: "courses.json" },
];

interface LoadResult {
  rps: number;
  p99Ms: number;
  failures: number;
}

async function load(url: string, context: BenchContext): Promise<LoadResult> {
  const result: Result = await autocannon({
    url,
    connections: context.connections,
    duration: context.duration,
    headers: { "accept-encoding": "gzip" },
    warmup: WARMUP_SECONDS > 0 ? { duration: WARMUP_SECONDS } : undefined,
  });
  return {
    rps: result.requests.average,
    p99Ms: result.latency.p99,
    failures: result.errors + result.timeouts + result.non2xx,
  };
}

/** Saves each route's response body under the file name the static server will serve. */
async function saveCopies(context: BenchContext, notes: string[]): Promise<Target[]> {
  const saved: Target[] = [];
  for (const target of TARGETS) {
    const response = await getRaw(new URL(target.path, context.siteUrl).href);
    if (response.status !== 200) {
      notes.push(`${target.path} not load-tested: it answered ${response.status}.`);
      continue;
    }
    await writeFile(join(context.scratchDir, target.file), response.body);
    saved.push(target);
  }
  return saved;
}

function formatLoad(result: LoadResult): [string, string] {
  return [result.rps.toFixed(0), `${result.p99Ms} ms`];
}

async function measureTarget(target: Target, staticUrl: string, context: BenchContext) {
  context.log(`load: SSR ${target.path} (${context.duration} s, ${context.connections} connections)`);
  const ssr = await load(new URL(target.path, context.siteUrl).href, context);
  context.log(`load: static /${target.file}`);
  const copy = await load(new URL(`/${target.file}`, staticUrl).href, context);
  return { ssr, copy, ratio: copy.rps > 0 ? ssr.rps / copy.rps : 0 };
}

export const throughput: Measurement = {
  title: "Throughput: server-rendered vs the same bytes as a static file",
  budgets: TARGETS.map((target) => ({ name: `Throughput ${target.path}`, limit: RATIO_LIMIT })),
  async run(context: BenchContext): Promise<Section> {
    const notes: string[] = [];
    const rows: string[][] = [];
    const budgets: Budget[] = [];
    const limit = RATIO_LIMIT;
    const saved = await saveCopies(context, notes);

    const port = await freePort();
    const staticServer = startServerProcess("static server", TSX, ["scripts/bench/static-server.ts"], {
      ...process.env,
      PORT: String(port),
      STATIC_DIR: context.scratchDir,
      NODE_ENV: "production" as const,
    });
    const staticUrl = `http://127.0.0.1:${port}`;
    try {
      if (saved[0]) await waitForOk(new URL(`/${saved[0].file}`, staticUrl).href, 30_000, staticServer.alive);
      for (const target of saved) {
        const { ssr, copy, ratio } = await measureTarget(target, staticUrl, context);
        rows.push([target.path, ...formatLoad(ssr), ...formatLoad(copy), `${(ratio * 100).toFixed(0)}%`]);
        if (ssr.failures || copy.failures)
          notes.push(`${target.path}: ${ssr.failures} failed SSR responses, ${copy.failures} failed static responses.`);
        budgets.push(budget(`Throughput ${target.path}`, limit, `${(ratio * 100).toFixed(0)}%`, ratio >= SSR_RATIO_BUDGET));
      }
    } catch (error) {
      throw new Error(`${error instanceof Error ? error.message : String(error)}\n${staticServer.output()}`);
    } finally {
      await staticServer.stop();
    }
    for (const target of TARGETS.filter((candidate) => !saved.includes(candidate)))
      budgets.push(notMeasured(`Throughput ${target.path}`, limit, "not measured"));

    notes.push(
      `${context.duration} s per run after a ${WARMUP_SECONDS} s warm-up, ${context.connections} connections, ` +
        "Accept-Encoding: gzip on both servers; runs are sequential. 'SSR' is what a visitor without cookies gets " +
        "(pages and API reads come from the 10 s anonymous page cache, emptied by any write). What a signed-in student " +
        "gets, and an anonymous visitor with the cache off, is the next measurement.",
    );
    return {
      title: this.title,
      columns: ["Route", "SSR req/s", "SSR p99", "Static req/s", "Static p99", "SSR / static"],
      rows,
      budgets,
      notes,
    };
  },
};
