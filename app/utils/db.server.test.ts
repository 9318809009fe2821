import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, expect, test } from "vitest";
import { databaseAt, removeMadeFolders } from "../../tests/support/migrations";
import { migrateDatabase, openDatabase, refreshPlannerStatistics, type AppDatabase } from "./db.server";

afterEach(removeMadeFolders);

/** The statistics the query planner reads, table by table; none when nothing was ever analyzed. */
function statistics(database: AppDatabase): string[] {
  const sqlite = database.$client;
  if (!sqlite.prepare("select 1 from sqlite_master where name = 'sqlite_stat1'").get()) return [];
  return (sqlite.prepare("select distinct tbl from sqlite_stat1 order by tbl").all() as { tbl: string }[]).map((row) => row.tbl);
}

test("opening a database with data gives the query planner statistics; an empty one has nothing to analyze", () => {
  const dir = mkdtempSync(join(tmpdir(), "db-statistics-"));
  try {
    const path = join(dir, "site.db");
    const first = openDatabase(path);
    expect(statistics(first)).toEqual([]);
    migrateDatabase(first);
    first.$client.close();
    // Empty tables get no statistics: a new site's start analyzes only the few rows its migrations wrote.
    const empty = openDatabase(path);
    const rows = (table: string) => (empty.$client.prepare(`select count(*) as n from "${table}"`).get() as { n: number }).n;
    expect(statistics(empty).filter((table) => rows(table) === 0)).toEqual([]);
    expect(statistics(empty)).not.toContain("users");

    const insertUser = empty.$client.prepare("insert into users (id, email) values (?, ?)");
    const insertMail = empty.$client.prepare(
      "insert into outbox_messages (kind, to_address, subject, text_body, message_id, state, sent_at) values ('test', ?, 'Hi', 'Hello', ?, 'sent', ?)",
    );
    empty.$client.transaction(() => {
      for (let n = 0; n < 200; n += 1) {
        insertUser.run(`user-${n}`, `student${n}@example.com`);
        insertMail.run(`student${n}@example.com`, `<m${n}@example.test>`, Date.UTC(2026, 0, 1) + n);
      }
    })();
    empty.$client.close();

    const reopened = openDatabase(path);
    expect(statistics(reopened)).toEqual(expect.arrayContaining(["outbox_messages", "users"]));
    expect(reopened.$client.prepare("select stat from sqlite_stat1 where idx = 'outbox_messages_sent_at_idx'").get()).toEqual({
      stat: "200 1 1",
    });
    // Nothing changed since: the periodic refresh leaves the statistics as they are.
    const before = reopened.$client.prepare("select * from sqlite_stat1 order by tbl, idx").all();
    refreshPlannerStatistics(reopened);
    expect(reopened.$client.prepare("select * from sqlite_stat1 order by tbl, idx").all()).toEqual(before);
    reopened.$client.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("rebuilding a table that others refer to keeps their references (coupons, rebuilt by migration 7)", () => {
  const database = databaseAt(6);
  const sqlite = database.$client;
  sqlite.exec(`
    insert into users (id, email) values ('u1', 'asha@example.com');
    insert into courses (id, title, short_description, description, duration) values (1, 'Basics', 's', 'd', '4 weeks');
    insert into coupons (id, code, percent_off) values (7, 'WELCOME10', 10);
    insert into enrollments (user_id, course_id, payment_status, amount_paise, coupon_id) values ('u1', 1, 'completed', 449900, 7);
  `);

  migrateDatabase(database);

  expect(sqlite.prepare("select coupon_id from orders").get()).toEqual({ coupon_id: 7 });
  expect(sqlite.prepare("select code, kind, percent_off, amount_off_paise from coupons").get()).toEqual({
    code: "WELCOME10",
    kind: "percent",
    percent_off: 10,
    amount_off_paise: null,
  });
  expect(sqlite.pragma("foreign_keys", { simple: true })).toBe(1);
  sqlite.close();
});
