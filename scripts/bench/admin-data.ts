// The admin's Users tab with a large institute's data: 100,000 rows
// in each of users, event_registrations, orders and enrollment_forms.
// Times the Excel exports through HTTP while sampling the SERVER process's
// resident memory (they are written with exceljs's streaming writer, so memory
// should stay flat however many rows there are), and times the Users table's
// pages (server-side pagination and search).
import { request } from "node:http";
import Database from "better-sqlite3";
import { RSS_SAMPLE_MS, rssOf, sampleRss, serverPid } from "./memory";
import { runCommand, TSX } from "./processes";
import { budget, notMeasured } from "./types";
import type { BenchContext, Budget, Measurement, Section } from "./types";

const SEED_ROWS = Number(process.env.BENCH_ADMIN_ROWS ?? 100_000);
const PAGE_SIZE = 25;
const PAGE_SAMPLES = 5;

// Budgets. An export is a download the admin waits for: 100,000 users is about
// 4 MB of .xlsx, and exceljs writes (and zips) some 10-20k rows a second on
// one core of this kind of machine, so 30 s leaves room for a busy host.
// all-data is four such tables (400,000 rows). Memory is the point of the
// streaming writer: a workbook built in memory grows by several hundred MB for
// this many rows, while a streamed one should grow by tens of MB (one batch of
// 1,000 rows, the zip's buffers and V8's slack), so 150 MB still fails a
// regression to an in-memory build. Table pages are plain server renders of
// 25 rows: 300 ms median keeps them feeling instant with 100,000 rows behind.
const EXPORT_USERS_BUDGET_S = 30;
const EXPORT_ALL_BUDGET_S = 120;
const EXPORT_RSS_GROWTH_BUDGET_MB = 150;
const TABLE_PAGE_BUDGET_MS = 300;

const BUDGETS = [
  { name: "Export users (100k): time", limit: `≤ ${EXPORT_USERS_BUDGET_S} s` },
  { name: "Export users (100k): server RSS growth", limit: `≤ ${EXPORT_RSS_GROWTH_BUDGET_MB} MB` },
  { name: "Export all-data (4 × 100k): time", limit: `≤ ${EXPORT_ALL_BUDGET_S} s` },
  { name: "Export all-data (4 × 100k): server RSS growth", limit: `≤ ${EXPORT_RSS_GROWTH_BUDGET_MB} MB` },
  { name: "/admin/users page 1 (median)", limit: `≤ ${TABLE_PAGE_BUDGET_MS} ms` },
  { name: "/admin/users last page (median)", limit: `≤ ${TABLE_PAGE_BUDGET_MS} ms` },
  { name: "/admin/users search (median)", limit: `≤ ${TABLE_PAGE_BUDGET_MS} ms` },
];

// ---------------------------------------------------------------------------
// Seeding: straight into the bench database, one transaction per table.

const DAY_MS = 24 * 60 * 60 * 1000;
const FIRST_NAMES = ["Aarav", "Priya", "Rohan", "Ananya", "Vikram", "Isha", "Karan", "Meera", "Arjun", "Sneha"];
const LAST_NAMES = ["Sharma", "Patel", "Iyer", "Reddy", "Gupta", "Nair", "Singh", "Das", "Kulkarni", "Mehta"];
const STATES = ["Maharashtra", "Karnataka", "Tamil Nadu", "Gujarat", "Delhi", "Kerala"];
const STATUSES = ["completed", "pending", "failed", "completed"];

