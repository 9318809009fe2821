// `npm run bench`: builds the production site, starts it on a fresh demo
// database and runs every measurement below against it, then prints the
// figures and writes them to docs/benchmarks.md. A report, not a test: it
// exits 0 when a budget fails, and non-zero only when it cannot run at all.
//
// To measure something new (the chat endpoint's p99, the time and peak
// memory of a 100,000-row Excel export, ...), write a Measurement in
// scripts/bench/ and add it to MEASUREMENTS.
import { randomBytes } from "node:crypto";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { availableParallelism, cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { adminData } from "./bench/admin-data";
import { chatQuery } from "./bench/chat";
import { freePort, waitForOk } from "./bench/http";
import { lighthouseHome } from "./bench/lighthouse";
import { mixedLoad } from "./bench/mixed-load";
import { pageWeight } from "./bench/page-weight";
import { scale } from "./bench/scale";
import { runCommand, startServerProcess, stopAll, TSX } from "./bench/processes";
import type { ServerProcess } from "./bench/processes";
import { consoleReport, markdownReport } from "./bench/report";
import type { RunInfo } from "./bench/report";
import { throughput } from "./bench/throughput";
import { visitorPages } from "./bench/visitor-pages";
import { practiceLab } from "./bench/practice-lab";
import { notMeasured } from "./bench/types";
import type { BenchContext, ExtraSite, Measurement, Section } from "./bench/types";

// Run in this order; each returns a table and the budgets it checks. The
// last two work on the scale database (made once, by the first of them).
const MEASUREMENTS: Measurement[] = [
  pageWeight,
  lighthouseHome,
  throughput,
  visitorPages,
  practiceLab,
  chatQuery,
  mixedLoad,
  scale,
  adminData,
];
// BENCH_ONLY=<words in a title> runs just the matching measurements (to try one
// out); the report file is then left alone.
const ONLY = process.env.BENCH_ONLY?.toLowerCase();

const BUILD_DIR = "build-bench";
const DATABASE = "data/bench.db";
const REPORT_FILE = "docs/benchmarks.md";
// Everything in the report from this heading on is written by people (figures
// before and after a change, profiles) and kept when the run rewrites the rest.
const KEPT_HEADING = "## Recorded by hand";
const DURATION = positiveNumber("BENCH_DURATION", 10);
const CONNECTIONS = positiveNumber("BENCH_CONNECTIONS", 50);
// Servers take ports from BENCH_PORT up (the next free one when taken).
let nextPort = positiveNumber("BENCH_PORT", 3300);

function positiveNumber(name: string, fallback: number): number {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number.`);
  return value;
}

function log(message: string): void {
  console.log(`[bench] ${message}`);
}

/** The useful part of a failed build's output: from the failure, without the watched-file list. */
function buildError(output: string): string {
  const lines = output.split("\n");
  const failed = lines.findIndex((line) => /error|failed/i.test(line));
  const from = failed === -1 ? Math.max(0, lines.length - 30) : failed;
  const until = lines.findIndex((line, index) => index > from && /^\s*(watchFiles:|at )/.test(line));
  return lines.slice(from, until === -1 ? from + 30 : until).join("\n");
}

async function build(): Promise<void> {
  log(`building the production site into ${BUILD_DIR}/ ...`);
  const env = { ...process.env, SITE_BUILD_DIR: BUILD_DIR, NODE_ENV: "production" as const };
  const result = await runCommand("node_modules/.bin/remix", ["vite:build"], env);
  if (result.code !== 0) throw new Error(`The build failed (exit ${result.code}):\n${buildError(result.output)}`);
  log(`built in ${result.seconds.toFixed(0)} s`);
}

/** The site on the bench build and database; `fresh` starts from an empty database (seeded at start). */
async function startSite(
  sessionSecret: string,
  { fresh, env = {}, name = "site" }: { fresh: boolean; env?: Record<string, string>; name?: string },
): Promise<{ server: ServerProcess; siteUrl: string }> {
  if (fresh) await Promise.all(["", "-wal", "-shm", "-journal"].map((suffix) => rm(`${DATABASE}${suffix}`, { force: true })));
  const port = await freePort(nextPort++);
  const server = startServerProcess(name, TSX, ["scripts/start.ts"], {
    ...process.env,
    PORT: String(port),
    SITE_BUILD_DIR: BUILD_DIR,
    DATABASE_URL: DATABASE,
    NODE_ENV: "production" as const,
    SESSION_SECRET: sessionSecret,
    // The chat's per-address limit (20 a minute) would refuse the load test, which asks from one address.
    CHAT_RATE_LIMIT_PER_MINUTE: "1000000000",
    ...env,
  });
  const siteUrl = `http://127.0.0.1:${port}`;
  log(`starting ${name} on ${siteUrl}${fresh ? ` (fresh ${DATABASE})` : ""} ${Object.keys(env).length ? JSON.stringify(env) : ""}...`);
  try {
    // start.ts rebuilds when sources changed after our build, so allow time for that.
    await waitForOk(`${siteUrl}/healthz`, 5 * 60_000, server.alive);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`${reason}\nSite output:\n${server.output()}`);
  }
  log(`${name} is up`);
  return { server, siteUrl };
}

