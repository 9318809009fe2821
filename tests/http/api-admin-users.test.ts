import { randomUUID } from "node:crypto";
import {
  adminApiClient,
  clientWithCookie,
  createStudent,
  describe,
  expect,
  type HttpResponse,
  plantSession,
  queryTestDatabase,
  test,
  withDatabase,
} from "./support/test";

// The Users tab's JSON doors: GET /api/admin/users,
// /api/admin/registrations, /api/admin/enrollments and /api/enrollment-forms,
// admins only. Each answers a JSON array (one page), X-Total-Count, and a Link
// header with rel="prev"/"next" where those pages exist; ?q=, ?page= (from
// 1), ?pageSize= (default 100, at most 500).

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const LIST_PATHS = ["/api/admin/users", "/api/admin/registrations", "/api/admin/enrollments", "/api/enrollment-forms"] as const;
const T0 = Date.UTC(2026, 2, 1, 6, 30);

async function listOf(response: HttpResponse) {
  expect(response.status(), await response.text()).toBe(200);
  expect(response.headers()["content-type"]).toMatch(/^application\/json/);
  expect(response.headers()["cache-control"]).toBe("no-store");
  const body = await response.json();
  expect(Array.isArray(body)).toBe(true);
  return { body: body as Record<string, unknown>[], total: Number(response.headers()["x-total-count"]), link: response.headers()["link"] };
}

/** rel → URL (path and query) from a Link header. */
function linksOf(header: string | undefined): Record<string, string> {
  const links: Record<string, string> = {};
  for (const part of header?.split(",") ?? []) {
    const match = /<([^>]+)>;\s*rel="(\w+)"/.exec(part.trim());
    if (match) {
      const url = new URL(match[1]!);
      links[match[2]!] = `${url.pathname}?${url.searchParams}`;
    }
  }
  return links;
}

function insertUsers(tag: string, count: number, { admins = 0 } = {}) {
  return withDatabase((database) => {
    const insert = database.prepare(
      "INSERT INTO users (id, email, first_name, last_name, password_hash, is_admin, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
    );
    const ids: string[] = [];
    database.transaction(() => {
      for (let i = 0; i < count; i++) {
        const id = randomUUID();
        const at = T0 + i * 60_000;
        insert.run(id, `api-${tag}-${i}@example.test`, "Api", `${tag} ${i}`, `$argon2id$v=19$hash-${tag}-${i}`, i < admins ? 1 : 0, at, at);
        ids.push(id);
      }
    })();
    // Newest first.
    return ids.reverse();
  });
}

function insertCourse(title: string) {
  return withDatabase((database) =>
    Number(
      database.prepare("INSERT INTO courses (title, short_description, description, duration) VALUES (?, 's', 'd', '4 weeks')").run(title)
        .lastInsertRowid,
    ),
  );
}

function insertEvent(title: string) {
  return withDatabase((database) =>
    Number(
      database
        .prepare("INSERT INTO events (title, description, event_type, event_date) VALUES (?, 'd', 'webinar', ?)")
        .run(title, Date.now() + 86_400_000).lastInsertRowid,
    ),
  );
}

