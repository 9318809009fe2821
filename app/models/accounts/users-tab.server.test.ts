import { beforeEach, describe, expect, test, vi } from "vitest";
import { db } from "~/utils/db.server";
import { listEnrollmentFormsForAdmin } from "../orders/enrollment-form.server";
import { listEnrollmentsForAdmin } from "../orders/enrollment.server";
import { listRegistrationsForAdmin } from "../events/event-registration.server";
import { MAX_PAGE_SIZE } from "../site/paging.server";
import { countUserTables, listUsersForAdmin } from "./user.server";

// The Users tab's four admin lists: search,
// paging, newest first, the joined titles, and never a password hash.

const sqlite = db.$client;
const T0 = Date.UTC(2026, 0, 1);
const minutes = (n: number) => T0 + n * 60_000;

function clearAll() {
  for (const table of ["orders", "enrollment_forms", "event_registrations", "events", "courses", "users"]) {
    sqlite.prepare(`DELETE FROM ${table}`).run();
  }
}

function addUser(id: string, email: string, firstName: string | null, lastName: string | null, createdAt: number, isAdmin = false) {
  sqlite
    .prepare(
      "INSERT INTO users (id, email, first_name, last_name, password_hash, is_admin, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
    )
    .run(id, email, firstName, lastName, "$argon2id$secret-hash", isAdmin ? 1 : 0, createdAt, createdAt);
  return id;
}

const addCourse = (title: string) =>
  Number(
    sqlite.prepare("INSERT INTO courses (title, short_description, description, duration) VALUES (?, 's', 'd', '4 weeks')").run(title)
      .lastInsertRowid,
  );
const addEvent = (title: string) =>
  Number(
    sqlite.prepare("INSERT INTO events (title, description, event_date) VALUES (?, 'd', ?)").run(title, minutes(10_000)).lastInsertRowid,
  );

function addRegistration(eventId: number, name: string, email: string, phone: string, registeredAt: number) {
  return Number(
    sqlite
      .prepare("INSERT INTO event_registrations (event_id, name, email, phone, registered_at) VALUES (?, ?, ?, ?, ?)")
      .run(eventId, name, email, phone, registeredAt).lastInsertRowid,
  );
}

function addEnrollment(
  userId: string,
  courseId: number,
  values: { status?: string; amountPaise?: number; intent?: string | null; at: number },
) {
  return Number(
    sqlite
      .prepare(
        "INSERT INTO orders (user_id, course_id, payment_status, amount_paise, provider, provider_payment_id, enrolled_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
      )
      .run(
        userId,
        courseId,
        values.status ?? "pending",
        values.amountPaise ?? 0,
        values.intent ? "stripe" : null,
        values.intent ?? null,
        values.at,
      ).lastInsertRowid,
  );
}

type FormValues = {
  name: string;
  whatsapp?: string;
  email?: string | null;
  city?: string;
  state?: string;
  type: "course" | "event";
  targetId: number;
  /** The status of an order made with the form (a student's), if one was. */
  status?: string;
  at: number;
};
function addForm(values: FormValues) {
  const formId = Number(
    sqlite
      .prepare(
        `INSERT INTO enrollment_forms (name, whatsapp_number, email, state, city, experience_level, course_or_event_id, course_or_event_type,
           source_of_lead, created_at) VALUES (?, ?, ?, ?, ?, 'Beginner', ?, ?, 'Instagram', ?)`,
      )
      .run(
        values.name,
        values.whatsapp ?? "9876543210",
        values.email ?? null,
        values.state ?? "Gujarat",
        values.city ?? "Ahmedabad",
        values.targetId,
        values.type,
        values.at,
      ).lastInsertRowid,
  );
  if (values.status !== undefined) {
    const buyer = addUser(`buyer-${formId}`, `buyer-${formId}@example.test`, "Buyer", null, values.at);
    const item = values.type === "course" ? "course_id" : "event_id";
    sqlite
      .prepare(`INSERT INTO orders (user_id, ${item}, payment_status, enrollment_form_id, enrolled_at) VALUES (?, ?, ?, ?, ?)`)
      .run(buyer, values.targetId, values.status, formId, values.at);
  }
  return formId;
}

