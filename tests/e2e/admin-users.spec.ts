import { randomUUID } from "node:crypto";
import type { Locator, Page } from "@playwright/test";
import { formatIndiaDateTime } from "../../app/utils/dates";
import { createStudent, expect, queryTestDatabase, test, withDatabase } from "./fixtures";
import { signInAsAdmin, visitAdmin } from "./admin-support";
import { waitForHydration } from "./hydration";
import { expectNoA11yViolations, failOnPageErrors, inBothModes } from "./page-checks";

// The Users tab's tables: All Users,
// Event Registrations, Course Enrollments and Enrollment Forms, each with its
// count, server-side search (?q=) and paging (?page=, 25 rows), an empty
// state and a loading state. Admins only. Every test makes its own rows with
// a unique tag and searches for them, so other specs' rows never interfere.

const T0 = Date.UTC(2026, 2, 1, 6, 30);
const minutes = (n: number) => T0 + n * 60_000;

const TABLES = {
  users: { path: "/admin/users", title: "All Users", sql: "SELECT count(*) AS n FROM users" },
  registrations: { path: "/admin/users/registrations", title: "Event Registrations", sql: "SELECT count(*) AS n FROM event_registrations" },
  enrollments: { path: "/admin/users/enrollments", title: "Course Enrollments", sql: "SELECT count(*) AS n FROM orders" },
  forms: { path: "/admin/users/enrollment-forms", title: "Enrollment Forms", sql: "SELECT count(*) AS n FROM enrollment_forms" },
} as const;
type TableKey = keyof typeof TABLES;

const countOf = (key: TableKey) => queryTestDatabase<{ n: number }>(TABLES[key].sql)[0]!.n;
const shownNumber = async (locator: Locator) => Number((await locator.innerText()).replace(/\D/g, ""));

const region = (page: Page, key: TableKey) => page.getByRole("region", { name: `${TABLES[key].title} table` });
const bodyRows = (page: Page, key: TableKey) => region(page, key).locator("tbody tr");
const rowWith = (page: Page, key: TableKey, text: string) => bodyRows(page, key).filter({ hasText: text });
const pager = (page: Page, key: TableKey) => page.getByRole("navigation", { name: `${TABLES[key].title} pages` });
const heading = (page: Page, key: TableKey) => page.getByRole("heading", { level: 2, name: new RegExp(`^${TABLES[key].title}`) });
const tableLink = (page: Page, key: TableKey) =>
  page.getByRole("navigation", { name: "User tables" }).getByRole("link", { name: new RegExp(`^${TABLES[key].title}`) });

/** Opens a table and checks the frame: h1, the sub-navigation with this table current, and counts as stored. */
async function openTable(page: Page, mode: Parameters<typeof visitAdmin>[1], key: TableKey, search = "") {
  const before = (Object.keys(TABLES) as TableKey[]).map(countOf);
  const response = await visitAdmin(page, mode, `${TABLES[key].path}${search}`);
  const after = (Object.keys(TABLES) as TableKey[]).map(countOf);
  expect(response?.status()).toBe(200);
  await expect(page).toHaveTitle(new RegExp(`^${TABLES[key].title} \\| `));
  await expect(page.getByRole("heading", { level: 1, name: "Users" })).toBeVisible();
  for (const [index, other] of (Object.keys(TABLES) as TableKey[]).entries()) {
    const link = tableLink(page, other);
    await expect(link).toHaveAttribute("href", TABLES[other].path);
    if (other === key) await expect(link).toHaveAttribute("aria-current", "page");
    else await expect(link).not.toHaveAttribute("aria-current", /.*/);
    // Other specs may add rows meanwhile: the count is one the table had while the page was made.
    const shown = await shownNumber(link);
    expect(shown, other).toBeGreaterThanOrEqual(before[index]!);
    expect(shown, other).toBeLessThanOrEqual(after[index]!);
  }
}

async function search(page: Page, label: string, text: string) {
  await page.getByLabel(label).fill(text);
  await page.getByRole("button", { name: "Search", exact: true }).click();
}

