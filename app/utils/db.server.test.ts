import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, expect, test } from "vitest";
import { MIGRATIONS_FOLDER, migrateDatabase, openDatabase } from "./db.server";

const made: string[] = [];
afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** The migrations folder as it stood after migration `last` (its journal cut there). */
function migrationsUpTo(last: number): string {
  const dir = mkdtempSync(join(tmpdir(), "migrations-"));
  made.push(dir);
  cpSync(MIGRATIONS_FOLDER, dir, { recursive: true });
  const journalPath = join(dir, "meta/_journal.json");
  const journal = JSON.parse(readFileSync(journalPath, "utf8")) as { entries: { idx: number }[] };
  journal.entries = journal.entries.filter((entry) => entry.idx <= last);
  writeFileSync(journalPath, JSON.stringify(journal));
  return dir;
}

test("rebuilding a table that others refer to keeps their references (coupons, rebuilt by migration 7)", () => {
  const dir = mkdtempSync(join(tmpdir(), "db-"));
  made.push(dir);
  const database = openDatabase(join(dir, "site.db"));
  migrateDatabase(database, migrationsUpTo(6));
  const sqlite = database.$client;
  sqlite.exec(`
    insert into users (id, email) values ('u1', 'asha@example.com');
    insert into courses (id, title, short_description, description, duration) values (1, 'Basics', 's', 'd', '4 weeks');
    insert into coupons (id, code, percent_off) values (7, 'WELCOME10', 10);
    insert into enrollments (user_id, course_id, payment_status, amount_paise, coupon_id) values ('u1', 1, 'completed', 449900, 7);
  `);

  migrateDatabase(database);

  expect(sqlite.prepare("select coupon_id from enrollments").get()).toEqual({ coupon_id: 7 });
  expect(sqlite.prepare("select code, kind, percent_off, amount_off_paise from coupons").get()).toEqual({
    code: "WELCOME10",
    kind: "percent",
    percent_off: 10,
    amount_off_paise: null,
  });
  expect(sqlite.pragma("foreign_keys", { simple: true })).toBe(1);
  sqlite.close();
});
