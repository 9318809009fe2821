import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, expect, test } from "vitest";
import { markdownTable } from "../../scripts/reliability-report";
import { withDatabase } from "../support/database";
import { reportWhenAllPass } from "./support/report-on-pass";
import { BASE_PORT, startSite, type Site } from "./support/production-server";

// Reminders before a batch's live sessions on a real production server that is
// killed with SIGKILL (no shutdown code runs) part-way through a batch's
// reminders and started again on the same file, until nothing more is due.
// Each start's first tick queues at most a tick's worth of each kind (the rest
// wait for the next tick), so every kill leaves some students reminded and
// others not. After it all, each student has exactly one reminder of each kind
// that fell due (one session_reminders row and one outbox message, written in
// one transaction), written out with the class's page and never the meeting.

const SITE_PORT = BASE_PORT + 255;
const SITE_URL = `http://localhost:${SITE_PORT}`;
/** app/models/batches/session-reminder.server.ts: SESSION_REMINDERS_PER_TICK. */
const PER_TICK = 200;
/** More students than two ticks take, so the kills land with reminders still due. */
const STUDENTS = 2 * PER_TICK + 50;
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const MEETING = "https://us02web.zoom.us/j/85512345678";
/** More starts than the reminders need: the loop ends when a start queues nothing. */
const MOST_STARTS = 6;

let site: Site | undefined;
const rounds: (string | number)[][] = [];

reportWhenAllPass(
  "session-reminders",
  () =>
    `## Session reminders through SIGKILL (\`tests/reliability/session-reminders.test.ts\`)\n\n${STUDENTS} students of one batch are due an hour reminder (a class in 40 minutes) and a day reminder (a class in 20 hours). Each start's first tick queues at most ${PER_TICK} of each kind; then the server gets SIGKILL and starts again on the same file.\n\n${markdownTable(
      [
        "Start",
        "Hour reminders queued (total)",
        "Day reminders queued (total)",
        "Rows without their message, or messages without their row",
      ],
      rounds,
    )}`,
);

beforeAll(async () => {
  site = await startSite({ name: "session-reminders", port: SITE_PORT, env: { SITE_URL } });
});
afterAll(async () => {
  await site?.stop();
});

type Arranged = { course: number; soon: number; tomorrow: number; cancelled: number; late: string };

/** A batch with a class in 40 minutes, one in 20 hours and a cancelled one in 30 minutes; its students seated 3 days ago, one 10 minutes ago. */
function arrange(database: string): Arranged {
  return withDatabase((db) => {
    const now = Date.now();
    const insert = (sql: string, ...values: unknown[]) => Number(db.prepare(sql).run(...values).lastInsertRowid);
    const course = insert(
      "INSERT INTO courses (title, short_description, description, duration, price_paise, pacing) VALUES ('Reminded course', 's', 'd', '4 weeks', 0, 'batch')",
    );
    const batch = insert(
      "INSERT INTO batches (course_id, name, starts_on, ends_on) VALUES (?, 'Kill batch', '2026-01-01', '2031-01-01')",
      course,
    );
    const session = (title: string, startsAt: number, cancelledAt: number | null = null) =>
      insert(
        "INSERT INTO batch_sessions (batch_id, title, starts_at, duration_minutes, join_url, cancelled_at, prices_at_least_30_days_old) VALUES (?, ?, ?, 90, ?, ?, 1)",
        batch,
        title,
        startsAt,
        MEETING,
        cancelledAt,
      );
    const ids = {
      course,
      soon: session("Opening range", now + 40 * MINUTE),
      tomorrow: session("Trend lines", now + 20 * HOUR),
      cancelled: session("Called off", now + 30 * MINUTE, now),
    };
    const seat = db.prepare("INSERT INTO batch_students (batch_id, course_id, user_id, joined_at) VALUES (?, ?, ?, ?)");
    const user = db.prepare("INSERT INTO users (id, email, first_name) VALUES (?, ?, 'Kavya')");
    const seatNew = (joinedAt: number) => {
      const id = randomUUID();
      user.run(id, `reminded-${id}@example.test`);
      seat.run(batch, course, id, joinedAt);
      return id;
    };
    db.transaction(() => {
      for (let n = 0; n < STUDENTS; n++) seatNew(now - 3 * 24 * HOUR);
    })();
    return { ...ids, late: seatNew(now - 10 * MINUTE) };
  }, database);
}