/** Every SQL text prepared while `work` runs. */
function preparedSql(work: () => void): string[] {
  const spy = vi.spyOn(sqlite, "prepare");
  try {
    work();
    return spy.mock.calls.map((call) => String(call[0]));
  } finally {
    spy.mockRestore();
  }
}

beforeEach(clearAll);

describe("listUsersForAdmin", () => {
  test("newest first, the id breaking ties; the columns the table needs and never the password hash", () => {
    addUser("u-old", "old@example.test", "Old", "Timer", minutes(1));
    addUser("u-b", "b@example.test", "Same", "Time", minutes(5), true);
    addUser("u-c", "c@example.test", "Same", "Time", minutes(5));
    addUser("u-new", "new@example.test", null, null, minutes(9));
    const sqlTexts = preparedSql(() => {
      const list = listUsersForAdmin();
      expect(list).toMatchObject({ total: 4, page: 1, pageCount: 1, pageSize: 25 });
      expect(list.rows.map((row) => row.id)).toEqual(["u-new", "u-c", "u-b", "u-old"]);
      expect(list.rows[2]).toEqual({
        id: "u-b",
        email: "b@example.test",
        firstName: "Same",
        lastName: "Time",
        isAdmin: true,
        createdAt: new Date(minutes(5)),
        erasedAt: null,
      });
      for (const row of list.rows) expect(Object.keys(row)).not.toContain("passwordHash");
      expect(JSON.stringify(list)).not.toContain("secret-hash");
    });
    expect(sqlTexts.length).toBeGreaterThan(0);
    for (const text of sqlTexts) expect(text).not.toContain("password_hash");
  });

  test("searches email, first name, last name and the full name; % and _ are literal", () => {
    addUser("u1", "priya.sharma@example.test", "Priya", "Sharma", minutes(1));
    addUser("u2", "rahul@example.test", "Rahul", "Verma", minutes(2));
    addUser("u3", "deals@example.test", "100%", "Returns", minutes(3));
    addUser("u4", "d100x@example.test", "100X", "Returns", minutes(4));
    addUser("u5", "first_last@example.test", "Under", "Score", minutes(5));
    addUser("u6", "firstxlast@example.test", "Letter", "X", minutes(6));
    const ids = (q: string) => listUsersForAdmin({ q }).rows.map((row) => row.id);
    expect(ids("PRIYA")).toEqual(["u1"]);
    expect(ids("verma")).toEqual(["u2"]);
    expect(ids("rahul@")).toEqual(["u2"]);
    expect(ids("Priya Sharma")).toEqual(["u1"]);
    expect(ids("100%")).toEqual(["u3"]);
    expect(ids("100")).toEqual(["u4", "u3"]);
    expect(ids("first_last")).toEqual(["u5"]);
    expect(ids("  returns  ")).toEqual(["u4", "u3"]);
    expect(ids("nobody")).toEqual([]);
    expect(listUsersForAdmin({ q: "returns" })).toMatchObject({ total: 2, pageCount: 1 });
    expect(listUsersForAdmin({ q: "nobody" })).toMatchObject({
      rows: [],
      total: 0,
      page: 1,
      pageCount: 1,
      pageSize: 25,
      searchTooShort: false,
    });
    // Words of one or two characters narrow what the longer words found; alone, they cannot be looked up.
    expect(ids("priya s")).toEqual(["u1"]);
    expect(ids("priya z")).toEqual([]);
    // Whatever is typed or sent, the full-text query is well formed.
    expect(ids('\u0000pri"ya\u0001 "sharma')).toEqual([]);
    expect(ids("priya\u0000sharma")).toEqual(["u1"]);
    expect(listUsersForAdmin({ q: "Pr S" })).toMatchObject({ rows: [], total: 0, searchTooShort: true });
  });

  test("the search follows every change: a new address, a new name, an erased or deleted account", () => {
    addUser("c1", "old.address@example.test", "Chitra", "Menon", minutes(1));
    addUser("c2", "gone@example.test", "Gopal", "Rao", minutes(2));
    const ids = (q: string) => listUsersForAdmin({ q }).rows.map((row) => row.id);
    sqlite.prepare("UPDATE users SET email = ?, last_name = ? WHERE id = ?").run("new.address@example.test", "Pillai", "c1");
    expect(ids("old.address")).toEqual([]);
    expect(ids("menon")).toEqual([]);
    expect(ids("new.address")).toEqual(["c1"]);
    expect(ids("pillai")).toEqual(["c1"]);
    sqlite.prepare("DELETE FROM users WHERE id = ?").run("c2");
    expect(ids("gopal")).toEqual([]);
    // The index holds no word of a deleted row (secure-delete), and agrees with the table.
    expect(() => sqlite.prepare("INSERT INTO users_search(users_search, rank) VALUES ('integrity-check', 1)").run()).not.toThrow();
  });

  test("Next and Previous read from the key of the row beside the page: the same pages as counting, at any depth", () => {
    // Equal times on purpose: the id orders rows of the same instant.
    for (let i = 0; i < 23; i++)
      addUser(`k${String(i).padStart(2, "0")}`, `k${i}@example.test`, "Keyed", `No ${i}`, minutes(Math.floor(i / 3)));
    const byNumber = (page: number) => listUsersForAdmin({ page, pageSize: 5 }).rows.map((row) => row.id);
    const pages: string[][] = [];
    let list = listUsersForAdmin({ pageSize: 5 });
    for (let page = 1; ; page++) {
      pages.push(list.rows.map((row) => row.id));
      if (page === list.pageCount) break;
      list = listUsersForAdmin({ page: page + 1, pageSize: 5, after: list.nextKey });
    }
    expect(pages).toEqual([1, 2, 3, 4, 5].map(byNumber));
    expect(pages.flat()).toHaveLength(23);
    // Back from the last page, one "Previous" at a time.
    const back: string[][] = [];
    for (let page = 4; page >= 1; page--) {
      list = listUsersForAdmin({ page, pageSize: 5, before: list.previousKey });
      back.unshift(list.rows.map((row) => row.id));
    }
    expect(back).toEqual(pages.slice(0, 4));
    // Not a key (typed or tampered with), or a key of rows since deleted: the page is counted from the top.
    expect(listUsersForAdmin({ page: 2, pageSize: 5, after: "not-a-key" }).rows.map((row) => row.id)).toEqual(byNumber(2));
    const last = listUsersForAdmin({ page: 5, pageSize: 5 });
    sqlite.prepare("DELETE FROM users WHERE id LIKE 'k%' AND created_at < ?").run(minutes(10));
    expect(listUsersForAdmin({ page: 2, pageSize: 5, after: last.nextKey }).rows.map((row) => row.id)).toEqual(byNumber(2));
  });

  test("25 to a page; page 0 is the first, a page past the end the last (or none for the API); the page size is capped", () => {
    for (let i = 0; i < 30; i++) addUser(`u${String(i).padStart(2, "0")}`, `u${i}@example.test`, "Pager", `No ${i}`, minutes(i));
    const newestFirst = Array.from({ length: 30 }, (_, i) => `u${String(29 - i).padStart(2, "0")}`);
    const first = listUsersForAdmin({ page: 1 });
    expect(first).toMatchObject({ total: 30, page: 1, pageCount: 2 });
    expect(first.rows.map((row) => row.id)).toEqual(newestFirst.slice(0, 25));
    expect(listUsersForAdmin({ page: 2 }).rows.map((row) => row.id)).toEqual(newestFirst.slice(25));
    expect(listUsersForAdmin({ page: 0 }).page).toBe(1);
    expect(listUsersForAdmin({ page: -1 }).page).toBe(1);
    expect(listUsersForAdmin({ page: 1e9 })).toMatchObject({ page: 2, rows: expect.arrayContaining([expect.anything()]) });
    expect(listUsersForAdmin({ page: 3, pastEnd: "empty" })).toMatchObject({ page: 3, pageCount: 2, rows: [] });
    expect(listUsersForAdmin({ pageSize: 7, page: 5 }).rows.map((row) => row.id)).toEqual(newestFirst.slice(28));
    expect(listUsersForAdmin({ pageSize: 10_000 })).toMatchObject({ pageSize: MAX_PAGE_SIZE, pageCount: 1 });
    expect(listUsersForAdmin({ pageSize: 10_000 }).rows).toHaveLength(30);
    expect(listUsersForAdmin({ pageSize: 0 }).pageSize).toBe(25);
    // "pager" and a "1" somewhere: u1, u10–u19 and u21.
    expect(listUsersForAdmin({ q: "pager 1", pageSize: 5, page: 2 })).toMatchObject({ total: 12, pageCount: 3, page: 2 });
  });
});

