// Scale: every page of the site timed on the demo database and on a decade of
// an institute's data (db/seed-scale.ts) in the same run, on four site
// servers started together from the same build (demo and scale, each with the
// anonymous page cache on and off); then the accountant's invoice register for
// the busiest month, and other visitors' latency while an all-data export is
// written.
//
// A page's budget is relative: the scale median within max(2 × the demo
// median, the demo median + 20 ms), since what grows with the data is what a
// fix must bound, and small pages would fail a ratio on noise alone. An admin
// page must also stay at 50 ms or under on the scale data, where the panel is
// used all day.
import { timedRequest } from "./http";
import { rssOf, serverPid, waitUntilIdle } from "./memory";
import { scaleDatabase } from "./scale-database";
import type { ScaleDatabase } from "./scale-database";
import { deleteSharedFile, documentsIn, sharedFileId, smallExport, timeInvoiceRegister, visitorsDuringExport } from "./scale-exports";
import type { InvoiceRegister, Site } from "./scale-exports";
import { busiestStudent, coursesHeld, hasRow, latestOutboxMessage, readFixtures } from "./scale-fixtures";
import type { Fixtures } from "./scale-fixtures";
import { pageCatalogue, withDeepPages } from "./scale-pages";
import type { Cache, PageSpec, Side, Who } from "./scale-pages";
import { BUDGETS, cell, databaseTable, invoiceBudgets, invoiceTable, loadTable, pageBudgets, pageRow } from "./scale-report";
import type { PageResult } from "./scale-report";
import { SAMPLES, WARMUPS, timePair } from "./scale-timing";
import { plantAdmin, plantStudent, seatInBatch, signInStudent } from "./sessions";
import { notMeasured } from "./types";
import type { BenchContext, Budget, ExtraSite, Measurement, Section, Table } from "./types";

/** Connections per page in the load beside the export: a few visitors each, not a flood that queues on its own. */
const CONNECTIONS = Number(process.env.BENCH_SCALE_CONNECTIONS ?? 2);

type Servers = Record<Side, Record<Cache, ExtraSite>>;
type Cookies = Record<Side, Record<Exclude<Who, "anonymous">, string>>;

async function startServers(context: BenchContext, demoPath: string, scalePath: string): Promise<Servers> {
  if (!context.startSite) throw new Error("needs a way to start site servers");
  const start = context.startSite;
  // Started together so that all four run the same build: each server rebuilds first when the sources changed.
  const wanted = (["demo", "scale"] as const).flatMap((side) =>
    (["on", "off"] as const).map((cache) => ({
      side,
      cache,
      env: { DATABASE_URL: side === "demo" ? demoPath : scalePath, PAGE_CACHE: cache },
    })),
  );
  const started = await Promise.allSettled(wanted.map(({ side, cache, env }) => start(env, `${side} site (cache ${cache})`)));
  const failure = started.find((result) => result.status === "rejected");
  if (failure) {
    await Promise.all(started.map((result) => (result.status === "fulfilled" ? result.value.stop() : undefined)));
    throw failure.reason;
  }
  const sites = started.map((result) => (result as PromiseFulfilledResult<ExtraSite>).value);
  const servers = { demo: {}, scale: {} } as Servers;
  wanted.forEach(({ side, cache }, index) => (servers[side][cache] = sites[index] as ExtraSite));
  return servers;
}

