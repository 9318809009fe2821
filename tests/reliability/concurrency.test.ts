import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { REGISTRATION_MESSAGES } from "~/content/messages/events";
import { markdownTable } from "../../scripts/reliability-report";
import { createStudent, studentCookie } from "../support/accounts";
import { countRows, withDatabase } from "../support/database";
import { nthClientAddress, percentile, postForm, postJson, timed } from "./support/http";
import { contactFields, insertEvent, makeEnrollmentForm, registrationFields } from "../support/rows";
import { CHECKOUT_MESSAGES } from "~/content/messages/checkout";
import { reportWhenAllPass } from "./support/report-on-pass";
import { BASE_PORT, startSite, type Site } from "./support/production-server";

// Many people at once: the last seats of a webinar and of a batch, and a
// burst of contact messages. Half of each arrive as page form posts, half through the JSON API,
// each from an address of its own (X-Forwarded-For behind a proxy on loopback),
// as many visitors would: one address is held to 40 posts an hour (decision 0013).

const SITE_PORT = BASE_PORT;
const SEATS = 50;
const REGISTRANTS = 200;
const CONTACT_POSTS = 1_000;

let site: Site;
const figures: (string | number)[][] = [];

reportWhenAllPass(
  "concurrency",
  () =>
    `## Concurrency (\`tests/reliability/concurrency.test.ts\`)\n\nAll requests sent at once to one production server; half page form posts, half JSON API.\n\n${markdownTable(
      ["Case", "Sent", "Accepted", "Refused as expected", "Rows stored", "p50 ms", "p99 ms", "Wall ms"],
      figures,
    )}`,
);

beforeAll(async () => {
  site = await startSite({ name: "concurrency", port: SITE_PORT, env: { TRUST_PROXY: "loopback" } });
});
afterAll(async () => {
  await site?.stop();
});

describe("a 50-seat event", () => {
  test("200 students registering at the same moment: exactly 50 get a seat, 150 hear it is full, 50 rows", async () => {
    const eventId = insertEvent("Order blocks live", {
      title: "Order blocks live: capacity test",
      maxParticipants: SEATS,
      databasePath: site.database,
    }).id;
    const students = await Promise.all(Array.from({ length: REGISTRANTS }, () => createStudent({}, site.database)));
    const cookies = await Promise.all(students.map((student) => studentCookie(site.database, student)));

    const started = performance.now();
    const answers = await Promise.all(
      students.map(async (student, index) => {
        const fields = registrationFields(index);
        const viaPage = index % 2 === 0;
        const { value: response, ms } = await timed(() =>
          viaPage
            ? postForm(`${site.url}/events/${eventId}/register`, fields, cookies[index], nthClientAddress("10.31", index))
            : postJson(`${site.url}/api/events/${eventId}/register`, fields, cookies[index], nthClientAddress("10.31", index)),
        );
        const text = await response.text();
        const seated = viaPage ? response.status === 302 : response.status === 201;
        const full = response.status === 409 && text.includes(REGISTRATION_MESSAGES.full);
        return { studentId: student.id, status: response.status, seated, full, ms };
      }),
    );
    const wall = performance.now() - started;

    const seated = answers.filter((answer) => answer.seated);
    const full = answers.filter((answer) => answer.full);
    const unexpected = answers.filter((answer) => !answer.seated && !answer.full).map((answer) => answer.status);
    expect(unexpected).toEqual([]);
    expect(seated).toHaveLength(SEATS);
    expect(full).toHaveLength(REGISTRANTS - SEATS);

    const stored = withDatabase(
      (db) =>
        (db.prepare("SELECT user_id AS userId FROM event_registrations WHERE event_id = ?").all(eventId) as { userId: string }[]).map(
          (row) => row.userId,
        ),
      site.database,
    );
    expect(stored).toHaveLength(SEATS);
    expect(new Set(stored)).toEqual(new Set(seated.map((answer) => answer.studentId)));

    const times = answers.map((answer) => answer.ms);
    figures.push([
      "Registrations for 50 seats",
      REGISTRANTS,
      seated.length,
      `${full.length} × "${REGISTRATION_MESSAGES.full}"`,
      stored.length,
      Math.round(percentile(times, 50)),
      Math.round(percentile(times, 99)),
      Math.round(wall),
    ]);
  });
});