function insertUsers(tag: string, count: number, { newestIsAdmin = false } = {}) {
  withDatabase((database) => {
    const insert = database.prepare(
      "INSERT INTO users (id, email, first_name, last_name, password_hash, is_admin, created_at, updated_at) VALUES (?, ?, 'Pager', ?, 'x', ?, ?, ?)",
    );
    database.transaction(() => {
      for (let i = 0; i < count; i++) {
        const n = String(i).padStart(2, "0");
        const admin = newestIsAdmin && i === count - 1 ? 1 : 0;
        insert.run(randomUUID(), `users-${tag}-${n}@example.test`, `${tag} ${n}`, admin, minutes(i), minutes(i));
      }
    })();
  });
}

const insertCourse = (title: string) =>
  withDatabase((database) =>
    Number(
      database.prepare("INSERT INTO courses (title, short_description, description, duration) VALUES (?, 's', 'd', '4 weeks')").run(title)
        .lastInsertRowid,
    ),
  );
const insertEvent = (title: string) =>
  withDatabase((database) =>
    Number(
      database
        .prepare("INSERT INTO events (title, description, event_type, event_date) VALUES (?, 'd', 'webinar', ?)")
        .run(title, Date.now() + 86_400_000).lastInsertRowid,
    ),
  );

inBothModes((mode) => {
  test.describe("/admin/users tables", () => {
    test("All Users: accounts with Admin or User badges; search narrows; Next and Previous keep the search; no match says so", async ({
      page,
      context,
      baseURL,
    }) => {
      test.slow();
      await signInAsAdmin(context, baseURL ?? "");
      const checkErrors = failOnPageErrors(page);
      const tag = randomUUID().slice(0, 8);
      insertUsers(tag, 27, { newestIsAdmin: true });

      await openTable(page, mode, "users");
      await expect(heading(page, "users")).toBeVisible();
      await expect(region(page, "users").getByRole("table")).toBeVisible();
      await expect(region(page, "users")).toHaveAttribute("tabindex", "0");
      for (const header of ["Name", "Email", "Joined", "Role"]) {
        await expect(region(page, "users").getByRole("columnheader", { name: header })).toBeVisible();
      }
      await expectNoA11yViolations(page);

      await search(page, "Search users", tag);
      await expect(page).toHaveURL(new RegExp(`/admin/users\\?q=${tag}$`));
      await expect(heading(page, "users")).toHaveText(/^All Users\s*27$/);
      await expect(page.getByText(`27 matches for “${tag}”`)).toBeVisible();
      await expect(bodyRows(page, "users")).toHaveCount(25);
      // Newest first: the newest is an admin, the next one a student.
      const newest = bodyRows(page, "users").first();
      await expect(newest).toContainText(`Pager ${tag} 26`);
      await expect(newest).toContainText(`users-${tag}-26@example.test`);
      await expect(newest.locator("time")).toHaveText(formatIndiaDateTime(new Date(minutes(26))));
      await expect(newest.getByText("Admin", { exact: true })).toBeVisible();
      await expect(rowWith(page, "users", `users-${tag}-25@`).getByText("User", { exact: true })).toBeVisible();
      await expect(rowWith(page, "users", `users-${tag}-25@`).getByText("Admin", { exact: true })).toHaveCount(0);

      await expect(pager(page, "users")).toContainText("Page 1 of 2");
      await expect(pager(page, "users").getByRole("link", { name: "Previous" })).toHaveCount(0);
      const next = pager(page, "users").getByRole("link", { name: "Next" });
      await expect(next).toHaveAttribute("rel", "next");
      await next.click();
      // Read from the key of the last row before it: as quick as the first page however deep the list.
      await expect(page).toHaveURL(new RegExp(`/admin/users\\?q=${tag}&page=2&after=[\\w-]+$`));
      await expect(pager(page, "users")).toContainText("Page 2 of 2");
      await expect(bodyRows(page, "users")).toHaveCount(2);
      await expect(bodyRows(page, "users").first()).toContainText(`users-${tag}-01@`);
      await expect(bodyRows(page, "users").last()).toContainText(`users-${tag}-00@`);
      await expect(page.getByLabel("Search users")).toHaveValue(tag);
      await expect(pager(page, "users").getByRole("link", { name: "Next" })).toHaveCount(0);
      await expectNoA11yViolations(page);
      const previous = pager(page, "users").getByRole("link", { name: "Previous" });
      await expect(previous).toHaveAttribute("rel", "prev");
      await previous.click();
      await expect(page).toHaveURL(new RegExp(`/admin/users\\?q=${tag}$`));
      await expect(bodyRows(page, "users").first()).toContainText(`users-${tag}-26@`);

      await search(page, "Search users", `nobody ${tag}`);
      await expect(page.getByText(`No users match “nobody ${tag}”`)).toBeVisible();
      await expect(heading(page, "users")).toHaveText(/^All Users\s*0$/);
      await expect(region(page, "users").getByRole("table")).toHaveCount(0);
      await expect(page.getByRole("navigation", { name: "All Users pages" })).toHaveCount(0);
      await expectNoA11yViolations(page);
      checkErrors();
    });

    test("Event Registrations: name, email, phone, event and date, newest first; searched by event title", async ({
      page,
      context,
      baseURL,
    }) => {
      await signInAsAdmin(context, baseURL ?? "");
      const checkErrors = failOnPageErrors(page);
      const title = `Users Tab Webinar ${randomUUID().slice(0, 8)}`;
      const eventId = insertEvent(title);
      withDatabase((database) => {
        const insert = database.prepare(
          "INSERT INTO event_registrations (event_id, name, email, phone, registered_at) VALUES (?, ?, ?, ?, ?)",
        );
        insert.run(eventId, "Asha Rao", "asha.rao@example.test", "9811111111", minutes(1));
        insert.run(eventId, "Bilal Khan", "bilal.khan@example.test", "9822222222", minutes(2));
      });

      await openTable(page, mode, "registrations");
      for (const header of ["Name", "Email", "Phone", "Event", "Registered"]) {
        await expect(region(page, "registrations").getByRole("columnheader", { name: header })).toBeVisible();
      }
      await search(page, "Search registrations", title);
      await expect(page).toHaveURL(/\/admin\/users\/registrations\?q=/);
      await expect(heading(page, "registrations")).toHaveText(/^Event Registrations\s*2$/);
      const cells = bodyRows(page, "registrations").locator("td");
      await expect(cells).toHaveText([
        "Bilal Khan",
        "bilal.khan@example.test",
        "9822222222",
        title,
        formatIndiaDateTime(new Date(minutes(2))),
        "Asha Rao",
        "asha.rao@example.test",
        "9811111111",
        title,
        formatIndiaDateTime(new Date(minutes(1))),
      ]);
      await expectNoA11yViolations(page);

      await search(page, "Search registrations", `${title} nobody`);
      await expect(page.getByText(`No registrations match “${title} nobody”`)).toBeVisible();
      checkErrors();
    });

    test("Course Enrollments: student, course, rupees and the payment status, 'Unknown' for an odd one", async ({
      page,
      context,
      baseURL,
    }) => {
      await signInAsAdmin(context, baseURL ?? "");
      const checkErrors = failOnPageErrors(page);
      const tag = randomUUID().slice(0, 8);
      const title = `Users Tab Course ${tag}`;
      const courseId = insertCourse(title);
      const student = await createStudent({ firstName: "Meera", lastName: `Iyer ${tag}` });
      withDatabase((database) => {
        const insert = database.prepare(
          "INSERT INTO orders (user_id, course_id, payment_status, amount_paise, enrolled_at) VALUES (?, ?, ?, ?, ?)",
        );
        insert.run(student.id, courseId, "completed", 499_950, minutes(1));
        insert.run(student.id, courseId, "pending", 499_900, minutes(2));
        insert.run(student.id, courseId, "failed", 499_900, minutes(3));
        // SQLite has no CHECK on payment_status: an older writer could leave anything.
        insert.run(student.id, courseId, "on-hold", 100_000, minutes(4));
        // A Razorpay order names its provider; older rows (no provider) were Stripe's.
        database.prepare("UPDATE orders SET provider = 'razorpay' WHERE course_id = ? AND payment_status = 'failed'").run(courseId);
      });

      await openTable(page, mode, "enrollments", `?q=${encodeURIComponent(title)}`);
      await expect(heading(page, "enrollments")).toHaveText(/^Course Enrollments\s*4$/);
      await expect(region(page, "enrollments").getByRole("columnheader")).toHaveText([
        "Student",
        "Email",
        "Course",
        "Amount",
        "Paid by",
        "Payment",
        "Enrolled",
      ]);
      const row = (n: number) => bodyRows(page, "enrollments").nth(n).locator("td");
      await expect(row(0)).toHaveText([
        `Meera Iyer ${tag}`,
        student.email,
        title,
        "₹1,000",
        "Stripe",
        "Unknown",
        formatIndiaDateTime(new Date(minutes(4))),
      ]);
      await expect(row(1)).toHaveText([
        `Meera Iyer ${tag}`,
        student.email,
        title,
        "₹4,999",
        "Razorpay",
        "Failed",
        formatIndiaDateTime(new Date(minutes(3))),
      ]);
      await expect(row(2)).toHaveText([
        `Meera Iyer ${tag}`,
        student.email,
        title,
        "₹4,999",
        "Stripe",
        "Pending",
        formatIndiaDateTime(new Date(minutes(2))),
      ]);
      await expect(row(3)).toHaveText([
        `Meera Iyer ${tag}`,
        student.email,
        title,
        "₹5,000",
        "Stripe",
        "Completed",
        formatIndiaDateTime(new Date(minutes(1))),
      ]);
      await expectNoA11yViolations(page);

      // The student's email finds them too.
      await search(page, "Search enrollments", student.email);
      await expect(heading(page, "enrollments")).toHaveText(/^Course Enrollments\s*4$/);
      checkErrors();
    });

    test("Enrollment Forms: the student's answers and the course or event named, '(deleted)' when it is gone", async ({
      page,
      context,
      baseURL,
    }) => {
      await signInAsAdmin(context, baseURL ?? "");
      const checkErrors = failOnPageErrors(page);
      const tag = randomUUID().slice(0, 8);
      // WhatsApp numbers of this test's own (the search below finds one by its number).
      const whatsapp = (n: number) => `9${String(parseInt(tag.slice(0, 7), 16) % 100_000_000).padStart(8, "0")}${n}`;
      const courseTitle = `Users Tab Form Course ${tag}`;
      const eventTitle = `Users Tab Form Event ${tag}`;
      const courseId = insertCourse(courseTitle);
      const eventId = insertEvent(eventTitle);
      withDatabase((database) => {
        const insert = database.prepare(
          `INSERT INTO enrollment_forms (name, whatsapp_number, email, state, city, experience_level, course_or_event_id,
             course_or_event_type, source_of_lead, created_at) VALUES (?, ?, ?, 'Gujarat', ?, ?, ?, ?, ?, ?)`,
        );
        const kavyaForm = insert.run(
          `Kavya ${tag}`,
          whatsapp(1),
          `kavya-${tag}@example.test`,
          "Surat",
          "Beginner",
          courseId,
          "course",
          "Instagram",
          minutes(1),
        ).lastInsertRowid;
        insert.run(`Arjun ${tag}`, whatsapp(2), null, "Vadodara", "Intermediate", eventId, "event", "Friend", minutes(2));
        insert.run(`Zoya ${tag}`, whatsapp(3), null, "Rajkot", "Expert", 987_654_321, "course", "Seminar", minutes(3));
        // Kavya paid for the course with her form: the table shows that order's status.
        database.prepare("INSERT INTO users (id, email) VALUES (?, ?)").run(`kavya-${tag}`, `kavya-${tag}@example.test`);
        database
          .prepare(
            "INSERT INTO orders (user_id, course_id, payment_status, amount_paise, enrollment_form_id) VALUES (?, ?, 'completed', 0, ?)",
          )
          .run(`kavya-${tag}`, courseId, kavyaForm);
      });

      await openTable(page, mode, "forms");
      await search(page, "Search enrollment forms", tag);
      await expect(heading(page, "forms")).toHaveText(/^Enrollment Forms\s*3$/);
      await expect(region(page, "forms").getByRole("columnheader")).toHaveText([
        "Name",
        "WhatsApp",
        "Email",
        "City / State",
        "Experience",
        "Course or event",
        "Source of lead",
        "Payment",
        "Submitted",
      ]);
      const row = (n: number) => bodyRows(page, "forms").nth(n).locator("td");
      await expect(row(0)).toHaveText([
        `Zoya ${tag}`,
        whatsapp(3),
        "—",
        "Rajkot, Gujarat",
        "Expert",
        "Course: (deleted)",
        "Seminar",
        "Pending",
        formatIndiaDateTime(new Date(minutes(3))),
      ]);
      await expect(row(1)).toHaveText([
        `Arjun ${tag}`,
        whatsapp(2),
        "—",
        "Vadodara, Gujarat",
        "Intermediate",
        `Event: ${eventTitle}`,
        "Friend",
        "Pending",
        formatIndiaDateTime(new Date(minutes(2))),
      ]);
      await expect(row(2)).toHaveText([
        `Kavya ${tag}`,
        whatsapp(1),
        `kavya-${tag}@example.test`,
        "Surat, Gujarat",
        "Beginner",
        `Course: ${courseTitle}`,
        "Instagram",
        "Completed",
        formatIndiaDateTime(new Date(minutes(1))),
      ]);
      await expectNoA11yViolations(page);

      await search(page, "Search enrollment forms", whatsapp(2));
      await expect(bodyRows(page, "forms")).toHaveCount(1);
      await expect(bodyRows(page, "forms")).toContainText(`Arjun ${tag}`);
      checkErrors();
    });

    test("a table with nothing to show and an odd ?page= still answers 200", async ({ page, context, baseURL }) => {
      await signInAsAdmin(context, baseURL ?? "");
      const tag = randomUUID().slice(0, 8);
      for (const key of Object.keys(TABLES) as TableKey[]) {
        for (const pageParam of ["0", "-1", "abc", "1e9", "999999999"]) {
          const response = await visitAdmin(page, mode, `${TABLES[key].path}?q=none-${tag}&page=${pageParam}`);
          expect(response?.status(), `${key} page=${pageParam}`).toBe(200);
        }
        await expect(heading(page, key)).toHaveText(new RegExp(`^${TABLES[key].title}\\s*0$`));
        await expect(region(page, key)).toContainText(`match “none-${tag}”`);
      }
      // A page past the end of a real list shows its last page.
      insertUsers(tag, 3);
      await visitAdmin(page, mode, `/admin/users?q=${tag}&page=999999999`);
      await expect(bodyRows(page, "users")).toHaveCount(3);
    });
  });
});

