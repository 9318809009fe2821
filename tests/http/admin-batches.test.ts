import {
  adminApiClient,
  auditActionsOf,
  clientWithCookie,
  createStudent,
  describe,
  expect,
  makeCourse,
  plantSession,
  queryTestDatabase,
  test,
  uniqueTitle,
  withDatabase,
} from "./support/test";

// A course's batches and their timetables in the admin panel: who may use
// them, what bad input gets (a message, nothing stored), and what is stored.

type StoredBatch = { id: number; name: string; starts_on: string; seats: number | null; price_paise: number | null; delivery_mode: string };
type StoredSession = {
  id: number;
  title: string;
  starts_at: number;
  sequence: number;
  cancelled_at: number | null;
  join_url: string | null;
};

const batchesOf = (courseId: number) =>
  queryTestDatabase<StoredBatch>(
    "SELECT id, name, starts_on, seats, price_paise, delivery_mode FROM batches WHERE course_id = ? ORDER BY id",
    courseId,
  );
const sessionsOf = (batchId: number) =>
  queryTestDatabase<StoredSession>(
    "SELECT id, title, starts_at, sequence, cancelled_at, join_url FROM batch_sessions WHERE batch_id = ? ORDER BY id",
    batchId,
  );

const batchForm = (fields: Record<string, string> = {}) => ({
  name: "January evenings",
  startsOn: "2031-01-06",
  endsOn: "2031-02-28",
  delivery: "online",
  venue: "",
  seats: "30",
  price: "",
  leadMentorId: "",
  ...fields,
});

const sessionForm = (fields: Record<string, string> = {}) => ({
  title: "Support and resistance",
  description: "Levels on charts from 2024.",
  date: "2031-01-06",
  time: "19:00",
  duration: "90",
  mentorId: "",
  joinUrl: "https://us02web.zoom.us/j/85512345678",
  room: "",
  pricesAtLeast30DaysOld: "on",
  ...fields,
});

function arrange() {
  const course = makeCourse({ pricePaise: 1_500_000, title: uniqueTitle("Batch course") });
  return { course, batches: `/admin/courses/${course.id}/batches` };
}

/** The page's text as read: tags and React's text separators out, quotes unescaped. */
const visible = (html: string) =>
  html
    .replace(/<[^>]*>/g, "")
    .replaceAll("&quot;", '"')
    .replaceAll("&#x27;", "'");

