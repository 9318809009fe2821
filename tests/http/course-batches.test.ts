import { clientWithCookie, describe, expect, queryTestDatabase, studentClient, test, withDatabase } from "./support/test";

// A course taught in batches lists the batches a student can still join on
// its page: days, where, seats left and price. A self-paced course lists none.

const visible = (html: string) => html.replace(/<[^>]*>/g, " ").replace(/\s+/g, " ");

const courseId = (title: string) => queryTestDatabase<{ id: number }>("SELECT id FROM courses WHERE title = ?", title)[0]!.id;

describe("the course page's upcoming batches", () => {
  test("the demo batch course lists its two batches still to start, not the one under way, with seats and prices", async () => {
    const id = courseId("Live Classes on Replayed Markets");
    const client = await clientWithCookie();
    const page = visible(await (await client.get(`/courses/${id}`)).text());
    expect(page).toContain("Upcoming Batches");
    expect(page).toContain("Next evening batch (online)");
    expect(page).toMatch(/Next evening batch \(online\) \w{3} \d{1,2}, \d{4} – \w{3} \d{1,2}, \d{4} Online, live 40 seats left ₹3,999/);
    expect(page).toMatch(
      /Pune weekend batch \(in person\) .* In person: 2nd Floor, 14 Market Road, Pune 411001, Maharashtra 20 seats left ₹4,999/,
    );
    expect(page).not.toContain("Evening batch (online, under way)");
  });

  test("a batch whose seats are all taken says Full", async () => {
    const id = courseId("Live Classes on Replayed Markets");
    const batch = queryTestDatabase<{ id: number }>("SELECT id FROM batches WHERE name = 'Pune weekend batch (in person)'")[0]!;
    withDatabase((database) => database.prepare("UPDATE batches SET seats = 1 WHERE id = ?").run(batch.id));
    const student = queryTestDatabase<{ id: string }>("SELECT id FROM users LIMIT 1")[0]!;
    withDatabase((database) =>
      database
        .prepare("INSERT INTO batch_students (batch_id, course_id, user_id, joined_at) VALUES (?, ?, ?, ?)")
        .run(batch.id, id, student.id, Date.now()),
    );
    const client = await clientWithCookie();
    expect(visible(await (await client.get(`/courses/${id}`)).text())).toMatch(/Pune weekend batch \(in person\) .* Full ₹4,999/);
  });

  test("a self-paced course has no batches section", async () => {
    const client = await clientWithCookie();
    const page = visible(await (await client.get(`/courses/${courseId("Currency Trading")}`)).text());
    expect(page).not.toContain("Upcoming Batches");
  });
});

describe("a full batch's waitlist", () => {
  test("a signed-in student joins it from the course page (a plain form) and the page then says their place", async () => {
    const id = courseId("Live Classes on Replayed Markets");
    const batch = queryTestDatabase<{ id: number }>("SELECT id FROM batches WHERE name = 'Next evening batch (online)'")[0]!;
    withDatabase((database) => database.prepare("UPDATE batches SET seats = 1 WHERE id = ?").run(batch.id));
    const seated = queryTestDatabase<{ id: string }>("SELECT id FROM users ORDER BY id DESC LIMIT 1")[0]!;
    withDatabase((database) =>
      database
        .prepare("INSERT INTO batch_students (batch_id, course_id, user_id, joined_at) VALUES (?, ?, ?, ?)")
        .run(batch.id, id, seated.id, Date.now()),
    );
    const { client, student } = await studentClient();
    const page = await (await client.get(`/courses/${id}`)).text();
    expect(page).toContain(`action="/courses/${id}/batches/${batch.id}/waitlist"`);

    const joined = await client.post(`/courses/${id}/batches/${batch.id}/waitlist`, { form: {}, maxRedirects: 0 });
    expect(joined.status()).toBe(302);
    expect(joined.headers().location).toBe(`/courses/${id}#batches`);
    expect(queryTestDatabase("SELECT status FROM waitlist WHERE batch_id = ? AND user_id = ?", batch.id, student.id)).toEqual([
      { status: "waiting" },
    ]);
    const after = visible(await (await client.get(`/courses/${id}`)).text());
    expect(after).toContain("You are number 1 on the waitlist.");

    // A second press changes nothing and says why.
    const again = await client.post(`/courses/${id}/batches/${batch.id}/waitlist`, { form: {}, maxRedirects: 0 });
    expect(again.status()).toBe(302);
    expect(queryTestDatabase("SELECT count(*) AS n FROM waitlist WHERE batch_id = ?", batch.id)).toEqual([{ n: 1 }]);
  });

  test("signed out, the post sends the visitor to sign in and stores nothing; an unknown batch is 404", async () => {
    const id = courseId("Live Classes on Replayed Markets");
    const anonymous = await clientWithCookie();
    const before = queryTestDatabase<{ n: number }>("SELECT count(*) AS n FROM waitlist")[0]!.n;
    const refused = await anonymous.post(`/courses/${id}/batches/1/waitlist`, { form: {}, maxRedirects: 0 });
    expect(refused.status()).toBe(302);
    expect(refused.headers().location).toContain("/login");
    expect(queryTestDatabase<{ n: number }>("SELECT count(*) AS n FROM waitlist")[0]!.n).toBe(before);
    const { client } = await studentClient();
    expect((await client.post(`/courses/${id}/batches/999999/waitlist`, { form: {} })).status()).toBe(404);
  });
});