function seed(databasePath: string, rows: number): { userSearch: string } {
  const database = new Database(databasePath);
  database.pragma("busy_timeout = 10000");
  try {
    const courseIds = (database.prepare("SELECT id FROM courses ORDER BY id").all() as { id: number }[]).map((row) => row.id);
    const eventIds = (database.prepare("SELECT id FROM events ORDER BY id").all() as { id: number }[]).map((row) => row.id);
    if (courseIds.length === 0 || eventIds.length === 0) throw new Error("the bench database has no courses or events to refer to");
    const now = Date.now();
    const userIds: string[] = [];

    const insertUser = database.prepare(
      "INSERT INTO users (id, email, first_name, last_name, is_admin, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
    );
    database.transaction(() => {
      for (let i = 0; i < rows; i++) {
        const id = `bench-user-${String(i).padStart(6, "0")}`;
        const created = now - (rows - i) * 600_000;
        userIds.push(id);
        insertUser.run(
          id,
          `student${i}@bench.example`,
          FIRST_NAMES[i % 10],
          LAST_NAMES[(i * 7) % 10],
          i % 5000 === 0 ? 1 : 0,
          created,
          created,
        );
      }
    })();

    const insertRegistration = database.prepare(
      "INSERT INTO event_registrations (user_id, event_id, name, email, phone, registered_at) VALUES (?, ?, ?, ?, ?, ?)",
    );
    database.transaction(() => {
      for (let i = 0; i < rows; i++)
        insertRegistration.run(
          userIds[i],
          eventIds[i % eventIds.length],
          `${FIRST_NAMES[i % 10]} ${LAST_NAMES[(i * 7) % 10]}`,
          `student${i}@bench.example`,
          `98${String(i).padStart(8, "0")}`,
          now - (rows - i) * 300_000,
        );
    })();

    const insertForm = database.prepare(
      `INSERT INTO enrollment_forms (user_id, name, whatsapp_number, email, age, country, state, city, experience_level,
         course_or_event_id, course_or_event_type, source_of_lead, created_at)
       VALUES (?, ?, ?, ?, ?, 'India', ?, 'City', 'beginner', ?, ?, 'Instagram', ?)`,
    );
    database.transaction(() => {
      for (let i = 0; i < rows; i++) {
        const isCourse = i % 3 !== 0;
        insertForm.run(
          userIds[i],
          `${FIRST_NAMES[i % 10]} ${LAST_NAMES[(i * 7) % 10]}`,
          `+91 98${String(i).padStart(8, "0")}`,
          `student${i}@bench.example`,
          18 + (i % 40),
          STATES[i % STATES.length],
          isCourse ? courseIds[i % courseIds.length] : eventIds[i % eventIds.length],
          isCourse ? "course" : "event",
          now - (rows - i) * 200_000,
        );
      }
    })();

    const insertEnrollment = database.prepare(
      `INSERT INTO orders (user_id, course_id, amount_paise, payment_status, provider, provider_payment_id, enrolled_at)
       VALUES (?, ?, ?, ?, 'stripe', ?, ?)`,
    );
    database.transaction(() => {
      for (let i = 0; i < rows; i++)
        insertEnrollment.run(
          userIds[i],
          courseIds[i % courseIds.length],
          499_900 + (i % 7) * 50,
          STATUSES[i % STATUSES.length],
          `pi_bench_${i}`,
          now - ((rows - i) * DAY_MS) / 1000,
        );
    })();
    return { userSearch: `student${Math.floor(rows * 0.54321)}@bench` };
  } finally {
    database.close();
  }
}

// ---------------------------------------------------------------------------
// HTTP

type Timed = { status: number; ms: number; bytes: number; headers: Record<string, string | string[] | undefined>; text: string };

/** One request, the body read to the end (kept only when small), timed. */
function timedRequest(url: string, options: { method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<Timed> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = request(url, { method: options.method ?? "GET", headers: options.headers }, (res) => {
      let bytes = 0;
      const kept: Buffer[] = [];
      res.on("data", (chunk: Buffer) => {
        bytes += chunk.length;
        if (bytes < 64 * 1024) kept.push(chunk);
      });
      res.on("error", reject);
      res.on("end", () =>
        resolve({
          status: res.statusCode ?? 0,
          ms: performance.now() - started,
          bytes,
          headers: res.headers,
          text: Buffer.concat(kept).toString("utf8"),
        }),
      );
    });
    req.setTimeout(10 * 60_000, () => req.destroy(new Error(`Timed out: ${url}`)));
    req.on("error", reject);
    req.end(options.body);
  });
}