describe("listRegistrationsForAdmin", () => {
  test("every event's registrations, newest first, with the event's title; searches name, email, phone and event title", () => {
    const webinar = addEvent("Options Basics Webinar");
    const workshop = addEvent("Price Action Workshop");
    const a = addRegistration(webinar, "Asha Rao", "asha@example.test", "9811111111", minutes(1));
    const b = addRegistration(workshop, "Bilal Khan", "bilal@example.test", "9822222222", minutes(3));
    const c = addRegistration(webinar, "Chetan 10%", "chetan@example.test", "9833333333", minutes(3));
    const list = listRegistrationsForAdmin();
    expect(list).toMatchObject({ total: 3, page: 1, pageCount: 1 });
    expect(list.rows.map((row) => row.id)).toEqual([c, b, a]);
    expect(list.rows[1]).toEqual({
      id: b,
      name: "Bilal Khan",
      email: "bilal@example.test",
      phone: "9822222222",
      eventId: workshop,
      eventTitle: "Price Action Workshop",
      eventDate: new Date(minutes(10_000)),
      registeredAt: new Date(minutes(3)),
    });
    const ids = (q: string) => listRegistrationsForAdmin({ q }).rows.map((row) => row.id);
    expect(ids("workshop")).toEqual([b]);
    expect(ids("OPTIONS")).toEqual([c, a]);
    expect(ids("98111")).toEqual([a]);
    expect(ids("bilal@")).toEqual([b]);
    expect(ids("10%")).toEqual([c]);
    expect(ids("1_%")).toEqual([]);
    expect(listRegistrationsForAdmin({ q: "options" }).total).toBe(2);
    expect(listRegistrationsForAdmin({ pageSize: 2, page: 2 }).rows.map((row) => row.id)).toEqual([a]);
  });
});

