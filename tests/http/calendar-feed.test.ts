import {
  adminApiClient,
  clientWithCookie,
  describe,
  expect,
  makeCourse,
  queryTestDatabase,
  SITE_ORIGIN,
  studentClient,
  test,
  uniqueTitle,
  withDatabase,
  type HttpClient,
} from "./support/test";
import { unfoldedCalendar } from "../support/calendar";
import { htmlErrors } from "../support/html-checker";

// A batch's live classes in the students' calendars and inboxes: the private
// feed offered on /account (one address, replaced on request, the old one then
// 404), its contents as the admin moves and cancels a class (same UID, SEQUENCE
// raised, the new start, STATUS:CANCELLED), the mail each change sends, and a
// session's own .ics from its page, for the batch's students alone.

const MEETING = "https://us02web.zoom.us/j/85512345678";
const HOST = new URL(SITE_ORIGIN).hostname;
const FEED_ADDRESS = new RegExp(`${SITE_ORIGIN}/calendar/([A-Za-z0-9_-]{43})\\.ics`);

/** The VEVENT of the given UID, as lines. */
function entry(ics: string, uid: string): string[] {
  const events = ics
    .replace(/\r\n[ \t]/g, "")
    .split("BEGIN:VEVENT")
    .slice(1);
  const found = events.find((event) => event.includes(`\r\nUID:${uid}\r\n`));
  if (!found) throw new Error(`No entry ${uid} in:\n${ics}`);
  return found.split("\r\n");
}

/** A course with a batch, a class ahead (Mon, 6 Jan 2031, 7:00 pm IST, on Zoom) and one long past, and a student seated in it. */
async function seatedStudent() {
  const course = makeCourse({ pricePaise: 0, title: uniqueTitle("Calendar course") });
  const { client, student } = await studentClient();
  const ids = withDatabase((database) => {
    const batch = Number(
      database
        .prepare("INSERT INTO batches (course_id, name, starts_on, ends_on) VALUES (?, 'Evening batch', '2026-01-01', '2031-02-28')")
        .run(course.id).lastInsertRowid,
    );
    const addSession = (title: string, startsAt: string) =>
      Number(
        database
          .prepare(
            "INSERT INTO batch_sessions (batch_id, title, description, starts_at, duration_minutes, join_url, prices_at_least_30_days_old) VALUES (?, ?, 'Levels on 2024 charts.', ?, 90, ?, 1)",
          )
          .run(batch, title, Date.parse(startsAt), MEETING).lastInsertRowid,
      );
    const session = addSession("Support and resistance", "2031-01-06T13:30:00Z");
    const past = addSession("Opening class", "2026-01-05T13:30:00Z");
    database
      .prepare("INSERT INTO batch_students (batch_id, course_id, user_id, joined_at) VALUES (?, ?, ?, ?)")
      .run(batch, course.id, student.id, Date.parse("2025-12-01T00:00:00Z"));
    return { batch, session, past };
  });
  const timetable = `/admin/courses/${course.id}/batches/${ids.batch}/timetable`;
  return { course, client, student, ...ids, timetable, page: `/learn/${course.id}/sessions/${ids.session}` };
}

/** The session form as the admin sends it, Mon, 6 Jan 2031 at `time` IST. */
const sessionForm = (fields: Record<string, string> = {}) => ({
  title: "Support and resistance",
  description: "Levels on 2024 charts.",
  date: "2031-01-06",
  time: "19:00",
  duration: "90",
  mentorId: "",
  joinUrl: MEETING,
  room: "",
  pricesAtLeast30DaysOld: "on",
  ...fields,
});

/** Asks for a (new) feed address on /account and reads it off the page. */
async function newFeedAddress(client: HttpClient): Promise<string> {
  const asked = await client.post("/account", { form: { intent: "new-calendar-address" }, maxRedirects: 0 });
  expect(asked.status()).toBe(302);
  expect(asked.headers().location).toBe("/account#calendar-feed-heading");
  const address = FEED_ADDRESS.exec(await (await client.get("/account")).text())?.[0];
  if (!address) throw new Error("No feed address on /account");
  return address.slice(SITE_ORIGIN.length);
}

