import { afterEach, expect, test } from "vitest";
import { databaseAt, removeMadeFolders } from "../../tests/support/migrations";
import { migrateDatabase } from "./db.server";

afterEach(removeMadeFolders);

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
