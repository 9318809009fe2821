// The mixed load run: 100 connections for 120 s over a mix of what visitors
// do at once: public pages, /api reads and the form posts that write
// (contact messages, event registrations, as page forms and as JSON). Each
// route gets its own share of the connections, so its p99 is its own. The
// budgets: no errors, no response ≥ 500, and the server's memory at the end
// close to where it started. Figures go to docs/benchmarks.md and to the
// "load" section of docs/reliability.md.
import { randomBytes, randomUUID } from "node:crypto";
import { availableParallelism, loadavg } from "node:os";
import { createCookie } from "@remix-run/node";
import autocannon from "autocannon";
import type { Options, Request, Result } from "autocannon";
import Database from "better-sqlite3";
import { markdownTable, writeReliabilitySection } from "../reliability-report";
import { rssOf, serverPid } from "./memory";
import { budget } from "./types";
import type { BenchContext, Measurement, Section } from "./types";

const SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 120);
const P99_BUDGET_MS = 2_000;
// The heap grows to its working size under load, in steps, for up to a minute on
// Node 24 (60 s runs ended mid-climb: +62 MB, where a 180 s run levelled off at
// about 590 MB from the 30th second and gained 4 MB in its second half); after
// that a steady server stays put, while a leak keeps climbing.
const RSS_GROWTH_BUDGET_MB = 50;
// Enough for every registration of the run to be a new student's (about 200 a second here).
const STUDENTS = Math.ceil(SECONDS * 350);

const FAILURES = { name: "Mixed load: errors and responses ≥ 500", limit: "0" };
const SLOWEST_P99 = { name: "Mixed load: slowest route p99", limit: `≤ ${P99_BUDGET_MS} ms` };
const RSS_GROWTH = { name: "Mixed load: server RSS growth over the second half", limit: `≤ ${RSS_GROWTH_BUDGET_MB} MB` };
const RSS_EVERY_MS = 5_000;

type Route = { label: string; connections: number; options: Partial<Options> };

/** Students with live sessions, planted in the bench database and signed with the server's secret. */
async function plantStudents(databasePath: string, secret: string): Promise<string[]> {
  const database = new Database(databasePath);
  database.pragma("busy_timeout = 10000");
  const sids: string[] = [];
  try {
    const user = database.prepare(
      "INSERT INTO users (id, email, first_name, last_name, password_hash) VALUES (?, ?, 'Load', 'Student', '$argon2id$not-a-real-hash')",
    );
    const session = database.prepare("INSERT INTO sessions (sid, sess, expire) VALUES (?, ?, ?)");
    database.transaction(() => {
      for (let index = 0; index < STUDENTS; index++) {
        const id = randomUUID();
        const sid = randomBytes(24).toString("base64url");
        user.run(id, `load-${index}-${id.slice(0, 8)}@example.test`);
        session.run(sid, JSON.stringify({ userId: id }), Date.now() + 24 * 60 * 60 * 1000);
        sids.push(sid);
      }
    })();
  } finally {
    database.close();
  }
  const cookie = createCookie("__session", { secrets: [secret] });
  return Promise.all(sids.map(async (sid) => (await cookie.serialize(sid)).split(";")[0] ?? ""));
}

function openEvent(databasePath: string): number {
  const database = new Database(databasePath);
  try {
    return Number(
      database
        .prepare(
          "INSERT INTO events (title, description, event_type, event_date, max_participants) VALUES ('Load test webinar', 'Load run', 'webinar', ?, NULL)",
        )
        .run(Date.now() + 7 * 86_400_000).lastInsertRowid,
    );
  } finally {
    database.close();
  }
}

function routes(courseId: number, eventId: number, cookies: string[]): Route[] {
  const form = { "content-type": "application/x-www-form-urlencoded", accept: "text/html" };
  const json = { "content-type": "application/json" };
  const contact = (index: number) => ({
    name: "Load Visitor",
    email: "visitor@example.test",
    subject: `Load ${index}`,
    message: "When is the next batch?",
  });
  const registration = { name: "Load Student", email: "load@example.test", phone: "9876543210" };
  const read = (path: string, connections: number): Route => ({ label: `GET ${path}`, connections, options: { url: path } });
  // One counter for all connections: each registration comes from the next student, as in real life.
  let nextStudent = 0;
  const asNextStudent = (path: string, headers: Record<string, string>, body: string): Request[] => [
    {
      method: "POST",
      path,
      body,
      setupRequest: (request) => ({ ...request, headers: { ...headers, cookie: cookies[nextStudent++ % cookies.length] ?? "" } }),
    },
  ];
  return [
    read("/", 10),
    read("/courses", 8),
    read(`/courses/${courseId}`, 8),
    read("/events", 8),
    read("/blog", 6),
    read("/api/courses", 8),
    read("/api/events", 6),
    read("/api/blog", 6),
    {
      label: "POST /contact (form)",
      connections: 10,
      options: {
        requests: Array.from({ length: 50 }, (_, index) => ({
          method: "POST",
          path: "/contact",
          headers: form,
          body: new URLSearchParams(contact(index)).toString(),
        })),
      },
    },
    {
      label: "POST /api/contact",
      connections: 10,
      options: {
        requests: Array.from({ length: 50 }, (_, index) => ({
          method: "POST",
          path: "/api/contact",
          headers: json,
          body: JSON.stringify(contact(index)),
        })),
      },
    },
    {
      label: `POST /events/:id/register (form)`,
      connections: 10,
      options: { requests: asNextStudent(`/events/${eventId}/register`, form, new URLSearchParams(registration).toString()) },
    },
    {
      label: "POST /api/events/:id/register",
      connections: 10,
      options: { requests: asNextStudent(`/api/events/${eventId}/register`, json, JSON.stringify(registration)) },
    },
  ];
}

