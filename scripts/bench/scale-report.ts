// The scale measurement's tables and budgets, from what scale.ts measured.
import type { ScaleDatabase } from "./scale-database";
import type { ExportUnderLoad, InvoiceRegister } from "./scale-exports";
import type { Cache, PageSpec, Side, Who } from "./scale-pages";
import type { Timing } from "./scale-timing";
import { budget, notMeasured } from "./types";
import type { Budget, Table } from "./types";

export const ADMIN_LIMIT_MS = 50;
export const RATIO = 2;
export const SLACK_MS = 20;
export const INVOICE_LIMIT_MS = 1000;
export const INVOICE_RSS_MB = 50;
export const P99_RATIO = 1.5;

const MB = 1024 * 1024;
const mb = (bytes: number) => `${(bytes / MB).toFixed(0)} MB`;
const ms = (value: number) => `${value.toFixed(value < 100 ? 1 : 0)} ms`;

export const BUDGETS = {
  answers: { name: "Scale: every page answers 200 on both databases", limit: "no failures" },
  relative: { name: "Scale: page medians on the scale data", limit: `≤ max(${RATIO} × demo, demo + ${SLACK_MS} ms)` },
  admin: { name: "Scale: admin page medians on the scale data", limit: `≤ ${ADMIN_LIMIT_MS} ms` },
  invoiceTime: { name: "Scale: invoice register of the busiest month (median)", limit: `< ${INVOICE_LIMIT_MS / 1000} s` },
  invoiceRss: { name: "Scale: invoice register, server RSS growth", limit: `≤ ${INVOICE_RSS_MB} MB` },
  p99: { name: "Scale: other visitors' p99 during an all-data export", limit: `≤ ${P99_RATIO} × p99 without` },
};

export interface PageResult {
  spec: PageSpec;
  cache: Cache;
  demo: Timing | null;
  scale: Timing | null;
}

/** The limit a page's scale median must keep, from its demo median. */
function limitFor(who: Who, demoMs: number): number {
  const relative = Math.max(RATIO * demoMs, demoMs + SLACK_MS);
  return who === "admin" ? Math.min(relative, ADMIN_LIMIT_MS) : relative;
}

export const cell = (timing: Timing | null) =>
  timing === null ? "n/a" : timing.ok ? `${ms(timing.medianMs)} (p90 ${ms(timing.p90Ms)})` : `FAILED ${timing.reason}`;

export function pageRow({ spec, cache, demo, scale }: PageResult): string[] {
  const base = [spec.page, spec.who, cache, cell(demo), cell(scale)];
  if (!demo?.ok || !scale?.ok) {
    const missing = demo === null || scale === null ? "not on both databases" : "FAILED";
    return [...base, "", missing];
  }
  const limit = limitFor(spec.who, demo.medianMs);
  return [...base, `≤ ${ms(limit)}`, scale.medianMs <= limit ? "PASS" : "FAIL"];
}

function listed(names: string[], max = 8): string {
  return names.length <= max ? names.join("; ") : `${names.slice(0, max).join("; ")}; and ${names.length - max} more`;
}

export function pageBudgets(results: PageResult[]): Budget[] {
  const label = (result: PageResult) =>
    `${result.spec.page} (${result.spec.who}${result.spec.who === "anonymous" ? `, cache ${result.cache}` : ""})`;
  const failed = results.filter((result) => (result.demo && !result.demo.ok) || (result.scale && !result.scale.ok));
  const timed = results.flatMap((result) =>
    result.demo?.ok && result.scale?.ok ? [{ result, demo: result.demo.medianMs, scale: result.scale.medianMs }] : [],
  );
  const overRelative = timed.filter(({ demo, scale }) => scale > Math.max(RATIO * demo, demo + SLACK_MS));
  const admin = timed.filter(({ result }) => result.spec.who === "admin");
  const overAdmin = admin.filter(({ scale }) => scale > ADMIN_LIMIT_MS);
  return [
    budget(
      BUDGETS.answers.name,
      BUDGETS.answers.limit,
      failed.length ? `${failed.length} failed: ${listed(failed.map(label))}` : `${results.length} of ${results.length}`,
      failed.length === 0,
    ),
    budget(
      BUDGETS.relative.name,
      BUDGETS.relative.limit,
      overRelative.length
        ? `${timed.length - overRelative.length} of ${timed.length} within; over: ${listed(overRelative.map(({ result, demo, scale }) => `${label(result)} ${ms(demo)} → ${ms(scale)}`))}`
        : `${timed.length} of ${timed.length} within`,
      overRelative.length === 0 && timed.length > 0,
    ),
    budget(
      BUDGETS.admin.name,
      BUDGETS.admin.limit,
      overAdmin.length
        ? `${admin.length - overAdmin.length} of ${admin.length} within; over: ${listed(overAdmin.map(({ result, scale }) => `${result.spec.page} ${ms(scale)}`))}`
        : `${admin.length} of ${admin.length} within`,
      overAdmin.length === 0 && admin.length > 0,
    ),
  ];
}

