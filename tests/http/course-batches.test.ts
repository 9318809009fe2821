import { clientWithCookie, describe, expect, queryTestDatabase, test, withDatabase } from "./support/test";

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
