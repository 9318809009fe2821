import {
  addCompletedEnrollment,
  adminApiClient,
  createStudent,
  describe,
  expect,
  makeCourse,
  queryTestDatabase,
  test,
  uniqueTitle,
} from "./support/test";

// A testimonial an admin links to a student account (by the account's email):
// the public card says "Student of <course>" only while that account holds a
// course; an unknown email is a field error that changes nothing.

const testimonial = (content: string, studentEmail: string) => ({
  name: "Rahul Verma",
  content,
  rating: "5",
  city: "Indore",
  publishConsent: "on",
  isApproved: "on",
  studentEmail,
});
const storedLinks = (content: string) =>
  queryTestDatabase<{ student_user_id: string | null }>("SELECT student_user_id FROM testimonials WHERE content = ?", content);

describe("linking a testimonial to a student", () => {
  test("an unknown email is refused with a clear field error and nothing is stored, on the page and the JSON door", async () => {
    const { client } = await adminApiClient("content_manager");
    const content = uniqueTitle("Mentors who explain the why");
    const page = await client.post("/admin/testimonials/new", { form: testimonial(content, "nobody-at-all@example.com") });
    expect(page.status()).toBe(400);
    expect(await page.text()).toContain("No student account has this email. Check it on the Users tab.");
    const json = await client.post("/api/testimonials", {
      data: { ...testimonial(content, "nobody-at-all@example.com"), rating: 5, isApproved: true },
    });
    expect(json.status()).toBe(400);
    expect((await json.json()).errors.studentEmail).toEqual(["No student account has this email. Check it on the Users tab."]);
    expect(storedLinks(content)).toEqual([]);
  });

  test("the card says which course the student holds, and nothing for an account without one", async ({ request }) => {
    const { client } = await adminApiClient("content_manager");
    const course = makeCourse({ pricePaise: 0, title: uniqueTitle("Chart Reading") });
    const enrolled = await createStudent();
    addCompletedEnrollment(enrolled.id, course.id);
    const notEnrolled = await createStudent();

    const held = uniqueTitle("Patient teaching in small batches");
    const unheld = uniqueTitle("Friendly support on WhatsApp");
    for (const [content, email] of [
      [held, enrolled.email.toUpperCase()],
      [unheld, notEnrolled.email],
    ] as const)
      expect((await client.post("/admin/testimonials/new", { form: testimonial(content, email), maxRedirects: 0 })).status()).toBe(302);
    expect(storedLinks(held)).toEqual([{ student_user_id: enrolled.id }]);
    expect(storedLinks(unheld)).toEqual([{ student_user_id: notEnrolled.id }]);

    const html = await (await request.get("/testimonials")).text();
    const cardOf = (content: string) => html.slice(html.indexOf(content), html.indexOf("</figure>", html.indexOf(content)));
    expect(cardOf(held)).toContain(`Student of ${course.title}`);
    expect(cardOf(held)).toContain("Rahul Verma, Indore");
    expect(cardOf(unheld)).not.toContain("Student of");
    expect(cardOf(unheld)).not.toContain("Enrolled student");
    expect(html).not.toContain("Verified Student");

    // The edit form shows the linked account's email.
    const [{ id }] = queryTestDatabase<{ id: number }>("SELECT id FROM testimonials WHERE content = ?", held) as [{ id: number }];
    expect(await (await client.get(`/admin/testimonials/${id}`)).text()).toContain(enrolled.email);
  });
});
