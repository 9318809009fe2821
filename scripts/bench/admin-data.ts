// The admin's Users tab with a large institute's data: the scale database
// (scale-database.ts, BENCH_SCALE_STUDENTS students, ten years of orders,
// registrations and enrolment forms), on a site server of its own.
// Times the Excel exports through HTTP while sampling the SERVER process's
// resident memory (they are written with exceljs's streaming writer, so memory
// should stay flat however many rows there are), and times the Users table's
// pages (server-side pagination and search).
import Database from "better-sqlite3";
import { timedRequest } from "./http";
import { RSS_SAMPLE_MS, rssOf, sampleRss, serverPid } from "./memory";
import { runCommand, TSX } from "./processes";
import { SCALE_STUDENTS, scaleDatabase } from "./scale-database";
import { budget, notMeasured } from "./types";
import type { BenchContext, Budget, Measurement, Section } from "./types";

const PAGE_SIZE = 25;
const PAGE_SAMPLES = 5;

// Budgets. An export is a download the admin waits for: 100,000 users is about
// 4 MB of .xlsx, and exceljs writes (and zips) some 10-20k rows a second on
// one core of this kind of machine, so 30 s leaves room for a busy host.
// all-data is four tables (with 100,000 students some 400,000 rows: the
// users, half as many registrations, their course orders, the enrolment forms
// kept). Memory is the point of the streaming writer: a workbook built in
// memory grows by several hundred MB for this many rows, while a streamed one
// should grow by tens of MB (one batch of 1,000 rows, the zip's buffers and
// V8's slack), so 150 MB still fails a regression to an in-memory build. Table pages are plain server renders of
// 25 rows: 300 ms median keeps them feeling instant with 100,000 rows behind.
const EXPORT_USERS_BUDGET_S = 30;
const EXPORT_ALL_BUDGET_S = 120;
const EXPORT_RSS_GROWTH_BUDGET_MB = 150;
const TABLE_PAGE_BUDGET_MS = 300;

const STUDENTS_LABEL = `${SCALE_STUDENTS / 1000}k students`;
const USERS_LABEL = `Export users (${STUDENTS_LABEL})`;
const ALL_LABEL = `Export all-data (${STUDENTS_LABEL})`;

const BUDGETS = [
  { name: `${USERS_LABEL}: time`, limit: `≤ ${EXPORT_USERS_BUDGET_S} s` },
  { name: `${USERS_LABEL}: server RSS growth`, limit: `≤ ${EXPORT_RSS_GROWTH_BUDGET_MB} MB` },
  { name: `${ALL_LABEL}: time`, limit: `≤ ${EXPORT_ALL_BUDGET_S} s` },
  { name: `${ALL_LABEL}: server RSS growth`, limit: `≤ ${EXPORT_RSS_GROWTH_BUDGET_MB} MB` },
  { name: "/admin/users page 1 (median)", limit: `≤ ${TABLE_PAGE_BUDGET_MS} ms` },
  { name: "/admin/users last page (median)", limit: `≤ ${TABLE_PAGE_BUDGET_MS} ms` },
  { name: "/admin/users search (median)", limit: `≤ ${TABLE_PAGE_BUDGET_MS} ms` },
];

async function signInAdmin(siteUrl: string, databasePath: string): Promise<string> {
  const adminId = `bench-admin-${Date.now()}`;
  const password = `bench-${Math.random().toString(36).slice(2)}-password`;
  // The same code as `npm run admin:create` (scripts/admin-create.ts).
  const created = await runCommand(TSX, ["scripts/admin-create.ts", "--id", adminId, "--role", "admin"], {
    ...process.env,
    DATABASE_URL: databasePath,
    ADMIN_PASSWORD: password,
  });
  if (created.code !== 0) throw new Error(`admin:create failed: ${created.output.trim()}`);
  const login = await timedRequest(new URL("/api/admin/login", siteUrl).href, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ adminId, password }),
  });
  const cookie = ([] as string[]).concat(login.headers["set-cookie"] ?? [])[0]?.split(";")[0];
  if (login.status !== 200 || !cookie) throw new Error(`admin sign-in answered ${login.status}: ${login.text.slice(0, 200)}`);
  return cookie;
}