describe("listEnrollmentsForAdmin", () => {
  test("every enrollment, paid or not, with the student, course, amount and the stored status; searches student, course and intent id", () => {
    addUser("s1", "meera@example.test", "Meera", "Iyer", minutes(0));
    addUser("s2", "vikram@example.test", "Vikram", "Singh", minutes(0));
    const forex = addCourse("Forex Fundamentals");
    const options = addCourse("Options_Strategies");
    const paid = addEnrollment("s1", forex, { status: "completed", amountPaise: 499_950, intent: "pi_paid_123", at: minutes(1) });
    const odd = addEnrollment("s2", forex, { status: "on-hold", amountPaise: 100, at: minutes(2) });
    const failed = addEnrollment("s2", options, { status: "failed", amountPaise: 799_900, intent: "pi_fail_456", at: minutes(3) });
    const list = listEnrollmentsForAdmin();
    expect(list).toMatchObject({ total: 3, page: 1, pageCount: 1 });
    expect(list.rows.map((row) => row.id)).toEqual([failed, odd, paid]);
    expect(list.rows[2]).toEqual({
      id: paid,
      userId: "s1",
      studentEmail: "meera@example.test",
      studentFirstName: "Meera",
      studentLastName: "Iyer",
      courseId: forex,
      courseTitle: "Forex Fundamentals",
      amountPaise: 499_950,
      paymentStatus: "completed",
      paymentIntentId: "pi_paid_123",
      provider: "stripe",
      providerOrderId: null,
      providerPaymentId: "pi_paid_123",
      enrolledAt: new Date(minutes(1)),
      refundedPaise: 0,
      disputeStatus: null,
    });
    // A status no writer of this app sets is passed through; the label says 'Unknown'.
    expect(list.rows[1]?.paymentStatus).toBe("on-hold");
    const ids = (q: string) => listEnrollmentsForAdmin({ q }).rows.map((row) => row.id);
    expect(ids("vikram@")).toEqual([failed, odd]);
    expect(ids("meera iyer")).toEqual([paid]);
    expect(ids("SINGH")).toEqual([failed, odd]);
    expect(ids("fundamentals")).toEqual([odd, paid]);
    expect(ids("options_")).toEqual([failed]);
    // "_" would match the space in "Forex Fundamentals" if it were a wildcard.
    expect(ids("forex_fund")).toEqual([]);
    // A payment's reference is matched whole, as copied from the provider or the receipt.
    expect(ids("pi_fail_456")).toEqual([failed]);
    expect(ids("pi_fail")).toEqual([]);
    expect(listEnrollmentsForAdmin({ q: "forex" }).total).toBe(2);
  });
});