async function signInAdmin(context: BenchContext, databasePath: string): Promise<string> {
  const adminId = `bench-admin-${Date.now()}`;
  const password = `bench-${Math.random().toString(36).slice(2)}-password`;
  // The same code as `npm run admin:create` (scripts/admin-create.ts).
  const created = await runCommand(TSX, ["scripts/admin-create.ts", "--id", adminId, "--role", "admin"], {
    ...process.env,
    DATABASE_URL: databasePath,
    ADMIN_PASSWORD: password,
  });
  if (created.code !== 0) throw new Error(`admin:create failed: ${created.output.trim()}`);
  const login = await timedRequest(new URL("/api/admin/login", context.siteUrl).href, {
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

async function measureExport(context: BenchContext, cookie: string, pid: number, dataset: string): Promise<ExportFigures> {
  // Let the server settle (and collect garbage from the seeding's page renders) before the baseline.
  await new Promise((resolve) => setTimeout(resolve, 2000));
  const baseline = rssOf(pid) ?? 0;
  const sampler = sampleRss(pid);
  context.log(`export ${dataset} ...`);
  const response = await timedRequest(new URL(`/api/admin/export/${dataset}`, context.siteUrl).href, { headers: { Cookie: cookie } });
  const peak = sampler.stop();
  if (response.status !== 200)
    throw new Error(`GET /api/admin/export/${dataset} answered ${response.status}: ${response.text.slice(0, 200)}`);
  return { seconds: response.ms / 1000, bytes: response.bytes, baseline, peak, sharePath: String(response.headers["x-shared-link"] ?? "") };
}

/** Median time of a few requests to a table page, or the reason it could not be measured. */
async function measurePage(context: BenchContext, cookie: string, path: string): Promise<{ ms: number } | { reason: string }> {
  const url = new URL(path, context.siteUrl).href;
  const first = await timedRequest(url, { headers: { Cookie: cookie } });
  if (first.status !== 200) return { reason: `answered ${first.status}` };
  const times: number[] = [];
  for (let i = 0; i < PAGE_SAMPLES; i++) times.push((await timedRequest(url, { headers: { Cookie: cookie } })).ms);
  return { ms: median(times) };
}

export const adminData: Measurement = {
  title: `Admin data: ${SEED_ROWS.toLocaleString("en-US")} rows per table (exports and the Users table)`,
  budgets: BUDGETS,
  async run(context: BenchContext): Promise<Section> {
    if (!context.server) throw new Error("the site server's process id is not known");
    const databasePath = context.server.databasePath;
    const notes: string[] = [];
    const rows: string[][] = [];
    const budgets: Budget[] = [];

    context.log(`seeding ${SEED_ROWS} rows into each of users, event_registrations, enrollment_forms, orders ...`);
    const seedStarted = performance.now();
    const { userSearch } = seed(databasePath, SEED_ROWS);
    notes.push(
      `Seeded ${SEED_ROWS.toLocaleString("en-US")} rows per table in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s (better-sqlite3, one transaction per table).`,
    );

    const cookie = await signInAdmin(context, databasePath);
    const pid = serverPid(context.server.pid);
    const sharePaths: string[] = [];

    for (const [dataset, timeBudget, label] of [
      ["users", EXPORT_USERS_BUDGET_S, "Export users (100k)"],
      ["all-data", EXPORT_ALL_BUDGET_S, "Export all-data (4 × 100k)"],
    ] as const) {
      try {
        const figures = await measureExport(context, cookie, pid, dataset);
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
      const result = await measurePage(context, cookie, path);
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
    const files = await timedRequest(new URL("/api/admin/shared-files", context.siteUrl).href, { headers: { Cookie: cookie } });
    if (files.status === 200) {
      const listed = JSON.parse(files.text) as { id: number; fullShareLink: string }[];
      for (const file of listed.filter((item) => sharePaths.some((path) => path && item.fullShareLink.endsWith(path))))
        await timedRequest(new URL(`/api/admin/shared-files/${file.id}`, context.siteUrl).href, {
          method: "DELETE",
          headers: { Cookie: cookie },
        });
    }

    notes.push(
      `Exports are timed from the request to the last byte of the download (generation and transfer over loopback). ` +
        `Server RSS is /proc/<pid>/status VmRSS of the site's node process, sampled every ${RSS_SAMPLE_MS} ms: the baseline just ` +
        `before the request, the peak during it, and the growth between them (after the load tests the baseline includes ` +
        `heap the server kept from them, so growth can read lower than on a fresh server). Table pages: ${userCount.toLocaleString("en-US")} users, ` +
        `${PAGE_SIZE} rows a page, median of ${PAGE_SAMPLES} requests after one warm-up, signed in as an admin (no page cache).`,
    );
    return {
      title: this.title,
      columns: ["Request", "Time", "Size", "RSS before", "RSS peak", "RSS growth"],
      rows,
      budgets,
      notes,
    };
  },
};
