import { describe, expect, makeCourse, queryTestDatabase, studentClient, test, withDatabase } from "./support/test";

// A batch's live session for its students: /learn leads to the next one, its
// page says when and where without the meeting's link, and "Join" (a POST)
// records "joined" once and sends the student to the meeting, from 15
// minutes before the start. Nobody outside the batch finds it.

const MINUTE = 60_000;
const visible = (html: string) =>
  html
    .replace(/<[^>]*>/g, " ")
    .replaceAll("&#x27;", "'")
    .replace(/\s+/g, " ");
const LINK = "https://meet.jit.si/TradeMaster-http-test";

/** A batch of a fresh course with one session starting `startsIn` ms from now, and a student seated in it. */
async function batchWithSession(startsIn: number) {
  const course = makeCourse({ pricePaise: 0, title: `Replays ${crypto.randomUUID().slice(0, 6)}` });
  const { client, student } = await studentClient();
  const ids = withDatabase((database) => {
    const batch = Number(
      database
        .prepare("INSERT INTO batches (course_id, name, starts_on, ends_on) VALUES (?, 'Evening batch', '2026-01-01', '2031-01-01')")
        .run(course.id).lastInsertRowid,
    );
    const session = Number(
      database
        .prepare(
          "INSERT INTO batch_sessions (batch_id, title, description, starts_at, duration_minutes, join_url, prices_at_least_30_days_old) VALUES (?, 'Reading levels', 'A replayed day.', ?, 90, ?, 1)",
        )
        .run(batch, Date.now() + startsIn, LINK).lastInsertRowid,
    );
    database
      .prepare("INSERT INTO batch_students (batch_id, course_id, user_id, joined_at) VALUES (?, ?, ?, ?)")
      .run(batch, course.id, student.id, Date.now());
    return { batch, session };
  });
  return { course, client, student, page: `/learn/${course.id}/sessions/${ids.session}`, ...ids };
}

const attendanceOf = (session: number) =>
  queryTestDatabase<{ user_id: string; joined_at: number | null }>(
    "SELECT user_id, joined_at FROM session_attendance WHERE session_id = ?",
    session,
  );

describe("a live session's page", () => {
  test("/learn leads the batch's student to the next class; its page says when and where, never the meeting's link", async () => {
    const { client, page } = await batchWithSession(3 * 60 * MINUTE);
    const learn = visible(await (await client.get("/learn")).text());
    expect(learn).toContain("Your Batches");
    expect(learn).toContain("Next class Reading levels");
    expect(await (await client.get("/learn")).text()).toContain(`href="${page}"`);

    const html = await (await client.get(page)).text();
    expect(visible(html)).toContain("Reading levels");
    expect(visible(html)).toContain("Online, on Jitsi");
    expect(visible(html)).toMatch(/Join opens at \d{1,2}:\d{2} [ap]m IST, 15 minutes before the class starts\./);
    expect(html).not.toContain("meet.jit.si");
    expect(html).not.toContain('value="join"');
  });

  test("from 15 minutes before the start, Join records 'joined' once and sends the student to the meeting", async () => {
    const { client, student, page, session } = await batchWithSession(10 * MINUTE);
    expect(await (await client.get(page)).text()).toContain('value="join"');
    expect(attendanceOf(session)).toEqual([]);

    const joined = await client.post(page, { form: { intent: "join" }, maxRedirects: 0 });
    expect(joined.status()).toBe(303);
    expect(joined.headers().location).toBe(LINK);
    expect(joined.headers()["referrer-policy"]).toBe("no-referrer");
    const [first] = attendanceOf(session);
    expect(first).toMatchObject({ user_id: student.id });

    const again = await client.post(page, { form: { intent: "join" }, maxRedirects: 0 });
    expect(again.status()).toBe(303);
    expect(attendanceOf(session)).toEqual([first]);
    expect(visible(await (await client.get(page)).text())).toContain("You joined at");
  });

  test("before Join opens a press is refused with a message and records nothing; an unknown intent is refused", async () => {
    const { client, page, session } = await batchWithSession(60 * MINUTE);
    const early = await client.post(page, { form: { intent: "join" }, maxRedirects: 0 });
    expect(early.status()).toBe(302);
    expect(early.headers().location).toBe(page);
    expect(attendanceOf(session)).toEqual([]);
    expect((await client.post(page, { form: { intent: "mark-attended" } })).status()).toBe(400);
  });

  test("a student outside the batch finds neither the page nor the link, and nothing is recorded", async () => {
    const { page, session } = await batchWithSession(5 * MINUTE);
    const { client: outsider } = await studentClient();
    expect((await outsider.get(page)).status()).toBe(404);
    const pressed = await outsider.post(page, { form: { intent: "join" }, maxRedirects: 0 });
    expect(pressed.status()).toBe(404);
    expect(await pressed.text()).not.toContain("meet.jit.si");
    expect(attendanceOf(session)).toEqual([]);
  });
});