const MB = 1024 * 1024;

export const mixedLoad: Measurement = {
  title: "Mixed load: 100 connections over pages, API reads and form posts",
  budgets: [FAILURES, SLOWEST_P99, RSS_GROWTH],
  async run(context: BenchContext): Promise<Section> {
    if (!context.server) throw new Error("the mixed load needs the site server's pid and database");
    const { databasePath, sessionSecret } = context.server;
    const pid = serverPid(context.server.pid);
    const response = await fetch(new URL("/api/courses", context.siteUrl));
    const courses = (await response.json()) as { id: number }[];
    const courseId = courses[0]?.id;
    if (courseId === undefined) throw new Error("no course to load");
    const eventId = openEvent(databasePath);
    const cookies = await plantStudents(databasePath, sessionSecret);
    const plan = routes(courseId, eventId, cookies);
    const connections = plan.reduce((sum, route) => sum + route.connections, 0);

    const rssStart = rssOf(pid) ?? 0;
    const rssSamples: number[] = [];
    const sampler = setInterval(() => rssSamples.push(rssOf(pid) ?? 0), RSS_EVERY_MS);
    context.log(`load: ${plan.length} routes, ${connections} connections, ${SECONDS} s`);
    const results: Result[] = await Promise.all(
      plan.map((route) =>
        autocannon({
          url: new URL(route.options.url ?? "/", context.siteUrl).href,
          connections: route.connections,
          duration: SECONDS,
          timeout: 30,
          headers: { "accept-encoding": "gzip" },
          ...(route.options.requests ? { requests: route.options.requests } : {}),
        }),
      ),
    );
    clearInterval(sampler);
    const rssEnd = rssOf(pid) ?? 0;
    const rssHalfway = rssSamples[Math.floor(rssSamples.length / 2) - 1] ?? rssStart;

    const rows = plan.map((route, index) => {
      const result = results[index] as Result;
      const failed = result.errors + result.timeouts + result["5xx"];
      return [
        route.label,
        String(route.connections),
        String(result.requests.total),
        `${result.latency.p50} ms`,
        `${result.latency.p99} ms`,
        `${result["2xx"]} / ${result["3xx"]} / ${result["4xx"]}`,
        String(failed),
      ];
    });
    const failures = results.reduce((sum, result) => sum + result.errors + result.timeouts + result["5xx"], 0);
    const slowest = Math.max(...results.map((result) => result.latency.p99));
    const total = results.reduce((sum, result) => sum + result.requests.total, 0);
    const growth = rssEnd - rssHalfway;
    const columns = ["Route", "Connections", "Requests", "p50", "p99", "2xx / 3xx / 4xx", "Errors + ≥500"];
    const notes = [
      `${connections} connections for ${SECONDS} s against the production server, ${total} requests in all ` +
        `(${(total / SECONDS).toFixed(0)}/s). Form posts answer 302 (a redirect with a toast); each registration is a ` +
        `different student's (${STUDENTS.toLocaleString("en-IN")} planted), so a 4xx there would be a refusal to look into.`,
      `Server RSS every ${RSS_EVERY_MS / 1000} s: ${[rssStart, ...rssSamples, rssEnd].map((bytes) => (bytes / MB).toFixed(0)).join(" → ")} MB ` +
        `(start ${(rssStart / MB).toFixed(0)} MB, end ${(rssEnd / MB).toFixed(0)} MB; second half ${growth >= 0 ? "+" : ""}${(growth / MB).toFixed(0)} MB).`,
    ];
    const budgets = [
      budget(FAILURES.name, FAILURES.limit, String(failures), failures === 0),
      budget(SLOWEST_P99.name, SLOWEST_P99.limit, `${slowest} ms`, slowest <= P99_BUDGET_MS),
      budget(RSS_GROWTH.name, RSS_GROWTH.limit, `${(growth / MB).toFixed(0)} MB`, growth <= RSS_GROWTH_BUDGET_MB * MB),
    ];
    const budgetTable = markdownTable(
      ["Budget", "Limit", "Measured", "Result"],
      budgets.map((item) => [item.name, item.limit, item.actual, item.status]),
    );
    writeReliabilitySection(
      "load",
      `## Load: ${connections} connections for ${SECONDS} s (\`npm run bench\`, or \`BENCH_ONLY=mixed npm run bench\`)\n\n${markdownTable(columns, rows)}\n\n${budgetTable}\n\n${notes.join("\n\n")}\n\nHost load (1 min) at the end: ${loadavg()[0]?.toFixed(1)} on ${availableParallelism()} cores; figures from a busy host are noisy.`,
    );
    return {
      title: this.title,
      columns,
      rows,
      budgets,
      notes,
    };
  },
};