type StoredMail = { kind: string; subject: string; text_body: string; html_body: string; attachments: string };
const mailsTo = (address: string, kind: string) =>
  queryTestDatabase<StoredMail>(
    "SELECT kind, subject, text_body, html_body, attachments FROM outbox_messages WHERE to_address = ? AND kind = ? ORDER BY id",
    address,
    kind,
  );
/** The .ics attached to a stored mail. */
function attachedCalendar(mail: StoredMail): string {
  const [attachment] = JSON.parse(mail.attachments) as { filename: string; contentType: string; contentBase64: string }[];
  expect(attachment?.contentType).toMatch(/^text\/calendar/);
  return Buffer.from(attachment!.contentBase64, "base64").toString("utf8");
}

describe("the private calendar feed", () => {
  test("a batch's student gets an address on /account; without a cookie it serves every class, past and future, linking the class's page", async () => {
    const { client, course, session, past } = await seatedStudent();
    const account = await (await client.get("/account")).text();
    expect(account).toContain("Calendar feed");
    expect(account).toContain("Get your calendar address");

    const feed = await newFeedAddress(client);
    const anonymous = await clientWithCookie();
    const answer = await anonymous.get(feed);
    expect(answer.status()).toBe(200);
    expect(answer.headers()["content-type"]).toBe("text/calendar; charset=utf-8");
    expect(answer.headers()["cache-control"]).toBe("private, no-store");
    expect(answer.headers()["referrer-policy"]).toBe("no-referrer");
    const ics = await answer.text();
    const upcoming = entry(ics, `batch-session-${session}@${HOST}`);
    expect(upcoming).toContain("SEQUENCE:0");
    expect(upcoming).toContain("DTSTART:20310106T133000Z");
    expect(upcoming).toContain("STATUS:CONFIRMED");
    expect(upcoming).toContain(`URL:${SITE_ORIGIN}/learn/${course.id}/sessions/${session}`);
    expect(entry(ics, `batch-session-${past}@${HOST}`)).toContain("DTSTART:20260105T133000Z");
    expect(ics).not.toContain("zoom.us");
  });

  test("after the admin moves the class: the same UID, SEQUENCE raised, the new start; after a cancellation, STATUS:CANCELLED", async () => {
    const { client, timetable, session } = await seatedStudent();
    const feed = await newFeedAddress(client);
    const uid = `batch-session-${session}@${HOST}`;
    const { client: admin } = await adminApiClient("admin");

    expect((await admin.post(`${timetable}/${session}`, { form: sessionForm({ time: "20:00" }), maxRedirects: 0 })).status()).toBe(302);
    const moved = entry(await (await (await clientWithCookie()).get(feed)).text(), uid);
    expect(moved).toContain("SEQUENCE:1");
    expect(moved).toContain("DTSTART:20310106T143000Z");
    expect(moved).toContain("STATUS:CONFIRMED");

    expect((await admin.post(`${timetable}/${session}`, { form: { intent: "cancel" }, maxRedirects: 0 })).status()).toBe(302);
    const cancelled = entry(await (await (await clientWithCookie()).get(feed)).text(), uid);
    expect(cancelled).toContain("SEQUENCE:2");
    expect(cancelled).toContain("STATUS:CANCELLED");
    expect(cancelled).toContain("DTSTART:20310106T143000Z");
  });

  test("a new address replaces the old one, which then answers 404; so do a made-up one and a deactivated account's", async () => {
    const { client, student } = await seatedStudent();
    const anonymous = await clientWithCookie();
    const first = await newFeedAddress(client);
    expect((await anonymous.get(first)).status()).toBe(200);
    const account = await (await client.get("/account")).text();
    expect(account).toContain("Get a new address");
    // The section with its address is valid HTML (every-page checks the one before an address is made).
    expect(await htmlErrors({ "/account": account })).toEqual({});

    const second = await newFeedAddress(client);
    expect(second).not.toBe(first);
    expect((await anonymous.get(first)).status()).toBe(404);
    expect((await anonymous.get(second)).status()).toBe(200);
    expect((await anonymous.get(`/calendar/${"A".repeat(43)}.ics`)).status()).toBe(404);
    expect((await anonymous.get(`/calendar/not-a-token.ics`)).status()).toBe(404);
    expect((await anonymous.get(second.replace(/\.ics$/, ""))).status()).toBe(404);

    withDatabase((database) => database.prepare("UPDATE users SET deactivated_at = ? WHERE id = ?").run(Date.now(), student.id));
    expect((await anonymous.get(second)).status()).toBe(404);
  });

  test("a student in no batch is not offered a feed", async () => {
    const { client } = await studentClient();
    expect(await (await client.get("/account")).text()).not.toContain("Calendar feed");
  });
});