export function invoiceTable(month: string, documents: Record<Side, number>, figures: Record<Side, InvoiceRegister>): Table {
  const row = (side: Side) => {
    const result = figures[side];
    if (!result.ok) return [side, month, documents[side].toLocaleString("en-US"), `FAILED ${result.reason}`, "", "", "", "", ""];
    return [
      side,
      month,
      documents[side].toLocaleString("en-US"),
      ms(result.medianMs),
      ms(result.maxMs),
      `${(result.bytes / 1024).toFixed(0)} KB`,
      mb(result.baseline),
      mb(result.peak),
      mb(Math.max(0, result.peak - result.baseline)),
    ];
  };
  return {
    title: "POST /admin/settings/invoice-register (the Settings page's form, as a browser posts it)",
    columns: ["Data", "Month", "Documents", "Median", "Slowest", "Size", "RSS before", "RSS peak", "RSS growth"],
    rows: [row("demo"), row("scale")],
  };
}

export function invoiceBudgets(result: InvoiceRegister | undefined): Budget[] {
  if (!result?.ok) {
    const reason = result ? `failed: ${result.reason}` : "not measured";
    return [
      notMeasured(BUDGETS.invoiceTime.name, BUDGETS.invoiceTime.limit, reason),
      notMeasured(BUDGETS.invoiceRss.name, BUDGETS.invoiceRss.limit, reason),
    ];
  }
  const growth = Math.max(0, result.peak - result.baseline);
  return [
    budget(
      BUDGETS.invoiceTime.name,
      BUDGETS.invoiceTime.limit,
      `${ms(result.medianMs)} (slowest ${ms(result.maxMs)})`,
      result.medianMs < INVOICE_LIMIT_MS,
    ),
    budget(BUDGETS.invoiceRss.name, BUDGETS.invoiceRss.limit, mb(growth), growth <= INVOICE_RSS_MB * MB),
  ];
}

export function loadTable(load: ExportUnderLoad, connections: number): { table: Table; budget: Budget; notes: string[] } {
  const rows = load.without.map((without, index) => {
    const during = load.during[index] as (typeof load.during)[number];
    const limit = P99_RATIO * without.p99Ms;
    return [
      without.label,
      `${without.p99Ms} ms`,
      `${during.p99Ms} ms`,
      without.rps.toFixed(0),
      during.rps.toFixed(0),
      `≤ ${limit.toFixed(0)} ms`,
      during.p99Ms <= limit && during.failures === 0 ? "PASS" : "FAIL",
    ];
  });
  const over = load.without.filter((without, index) => (load.during[index]?.p99Ms ?? Infinity) > P99_RATIO * without.p99Ms);
  const failures = [...load.without, ...load.during].reduce((sum, result) => sum + result.failures, 0);
  const worst = Math.max(...load.without.map((without, index) => (load.during[index]?.p99Ms ?? Infinity) / Math.max(1, without.p99Ms)));
  const failed = load.exports.find((run) => run.status !== 200);
  const first = load.exports[0];
  const notes = [
    `All-data exports beside the visitors: ${load.exports.length}` +
      (first && first.status === 200 ? ` (the first ${first.seconds.toFixed(1)} s, ${(first.bytes / MB).toFixed(1)} MB)` : "") +
      `${failed ? `; one answered ${failed.status}: ${failed.reason ?? ""}` : ""}; server RSS ${mb(load.baseline)} before, ${mb(load.peak)} at the peak. ` +
      `${connections} connections per page, ${load.without.length} pages at once, Accept-Encoding: gzip.`,
  ];
  if (failures) notes.push(`${failures} visitor requests failed during the two load runs.`);
  const problems = [
    over.length ? `over: ${over.map((item) => item.label).join(", ")}` : "",
    failures ? `${failures} failed requests` : "",
    failed ? `an export answered ${failed.status}` : "",
  ];
  return {
    table: {
      title: "Other visitors while an admin's all-data export is written (scale data)",
      columns: ["Page", "p99 without", "p99 during", "req/s without", "req/s during", "Budget", "Verdict"],
      rows,
    },
    budget: budget(
      BUDGETS.p99.name,
      BUDGETS.p99.limit,
      [`worst ${worst.toFixed(2)} ×`, ...problems.filter(Boolean)].join("; "),
      over.length === 0 && failures === 0 && !failed,
    ),
    notes,
  };
}

export function databaseTable(scale: ScaleDatabase): Table {
  // The demo content the seed starts from is left out of the size a number of students costs.
  const perHundredThousand = ((scale.bytes - scale.demoBytes) * 100_000) / scale.students;
  const rows = [
    ["Students", scale.students.toLocaleString("en-US")],
    ["Seeding time (seedScaleData)", scale.reused ? "reused (BENCH_SCALE_REUSE=1)" : `${scale.seedSeconds.toFixed(1)} s`],
    ["Database file (demo content included)", `${mb(scale.bytes)} (demo alone ${mb(scale.demoBytes)})`],
    ["Database size per 100k students", mb(perHundredThousand)],
    ...Object.entries(scale.summary.rows)
      .sort((a, b) => b[1] - a[1])
      .map(([table, count]) => [`Rows added: ${table}`, count.toLocaleString("en-US")]),
  ];
  return { title: `The scale database (${scale.path})`, columns: ["Figure", "Value"], rows };
}
