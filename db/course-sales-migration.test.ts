import { afterEach, expect, test } from "vitest";
import { databaseAt, removeMadeFolders } from "../tests/support/migrations";
import { migrateDatabase } from "~/utils/db.server";

// Migration 26 keeps paid course enrolments per course and India month, and
// the number of students holding a course, in step with the orders. A database
// an older release left gets both counted from the orders it already has.

afterEach(removeMadeFolders);

const BEFORE_SALES = 25;
// 2026-10-31 20:00 UTC is 1 November 01:30 in India.
const LATE_OCTOBER_UTC = Date.UTC(2026, 9, 31, 20);
const MID_OCTOBER_UTC = Date.UTC(2026, 9, 15, 6);

test("an older database's paid course orders are counted, by India month", () => {
  const database = databaseAt(BEFORE_SALES);
  const sqlite = database.$client;
  sqlite.exec(`
    insert into users (id, email) values ('asha', 'asha@example.com'), ('ravi', 'ravi@example.com'), ('meera', 'meera@example.com');
    insert into courses (id, title, short_description, description, duration) values (1, 'One', 's', 'd', '4 weeks'), (2, 'Two', 's', 'd', '4 weeks');
    insert into orders (user_id, course_id, enrolled_at, payment_status, amount_paise) values
      ('asha', 1, ${LATE_OCTOBER_UTC}, 'completed', 499900),
      ('asha', 2, ${MID_OCTOBER_UTC}, 'completed', 100000),
      ('ravi', 1, ${MID_OCTOBER_UTC}, 'completed', 250000),
      ('meera', 1, ${MID_OCTOBER_UTC}, 'refunded', 999900),
      ('meera', 2, ${MID_OCTOBER_UTC}, 'pending', 999900);
  `);

  migrateDatabase(database);

  expect(sqlite.prepare("select course_id, india_month, enrolments, revenue_paise from course_sales order by 1, 2").all()).toEqual([
    { course_id: 1, india_month: "2026-10", enrolments: 1, revenue_paise: 250000 },
    { course_id: 1, india_month: "2026-11", enrolments: 1, revenue_paise: 499900 },
    { course_id: 2, india_month: "2026-10", enrolments: 1, revenue_paise: 100000 },
  ]);
  expect(sqlite.prepare("select value from site_tallies where name = 'students_with_courses'").get()).toEqual({ value: 2 });
  // From then on the triggers keep both: Meera's pending order is paid.
  sqlite.exec("update orders set payment_status = 'completed' where user_id = 'meera' and course_id = 2");
  expect(sqlite.prepare("select value from site_tallies where name = 'students_with_courses'").get()).toEqual({ value: 3 });
});