type Tally = { kind: string; reminders: number; messages: number; repeated: number; unmatched: number };

/**
 * Per kind (one class falls due for each): the recorded reminders, their messages, the students
 * messaged more than once, and the students with a row but no message or a message but no row.
 */
function tally(database: string, { soon, tomorrow, cancelled }: Arranged): Tally[] {
  return withDatabase((db) => {
    const usersOf = (sql: string, ...params: unknown[]) =>
      db
        .prepare(sql)
        .pluck()
        .all(...params) as string[];
    return ["hour-before", "day-before"].map((kind) => {
      const reminded = usersOf(
        "SELECT user_id FROM session_reminders WHERE kind = ? AND session_id IN (?, ?, ?)",
        kind,
        soon,
        tomorrow,
        cancelled,
      );
      const messaged = usersOf("SELECT user_id FROM outbox_messages WHERE kind = ?", `batch-session-reminder-${kind}`);
      const remindedSet = new Set(reminded);
      const messagedSet = new Set(messaged);
      return {
        kind,
        reminders: reminded.length,
        messages: messaged.length,
        repeated: reminded.length - remindedSet.size + messaged.length - messagedSet.size,
        unmatched:
          [...remindedSet].filter((user) => !messagedSet.has(user)).length +
          [...messagedSet].filter((user) => !remindedSet.has(user)).length,
      };
    });
  }, database);
}

test("killed with SIGKILL part-way through a batch's reminders and started again, each student is reminded exactly once of each", async () => {
  let running = site!;
  // Arranged with the server down, so no tick of the first server takes any of it.
  await running.kill9();
  const arranged = arrange(running.database);
  const totals: number[] = [];
  for (let start = 1; start <= MOST_STARTS; start++) {
    running = site = await startSite({ name: "session-reminders", port: SITE_PORT, keepDatabase: true, env: { SITE_URL } });
    // The start-up tick has run once the server answers (server.ts starts the jobs before it listens).
    const [hour, day] = tally(running.database, arranged) as [Tally, Tally];
    // No shutdown code runs: whatever the process was doing stays as it was.
    await running.kill9();
    for (const kind of [hour, day]) {
      expect(kind.repeated, `${kind.kind} after start ${start}`).toBe(0);
      expect(kind.unmatched, `${kind.kind} after start ${start}`).toBe(0);
    }
    rounds.push([start, hour.reminders, day.reminders, hour.unmatched + day.unmatched]);
    totals.push(hour.reminders + day.reminders);
    if (totals.length >= 2 && totals.at(-1) === totals.at(-2)) break;
  }
  // The first kill came with reminders still due (a tick takes its share, not all); the last start found nothing new.
  expect(totals[0]).toBeGreaterThan(0);
  expect(totals[0]).toBeLessThan(2 * STUDENTS);
  expect(totals.at(-1)).toBe(2 * STUDENTS);
  expect(totals.at(-2)).toBe(2 * STUDENTS);

  // Nobody seated 10 minutes ago, and nothing for the cancelled class.
  const stray = withDatabase(
    (db) =>
      db
        .prepare("SELECT count(*) FROM session_reminders WHERE user_id = ? OR session_id = ?")
        .pluck()
        .get(arranged.late, arranged.cancelled) as number,
    running.database,
  );
  expect(stray).toBe(0);

  // Every message is written out: the class's page on this site, never the meeting.
  const written = withDatabase(
    (db) =>
      db.prepare("SELECT subject, text_body, html_body FROM outbox_messages WHERE kind LIKE 'batch-session-reminder-%'").all() as {
        subject: string | null;
        text_body: string | null;
        html_body: string | null;
      }[],
    running.database,
  );
  expect(written).toHaveLength(2 * STUDENTS);
  const soonPage = `${SITE_URL}/learn/${arranged.course}/sessions/${arranged.soon}`;
  const tomorrowPage = `${SITE_URL}/learn/${arranged.course}/sessions/${arranged.tomorrow}`;
  for (const message of written) {
    expect(message.subject).toMatch(/^(Starting soon: Opening range at|Reminder: Trend lines,) /);
    expect(message.text_body).toContain(message.subject?.startsWith("Starting soon") ? soonPage : tomorrowPage);
    expect(`${message.text_body}${message.html_body}`).not.toContain("zoom.us");
  }
}, 300_000);
