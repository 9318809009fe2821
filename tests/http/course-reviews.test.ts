import {
  addCompletedEnrollment,
  adminApiClient,
  auditActionsOf,
  describe,
  expect,
  makeCourse,
  queryTestDatabase,
  studentClient,
  test,
  type HttpClient,
} from "./support/test";

// Course reviews through both doors (the course page's form and
// POST /api/courses/:id/reviews): only a student holding the course may write
// one; an admin approves it; the page's stars, count and JSON-LD rating come
// from approved reviews alone.

type StoredReview = { id: number; rating: number; body: string; status: string };
const reviewsOf = (courseId: number) =>
  queryTestDatabase<StoredReview>("SELECT id, rating, body, status FROM course_reviews WHERE course_id = ? ORDER BY id", courseId);

const GOOD = { rating: 4, body: "The mentor explained each chart pattern slowly and answered every question." };

/** The Course object of the page's JSON-LD blocks. */
async function courseJsonLd(client: HttpClient, courseId: number): Promise<Record<string, unknown>> {
  const html = await (await client.get(`/courses/${courseId}`)).text();
  const blocks = [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map(
    (match) => JSON.parse(match[1]!) as Record<string, unknown>,
  );
  const course = blocks.find((block) => block["@type"] === "Course");
  if (!course) throw new Error("The page has no Course JSON-LD");
  return course;
}

async function enrolledStudent(courseId: number) {
  const { client, student } = await studentClient();
  addCompletedEnrollment(student.id, courseId);
  return { client, student };
}

describe("POST /api/courses/:id/reviews", () => {
  test("a signed-out visitor gets 401, and nothing is stored", async ({ request }) => {
    const course = makeCourse({ pricePaise: 0 });
    const answer = await request.post(`/api/courses/${course.id}/reviews`, { data: GOOD });
    expect(answer.status()).toBe(401);
    expect(reviewsOf(course.id)).toEqual([]);
  });

  test("a student who is not enrolled gets 403, and no row is written", async () => {
    const course = makeCourse({ pricePaise: 99_900 });
    const { client } = await studentClient();
    const answer = await client.post(`/api/courses/${course.id}/reviews`, { data: GOOD });
    expect(answer.status()).toBe(403);
    expect((await answer.json()).message).toBe("Only students enrolled in this course can review it.");
    expect(reviewsOf(course.id)).toEqual([]);
  });

  test("bad input is 400 naming the field, and nothing is stored", async () => {
    const course = makeCourse({ pricePaise: 0 });
    const { client } = await enrolledStudent(course.id);
    for (const [body, field] of [
      [{ ...GOOD, rating: 6 }, "rating"],
      [{ ...GOOD, rating: 0 }, "rating"],
      [{ ...GOOD, rating: "five" }, "rating"],
      [{ ...GOOD, body: "Too short" }, "body"],
      [{ ...GOOD, body: "x".repeat(2001) }, "body"],
      [{ body: GOOD.body }, "rating"],
    ] as const) {
      const answer = await client.post(`/api/courses/${course.id}/reviews`, { data: body });
      expect(answer.status(), JSON.stringify(body).slice(0, 60)).toBe(400);
      expect(Object.keys((await answer.json()).errors)).toContain(field);
    }
    expect(reviewsOf(course.id)).toEqual([]);
  });

  test("an enrolled student's review is 201 and pending; writing again is 200 and replaces it", async () => {
    const course = makeCourse({ pricePaise: 0 });
    const { client } = await enrolledStudent(course.id);
    const created = await client.post(`/api/courses/${course.id}/reviews`, { data: GOOD });
    expect(created.status()).toBe(201);
    expect(await created.json()).toMatchObject({ rating: 4, status: "pending" });
    const again = await client.post(`/api/courses/${course.id}/reviews`, { data: { ...GOOD, rating: 5 } });
    expect(again.status()).toBe(200);
    expect(reviewsOf(course.id)).toEqual([expect.objectContaining({ rating: 5, status: "pending" })]);
  });

  test("an unknown course is 404", async () => {
    const { client } = await studentClient();
    expect((await client.post("/api/courses/999999/reviews", { data: GOOD })).status()).toBe(404);
  });
});

describe("the course page's review form", () => {
  test("an enrolled student sees the form; others do not", async ({ request }) => {
    const course = makeCourse({ pricePaise: 0 });
    const { client } = await enrolledStudent(course.id);
    expect(await (await client.get(`/courses/${course.id}`)).text()).toContain("Review this course");
    const { client: outsider } = await studentClient();
    expect(await (await outsider.get(`/courses/${course.id}`)).text()).not.toContain("Review this course");
    expect(await (await request.get(`/courses/${course.id}`)).text()).not.toContain("Review this course");
  });

  test("posting it stores a pending review, and the page says it waits for approval", async () => {
    const course = makeCourse({ pricePaise: 0 });
    const { client } = await enrolledStudent(course.id);
    const answer = await client.post(`/courses/${course.id}`, { form: GOOD, maxRedirects: 0 });
    expect(answer.status()).toBe(302);
    expect(answer.headers().location).toBe(`/courses/${course.id}#reviews`);
    expect(reviewsOf(course.id)).toEqual([expect.objectContaining({ rating: 4, body: GOOD.body, status: "pending" })]);
    const page = await (await client.get(`/courses/${course.id}`)).text();
    expect(page).toContain("Waiting for approval");
    expect(page).toContain("Update review");
  });

  test("a student who is not enrolled is refused with 403 and no row; a signed-out post goes to sign in", async ({ request }) => {
    const course = makeCourse({ pricePaise: 50_000 });
    const { client } = await studentClient();
    const refused = await client.post(`/courses/${course.id}`, { form: GOOD, maxRedirects: 0 });
    expect(refused.status()).toBe(403);
    expect(await refused.text()).toMatch(/role="alert"[^>]*><p[^>]*>Only students enrolled in this course can review it\.<\/p>/);
    // Bad input from someone who may not review is told the same: there is no form to show field errors in.
    expect((await client.post(`/courses/${course.id}`, { form: { rating: "9" } })).status()).toBe(403);
    expect((await client.post(`/api/courses/${course.id}/reviews`, { data: { rating: 9 } })).status()).toBe(403);
    const signedOut = await request.post(`/courses/${course.id}`, { form: GOOD, maxRedirects: 0 });
    expect(signedOut.status()).toBe(302);
    expect(signedOut.headers().location).toContain("/login?");
    expect(reviewsOf(course.id)).toEqual([]);
  });

  test("a bad rating is 400 with the field's message, and nothing is stored", async () => {
    const course = makeCourse({ pricePaise: 0 });
    const { client } = await enrolledStudent(course.id);
    const answer = await client.post(`/courses/${course.id}`, { form: { ...GOOD, rating: "9" } });
    expect(answer.status()).toBe(400);
    expect(await answer.text()).toContain("Choose a rating from 1 to 5 stars");
    expect(reviewsOf(course.id)).toEqual([]);
  });
});

describe("approval, stars and structured data", () => {
  test("no stars and no AggregateRating until an admin approves; then the count shows; rejecting takes it away", async ({ request }) => {
    const course = makeCourse({ pricePaise: 0 });
    const { client } = await enrolledStudent(course.id);
    const { client: second } = await enrolledStudent(course.id);
    await client.post(`/api/courses/${course.id}/reviews`, { data: GOOD });
    await second.post(`/api/courses/${course.id}/reviews`, { data: { ...GOOD, rating: 5 } });

    const listed = () => request.get("/courses", { params: { q: course.title } }).then((answer) => answer.text());
    expect(await listed()).toContain(course.title);
    expect(await listed()).not.toContain("out of 5 from");
    const before = await (await request.get(`/courses/${course.id}`)).text();
    expect(before).not.toContain("out of 5 from");
    expect(before).not.toContain(GOOD.body);
    expect(await courseJsonLd(request, course.id)).not.toHaveProperty("aggregateRating");

    const { admin, client: adminClient } = await adminApiClient("content_manager");
    const list = await (await adminClient.get("/admin/reviews")).text();
    expect(list).toContain(course.title);
    expect(list).toContain("Waiting for approval");
    const [first, other] = reviewsOf(course.id);
    const approved = await adminClient.post("/admin/reviews", { form: { intent: "approve", id: first!.id }, maxRedirects: 0 });
    expect(approved.status()).toBe(302);
    expect(approved.headers().location).toBe("/admin/reviews");

    const after = await (await request.get(`/courses/${course.id}`)).text();
    expect(after).toContain("Rated 4.0 out of 5 from 1 review");
    expect(after).toContain(GOOD.body);
    expect(after).toContain("Arjun M.");
    expect(after).toMatch(/\w{3} \d{1,2}, \d{4}/);
    expect((await courseJsonLd(request, course.id)).aggregateRating).toEqual({
      "@type": "AggregateRating",
      ratingValue: 4,
      ratingCount: 1,
      reviewCount: 1,
      bestRating: 5,
      worstRating: 1,
    });

    await adminClient.post("/admin/reviews", { form: { intent: "approve", id: other!.id } });
    expect(await (await request.get(`/courses/${course.id}`)).text()).toContain("Rated 4.5 out of 5 from 2 reviews");
    expect(await listed()).toContain("Rated 4.5 out of 5 from 2 reviews");

    await adminClient.post("/admin/reviews", { form: { intent: "reject", id: other!.id } });
    await adminClient.post("/admin/reviews", { form: { intent: "reject", id: first!.id } });
    expect(await (await request.get(`/courses/${course.id}`)).text()).not.toContain("out of 5 from");
    expect(await courseJsonLd(request, course.id)).not.toHaveProperty("aggregateRating");

    expect(auditActionsOf(admin).map((row) => row.action)).toEqual(
      expect.arrayContaining(["course_review_approved", "course_review_rejected"]),
    );
  });

  test("the reviews screen is for admins with the content area; a bad decision is 400 and an unknown review 404", async ({ request }) => {
    expect((await request.get("/admin/reviews", { maxRedirects: 0 })).status()).toBe(302);
    const { client } = await adminApiClient("admin");
    expect((await client.post("/admin/reviews", { form: { intent: "publish", id: 1 } })).status()).toBe(400);
    expect((await client.post("/admin/reviews", { form: { intent: "approve", id: 999_999 } })).status()).toBe(404);
  });
});

describe("the seeded reviews", () => {
  test("the demo course shows its approved reviews' stars; the one waiting shows nowhere", async ({ request }) => {
    const [course] = queryTestDatabase<{ id: number }>("SELECT id FROM courses WHERE title = 'Currency Trading'");
    const html = await (await request.get(`/courses/${course!.id}`)).text();
    expect(html).toContain("Rated 4.7 out of 5 from 3 reviews");
    expect(html).toContain("Deepa N.");
    expect((await courseJsonLd(request, course!.id)).aggregateRating).toMatchObject({ ratingValue: 4.7, ratingCount: 3 });
    const [waiting] = queryTestDatabase<{ id: number }>("SELECT course_id AS id FROM course_reviews WHERE status = 'pending'");
    expect(await (await request.get(`/courses/${waiting!.id}`)).text()).not.toContain("Still working through the last section");
  });
});
