import { addCompletedEnrollment, describe, expect, queryTestDatabase, test } from "./support/test";

// A struck-through "original price" and its "% off" show only when the course
// sold at that price in the last 90 days (Consumer Protection Act 2019,
// s.2(47)): on its card, its page and the public JSON alike.

type SeededCourse = { id: number; title: string; price_paise: number; original_price_paise: number };

const rupees = (paise: number) => `₹${(paise / 100).toLocaleString("en-IN")}`;

/** The markup without scripts (the hydration data repeats the page's text). */
const markupOf = async (response: { status(): number; text(): Promise<string> }) => {
  expect(response.status()).toBe(200);
  return (await response.text()).replace(/<script[\s\S]*?<\/script>/g, "");
};

/** The course's card on /courses: from its heading to the next card. */
function cardOf(list: string, title: string) {
  const start = list.indexOf(`>${title}</`);
  expect(start, title).toBeGreaterThan(-1);
  const end = list.indexOf("</li>", start);
  return list.slice(start, end);
}

describe("a course's reference price", () => {
  test("is not shown until the course sells at it, then shows on the card, the page and the JSON", async ({ request, student }) => {
    const [course] = queryTestDatabase<SeededCourse>(
      "SELECT id, title, price_paise, original_price_paise FROM courses WHERE is_active = 1 AND original_price_paise > price_paise ORDER BY id LIMIT 1",
    );
    if (!course) throw new Error("The seed has an active course with an original price");
    const original = rupees(course.original_price_paise);
    const percent = Math.round((1 - course.price_paise / course.original_price_paise) * 100);

    const pageBefore = await markupOf(await request.get(`/courses/${course.id}`));
    expect(pageBefore).not.toContain("<del");
    expect(pageBefore).not.toMatch(/\d+% off/);
    expect(pageBefore).toContain(rupees(course.price_paise));
    expect(cardOf(await markupOf(await request.get("/courses")), course.title)).not.toContain("<del");
    expect((await (await request.get(`/api/courses/${course.id}`)).json()).originalPrice).toBeNull();

    addCompletedEnrollment(student.id, course.id, course.original_price_paise);

    const pageAfter = await markupOf(await request.get(`/courses/${course.id}`));
    expect(pageAfter).toContain(original);
    expect(pageAfter).toContain(`${percent}% off`);
    expect(cardOf(await markupOf(await request.get("/courses")), course.title)).toContain(original);
    expect((await (await request.get(`/api/courses/${course.id}`)).json()).originalPrice).toBe(
      (course.original_price_paise / 100).toFixed(2),
    );
  });
});