test.describe("/admin/users with JavaScript", () => {
  test("while the next page loads, the table is marked busy and 'Loading…' shows", async ({ page, context, baseURL }) => {
    await signInAsAdmin(context, baseURL ?? "");
    const tag = randomUUID().slice(0, 8);
    insertUsers(tag, 26);
    await page.goto(`/admin/users?q=${tag}`);
    await waitForHydration(page);
    const status = page.getByRole("status").filter({ hasText: "Loading…" });
    await expect(region(page, "users")).toHaveAttribute("aria-busy", "false");
    await expect(status).toHaveCount(0);

    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(
      (url) => url.pathname.endsWith(".data"),
      async (route) => {
        await held;
        await route.continue();
      },
    );
    await pager(page, "users").getByRole("link", { name: "Next" }).click();
    await expect(status).toBeVisible();
    await expect(region(page, "users")).toHaveAttribute("aria-busy", "true");
    release();
    await expect(pager(page, "users")).toContainText("Page 2 of 2");
    await expect(region(page, "users")).toHaveAttribute("aria-busy", "false");
    await expect(status).toHaveCount(0);
  });
});

test.describe("/admin/users access", () => {
  test("a content manager gets 'Access denied' on every table and sees no Users tab; a visitor goes to /admin/login", async ({
    page,
    context,
    baseURL,
    browser,
  }) => {
    await signInAsAdmin(context, baseURL ?? "", "content_manager");
    await page.goto("/admin/courses");
    await expect(page.getByRole("navigation", { name: "Admin sections" }).getByRole("link", { name: "Users" })).toHaveCount(0);
    for (const key of Object.keys(TABLES) as TableKey[]) {
      const response = await page.goto(TABLES[key].path);
      expect(response?.status(), key).toBe(403);
      await expect(page.getByRole("heading", { level: 1, name: "Access denied" })).toBeVisible();
      await expect(page.getByRole("navigation", { name: "User tables" })).toHaveCount(0);
    }

    const anonymous = await browser.newContext({ baseURL });
    try {
      const visitor = await anonymous.newPage();
      for (const key of Object.keys(TABLES) as TableKey[]) {
        await visitor.goto(`${TABLES[key].path}?q=x`);
        await expect(visitor).toHaveURL(`/admin/login?${new URLSearchParams({ redirectTo: `${TABLES[key].path}?q=x` })}`);
      }
    } finally {
      await anonymous.close();
    }
  });
});
