// Lighthouse mobile performance for the home page: default mobile emulation
// and simulated throttling, several runs, medians reported.
import { CHROMIUM_ARGS, CHROMIUM_EXECUTABLE } from "../../tests/setup/chromium";
import { budget, notMeasured } from "./types";
import type { BenchContext, Measurement, Section } from "./types";

export const LIGHTHOUSE_BUDGET = 0.98;
const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
const CHROME_FLAGS = ["--headless=new", ...CHROMIUM_ARGS];

interface LighthouseRun {
  score: number;
  lcpMs: number;
  fcpMs: number;
  tbtMs: number;
  cls: number;
  /** Lighthouse's measure of how fast this host's CPU was during the run. */
  benchmarkIndex: number;
}

type LighthouseModule = typeof import("lighthouse");
type ChromeLauncherModule = typeof import("chrome-launcher");

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  const upper = sorted[middle] ?? 0;
  return sorted.length % 2 ? upper : ((sorted[middle - 1] ?? upper) + upper) / 2;
}

async function runOnce(lighthouse: LighthouseModule["default"], launcher: ChromeLauncherModule, url: string): Promise<LighthouseRun> {
  const chrome = await launcher.launch({ chromePath: CHROMIUM_EXECUTABLE, chromeFlags: CHROME_FLAGS });
  try {
    const result = await lighthouse(url, { port: chrome.port, onlyCategories: ["performance"], logLevel: "error" });
    if (!result) throw new Error("Lighthouse returned no result.");
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
    const score = lhr.categories.performance?.score;
    if (score === null || score === undefined) throw new Error("Lighthouse gave no performance score.");
    const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
    return {
      score,
      lcpMs: numeric("largest-contentful-paint"),
      fcpMs: numeric("first-contentful-paint"),
      tbtMs: numeric("total-blocking-time"),
      cls: numeric("cumulative-layout-shift"),
      benchmarkIndex: lhr.environment.benchmarkIndex,
    };
  } finally {
    chrome.kill();
  }
}

async function loadModules(): Promise<{ lighthouse: LighthouseModule["default"]; launcher: ChromeLauncherModule }> {
  const [lighthouseModule, launcher] = await Promise.all([import("lighthouse"), import("chrome-launcher")]);
  return { lighthouse: lighthouseModule.default, launcher };
}

function notMeasuredSection(title: string, reason: string): Section {
  return {
    title,
    columns: ["Page", "Performance score (median)", "LCP (median)"],
    rows: [["/", "not measured", "not measured"]],
    budgets: [notMeasured("Lighthouse mobile performance on /", `≥ ${LIGHTHOUSE_BUDGET}`, "not measured")],
    notes: [`Lighthouse did not run: ${reason}`],
  };
}

export const lighthouseHome: Measurement = {
  title: `Lighthouse mobile performance (/, median of ${RUNS} runs)`,
  budgets: [{ name: "Lighthouse mobile performance on /", limit: `≥ ${LIGHTHOUSE_BUDGET}` }],
  async run(context: BenchContext): Promise<Section> {
    let modules: Awaited<ReturnType<typeof loadModules>>;
    try {
      modules = await loadModules();
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      console.error(`Lighthouse could not be loaded: ${reason}`);
      return notMeasuredSection(this.title, reason);
    }
    const url = new URL("/", context.siteUrl).href;
    const runs: LighthouseRun[] = [];
    const notes: string[] = [];
    for (let index = 1; index <= RUNS; index += 1) {
      try {
        const run = await runOnce(modules.lighthouse, modules.launcher, url);
        context.log(`lighthouse run ${index}/${RUNS}: score ${run.score}, LCP ${Math.round(run.lcpMs)} ms`);
        runs.push(run);
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        context.log(`lighthouse run ${index}/${RUNS} failed: ${reason}`);
        notes.push(`Run ${index} failed: ${reason}`);
      }
    }
    if (runs.length === 0) return notMeasuredSection(this.title, notes.join("; "));

    const score = median(runs.map((run) => run.score));
    const lcp = median(runs.map((run) => run.lcpMs));
    return {
      title: this.title,
      columns: ["Page", "Score", "LCP", "FCP", "TBT", "CLS", "Scores of each run", "Host benchmark index"],
      rows: [
        [
          "/",
          score.toFixed(2),
          `${(lcp / 1000).toFixed(2)} s`,
          `${(median(runs.map((run) => run.fcpMs)) / 1000).toFixed(2)} s`,
          `${Math.round(median(runs.map((run) => run.tbtMs)))} ms`,
          median(runs.map((run) => run.cls)).toFixed(3),
          runs.map((run) => run.score.toFixed(2)).join(", "),
          median(runs.map((run) => run.benchmarkIndex)).toFixed(0),
        ],
      ],
      budgets: [budget("Lighthouse mobile performance on /", `≥ ${LIGHTHOUSE_BUDGET}`, score.toFixed(2), score >= LIGHTHOUSE_BUDGET)],
      notes: [
        ...notes,
        "Medians per column; mobile form factor with simulated throttling (Lighthouse defaults).",
        "Simulated throttling scales the CPU work it observes: a busy host (low benchmark index) inflates TBT and lowers the score.",
      ],
    };
  },
};
