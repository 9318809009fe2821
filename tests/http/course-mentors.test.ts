import { adminApiClient, describe, expect, queryTestDatabase, test } from "./support/test";

// Each course names who teaches it: the admin ticks mentors on the course form,
// the course page shows them (photo, name, title), a mentor deleted meanwhile is
// refused with a message, and the JSON API leaves them as they are unless sent.

const markup = async (response: { text(): Promise<string> }) =>
  (await response.text()).replace(/<script[\s\S]*?<\/script>/g, "").replaceAll("<!-- -->", "");

type MentorRow = { id: number; name: string; title: string };
const mentors = () => queryTestDatabase<MentorRow>("SELECT id, name, title FROM mentors WHERE is_active = 1 ORDER BY id");
const linked = (courseId: number) =>
  queryTestDatabase<{ mentor_id: number }>("SELECT mentor_id FROM course_mentors WHERE course_id = ? ORDER BY position", courseId).map(
    (row) => row.mentor_id,
  );

function courseForm(title: string, mentorIds: number[]): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries({
    title,
    shortDescription: "Reading price structure.",
    description: "OVERVIEW\nA course made by the mentors test.",
    price: "1999",
    duration: "4 weeks",
    level: "beginner",
    isActive: "on",
  }))
    form.append(name, value);
  for (const id of mentorIds) form.append("mentorIds", String(id));
  return form;
}

describe("a course's mentors", () => {
  test("ticked on the course form, they show on the course page in that order; unticked, they go", async ({ request }) => {
    const { client } = await adminApiClient("admin");
    const [first, second] = mentors();
    if (!first || !second) throw new Error("The demo content has mentors");
    const title = `Mentored ${Date.now()}`;
    const created = await client.post("/admin/courses/new", { multipart: courseForm(title, [second.id, first.id]), maxRedirects: 0 });
    expect(created.status()).toBe(302);
    const [course] = queryTestDatabase<{ id: number }>("SELECT id FROM courses WHERE title = ?", title);
    if (!course) throw new Error("The course was saved");
    expect(linked(course.id)).toEqual([second.id, first.id]);

    const page = await markup(await request.get(`/courses/${course.id}`));
    expect(page).toContain(">Your Mentors</h2>");
    expect(page.indexOf(`>${second.name}</h3>`)).toBeGreaterThan(0);
    expect(page.indexOf(`>${second.name}</h3>`)).toBeLessThan(page.indexOf(`>${first.name}</h3>`));
    expect(page).toContain(first.title);

    // The edit form shows them ticked.
    const edit = await markup(await client.get(`/admin/courses/${course.id}`));
    const ticked = [...edit.matchAll(/<input[^>]*name="mentorIds"[^>]*>/g)].filter((input) => /\schecked/.test(input[0]));
    expect(ticked.map((input) => /value="(\d+)"/.exec(input[0])?.[1]).sort()).toEqual([String(first.id), String(second.id)].sort());

    // The JSON API leaves them as they are when it does not send them.
    const api = await client.put(`/api/courses/${course.id}`, {
      data: { title, shortDescription: "Reading price structure.", description: "OVERVIEW\nUpdated by the API.", duration: "4 weeks" },
    });
    expect(api.status()).toBe(200);
    expect(linked(course.id)).toEqual([second.id, first.id]);

    const none = await client.post(`/admin/courses/${course.id}`, { multipart: courseForm(title, []), maxRedirects: 0 });
    expect(none.status()).toBe(302);
    expect(linked(course.id)).toEqual([]);
    expect(await markup(await request.get(`/courses/${course.id}`))).not.toContain("Your Mentor");
  });

  test("a mentor that no longer exists is refused with a message, and the course stays as it was", async () => {
    const { client } = await adminApiClient("admin");
    const title = `Ghost mentor ${Date.now()}`;
    const refused = await client.post("/admin/courses/new", { multipart: courseForm(title, [987_654]) });
    expect(refused.status()).toBe(400);
    expect(await refused.text()).toContain("A chosen mentor no longer exists. Reload the page and choose again.");
    expect(queryTestDatabase("SELECT id FROM courses WHERE title = ?", title)).toEqual([]);

    const api = await client.post("/api/courses", {
      data: { title, shortDescription: "s", description: "d", duration: "1 week", mentorIds: [987_654] },
    });
    expect(api.status()).toBe(400);
    expect((await api.json()).message).toBe("A chosen mentor no longer exists. Reload the page and choose again.");
  });
});