describe("mail when the admin moves or cancels a class", () => {
  test("each student hears of the new time (IST) and place, with a link to the class's page and never the meeting's, and the updated entry", async () => {
    const { student, timetable, session, course } = await seatedStudent();
    const { client: admin } = await adminApiClient("admin");
    const saved = await admin.post(`${timetable}/${session}`, { form: sessionForm({ time: "20:00" }), maxRedirects: 0 });
    expect(saved.status()).toBe(302);

    const [moved, ...more] = mailsTo(student.email, "batch-session-changed");
    expect(more).toEqual([]);
    expect(moved!.subject).toBe("Class moved: Support and resistance, now Mon, 6 Jan 2031, 8:00 pm IST");
    expect(moved!.text_body).toContain("When: Mon, 6 Jan 2031, 8:00 pm IST (90 minutes)");
    expect(moved!.text_body).toContain("Where: Online, on Zoom");
    expect(moved!.text_body).toContain("It was on Mon, 6 Jan 2031, 7:00 pm IST.");
    expect(moved!.text_body).toContain(`${SITE_ORIGIN}/learn/${course.id}/sessions/${session}`);
    expect(moved!.text_body + moved!.html_body).not.toContain("zoom.us");
    const movedEntry = unfoldedCalendar(attachedCalendar(moved!));
    expect(movedEntry).toContain(`UID:batch-session-${session}@${HOST}`);
    expect(movedEntry).toContain("SEQUENCE:1");

    // A typo put right in the description is no news.
    await admin.post(`${timetable}/${session}`, { form: sessionForm({ time: "20:00", description: "Levels on 2024 charts, again." }) });
    expect(mailsTo(student.email, "batch-session-changed")).toHaveLength(1);

    await admin.post(`${timetable}/${session}`, { form: { intent: "cancel" }, maxRedirects: 0 });
    const [cancelled] = mailsTo(student.email, "batch-session-cancelled");
    expect(cancelled!.subject).toBe("Class cancelled: Support and resistance, Mon, 6 Jan 2031, 8:00 pm IST");
    expect(cancelled!.text_body).toContain("is cancelled. It will not take place:");
    expect(cancelled!.text_body).toContain(`${SITE_ORIGIN}/learn/${course.id}/sessions/${session}`);
    expect(cancelled!.text_body + cancelled!.html_body).not.toContain("zoom.us");
    const cancelledEntry = unfoldedCalendar(attachedCalendar(cancelled!));
    expect(cancelledEntry).toContain("STATUS:CANCELLED");
    expect(cancelledEntry).toContain("SEQUENCE:2");
  });
});

describe("Add to calendar on a class's page", () => {
  test("the batch's student downloads the class's .ics (same UID and sequence as the feed); another student finds nothing", async () => {
    const { client, page, session } = await seatedStudent();
    const html = await (await client.get(page)).text();
    expect(html).toContain(`href="${page}/calendar.ics"`);
    expect(html).toContain("Add to calendar");

    const download = await client.get(`${page}/calendar.ics`);
    expect(download.status()).toBe(200);
    expect(download.headers()["content-type"]).toBe("text/calendar; charset=utf-8");
    expect(download.headers()["content-disposition"]).toBe('attachment; filename="support-and-resistance.ics"');
    const lines = unfoldedCalendar(await download.text());
    expect(lines).toContain(`UID:batch-session-${session}@${HOST}`);
    expect(lines).toContain("SEQUENCE:0");
    expect(lines.join("\n")).not.toContain("zoom.us");

    const { client: outsider } = await studentClient();
    const refused = await outsider.get(`${page}/calendar.ics`);
    expect(refused.status()).toBe(404);
    expect(await refused.text()).not.toContain("BEGIN:VCALENDAR");
    const anonymous = await (await clientWithCookie()).get(`${page}/calendar.ics`, { maxRedirects: 0 });
    expect(anonymous.status()).toBe(302);
    expect(anonymous.headers().location).toMatch(/^\/login\?redirectTo=/);
  });
});