describe("GET /api/admin/users", () => {
  test("a page of accounts with ISO times and isAdmin; X-Total-Count; never a password hash", async () => {
    const { client } = await adminApiClient();
    const tag = randomUUID().slice(0, 8);
    const ids = insertUsers(tag, 3, { admins: 1 });

    const before = queryTestDatabase<{ n: number }>("SELECT count(*) AS n FROM users")[0]!.n;
    const all = await listOf(await client.get("/api/admin/users"));
    const after = queryTestDatabase<{ n: number }>("SELECT count(*) AS n FROM users")[0]!.n;
    expect(all.total).toBeGreaterThanOrEqual(before);
    expect(all.total).toBeLessThanOrEqual(after);
    expect(all.body.length).toBe(Math.min(100, all.total));
    const text = JSON.stringify(all.body);
    expect(text).not.toMatch(/password|argon2/i);
    for (const user of all.body) {
      expect(Object.keys(user).sort()).toEqual(["createdAt", "email", "firstName", "id", "isAdmin", "lastName"]);
      expect(typeof user.isAdmin).toBe("boolean");
      expect(user.createdAt).toMatch(ISO);
    }

    const mine = await listOf(await client.get(`/api/admin/users?q=${tag}`));
    expect(mine.total).toBe(3);
    expect(mine.link).toBeUndefined();
    expect(mine.body).toEqual([
      {
        id: ids[0],
        email: `api-${tag}-2@example.test`,
        firstName: "Api",
        lastName: `${tag} 2`,
        isAdmin: false,
        createdAt: new Date(T0 + 120_000).toISOString(),
      },
      {
        id: ids[1],
        email: `api-${tag}-1@example.test`,
        firstName: "Api",
        lastName: `${tag} 1`,
        isAdmin: false,
        createdAt: new Date(T0 + 60_000).toISOString(),
      },
      {
        id: ids[2],
        email: `api-${tag}-0@example.test`,
        firstName: "Api",
        lastName: `${tag} 0`,
        isAdmin: true,
        createdAt: new Date(T0).toISOString(),
      },
    ]);
    expect(JSON.stringify(mine.body)).not.toMatch(/password|argon2|hash-/i);
  });

  test("?page= and ?pageSize= page through; Link has prev and next where they exist; past the end is []", async () => {
    const { client } = await adminApiClient();
    const tag = randomUUID().slice(0, 8);
    const ids = insertUsers(tag, 5);
    const idsOf = (body: Record<string, unknown>[]) => body.map((user) => user.id);

    const first = await listOf(await client.get(`/api/admin/users?q=${tag}&pageSize=2`));
    expect(first.total).toBe(5);
    expect(idsOf(first.body)).toEqual(ids.slice(0, 2));
    // Each neighbour is read from the key of the row beside the page.
    const keyed = (path: string, side: "after" | "before") =>
      expect.stringMatching(new RegExp(`^${path.replace(/[?]/g, "\\?")}&${side}=[\\w-]+$`));
    expect(linksOf(first.link)).toEqual({ next: keyed(`/api/admin/users?q=${tag}&pageSize=2&page=2`, "after") });

    const second = await listOf(await client.get(linksOf(first.link).next!));
    expect(idsOf(second.body)).toEqual(ids.slice(2, 4));
    expect(linksOf(second.link)).toEqual({
      prev: keyed(`/api/admin/users?q=${tag}&pageSize=2&page=1`, "before"),
      next: keyed(`/api/admin/users?q=${tag}&pageSize=2&page=3`, "after"),
    });
    expect(idsOf((await listOf(await client.get(linksOf(second.link).prev!))).body)).toEqual(ids.slice(0, 2));

    const last = await listOf(await client.get(`/api/admin/users?q=${tag}&pageSize=2&page=3`));
    expect(idsOf(last.body)).toEqual(ids.slice(4));
    expect(linksOf(last.link)).toEqual({ prev: keyed(`/api/admin/users?q=${tag}&pageSize=2&page=2`, "before") });

    const beyond = await listOf(await client.get(`/api/admin/users?q=${tag}&pageSize=2&page=1000000000`));
    expect(beyond.body).toEqual([]);
    expect(beyond.total).toBe(5);
    expect(linksOf(beyond.link)).toEqual({ prev: `/api/admin/users?q=${tag}&pageSize=2&page=3` });

    // Nonsense is the default, never an error.
    for (const query of ["page=0", "page=-1", "page=abc", "page=1e9", "page=2.5", "pageSize=0", "pageSize=-3", "pageSize=abc"]) {
      const odd = await listOf(await client.get(`/api/admin/users?q=${tag}&${query}`));
      expect(idsOf(odd.body), query).toEqual(ids);
    }
    const none = await listOf(await client.get(`/api/admin/users?q=${encodeURIComponent(`no such ${tag}`)}`));
    expect(none).toEqual({ body: [], total: 0, link: undefined });
  });

  test("?pageSize= is capped at 500; the default is 100", async () => {
    const { client } = await adminApiClient();
    const tag = randomUUID().slice(0, 8);
    insertUsers(tag, 501);
    const capped = await listOf(await client.get(`/api/admin/users?q=${tag}&pageSize=1000`));
    expect(capped.total).toBe(501);
    expect(capped.body).toHaveLength(500);
    expect(linksOf(capped.link).next).toMatch(new RegExp(`^/api/admin/users\\?q=${tag}&pageSize=1000&page=2&after=[\\w-]+$`));
    const rest = await listOf(await client.get(linksOf(capped.link).next!));
    expect(rest.body).toHaveLength(1);
    const byDefault = await listOf(await client.get(`/api/admin/users?q=${tag}`));
    expect(byDefault.body).toHaveLength(100);
    expect(linksOf(byDefault.link).next).toMatch(new RegExp(`^/api/admin/users\\?q=${tag}&page=2&after=[\\w-]+$`));
  });

  test("% and _ in ?q= are literal", async () => {
    const { client } = await adminApiClient();
    const tag = randomUUID().slice(0, 8);
    withDatabase((database) => {
      const insert = database.prepare("INSERT INTO users (id, email, first_name, last_name) VALUES (?, ?, ?, ?)");
      insert.run(randomUUID(), `pct-${tag}@example.test`, "Fifty%Off", tag);
      insert.run(randomUUID(), `pcx-${tag}@example.test`, "FiftyXOff", tag);
    });
    const percent = await listOf(await client.get(`/api/admin/users?q=${encodeURIComponent("fifty%off")}`));
    expect(percent.body.map((user) => user.email)).toEqual([`pct-${tag}@example.test`]);
    const underscore = await listOf(await client.get(`/api/admin/users?q=${encodeURIComponent(`p_t-${tag}`)}`));
    expect(underscore.body).toEqual([]);
  });
});