describe("a 20-seat batch", () => {
  test("200 students choosing it at the same moment through checkout: exactly 20 are seated, 180 hear it is full", async () => {
    const BATCH_SEATS = 20;
    const { courseId, batchId } = withDatabase((db) => {
      const course = Number(
        db
          .prepare(
            "INSERT INTO courses (title, short_description, description, duration, price_paise, pacing) VALUES ('Replays: capacity test', 's', 'd', '4 weeks', 0, 'both')",
          )
          .run().lastInsertRowid,
      );
      const batch = Number(
        db
          .prepare(
            "INSERT INTO batches (course_id, name, starts_on, ends_on, seats, price_paise) VALUES (?, 'Capacity batch', '2031-01-06', '2031-02-28', ?, 0)",
          )
          .run(course, BATCH_SEATS).lastInsertRowid,
      );
      return { courseId: course, batchId: batch };
    }, site.database);
    const students = await Promise.all(Array.from({ length: REGISTRANTS }, () => createStudent({}, site.database)));
    const cookies = await Promise.all(students.map((student) => studentCookie(site.database, student)));
    const forms = students.map((student) => makeEnrollmentForm(student.id, courseId, site.database));

    const started = performance.now();
    const answers = await Promise.all(
      students.map(async (student, index) => {
        const { value: response, ms } = await timed(() =>
          postForm(
            `${site.url}/checkout?index&courseId=${courseId}&batch=${batchId}&form=${forms[index]}`,
            { intent: "pay", terms: "on" },
            cookies[index],
            nthClientAddress("10.32", index),
          ),
        );
        const text = await response.text();
        const seated = response.status === 302;
        const full = response.status === 409 && text.includes(CHECKOUT_MESSAGES.batchFullTitle);
        return { studentId: student.id, status: response.status, seated, full, ms };
      }),
    );
    const wall = performance.now() - started;

    const seated = answers.filter((answer) => answer.seated);
    const full = answers.filter((answer) => answer.full);
    expect(answers.filter((answer) => !answer.seated && !answer.full).map((answer) => answer.status)).toEqual([]);
    expect(seated).toHaveLength(BATCH_SEATS);
    expect(full).toHaveLength(REGISTRANTS - BATCH_SEATS);
    const stored = withDatabase(
      (db) =>
        (db.prepare("SELECT user_id AS userId FROM batch_students WHERE batch_id = ?").all(batchId) as { userId: string }[]).map(
          (row) => row.userId,
        ),
      site.database,
    );
    expect(new Set(stored)).toEqual(new Set(seated.map((answer) => answer.studentId)));
    // A refused student has no order: the seat check and the order are one transaction.
    expect(countRows(site.database, "orders", "batch_id = ?", batchId)).toBe(BATCH_SEATS);

    const times = answers.map((answer) => answer.ms);
    figures.push([
      "Checkouts of a 20-seat batch",
      REGISTRANTS,
      seated.length,
      `${full.length} × "${CHECKOUT_MESSAGES.batchFullTitle}"`,
      stored.length,
      Math.round(percentile(times, 50)),
      Math.round(percentile(times, 99)),
      Math.round(wall),
    ]);
  });
});