async function startExtraSite(sessionSecret: string, env: Record<string, string>, name = "second site"): Promise<ExtraSite> {
  const { server, siteUrl } = await startSite(sessionSecret, { fresh: false, env, name });
  return { url: siteUrl, pid: server.pid, clientDir: join(BUILD_DIR, "client"), stop: server.stop };
}

async function runMeasurement(measurement: Measurement, context: BenchContext): Promise<Section> {
  log(`-- ${measurement.title}`);
  try {
    return await measurement.run(context);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    log(`${measurement.title} failed: ${reason}`);
    return {
      title: measurement.title,
      columns: ["Result"],
      rows: [["not measured"]],
      budgets: measurement.budgets.map((item) => notMeasured(item.name, item.limit, "not measured")),
      notes: [`The measurement failed: ${reason.split("\n")[0]}`],
    };
  }
}

function oneMinuteLoad(): number {
  return loadavg()[0] ?? 0;
}

/** Load before and after the run; the run itself keeps about one core busy. */
function loadNote(before: number, after: number): string {
  const busy = before > availableParallelism() || after > availableParallelism() * 2;
  if (busy) log("warning: other work was running on this host, figures are noisy");
  return `${before.toFixed(1)} before, ${after.toFixed(1)} after${busy ? " (busy host: figures are noisy)" : ""}`;
}

function runInfo(load: string): RunInfo {
  const model = cpus()[0]?.model.trim() ?? "unknown CPU";
  return {
    load,
    date: new Date()
      .toISOString()
      .replace("T", " ")
      .replace(/\.\d+Z$/, " UTC"),
    node: process.version,
    cpus: `${availableParallelism()} CPUs (${model})`,
    settings: `load tests ${DURATION} s × ${CONNECTIONS} connections`,
  };
}

async function main(): Promise<void> {
  const started = Date.now();
  const loadBefore = oneMinuteLoad();
  await build();
  const scratchDir = await mkdtemp(join(tmpdir(), "bench-"));
  const sections: Section[] = [];
  try {
    const sessionSecret = randomBytes(32).toString("hex");
    const { server, siteUrl } = await startSite(sessionSecret, { fresh: true });
    const context: BenchContext = {
      siteUrl,
      duration: DURATION,
      connections: CONNECTIONS,
      scratchDir,
      log,
      server: server.pid === undefined ? undefined : { pid: server.pid, databasePath: DATABASE, sessionSecret },
      startSite: (env, name) => startExtraSite(sessionSecret, env, name),
    };
    for (const measurement of MEASUREMENTS)
      if (!ONLY || measurement.title.toLowerCase().includes(ONLY)) sections.push(await runMeasurement(measurement, context));
  } finally {
    await stopAll();
    await rm(scratchDir, { recursive: true, force: true });
  }
  const info = runInfo(loadNote(loadBefore, oneMinuteLoad()));
  console.log(`\n${consoleReport(info, sections)}`);
  if (ONLY) {
    log(`BENCH_ONLY is set: ${REPORT_FILE} left as it was (total ${((Date.now() - started) / 1000).toFixed(0)} s)`);
    return;
  }
  const previous = await readFile(REPORT_FILE, "utf8").catch(() => "");
  const kept = previous.includes(KEPT_HEADING) ? `\n${previous.slice(previous.indexOf(KEPT_HEADING))}` : "";
  await writeFile(REPORT_FILE, markdownReport(info, sections) + kept);
  log(`wrote ${REPORT_FILE} (total ${((Date.now() - started) / 1000).toFixed(0)} s)`);
}

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    log(`${signal}: stopping servers`);
    void stopAll().finally(() => process.exit(130));
  });
}

main().catch(async (error: unknown) => {
  await stopAll();
  console.error(`[bench] ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
});
