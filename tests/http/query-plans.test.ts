import { readFileSync } from "node:fs";
import {
  partialIndexes,
  planStatements,
  recordedStatements,
  recordStatements,
  scansOf,
  type PlannerStatistics,
} from "../support/query-plans";
import { everyPage } from "./support/every-page";
import { expect, test, testDatabasePath } from "./support/test";

// Every statement a page view runs finds its rows through an index: none reads
// a table that grows with the institute (students, orders, progress, mail…)
// row by row. SQLite plans each statement as it would for a large database, so
// a query that would slow a page down with a decade of data fails here, on
// the demo data, before anyone has that decade.

const SCALE_STATISTICS = JSON.parse(
  readFileSync(new URL("../fixtures/scale-statistics.json", import.meta.url), "utf8"),
) as PlannerStatistics;

/** Tables with a row per student, order, lesson done, mail or action: tens of thousands to millions of rows. */
const GROWING_TABLES = [
  "users",
  "sessions",
  "user_tokens",
  "user_identities",
  "orders",
  "tax_documents",
  "payment_events",
  "enrollment_forms",
  "event_registrations",
  "waitlist",
  "batch_students",
  "session_attendance",
  "session_reminders",
  "calendar_feeds",
  "candles",
  "replays",
  "paper_trades",
  "journal_comments",
  "lesson_progress",
  "course_progress",
  "quiz_attempts",
  "certificates",
  "stored_pdfs",
  "outbox_messages",
  "audit_log",
  "course_reviews",
  "consent_records",
  "contact_messages",
  "newsletter_subscribers",
  "shared_file_downloads",
];

/**
 * Whole reads that cost only what the page shows (or nothing): a list's total
 * (`count(*)` of the table, from its smallest index: a few milliseconds per
 * 100,000 rows), and a list's first page read from the top of the index its
 * order follows (`FROM t ORDER BY … LIMIT ?`, no filter, so it stops after a page).
 */
function readsOnlyWhatItShows(sql: string, table: string): boolean {
  const quoted = `"${table}"`;
  if (sql.trim() === `select count(*) from ${quoted}`) return true;
  // A condition known false (an unconfirmed address's rows): SQLite tests it once and reads no row.
  if (new RegExp(`from ${quoted} where 0$`).test(sql.trim())) return true;
  return new RegExp(`from ${quoted} order by [^()]*? limit \\?`).test(sql);
}

test("no page view reads a growing table whole", { timeout: 240_000 }, async ({ request }) => {
  const pages = await everyPage(request);
  const [, student, admin] = pages;
  // A "Next"/"Previous" link's key: a row's time and id.
  const key = Buffer.from(JSON.stringify([Date.now(), 1])).toString("base64url");
  // Beyond every page: each list searched (long words, a long and a short one, one too short)
  // and paged, the JSON lists, and a student's download of their personal data.
  admin!.paths.push(
    ...["/admin/users", "/admin/users/enrollments", "/admin/users/enrollment-forms", "/admin/users/registrations", "/admin/outbox"].flatMap(
      (list) => [
        `${list}?q=asha`,
        `${list}?q=asha%20r`,
        `${list}?q=as`,
        `${list}?page=2`,
        `${list}?page=9&after=${key}`,
        `${list}?page=8&before=${key}`,
      ],
    ),
    "/admin/inbox?page=2",
    "/admin/reviews?page=2",
    "/api/admin/users?q=asha",
    "/api/admin/enrollments?q=asha",
    "/api/admin/registrations?q=asha",
  );
  student!.paths.push("/account/privacy/download");
  // A live class's calendar file, and the student's feed of every class (its address made first, as the account page does).
  const livePage = student!.paths.find((path) => /^\/learn\/\d+\/sessions\/\d+$/.test(path));
  await student!.client.post("/account", { form: { intent: "new-calendar-address" } });
  const feed = /\/calendar\/[A-Za-z0-9_-]{43}\.ics/.exec(await (await student!.client.get("/account")).text())?.[0];
  if (!livePage || !feed) throw new Error("The student of every page has no live class or no calendar feed address");
  student!.paths.push(`${livePage}/calendar.ics`, feed);
  await recordStatements(async () => {
    for (const { client, paths, downloads = [] } of pages)
      for (const path of [...paths, ...downloads]) {
        const response = await client.get(path);
        expect(response.status(), path).toBeLessThan(500);
        await response.text();
      }
  });
  // Planned twice: with no statistics, and with those of a decade of data (scripts/planner-statistics.ts),
  // with which SQLite may answer an OR of indexed conditions by reading every row.
  const planned = [
    ...planStatements(testDatabasePath(), recordedStatements()),
    ...planStatements(testDatabasePath(), recordedStatements(), SCALE_STATISTICS),
  ];
  expect(planned.length).toBeGreaterThan(200);
  const partial = partialIndexes(testDatabasePath());
  const wholeReads = planned.flatMap(({ sql, plan }) => {
    const growing = scansOf(plan).filter(
      (scan) => GROWING_TABLES.includes(scan.table) && !(scan.index && partial.has(scan.index)) && !readsOnlyWhatItShows(sql, scan.table),
    );
    // A full-text index read without MATCH is a read of every row's words.
    const unmatched = plan.filter((detail) => /^SCAN \w+_search VIRTUAL TABLE INDEX \d+:(?!.*M)/.test(detail.trim()));
    const tables = [...growing.map((scan) => scan.table), ...unmatched];
    return tables.length ? [{ tables, sql, plan }] : [];
  });
  expect(wholeReads).toEqual([]);
});
