// Pages as a signed-in student and as an anonymous visitor with the page cache
// switched off, each against the same bytes served as a static file by the
// same server in the same run: the ratio is what building the page costs.
//
// It starts a second site server on the bench database with PAGE_CACHE=off,
// so what an anonymous visitor gets there is rendered, not replayed from the
// 10 s cache. Each measurement runs BENCH_ROUNDS times (default 2) and the
// budget takes the worst round, because other work on a shared host moves
// the figures from one run to the next.
import { mkdir, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import autocannon from "autocannon";
import { firstLessonOf, plantStudent, seatInBatch, signInStudent } from "./sessions";
import { budget, notMeasured } from "./types";
import type { BenchContext, Budget, Measurement, Section } from "./types";

// A student's page is served from a stored copy of their own (decision 0017), so all that
// is left to do per request is knowing who they are: it should cost little beside the file.
const RATIO_BUDGET: Record<Visitor, number> = { student: 0.8, "batch student": 0.8, anonymous: 0.4 };
const P99_BUDGET_MS = 100;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP ?? 1);
/** Where the static copies go: a folder the site serves from its build, removed afterwards. */
const COPIES_FOLDER = "bench-copies";

const VISITORS = ["student", "anonymous"] as const;
/** "batch student": seated in a batch, so /learn leads with the batch's next class. */
type Visitor = (typeof VISITORS)[number] | "batch student";
// The classroom is the enrolled student's alone (anyone else is sent away).
const PAGES: { page: string; visitors: readonly Visitor[] }[] = [
  { page: "/", visitors: VISITORS },
  { page: "/courses", visitors: VISITORS },
  { page: "/courses/:id", visitors: VISITORS },
  { page: "/events", visitors: VISITORS },
  { page: "/learn", visitors: ["student", "batch student"] },
  { page: "/learn/:id", visitors: ["student"] },
  { page: "/learn/:id/:lesson", visitors: ["student"] },
];

const VISITOR_NAMES: Record<Visitor, string> = {
  student: "Signed-in student",
  "batch student": "Signed-in student in a batch",
  anonymous: "Anonymous, cache off",
};
const budgetName = (page: string, visitor: Visitor) => `${VISITOR_NAMES[visitor]} ${page}`;
const limitFor = (visitor: Visitor) => `≥ ${RATIO_BUDGET[visitor] * 100}% of static, p99 ≤ ${P99_BUDGET_MS} ms`;

interface LoadResult {
  rps: number;
  p99Ms: number;
  failures: number;
}

async function load(url: string, context: BenchContext, cookie?: string): Promise<LoadResult> {
  const result = await autocannon({
    url,
    connections: context.connections,
    duration: context.duration,
    headers: { "accept-encoding": "gzip", ...(cookie ? { cookie } : {}) },
    warmup: WARMUP_SECONDS > 0 ? { duration: WARMUP_SECONDS } : undefined,
  });
  return { rps: result.requests.average, p99Ms: result.latency.p99, failures: result.errors + result.timeouts + result.non2xx };
}

const percent = (ratio: number) => `${(ratio * 100).toFixed(0)}%`;