describe("GET /api/admin/registrations, /api/admin/enrollments, /api/enrollment-forms", () => {
  test("registrations: every event's, newest first, with the event's title", async () => {
    const { client } = await adminApiClient();
    const title = `API Registrations ${randomUUID().slice(0, 8)}`;
    const eventId = insertEvent(title);
    const [event] = queryTestDatabase<{ event_date: number }>("SELECT event_date FROM events WHERE id = ?", eventId);
    const eventDate = new Date(event!.event_date).toISOString();
    const ids = withDatabase((database) => {
      const insert = database.prepare(
        "INSERT INTO event_registrations (event_id, name, email, phone, registered_at) VALUES (?, ?, ?, ?, ?)",
      );
      return [
        Number(insert.run(eventId, "Asha Rao", "asha@example.test", "9811111111", T0).lastInsertRowid),
        Number(insert.run(eventId, "Bilal Khan", "bilal@example.test", "9822222222", T0 + 60_000).lastInsertRowid),
      ];
    });
    const list = await listOf(await client.get(`/api/admin/registrations?q=${encodeURIComponent(title)}`));
    expect(list.total).toBe(2);
    expect(list.body).toEqual([
      {
        id: ids[1],
        name: "Bilal Khan",
        email: "bilal@example.test",
        phone: "9822222222",
        eventId,
        eventTitle: title,
        eventDate,
        registeredAt: new Date(T0 + 60_000).toISOString(),
      },
      {
        id: ids[0],
        name: "Asha Rao",
        email: "asha@example.test",
        phone: "9811111111",
        eventId,
        eventTitle: title,
        eventDate,
        registeredAt: new Date(T0).toISOString(),
      },
    ]);
    const paged = await listOf(await client.get(`/api/admin/registrations?q=${encodeURIComponent(title)}&pageSize=1&page=2`));
    expect(paged.body.map((row) => row.id)).toEqual([ids[0]]);
    expect(Object.keys(linksOf(paged.link))).toEqual(["prev"]);
  });

  test("enrollments: amounts in rupees, the stored payment status (odd ones too), student and course", async () => {
    const { client } = await adminApiClient();
    const tag = randomUUID().slice(0, 8);
    const title = `API Enrollments ${tag}`;
    const courseId = insertCourse(title);
    const student = await createStudent({ firstName: "Meera", lastName: `Iyer ${tag}` });
    const ids = withDatabase((database) => {
      const insert = database.prepare(
        "INSERT INTO orders (user_id, course_id, payment_status, amount_paise, provider, provider_payment_id, enrolled_at) VALUES (?, ?, ?, ?, 'stripe', ?, ?)",
      );
      return [
        Number(insert.run(student.id, courseId, "completed", 499_950, `pi_${tag}`, T0).lastInsertRowid),
        Number(insert.run(student.id, courseId, "on-hold", 100_000, null, T0 + 60_000).lastInsertRowid),
      ];
    });
    withDatabase((database) =>
      database
        .prepare("UPDATE orders SET provider = 'razorpay', provider_order_id = ?, provider_payment_id = ? WHERE id = ?")
        .run(`order_${tag}`, `pay_${tag}`, ids[1]),
    );
    const list = await listOf(await client.get(`/api/admin/enrollments?q=${encodeURIComponent(title)}`));
    expect(list.total).toBe(2);
    expect(list.body).toEqual([
      {
        id: ids[1],
        userId: student.id,
        studentEmail: student.email,
        studentFirstName: "Meera",
        studentLastName: `Iyer ${tag}`,
        courseId,
        courseTitle: title,
        amount: 1000,
        paymentStatus: "on-hold",
        paymentIntentId: null,
        provider: "razorpay",
        providerOrderId: `order_${tag}`,
        providerPaymentId: `pay_${tag}`,
        enrolledAt: new Date(T0 + 60_000).toISOString(),
        refunded: 0,
        disputeStatus: null,
      },
      {
        id: ids[0],
        userId: student.id,
        studentEmail: student.email,
        studentFirstName: "Meera",
        studentLastName: `Iyer ${tag}`,
        courseId,
        courseTitle: title,
        amount: 4999.5,
        paymentStatus: "completed",
        paymentIntentId: `pi_${tag}`,
        provider: "stripe",
        providerOrderId: null,
        providerPaymentId: `pi_${tag}`,
        enrolledAt: new Date(T0).toISOString(),
        refunded: 0,
        disputeStatus: null,
      },
    ]);
    // The payment intent id and the student's email find them too.
    expect((await listOf(await client.get(`/api/admin/enrollments?q=pi_${tag}`))).body.map((row) => row.id)).toEqual([ids[0]]);
    expect((await listOf(await client.get(`/api/admin/enrollments?q=pay_${tag}`))).body.map((row) => row.id)).toEqual([ids[1]]);
    // The table names who took the money.
    const table = await (await client.get(`/admin/users/enrollments?q=pay_${tag}`)).text();
    expect(table).toContain("<th");
    expect(table).toMatch(/Paid by<\/th>[\s\S]*Razorpay<\/td>/);
    expect((await listOf(await client.get(`/api/admin/enrollments?q=${encodeURIComponent(student.email)}`))).total).toBe(2);
  });

  test("enrollment forms: the spec's fields and the title of the course or event named ('null' once it is gone)", async () => {
    const { client } = await adminApiClient();
    const tag = randomUUID().slice(0, 8);
    const courseTitle = `API Form Course ${tag}`;
    const courseId = insertCourse(courseTitle);
    const ids = withDatabase((database) => {
      const insert = database.prepare(
        `INSERT INTO enrollment_forms (name, whatsapp_number, email, age, country, state, city, experience_level, course_or_event_id,
           course_or_event_type, source_of_lead, broker, training_preference, created_at)
         VALUES (?, '9876543210', ?, 34, 'India', 'Gujarat', ?, 'Expert', ?, 'course', 'Seminar', 'Upstox', 'online', ?)`,
      );
      return [
        Number(insert.run(`Rahul ${tag}`, `rahul-${tag}@example.test`, `Surat ${tag}`, courseId, T0).lastInsertRowid),
        Number(insert.run(`Gone ${tag}`, null, `Surat ${tag}`, 987_654_321, T0 + 60_000).lastInsertRowid),
      ];
    });
    const list = await listOf(await client.get(`/api/enrollment-forms?q=${encodeURIComponent(`Surat ${tag}`)}`));
    expect(list.total).toBe(2);
    expect(list.body).toEqual([
      expect.objectContaining({
        id: ids[1],
        name: `Gone ${tag}`,
        email: null,
        courseOrEventId: 987_654_321,
        courseOrEventTitle: null,
        // No order was made with it.
        paymentStatus: "pending",
      }),
      {
        id: ids[0],
        name: `Rahul ${tag}`,
        whatsappNumber: "9876543210",
        email: `rahul-${tag}@example.test`,
        age: 34,
        country: "India",
        state: "Gujarat",
        city: `Surat ${tag}`,
        experienceLevel: "Expert",
        courseOrEventType: "course",
        courseOrEventId: courseId,
        courseOrEventTitle: courseTitle,
        sourceOfLead: "Seminar",
        broker: "Upstox",
        trainingPreference: "online",
        paymentStatus: "pending",
        paymentIntentId: null,
        createdAt: new Date(T0).toISOString(),
      },
    ]);
  });
});