describe("listEnrollmentFormsForAdmin", () => {
  test("newest first with the title of the course or event named; a missing one is null; searches name, WhatsApp, email, city, state", () => {
    const course = addCourse("Technical Analysis");
    const event = addEvent("Budget Day Live");
    const toCourse = addForm({
      name: "Kavya Nair",
      email: "kavya@example.test",
      city: "Kochi",
      state: "Kerala",
      type: "course",
      targetId: course,
      at: minutes(1),
    });
    const toEvent = addForm({
      name: "Arjun Das",
      whatsapp: "9000012345",
      type: "event",
      targetId: event,
      status: "completed",
      at: minutes(2),
    });
    // Same id as the course, but an event: the type decides which title.
    const wrongKind = addForm({ name: "Zoya", city: "Pune", state: "Maharashtra", type: "event", targetId: course, at: minutes(3) });
    const gone = addForm({ name: "Gone 5%", type: "course", targetId: 987_654, at: minutes(4) });
    const list = listEnrollmentFormsForAdmin();
    expect(list).toMatchObject({ total: 4, page: 1, pageCount: 1 });
    expect(list.rows.map((row) => row.id)).toEqual([gone, wrongKind, toEvent, toCourse]);
    expect(list.rows.find((row) => row.id === toCourse)).toEqual({
      id: toCourse,
      name: "Kavya Nair",
      whatsappNumber: "9876543210",
      email: "kavya@example.test",
      age: null,
      country: null,
      state: "Kerala",
      city: "Kochi",
      experienceLevel: "Beginner",
      courseOrEventType: "course",
      courseOrEventId: course,
      courseOrEventTitle: "Technical Analysis",
      sourceOfLead: "Instagram",
      broker: null,
      trainingPreference: null,
      paymentStatus: "pending",
      paymentIntentId: null,
      createdAt: new Date(minutes(1)),
    });
    expect(list.rows.find((row) => row.id === toEvent)).toMatchObject({
      courseOrEventTitle: "Budget Day Live",
      paymentStatus: "completed",
    });
    // No order was made with it: pending.
    expect(list.rows.find((row) => row.id === gone)).toMatchObject({ courseOrEventTitle: null, paymentStatus: "pending" });
    expect(list.rows.find((row) => row.id === wrongKind)?.courseOrEventTitle).not.toBe("Technical Analysis");
    const ids = (q: string) => listEnrollmentFormsForAdmin({ q }).rows.map((row) => row.id);
    expect(ids("kavya")).toEqual([toCourse]);
    expect(ids("kavya@example")).toEqual([toCourse]);
    expect(ids("90000123")).toEqual([toEvent]);
    expect(ids("kochi")).toEqual([toCourse]);
    expect(ids("maharashtra")).toEqual([wrongKind]);
    expect(ids("5%")).toEqual([]);
    expect(listEnrollmentFormsForAdmin({ q: "5%" }).searchTooShort).toBe(true);
    // A short word narrows a longer one's rows, its % a percent sign, not a wildcard.
    expect(ids("gone 5%")).toEqual([gone]);
    expect(ids("kavya 5%")).toEqual([]);
    expect(ids("Technical")).toEqual([]);
  });
});