describe("a course's batches", () => {
  test("signed-out visitors and students are sent to the admin sign-in, and nothing is stored", async () => {
    const { course, batches } = arrange();
    const anonymous = await clientWithCookie();
    const student = await clientWithCookie(await plantSession(await createStudent()));
    for (const client of [anonymous, student]) {
      const page = await client.get(batches, { maxRedirects: 0 });
      expect(page.status()).toBe(302);
      expect(page.headers().location).toBe(`/admin/login?${new URLSearchParams({ redirectTo: batches })}`);
      expect((await client.post(`${batches}/new`, { form: batchForm(), maxRedirects: 0 })).status()).toBe(302);
    }
    expect(batchesOf(course.id)).toEqual([]);
  });

  test("an admin adds a batch: stored, audited, listed with its seats; bad dates are refused with a message", async () => {
    const { course, batches } = arrange();
    const { admin, client } = await adminApiClient();
    const refused = await client.post(`${batches}/new`, { form: batchForm({ endsOn: "2031-01-01" }) });
    expect(refused.status()).toBe(400);
    expect(await refused.text()).toContain("Last day must be on or after the first day");
    const noVenue = await client.post(`${batches}/new`, { form: batchForm({ delivery: "27" }) });
    expect(noVenue.status()).toBe(400);
    expect(await noVenue.text()).toContain("Venue address is required for a batch taught in person");
    expect(batchesOf(course.id)).toEqual([]);

    const added = await client.post(`${batches}/new`, { form: batchForm({ price: "12,999" }), maxRedirects: 0 });
    expect(added.status()).toBe(302);
    expect(added.headers().location).toBe(batches);
    expect(batchesOf(course.id)).toEqual([
      {
        id: expect.any(Number),
        name: "January evenings",
        starts_on: "2031-01-06",
        seats: 30,
        price_paise: 1_299_900,
        delivery_mode: "online",
      },
    ]);
    expect(auditActionsOf(admin).map((row) => row.action)).toContain("batch_created");
    const page = visible(await (await client.get(batches)).text());
    expect(page).toContain("Batches: ");
    expect(page).toContain("January evenings");
    expect(page).toContain("Jan 6, 2031 – Feb 28, 2031 · Online");
    expect(page).toContain("0 of 30 seats taken · ₹12,999 · 0 sessions");
  });

  test("a content manager may add a batch at the course's price but not set one; the price stays the admin's", async () => {
    const { course, batches } = arrange();
    const { client } = await adminApiClient("content_manager");
    expect(visible(await (await client.get(`${batches}/new`)).text())).toContain("The batch's price is set by an administrator.");
    // A posted price is ignored: a content manager's form has none.
    const added = await client.post(`${batches}/new`, { form: batchForm({ price: "1" }), maxRedirects: 0 });
    expect(added.status()).toBe(302);
    expect(batchesOf(course.id).map((batch) => batch.price_paise)).toEqual([null]);
  });

  test("seats cannot go below the students seated; a batch with a student is not deleted", async () => {
    const { course, batches } = arrange();
    const { client } = await adminApiClient();
    await client.post(`${batches}/new`, { form: batchForm({ seats: "5" }) });
    const [batch] = batchesOf(course.id);
    for (const student of [await createStudent(), await createStudent()])
      withDatabase((database) =>
        database
          .prepare("INSERT INTO batch_students (batch_id, course_id, user_id, joined_at) VALUES (?, ?, ?, ?)")
          .run(batch!.id, course.id, student.id, Date.now()),
      );
    const noSeats = await client.post(`${batches}/${batch!.id}`, { form: batchForm({ seats: "0" }) });
    expect(noSeats.status()).toBe(400);
    expect(await noSeats.text()).toContain("Seats must be at least 1");
    const tooFew = await client.post(`${batches}/${batch!.id}`, { form: batchForm({ seats: "1" }) });
    expect(tooFew.status()).toBe(409);
    expect(visible(await tooFew.text())).toContain("Seats cannot be fewer than the 2 seats already taken");
    expect(batchesOf(course.id)[0]!.seats).toBe(5);

    const deleted = await client.post(`${batches}/${batch!.id}`, { form: { intent: "delete" } });
    expect(deleted.status()).toBe(409);
    expect(visible(await deleted.text())).toContain("has students or orders, so it cannot be deleted. Cancel the batch instead.");
    expect(batchesOf(course.id)).toHaveLength(1);
  });

  test("another course's batch is not found under this course", async () => {
    const { course, batches } = arrange();
    const other = makeCourse({ pricePaise: 0, title: uniqueTitle("Other") });
    const { client } = await adminApiClient();
    await client.post(`${batches}/new`, { form: batchForm() });
    const [batch] = batchesOf(course.id);
    expect((await client.get(`/admin/courses/${other.id}/batches/${batch!.id}`)).status()).toBe(404);
    expect((await client.get(`/admin/courses/${other.id}/batches/${batch!.id}/timetable`)).status()).toBe(404);
    expect((await client.get(`${batches}/abc`)).status()).toBe(404);
  });
});