describe("who may read the lists", () => {
  test("signed out 401, a content manager 403, a student's session is no admin session", async () => {
    const anonymous = await clientWithCookie();
    const { client: manager } = await adminApiClient("content_manager");
    const { name, value } = await plantSession(await createStudent());
    const student = await clientWithCookie({ name, value });
    try {
      for (const path of LIST_PATHS) {
        const signedOut = await anonymous.get(path);
        expect(signedOut.status(), path).toBe(401);
        expect(await signedOut.json()).toEqual({ message: "Unauthorized" });
        const forbidden = await manager.get(path);
        expect(forbidden.status(), path).toBe(403);
        expect(await forbidden.json()).toEqual({ message: "Forbidden" });
        expect((await student.get(path)).status(), path).toBe(401);
      }
    } finally {
      await Promise.all([anonymous.dispose(), manager.dispose(), student.dispose()]);
    }
  });

  test("other methods: 405 with Allow (enrollment forms: GET, POST)", async () => {
    const { client } = await adminApiClient();
    for (const path of ["/api/admin/users", "/api/admin/registrations", "/api/admin/enrollments"]) {
      for (const method of ["POST", "PUT", "DELETE"]) {
        const response = await client.fetch(path, { method, data: method === "DELETE" ? undefined : {} });
        expect(response.status(), `${method} ${path}`).toBe(405);
        expect(response.headers()["allow"]).toBe("GET");
      }
    }
    for (const method of ["PUT", "PATCH", "DELETE"]) {
      const response = await client.fetch("/api/enrollment-forms", { method });
      expect(response.status(), method).toBe(405);
      expect(response.headers()["allow"]).toBe("GET, POST");
    }
    // Signed out, the admin lists' other methods are 401 before anything else.
    const anonymous = await clientWithCookie();
    try {
      expect((await anonymous.post("/api/admin/users", { data: {} })).status()).toBe(401);
    } finally {
      await anonymous.dispose();
    }
  });
});