describe("countUserTables", () => {
  test("the four tables' row counts", () => {
    expect(countUserTables()).toEqual({ users: 0, registrations: 0, enrollments: 0, enrollmentForms: 0 });
    addUser("c1", "c1@example.test", "C", "One", minutes(1));
    addUser("c2", "c2@example.test", "C", "Two", minutes(2));
    const course = addCourse("Counted");
    const event = addEvent("Counted event");
    addRegistration(event, "R", "r@example.test", "9", minutes(1));
    addEnrollment("c1", course, { at: minutes(1) });
    addEnrollment("c2", course, { at: minutes(1) });
    addEnrollment("c2", course, { status: "failed", at: minutes(2) });
    addForm({ name: "F", type: "course", targetId: course, at: minutes(1) });
    expect(countUserTables()).toEqual({ users: 2, registrations: 1, enrollments: 3, enrollmentForms: 1 });
  });
});

describe("100,000 rows stay quick: the default order walks an index", () => {
  test.each([
    ["users", () => listUsersForAdmin(), "users_created_at_idx"],
    ["registrations", () => listRegistrationsForAdmin(), "event_registrations_registered_at_idx"],
    ["enrollments", () => listEnrollmentsForAdmin(), "orders_enrolled_at_idx"],
    ["enrollment forms", () => listEnrollmentFormsForAdmin(), "enrollment_forms_created_at_idx"],
  ] as const)("%s: the page walks an index, and the count needs no join", (_name, list, index) => {
    addUser("p1", "p1@example.test", "P", "One", minutes(1));
    const course = addCourse("Planned");
    const event = addEvent("Planned event");
    addRegistration(event, "R", "r@example.test", "9", minutes(1));
    addEnrollment("p1", course, { at: minutes(1) });
    addForm({ name: "F", type: "course", targetId: course, at: minutes(1) });
    const [countSql, pageSql] = preparedSql(() => void list());
    const plan = (text: string | undefined) =>
      (
        sqlite.prepare(`EXPLAIN QUERY PLAN ${text}`).all(...Array.from({ length: (text?.match(/\?/g) ?? []).length }, () => 1)) as {
          detail: string;
        }[]
      )
        .map((step) => step.detail)
        .join("\n");
    expect(countSql).not.toMatch(/join/i);
    const steps = plan(pageSql).split("\n");
    // The page is found by walking the table's date index …
    expect(
      steps.some((step) => new RegExp(`^SCAN \\w+ USING (COVERING )?INDEX ${index}$`).test(step)),
      steps.join("\n"),
    ).toBe(true);
    // … never by reading a whole table …
    expect(steps.filter((step) => /^SCAN /.test(step) && !/INDEX/.test(step))).toEqual([]);
    // … and a sort, if any, only orders the page's own rows (the ids the index walk picked).
    expect(steps.some((step) => step.includes("TEMP B-TREE")) && !steps.some((step) => step.startsWith("LIST SUBQUERY"))).toBe(false);
  });
});