const MB = 1024 * 1024;
const mb = (bytes: number) => `${(bytes / MB).toFixed(0)} MB`;
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] as number) : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
};

type ExportFigures = { seconds: number; bytes: number; baseline: number; peak: number; sharePath: string };

async function measureExport(context: BenchContext, siteUrl: string, cookie: string, pid: number, dataset: string): Promise<ExportFigures> {
  // Let the server settle (its start-up work, the previous export's garbage) before the baseline.
  await new Promise((resolve) => setTimeout(resolve, 2000));
  const baseline = rssOf(pid) ?? 0;
  const sampler = sampleRss(pid);
  context.log(`export ${dataset} ...`);
  const response = await timedRequest(new URL(`/api/admin/export/${dataset}`, siteUrl).href, { headers: { Cookie: cookie } });
  const peak = sampler.stop();
  if (response.status !== 200)
    throw new Error(`GET /api/admin/export/${dataset} answered ${response.status}: ${response.text.slice(0, 200)}`);
  return { seconds: response.ms / 1000, bytes: response.bytes, baseline, peak, sharePath: String(response.headers["x-shared-link"] ?? "") };
}

/** Median time of a few requests to a table page, or the reason it could not be measured. */
async function measurePage(siteUrl: string, cookie: string, path: string): Promise<{ ms: number } | { reason: string }> {
  const url = new URL(path, siteUrl).href;
  const first = await timedRequest(url, { headers: { Cookie: cookie } });
  if (first.status !== 200) return { reason: `answered ${first.status}` };
  const times: number[] = [];
  for (let i = 0; i < PAGE_SAMPLES; i++) times.push((await timedRequest(url, { headers: { Cookie: cookie } })).ms);
  return { ms: median(times) };
}

export const adminData: Measurement = {
  // Not "scale" in the title: BENCH_ONLY=scale is the page measurement alone.
  title: `Admin data: ten years of ${STUDENTS_LABEL} (exports and the Users table)`,
  budgets: BUDGETS,
  async run(context: BenchContext): Promise<Section> {
    if (!context.startSite) throw new Error("needs a way to start a site server on the scale database");
    const notes: string[] = [];
    const rows: string[][] = [];
    const budgets: Budget[] = [];

    const scale = await scaleDatabase(context);
    const databasePath = scale.path;
    const userSearch = scale.summary.sample.userSearch;
    notes.push(
      scale.reused
        ? `The scale database was reused (BENCH_SCALE_REUSE=1).`
        : `The scale database (${scale.students.toLocaleString("en-US")} students) was seeded in ${scale.seedSeconds.toFixed(1)} s.`,
    );
    const site = await context.startSite({ DATABASE_URL: databasePath }, "scale site");
    try {
      if (site.pid === undefined) throw new Error("the scale site's process id is not known");
      notes.push(...(await measureAll(context, site.url, serverPid(site.pid), databasePath, userSearch, rows, budgets)));
    } finally {
      await site.stop();
    }
    return {
      title: this.title,
      columns: ["Request", "Time", "Size", "RSS before", "RSS peak", "RSS growth"],
      rows,
      budgets,
      notes,
    };
  },
};