/** The forgot-password form as a browser posts it. */
async function askForPasswordReset(siteUrl: string, email: string): Promise<void> {
  await timedRequest(new URL("/forgot-password", siteUrl).href, {
    method: "POST",
    headers: { origin: siteUrl, "sec-fetch-site": "same-origin", "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ email }).toString(),
  });
}

const allSites = (servers: Servers) => [servers.demo.on, servers.demo.off, servers.scale.on, servers.scale.off];

function nodePid(site: ExtraSite): number {
  if (site.pid === undefined) throw new Error("a site server's process id is not known");
  return serverPid(site.pid);
}

interface Prepared {
  cookies: Cookies;
  fixtures: Record<Side, Fixtures>;
  /** The demo data's student's address (the scale data's is in the summary). */
  demoStudentEmail: string;
  notes: string[];
}

/** Admins and students signed in on both databases, and the ids their pages use. */
async function prepare(context: BenchContext, scale: ScaleDatabase): Promise<Prepared> {
  const { databasePath: demoPath, sessionSecret } = context.server as NonNullable<BenchContext["server"]>;
  const sample = scale.summary.sample;
  const notes: string[] = [];
  const held = coursesHeld(scale.path, sample.studentId);
  const learnCourse = held.includes(sample.courseId) ? sample.courseId : held[0];
  if (learnCourse === undefined) throw new Error(`the summary's student ${sample.studentId} holds no course`);
  // On the demo data the student is a new account holding the same course.
  const demoStudent = plantStudent(demoPath, [learnCourse]);
  // Each side's timed student is seated in the batch whose next class comes soonest, for that class's page.
  const liveClass = { demo: seatInBatch(demoPath, demoStudent.id), scale: seatInBatch(scale.path, sample.studentId) };
  const eventOnDemo = hasRow(demoPath, "events", sample.eventId);
  if (!eventOnDemo)
    notes.push(
      `The scale data's busiest event (${sample.eventId}) is not in the demo data: each side's admin event pages show its own busiest event.`,
    );
  const fixtures: Record<Side, Fixtures> = {
    demo: readFixtures(demoPath, {
      student: busiestStudent(demoPath) ?? demoStudent.id,
      busyCourse: sample.courseId,
      learnCourse,
      demoPath,
      adminEvent: eventOnDemo ? sample.eventId : null,
      liveClass: liveClass.demo,
    }),
    scale: readFixtures(scale.path, {
      student: sample.studentId,
      busyCourse: sample.courseId,
      learnCourse,
      demoPath,
      adminEvent: sample.eventId,
      liveClass: liveClass.scale,
    }),
  };
  const [demoAdmin, scaleAdmin] = await Promise.all([plantAdmin(demoPath, sessionSecret), plantAdmin(scale.path, sessionSecret)]);
  const cookies: Cookies = {
    demo: { admin: demoAdmin.cookie, student: await signInStudent(demoPath, sessionSecret, demoStudent.id) },
    scale: { admin: scaleAdmin.cookie, student: await signInStudent(scale.path, sessionSecret, sample.studentId) },
  };
  notes.push(
    `Signed in: an admin (role admin) on each database; the student is, on the scale data, the summary's student with ` +
      `${sample.studentOrders} orders (${sample.studentEmail}), on the demo data a new account holding course ${learnCourse}. ` +
      `Admin pages open course ${sample.courseId} (${sample.courseEnrollments.toLocaleString("en-US")} paid enrolments on the scale data) and ` +
      `event ${fixtures.scale.adminEvent}; /admin/users/:id is that student on the scale data, the demo's student with the most orders on the demo data.`,
  );
  return { cookies, fixtures, demoStudentEmail: demoStudent.email, notes };
}

async function timePages(context: BenchContext, servers: Servers, prepared: Prepared, specs: PageSpec[]): Promise<PageResult[]> {
  const results: PageResult[] = [];
  for (const spec of specs)
    for (const cache of spec.who === "anonymous" ? (["on", "off"] as const) : (["on"] as const)) {
      const target = (side: Side) => {
        const path = spec.path(prepared.fixtures[side], side);
        if (path === null) return null;
        const cookie = spec.who === "anonymous" ? undefined : prepared.cookies[side][spec.who];
        return { url: new URL(path, servers[side][cache].url).href, cookie };
      };
      const { demo, scale } = await timePair(target("demo"), target("scale"));
      const result = { spec, cache, demo, scale };
      context.log(`${spec.page} (${spec.who}, cache ${cache}): demo ${cell(demo)}, scale ${cell(scale)}`);
      results.push(result);
    }
  return results;
}

const MB = 1024 * 1024;
const reasonOf = (error: unknown) => (error instanceof Error ? error.message : String(error)).split("\n")[0] ?? "";

/** What the run gathers; each stage adds to it, and one that fails leaves a note and the others' figures. */
interface Gathered {
  results: PageResult[];
  tables: Table[];
  budgets: Budget[];
  notes: string[];
  /** Generated export files to remove at the end. */
  files: { side: Side; id: number }[];
}

/** The accountant's register for the month with the most documents, on both databases. */
async function invoiceStage(
  servers: Servers,
  prepared: Prepared,
  scale: ScaleDatabase,
  demoPath: string,
  gathered: Gathered,
  log: (message: string) => void,
) {
  const month = scale.summary.sample.taxMonth;
  const documents = { demo: documentsIn(demoPath, month), scale: documentsIn(scale.path, month) };
  const invoice = {} as Record<Side, InvoiceRegister>;
  for (const side of ["demo", "scale"] as const) {
    log(`invoice register ${month} on the ${side} data ...`);
    const site: Site = { url: servers[side].on.url, pid: nodePid(servers[side].on) };
    invoice[side] = await timeInvoiceRegister(site, prepared.cookies[side].admin, month);
  }
  gathered.tables.push(invoiceTable(month, documents, invoice));
  gathered.budgets.push(...invoiceBudgets(invoice.scale));
}

/** Other visitors while the all-data export is written; then a generated file's page on both databases. */
async function exportStage(context: BenchContext, servers: Servers, prepared: Prepared, gathered: Gathered) {
  const scaleSite: Site = { url: servers.scale.on.url, pid: nodePid(servers.scale.on) };
  const { admin, student } = prepared.cookies.scale;
  const load = await visitorsDuringExport(
    scaleSite,
    admin,
    [
      { label: "/admin (admin)", path: "/admin", cookie: admin },
      { label: "/admin/users (admin)", path: "/admin/users", cookie: admin },
      { label: "/account (student)", path: "/account", cookie: student },
      { label: "/learn/:courseId (student)", path: `/learn/${prepared.fixtures.scale.learnCourse}`, cookie: student },
    ],
    { connections: CONNECTIONS, seconds: context.duration, log: context.log },
  );
  const loaded = loadTable(load, CONNECTIONS);
  gathered.tables.push(loaded.table);
  gathered.budgets.push(loaded.budget);
  gathered.notes.push(...loaded.notes);

  // The export's file on the scale data; a users export's (small, quick) on the demo data.
  for (const run of load.exports) {
    const id = await sharedFileId(servers.scale.on.url, admin, run.sharePath);
    if (id !== null) gathered.files.push({ side: "scale", id });
  }
  const scaleFile = gathered.files.find((file) => file.side === "scale")?.id ?? null;
  const demoFile = await smallExport(servers.demo.on.url, prepared.cookies.demo.admin);
  if (demoFile !== null) gathered.files.push({ side: "demo", id: demoFile });
  const filePage: PageSpec = {
    page: "/admin/users/files/:id",
    who: "admin",
    path: (_fixtures, side) => {
      const file = side === "demo" ? demoFile : scaleFile;
      return file === null ? null : `/admin/users/files/${file}`;
    },
  };
  gathered.results.push(...(await timePages(context, servers, prepared, [filePage])));
}

export const scale: Measurement = {
  title: "Scale: every page on the demo data and on a decade of data",
  budgets: Object.values(BUDGETS),
  async run(context: BenchContext): Promise<Section> {
    if (!context.server || !context.startSite) throw new Error("needs the bench database and a way to start site servers");
    const demoPath = context.server.databasePath;
    const started = performance.now();
    const scaleDb = await scaleDatabase(context);
    const sample = scaleDb.summary.sample;
    const prepared = await prepare(context, scaleDb);
    const gathered: Gathered = { results: [], tables: [databaseTable(scaleDb)], budgets: [], notes: [...prepared.notes], files: [] };

    const servers = await startServers(context, demoPath, scaleDb.path);
    try {
      const pids = allSites(servers).map(nodePid);
      context.log("waiting for the servers' start-up work to finish ...");
      if (!(await waitUntilIdle(pids, 180_000)))
        gathered.notes.push("The servers were still busy 3 minutes after they started; timing began anyway.");

      // The demo data has no mail yet: a password reset, asked as a browser asks, gives it a message for /admin/outbox/:id.
      if (prepared.fixtures.demo.outboxMessage === null) {
        await askForPasswordReset(servers.demo.on.url, prepared.demoStudentEmail);
        prepared.fixtures.demo.outboxMessage = latestOutboxMessage(demoPath);
      }
      const specs = await withDeepPages(pageCatalogue(sample), servers.scale.on.url, prepared.cookies.scale.admin);
      gathered.results.push(...(await timePages(context, servers, prepared, specs)));

      try {
        await invoiceStage(servers, prepared, scaleDb, demoPath, gathered, context.log);
      } catch (error) {
        gathered.notes.push(`The invoice register was not measured: ${reasonOf(error)}`);
        gathered.budgets.push(...invoiceBudgets(undefined));
      }
      try {
        await exportStage(context, servers, prepared, gathered);
      } catch (error) {
        gathered.notes.push(`The export under load was not measured: ${reasonOf(error)}`);
        gathered.budgets.push(notMeasured(BUDGETS.p99.name, BUDGETS.p99.limit, "not measured"));
      }

      const rss = allSites(servers).map((site) => `${((rssOf(nodePid(site)) ?? 0) / MB).toFixed(0)} MB`);
      gathered.notes.push(
        `Each page: ${WARMUPS} untimed requests then ${SAMPLES} timed ones, one at a time, alternating between the demo and the scale site ` +
          `(Accept-Encoding: gzip, time to the last byte). Signed-in pages run on the servers with the page cache on (it serves only anonymous visitors). ` +
          `Lists are searched for "${sample.nameSearch}" (${sample.nameSearchMatches.toLocaleString("en-US")} students on the scale data); ` +
          `the deep page is the scale list's last page, asked of both. Server RSS at the end: demo ${rss[0]} / ${rss[1]}, ` +
          `scale ${rss[2]} / ${rss[3]} (cache on / off). The section took ${((performance.now() - started) / 60_000).toFixed(1)} minutes.`,
      );
    } finally {
      for (const file of gathered.files)
        await deleteSharedFile(servers[file.side].on.url, prepared.cookies[file.side].admin, file.id).catch(() => undefined);
      await Promise.all(allSites(servers).map((site) => site.stop()));
    }
    if (scaleDb.summary.notes.length) gathered.notes.push(`The generator's notes: ${scaleDb.summary.notes.join("; ")}.`);
    return {
      title: this.title,
      columns: ["Page", "Who", "Cache", "Demo median (p90)", "Scale median (p90)", "Budget", "Verdict"],
      rows: gathered.results.map(pageRow),
      tables: gathered.tables,
      budgets: [...pageBudgets(gathered.results), ...gathered.budgets],
      notes: gathered.notes,
    };
  },
};
