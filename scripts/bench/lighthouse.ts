// Lighthouse mobile performance for the pages a visitor lands on (home,
// courses, a course, events, a blog post): default mobile emulation and
// simulated throttling, several runs each, medians reported.
import { CHROMIUM_ARGS, CHROMIUM_EXECUTABLE } from "../../tests/support/chromium";
import { budget, notMeasured } from "./types";
import type { BenchContext, Measurement, Section } from "./types";

/** "100 each": Lighthouse reports a perfect score as 1. */
const LIGHTHOUSE_BUDGET = 1;
const LCP_BUDGET_MS = 1500;
const CLS_BUDGET = 0;
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

/** The pages measured: their paths, found from the site's own JSON (the first course and blog post). */
async function landingPaths(siteUrl: string, notes: string[]): Promise<string[]> {
  const first = async <T>(path: string, pick: (body: T) => string | undefined): Promise<string | undefined> => {
    try {
      const response = await fetch(new URL(path, siteUrl));
      return response.ok ? pick((await response.json()) as T) : undefined;
    } catch {
      return undefined;
    }
  };
  const courseId = await first<Array<{ id: number }>>("/api/courses", (body) => (body[0] ? String(body[0].id) : undefined));
  const slug = await first<Array<{ slug: string }>>("/api/blog", (body) => body[0]?.slug);
  if (!courseId) notes.push("No course page measured: GET /api/courses gave no course.");
  if (!slug) notes.push("No blog post measured: GET /api/blog gave no post.");
  return [
    "/",
    "/courses",
    ...(courseId ? [`/courses/${courseId}`] : []),
    "/events",
    ...(slug ? [`/blog/${encodeURIComponent(slug)}`] : []),
  ];
}

const BUDGET_NAMES = ["Lighthouse mobile performance, each page", "LCP, each page", "CLS, each page"] as const;
const BUDGET_LIMITS = [`≥ ${LIGHTHOUSE_BUDGET.toFixed(2)}`, `≤ ${(LCP_BUDGET_MS / 1000).toFixed(1)} s`, `≤ ${CLS_BUDGET}`] as const;

function notMeasuredSection(title: string, reason: string): Section {
  return {
    title,
    columns: ["Page", "Score", "LCP"],
    rows: [["(all)", "not measured", "not measured"]],
    budgets: BUDGET_NAMES.map((name, index) => notMeasured(name, BUDGET_LIMITS[index] ?? "", "not measured")),
    notes: [`Lighthouse did not run: ${reason}`],
  };
}

type PageResult = { path: string; score: number; lcpMs: number; fcpMs: number; tbtMs: number; cls: number; runs: LighthouseRun[] };

export const lighthouseHome: Measurement = {
  title: `Lighthouse mobile performance (median of ${RUNS} runs per page)`,
  budgets: BUDGET_NAMES.map((name, index) => ({ name, limit: BUDGET_LIMITS[index] ?? "" })),
  async run(context: BenchContext): Promise<Section> {
    let modules: Awaited<ReturnType<typeof loadModules>>;
    try {
      modules = await loadModules();
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      console.error(`Lighthouse could not be loaded: ${reason}`);
      return notMeasuredSection(this.title, reason);
    }
    const notes: string[] = [];
    const results: PageResult[] = [];
    for (const path of await landingPaths(context.siteUrl, notes)) {
      const url = new URL(path, context.siteUrl).href;
      const runs: LighthouseRun[] = [];
      for (let index = 1; index <= RUNS; index += 1) {
        try {
          const run = await runOnce(modules.lighthouse, modules.launcher, url);
          context.log(`lighthouse ${path} run ${index}/${RUNS}: score ${run.score}, LCP ${Math.round(run.lcpMs)} ms`);
          runs.push(run);
        } catch (error) {
          const reason = error instanceof Error ? error.message : String(error);
          context.log(`lighthouse ${path} run ${index}/${RUNS} failed: ${reason}`);
          notes.push(`${path} run ${index} failed: ${reason}`);
        }
      }
      if (runs.length === 0) continue;
      const of = (pick: (run: LighthouseRun) => number) => median(runs.map(pick));
      results.push({
        path,
        runs,
        score: of((run) => run.score),
        lcpMs: of((run) => run.lcpMs),
        fcpMs: of((run) => run.fcpMs),
        tbtMs: of((run) => run.tbtMs),
        cls: of((run) => run.cls),
      });
    }
    if (results.length === 0) return notMeasuredSection(this.title, notes.join("; ") || "no page measured");

    const worst = <K extends "score" | "lcpMs" | "cls">(key: K, lowest: boolean) =>
      results.reduce((picked, result) => ((lowest ? result[key] < picked[key] : result[key] > picked[key]) ? result : picked));
    const lowestScore = worst("score", true);
    const slowest = worst("lcpMs", false);
    const shiftiest = worst("cls", false);
    return {
      title: this.title,
      columns: ["Page", "Score", "LCP", "FCP", "TBT", "CLS", "Scores of each run", "Host benchmark index"],
      rows: results.map((result) => [
        result.path,
        result.score.toFixed(2),
        `${(result.lcpMs / 1000).toFixed(2)} s`,
        `${(result.fcpMs / 1000).toFixed(2)} s`,
        `${Math.round(result.tbtMs)} ms`,
        result.cls.toFixed(3),
        result.runs.map((run) => run.score.toFixed(2)).join(", "),
        median(result.runs.map((run) => run.benchmarkIndex)).toFixed(0),
      ]),
      budgets: [
        budget(
          BUDGET_NAMES[0],
          BUDGET_LIMITS[0],
          `${lowestScore.score.toFixed(2)} (${lowestScore.path})`,
          lowestScore.score >= LIGHTHOUSE_BUDGET,
        ),
        budget(
          BUDGET_NAMES[1],
          BUDGET_LIMITS[1],
          `${(slowest.lcpMs / 1000).toFixed(2)} s (${slowest.path})`,
          slowest.lcpMs <= LCP_BUDGET_MS,
        ),
        budget(BUDGET_NAMES[2], BUDGET_LIMITS[2], `${shiftiest.cls.toFixed(3)} (${shiftiest.path})`, shiftiest.cls <= CLS_BUDGET),
      ],
      notes: [
        ...notes,
        "Medians per column; mobile form factor with simulated throttling (Lighthouse defaults). The budgets judge the worst page.",
        "Simulated throttling scales the CPU work it observes: a busy host (low benchmark index) inflates TBT and lowers the score.",
      ],
    };
  },
};