export const visitorPages: Measurement = {
  title: "Pages for signed-in students and anonymous visitors (cache off) vs the same bytes as a static file",
  budgets: PAGES.flatMap(({ page, visitors }) =>
    visitors.map((visitor) => ({ name: budgetName(page, visitor), limit: limitFor(visitor) })),
  ),
  async run(context: BenchContext): Promise<Section> {
    if (!context.server || !context.startSite) throw new Error("needs the site server's database and a way to start another");
    const { databasePath, sessionSecret } = context.server;
    const site = await context.startSite({ PAGE_CACHE: "off" });
    const copies = join(site.clientDir, COPIES_FOLDER);
    const rows: string[][] = [];
    const notes: string[] = [];
    const budgets: Budget[] = [];
    try {
      const courses = (await (await fetch(new URL("/api/courses", site.url))).json()) as { id: number }[];
      const courseId = courses[0]?.id;
      if (courseId === undefined) throw new Error("no course to load");
      const student = plantStudent(databasePath, [courseId]);
      const lessonId = firstLessonOf(databasePath, courseId);
      const batchStudent = plantStudent(databasePath, []);
      seatInBatch(databasePath, batchStudent.id);
      const cookies: Record<Visitor, string | undefined> = {
        student: await signInStudent(databasePath, sessionSecret, student.id),
        "batch student": await signInStudent(databasePath, sessionSecret, batchStudent.id),
        anonymous: undefined,
      };
      await mkdir(copies, { recursive: true });

      const worst = new Map<string, { ratio: number; p99: number }>();
      for (let round = 1; round <= ROUNDS; round++) {
        for (const { page, visitors } of PAGES) {
          const path = page.replace(":id", String(courseId)).replace(":lesson", String(lessonId));
          for (const visitor of visitors) {
            const visitorCookie = cookies[visitor];
            const file = `${visitor.replace(" ", "-")}${path === "/" ? "-home" : path.replaceAll("/", "-")}.html`;
            const page200 = await fetch(new URL(path, site.url), { headers: visitorCookie ? { cookie: visitorCookie } : {} });
            const body = Buffer.from(await page200.text());
            if (page200.status !== 200) notes.push(`${visitor} ${path} answered ${page200.status}.`);
            if (visitorCookie && !body.includes("Welcome")) notes.push(`${path} did not greet the student: the session was not honoured.`);
            await writeFile(join(copies, file), body);
            context.log(`round ${round}: ${visitor} ${path} (${context.duration} s, ${context.connections} connections)`);
            const rendered = await load(new URL(path, site.url).href, context, visitorCookie);
            context.log(`round ${round}: static /${COPIES_FOLDER}/${file}`);
            const copy = await load(new URL(`/${COPIES_FOLDER}/${file}`, site.url).href, context);
            const ratio = copy.rps > 0 ? rendered.rps / copy.rps : 0;
            rows.push([
              String(round),
              page,
              visitor,
              rendered.rps.toFixed(0),
              `${rendered.p99Ms} ms`,
              copy.rps.toFixed(0),
              `${copy.p99Ms} ms`,
              percent(ratio),
              `${(body.length / 1024).toFixed(1)} KB`,
            ]);
            if (rendered.failures || copy.failures)
              notes.push(
                `round ${round} ${visitor} ${page}: ${rendered.failures} failed page responses, ${copy.failures} failed static responses.`,
              );
            const key = budgetName(page, visitor);
            const before = worst.get(key);
            worst.set(key, { ratio: Math.min(before?.ratio ?? Infinity, ratio), p99: Math.max(before?.p99 ?? 0, rendered.p99Ms) });
          }
        }
      }
      for (const { page, visitors } of PAGES)
        for (const visitor of visitors) {
          const key = budgetName(page, visitor);
          const figures = worst.get(key);
          if (!figures) budgets.push(notMeasured(key, limitFor(visitor), "not measured"));
          else
            budgets.push(
              budget(
                key,
                limitFor(visitor),
                `${percent(figures.ratio)}, p99 ${figures.p99} ms`,
                figures.ratio >= RATIO_BUDGET[visitor] && figures.p99 <= P99_BUDGET_MS,
              ),
            );
        }
    } finally {
      await rm(copies, { recursive: true, force: true });
      await site.stop();
    }
    notes.push(
      `${ROUNDS} rounds; each: ${context.duration} s per run after a ${WARMUP_SECONDS} s warm-up, ${context.connections} connections, ` +
        "Accept-Encoding: gzip. A second site server (PAGE_CACHE=off) serves both the pages and, from its build folder, " +
        "the static copy of the very bytes that page answered. 'student' sends a planted student's session cookie; " +
        "'batch student' one seated in the batch whose next class comes soonest. " +
        "The budget takes each page's worst round.",
    );
    return {
      title: this.title,
      columns: ["Round", "Page", "Visitor", "Page req/s", "Page p99", "Static req/s", "Static p99", "Page / static", "HTML"],
      rows,
      budgets,
      notes,
    };
  },
};