/** The exports and the table pages on a running site; adds rows and budgets, returns notes. */
async function measureAll(
  context: BenchContext,
  siteUrl: string,
  pid: number,
  databasePath: string,
  userSearch: string,
  rows: string[][],
  budgets: Budget[],
): Promise<string[]> {
  const notes: string[] = [];
  const cookie = await signInAdmin(siteUrl, databasePath);
  const sharePaths: string[] = [];

  for (const [dataset, timeBudget, label] of [
    ["users", EXPORT_USERS_BUDGET_S, USERS_LABEL],
    ["all-data", EXPORT_ALL_BUDGET_S, ALL_LABEL],
  ] as const) {
    try {
      const figures = await measureExport(context, siteUrl, cookie, pid, dataset);
      sharePaths.push(figures.sharePath);
      const growth = Math.max(0, figures.peak - figures.baseline);
      rows.push([
        `GET /api/admin/export/${dataset}`,
        `${figures.seconds.toFixed(1)} s`,
        `${(figures.bytes / MB).toFixed(1)} MB`,
        mb(figures.baseline),
        mb(figures.peak),
        mb(growth),
      ]);
      budgets.push(budget(`${label}: time`, `≤ ${timeBudget} s`, `${figures.seconds.toFixed(1)} s`, figures.seconds <= timeBudget));
      budgets.push(
        budget(
          `${label}: server RSS growth`,
          `≤ ${EXPORT_RSS_GROWTH_BUDGET_MB} MB`,
          mb(growth),
          growth <= EXPORT_RSS_GROWTH_BUDGET_MB * MB,
        ),
      );
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      rows.push([`GET /api/admin/export/${dataset}`, "not measured", "", "", "", ""]);
      notes.push(`${dataset} export failed: ${reason.split("\n")[0]}`);
      budgets.push(notMeasured(`${label}: time`, `≤ ${timeBudget} s`, "not measured"));
      budgets.push(notMeasured(`${label}: server RSS growth`, `≤ ${EXPORT_RSS_GROWTH_BUDGET_MB} MB`, "not measured"));
    }
  }

  // The Users table: first page, last page, a search.
  const users = new Database(databasePath, { readonly: true });
  const userCount = (users.prepare("SELECT count(*) AS n FROM users").get() as { n: number }).n;
  users.close();
  const lastPage = Math.max(1, Math.ceil(userCount / PAGE_SIZE));
  const pageRows: string[][] = [];
  for (const [name, path] of [
    ["/admin/users page 1 (median)", "/admin/users"],
    ["/admin/users last page (median)", `/admin/users?page=${lastPage}`],
    ["/admin/users search (median)", `/admin/users?q=${encodeURIComponent(userSearch)}`],
  ] as const) {
    context.log(`table ${path} ...`);
    const result = await measurePage(siteUrl, cookie, path);
    const limit = `≤ ${TABLE_PAGE_BUDGET_MS} ms`;
    if ("reason" in result) {
      pageRows.push([`GET ${path}`, "not measured", "", "", "", ""]);
      notes.push(`${path} ${result.reason} (is the Users tab built?).`);
      budgets.push(notMeasured(name, limit, "not measured"));
    } else {
      pageRows.push([`GET ${path}`, `${result.ms.toFixed(0)} ms`, "", "", "", ""]);
      budgets.push(budget(name, limit, `${result.ms.toFixed(0)} ms`, result.ms <= TABLE_PAGE_BUDGET_MS));
    }
  }
  rows.push(...pageRows);

  // The generated files are large; revoke them (file and row) now they are measured.
  const files = await timedRequest(new URL("/api/admin/shared-files", siteUrl).href, { headers: { Cookie: cookie } });
  if (files.status === 200) {
    const listed = JSON.parse(files.text) as { id: number; fullShareLink: string }[];
    for (const file of listed.filter((item) => sharePaths.some((path) => path && item.fullShareLink.endsWith(path))))
      await timedRequest(new URL(`/api/admin/shared-files/${file.id}`, siteUrl).href, {
        method: "DELETE",
        headers: { Cookie: cookie },
      });
  }

  notes.push(
    `Exports are timed from the request to the last byte of the download (generation and transfer over loopback). ` +
      `Server RSS is /proc/<pid>/status VmRSS of the site's node process, sampled every ${RSS_SAMPLE_MS} ms: the baseline just ` +
      `before the request, the peak during it, and the growth between them, on a server started for this measurement ` +
      `(the all-data export's baseline includes what the users export left). Table pages: ${userCount.toLocaleString("en-US")} users, ` +
      `${PAGE_SIZE} rows a page, median of ${PAGE_SAMPLES} requests after one warm-up, signed in as an admin (no page cache).`,
  );
  return notes;
}
