import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createStudent, studentCookie } from "../support/accounts";
import { countRows, withDatabase } from "../support/database";
import { BASE_PORT, startSite, type Site } from "./support/production-server";
import { startMailCatcher, type MailCatcher } from "./support/smtp";

// Event mail through a real production server and a real SMTP server: the
// registration's confirmation arrives with its calendar file, and the
// scheduler started by server.ts queues a due reminder once, across restarts.

const SMTP_PORT = BASE_PORT + 205;
const SITE_PORT = BASE_PORT + 206;
const HOUR_MS = 60 * 60 * 1000;

let mail: MailCatcher;
let site: Site;
const start = (keepDatabase: boolean) =>
  startSite({
    name: "event-mail",
    port: SITE_PORT,
    keepDatabase,
    env: {
      SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
      SITE_URL: `http://localhost:${SITE_PORT}`,
      MAIL_FROM: '"TradeMaster Academy" <hello@institute.example>',
    },
  });

beforeAll(async () => {
  mail = await startMailCatcher(SMTP_PORT);
  site = await start(false);
});

afterAll(async () => {
  await site?.stop();
  await mail?.stop();
});

function insertEvent(title: string, startsAt: number): number {
  return withDatabase(
    (db) =>
      Number(
        db
          .prepare("INSERT INTO events (title, description, event_type, event_date, max_participants) VALUES (?, 'd', 'webinar', ?, 10)")
          .run(title, startsAt).lastInsertRowid,
      ),
    site.database,
  );
}

describe("event mail on a real server", () => {
  test("registering sends the confirmation with the event as a text/calendar attachment", async () => {
    const student = await createStudent({}, site.database);
    const eventId = insertEvent("Reliability Calendar Webinar", Date.now() + 10 * 24 * HOUR_MS);
    const response = await fetch(`${site.url}/api/events/${eventId}/register`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Cookie: await studentCookie(site.database, student), Origin: site.url },
      body: JSON.stringify({ name: "Priya Sharma", email: student.email, phone: "9876543210", consent: true }),
    });
    expect(response.status, await response.text()).toBe(201);

    const received = await mail.next(student.email, (message) => message.header("subject")?.includes("You are registered") ?? false);
    expect(received.text).toMatch(/Content-Type: text\/calendar/i);
    expect(received.text).toMatch(/filename="?reliability-calendar-webinar\.ics"?/);
    // The calendar part's body: base64 after its headers (the catcher's quoted-printable decoding may eat the padding).
    const part = received.text.split(/Content-Type: text\/calendar/i)[1] ?? "";
    const body = /\r?\n\r?\n([A-Za-z0-9+/=\r\n]+)/.exec(part)?.[1] ?? "";
    const ics = Buffer.from(body, "base64")
      .toString("utf8")
      .replace(/\r\n[ \t]/g, "");
    expect(ics).toContain("SUMMARY:Reliability Calendar Webinar");
  });

  test("a registration for an event starting within the hour gets its reminder at start-up, once, restarts included", async () => {
    const student = await createStudent({}, site.database);
    const eventId = insertEvent("Reliability Reminder Webinar", Date.now() + 40 * 60 * 1000);
    withDatabase(
      (db) =>
        db
          .prepare(
            "INSERT INTO event_registrations (event_id, user_id, name, email, phone, registered_at) VALUES (?, ?, 'Priya', ?, '9876543210', ?)",
          )
          .run(eventId, student.id, student.email, Date.now() - 2 * 24 * HOUR_MS),
      site.database,
    );
    const reminders = () => countRows(site.database, "outbox_messages", "to_address = ? AND kind LIKE 'event-reminder-%'", student.email);

    // The scheduler ticks as the server starts: a restart is the quickest way to a tick.
    await site.stop();
    site = await start(true);
    const received = await mail.next(student.email, (message) => message.header("subject")?.startsWith("Starting soon:") ?? false);
    expect(received.header("subject")).toContain("Reliability Reminder Webinar");
    expect(reminders()).toBe(1);

    await site.stop();
    site = await start(true);
    // The start-up tick has run once the server answers; it found the reminder recorded.
    expect((await fetch(`${site.url}/healthz`)).status).toBe(200);
    expect(reminders()).toBe(1);
    expect(
      mail.received.filter((message) => message.to.includes(student.email) && message.header("subject")?.startsWith("Starting soon:")),
    ).toHaveLength(1);
  });
});