describe("a batch's timetable", () => {
  async function batchWithTimetable() {
    const { course, batches } = arrange();
    const { admin, client } = await adminApiClient("content_manager");
    await client.post(`${batches}/new`, { form: batchForm() });
    const [batch] = batchesOf(course.id);
    return { admin, client, batch: batch!, timetable: `${batches}/${batch!.id}/timetable` };
  }

  test("a session is added in IST, audited and listed without its link; without the 30-day statement it is refused", async () => {
    const { admin, client, batch, timetable } = await batchWithTimetable();
    const unticked = { ...sessionForm() } as Record<string, string>;
    delete unticked.pricesAtLeast30DaysOld;
    const refused = await client.post(`${timetable}/new`, { form: unticked });
    expect(refused.status()).toBe(400);
    expect(await refused.text()).toContain("Confirm that every market example in this class uses prices at least 30 days old");
    const badLink = await client.post(`${timetable}/new`, { form: sessionForm({ joinUrl: "https://example.com/meet" }) });
    expect(badLink.status()).toBe(400);
    expect(sessionsOf(batch.id)).toEqual([]);

    const added = await client.post(`${timetable}/new`, { form: sessionForm(), maxRedirects: 0 });
    expect(added.status()).toBe(302);
    expect(added.headers().location).toBe(timetable);
    expect(sessionsOf(batch.id)).toEqual([
      {
        id: expect.any(Number),
        title: "Support and resistance",
        starts_at: Date.parse("2031-01-06T13:30:00Z"),
        sequence: 0,
        cancelled_at: null,
        join_url: "https://us02web.zoom.us/j/85512345678",
      },
    ]);
    expect(auditActionsOf(admin).map((row) => row.action)).toContain("batch_session_created");
    const page = visible(await (await client.get(timetable)).text());
    expect(page).toContain("Timetable: January evenings");
    expect(page).toContain("Support and resistance");
    expect(page).toContain("7:00 pm IST · 90 min · Zoom");
    expect(page).not.toContain("85512345678");
  });

  test("moving a session raises its sequence; cancelling marks it, raises it again and leaves it unchangeable", async () => {
    const { client, batch, timetable } = await batchWithTimetable();
    await client.post(`${timetable}/new`, { form: sessionForm() });
    const [session] = sessionsOf(batch.id);
    const moved = await client.post(`${timetable}/${session!.id}`, { form: sessionForm({ time: "20:00" }), maxRedirects: 0 });
    expect(moved.status()).toBe(302);
    expect(sessionsOf(batch.id)[0]).toMatchObject({ starts_at: Date.parse("2031-01-06T14:30:00Z"), sequence: 1 });

    expect(visible(await (await client.get(`${timetable}/${session!.id}?confirm=cancel`)).text())).toContain(
      "Cancel “Support and resistance” on Jan 6, 2031, 8:00 pm IST?",
    );
    const cancelled = await client.post(`${timetable}/${session!.id}`, { form: { intent: "cancel" }, maxRedirects: 0 });
    expect(cancelled.status()).toBe(302);
    expect(sessionsOf(batch.id)[0]).toMatchObject({ sequence: 2, cancelled_at: expect.any(Number) });
    expect(visible(await (await client.get(timetable)).text())).toContain("Support and resistanceCancelled");

    const changed = await client.post(`${timetable}/${session!.id}`, { form: sessionForm({ title: "Renamed" }) });
    expect(changed.status()).toBe(409);
    expect(sessionsOf(batch.id)[0]).toMatchObject({ title: "Support and resistance", sequence: 2 });
    expect((await client.post(`${timetable}/${session!.id}`, { form: { intent: "publish" } })).status()).toBe(400);
  });
});

describe("a batch's students and attendance", () => {
  test("an admin reaches a batch's students and each session's attendance on the teaching pages; a content manager gets neither link nor page", async () => {
    const { course, batches } = arrange();
    const { client: admin } = await adminApiClient();
    await admin.post(`${batches}/new`, { form: batchForm() });
    const [batch] = batchesOf(course.id);
    await admin.post(`${batches}/${batch!.id}/timetable/new`, { form: sessionForm() });
    const [session] = sessionsOf(batch!.id);
    const first = await createStudent({ firstName: "Asha", lastName: "Rao" });
    const second = await createStudent({ firstName: "Vikram", lastName: "Iyer" });
    withDatabase((database) => {
      const seat = database.prepare("INSERT INTO batch_students (batch_id, course_id, user_id, joined_at) VALUES (?, ?, ?, ?)");
      seat.run(batch!.id, course.id, second.id, Date.parse("2030-12-02T05:00:00Z"));
      seat.run(batch!.id, course.id, first.id, Date.parse("2030-12-01T05:00:00Z"));
    });
    const students = `/admin/teaching/${batch!.id}`;
    const attendance = `${students}/sessions/${session!.id}`;
    expect(await (await admin.get(batches)).text()).toContain(`href="${students}"`);
    expect(await (await admin.get(`${batches}/${batch!.id}/timetable`)).text()).toContain(`href="${attendance}"`);
    const page = visible(await (await admin.get(students)).text());
    expect(page).toContain("January evenings");
    expect(page).toContain("2 of 30 seats taken");
    expect(page.indexOf("Asha Rao")).toBeLessThan(page.indexOf("Vikram Iyer"));
    expect(page).toContain(first.email);
    expect(page).toContain("Dec 1, 2030");
    expect((await admin.get(attendance)).status()).toBe(200);

    const { client: manager } = await adminApiClient("content_manager");
    expect((await manager.get(students)).status()).toBe(403);
    expect((await manager.get(attendance)).status()).toBe(403);
    expect(await (await manager.get(batches)).text()).not.toContain(`href="${students}"`);
    expect(await (await manager.get(`${batches}/${batch!.id}/timetable`)).text()).not.toContain(`href="${attendance}"`);
    // The old addresses are gone.
    expect((await admin.get(`${batches}/${batch!.id}/roster`)).status()).toBe(404);
    expect((await admin.get(`${batches}/${batch!.id}/timetable/${session!.id}/attendance`)).status()).toBe(404);
  });
});