describe("a live class starting", () => {
  test("40 students pressing Join 5 times each at the same moment: each is sent to the meeting every time, 'joined' is recorded once", async () => {
    const STUDENTS = 40;
    const PRESSES = 5;
    const MEETING = "https://meet.jit.si/TradeMaster-concurrency";
    const students = await Promise.all(Array.from({ length: STUDENTS + 10 }, () => createStudent({}, site.database)));
    const [seated, outsiders] = [students.slice(0, STUDENTS), students.slice(STUDENTS)];
    const { courseId, sessionId } = withDatabase((db) => {
      const course = Number(
        db
          .prepare(
            "INSERT INTO courses (title, short_description, description, duration, price_paise, pacing) VALUES ('Replays: join test', 's', 'd', '4 weeks', 0, 'batch')",
          )
          .run().lastInsertRowid,
      );
      const batch = Number(
        db
          .prepare("INSERT INTO batches (course_id, name, starts_on, ends_on) VALUES (?, 'Join batch', '2026-01-05', '2031-01-05')")
          .run(course).lastInsertRowid,
      );
      const session = Number(
        db
          .prepare(
            "INSERT INTO batch_sessions (batch_id, title, starts_at, duration_minutes, join_url, prices_at_least_30_days_old) VALUES (?, 'Opening bell replay', ?, 60, ?, 1)",
          )
          .run(batch, Date.now() + 5 * 60_000, MEETING).lastInsertRowid,
      );
      const seat = db.prepare("INSERT INTO batch_students (batch_id, course_id, user_id, joined_at) VALUES (?, ?, ?, ?)");
      for (const student of seated) seat.run(batch, course, student.id, Date.now());
      return { courseId: course, sessionId: session };
    }, site.database);
    const cookies = await Promise.all(students.map((student) => studentCookie(site.database, student)));
    const page = `${site.url}/learn/${courseId}/sessions/${sessionId}`;
    const press = (index: number, press: number) =>
      timed(() => postForm(page, { intent: "join" }, cookies[index], nthClientAddress("10.33", index * PRESSES + press)));

    const started = performance.now();
    const answers = await Promise.all(
      students.flatMap((_, index) =>
        Array.from({ length: PRESSES }, async (_, n) => {
          const { value: response, ms } = await press(index, n);
          await response.body?.cancel();
          return { index, status: response.status, location: response.headers.get("location"), ms };
        }),
      ),
    );
    const wall = performance.now() - started;

    const ofSeated = answers.filter((answer) => answer.index < STUDENTS);
    expect(ofSeated.filter((answer) => answer.status !== 303 || answer.location !== MEETING)).toEqual([]);
    // Anyone outside the batch is told nothing, not even that the class exists.
    expect(answers.filter((answer) => answer.index >= STUDENTS).map((answer) => answer.status)).toEqual(
      Array.from({ length: 10 * PRESSES }, () => 404),
    );
    const joinedRows = () =>
      withDatabase(
        (db) =>
          db
            .prepare("SELECT user_id AS userId, joined_at AS joinedAt FROM session_attendance WHERE session_id = ? ORDER BY user_id")
            .all(sessionId) as {
            userId: string;
            joinedAt: number;
          }[],
        site.database,
      );
    const rows = joinedRows();
    expect(rows.map((row) => row.userId)).toEqual(seated.map((student) => student.id).sort());
    expect(rows.every((row) => row.joinedAt > 0)).toBe(true);
    expect(outsiders.some((outsider) => rows.some((row) => row.userId === outsider.id))).toBe(false);
    // A later press keeps the first time.
    await (await press(0, PRESSES)).value.body?.cancel();
    expect(joinedRows()).toEqual(rows);

    const times = answers.map((answer) => answer.ms);
    figures.push([
      "Join presses at a class's start",
      answers.length,
      ofSeated.length,
      `${answers.length - ofSeated.length} × 404 (not in the batch)`,
      rows.length,
      Math.round(percentile(times, 50)),
      Math.round(percentile(times, 99)),
      Math.round(wall),
    ]);
  });
});

describe("a burst of contact messages", () => {
  test("1,000 contact posts at the same moment: every acknowledged message is stored, word for word", async () => {
    const before = countRows(site.database, "contact_messages");
    const started = performance.now();
    const answers = await Promise.all(
      Array.from({ length: CONTACT_POSTS }, async (_, index) => {
        const marker = `burst-${index}`;
        const fields = contactFields(marker);
        const viaPage = index % 2 === 0;
        const { value: response, ms } = await timed(() =>
          viaPage
            ? postForm(`${site.url}/contact`, fields, undefined, nthClientAddress("10.32", index))
            : postJson(`${site.url}/api/contact`, fields, undefined, nthClientAddress("10.32", index)),
        );
        await response.arrayBuffer();
        const acknowledged = viaPage ? response.status === 302 && response.headers.get("Location") === "/contact" : response.status === 201;
        return { fields, acknowledged, status: response.status, ms };
      }),
    );
    const wall = performance.now() - started;

    expect(answers.filter((answer) => !answer.acknowledged).map((answer) => answer.status)).toEqual([]);
    const stored = withDatabase(
      (db) =>
        db.prepare("SELECT name, email, phone, subject, message FROM contact_messages WHERE subject LIKE 'Batch timings burst-%'").all(),
      site.database,
    ) as Record<string, string>[];
    expect(stored).toHaveLength(CONTACT_POSTS);
    const storedBySubject = new Map(stored.map((row) => [row.subject, row]));
    for (const { fields } of answers) {
      const { consent: _consent, ...message } = fields;
      expect(storedBySubject.get(fields.subject)).toEqual(message);
    }
    expect(countRows(site.database, "contact_messages")).toBe(before + CONTACT_POSTS);

    const times = answers.map((answer) => answer.ms);
    figures.push([
      "Contact messages",
      CONTACT_POSTS,
      answers.length,
      0,
      stored.length,
      Math.round(percentile(times, 50)),
      Math.round(percentile(times, 99)),
      Math.round(wall),
    ]);
  });
});
